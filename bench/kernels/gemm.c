/* gemm.c - C = alpha A B + beta C on n x n floats: one combined construct
 * with collapse(2) over the entries of C.
 *
 *   gemm SIZE [REPS]       (sizes: ref.h; output: ref.h)
 *
 * OpenMP 4.5 2.10.4 (target), 2.7.1 (collapse), 2.15.5 (map). */
#include "ref.h"

int main(int argc, char **argv)
{
  const BenchSize *sz = bench_size(gemm_sizes, argc > 1 ? argv[1] : "xs");
  int reps = argc > 2 ? atoi(argv[2]) : 1;
  long n = sz->a;
  float alpha = GEMM_ALPHA, beta = GEMM_BETA;
  float *A = bench_alloc(n * n * sizeof *A), *B = bench_alloc(n * n * sizeof *B),
        *C = bench_alloc(n * n * sizeof *C), *C0 = bench_alloc(n * n * sizeof *C0);
  bench_fill(A, n * n, 1);
  bench_fill(B, n * n, 2);
  bench_fill(C0, n * n, 3);
  for (int rep = 0; rep <= reps; rep++) {
    memcpy(C, C0, n * n * sizeof *C);
    double t0 = bench_now(), t1, t2;
#pragma omp target data map(to : A[0:n * n], B[0:n * n]) map(tofrom : C[0:n * n])
    {
      t1 = bench_now();
#pragma omp target teams distribute parallel for collapse(2)
      for (long i = 0; i < n; i++)
        for (long j = 0; j < n; j++) {
          float sum = 0;
          for (long k = 0; k < n; k++)
            sum += A[i * n + k] * B[k * n + j];
          C[i * n + j] = alpha * sum + beta * C[i * n + j];
        }
      t2 = bench_now();
    }
    bench_time(rep, t2 - t1, bench_now() - t0);
  }
  int bad = gemm_check(A, B, C0, C, n);
  free(A), free(B), free(C), free(C0);
  return bad;
}
