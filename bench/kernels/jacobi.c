/* jacobi.c - 2D Jacobi: many iterations of two 5-point sweeps (A -> B,
 * B -> A) on an n x n grid, all inside one `target data` region, with
 * collapse(2) over the interior.
 *
 *   jacobi SIZE [REPS]     (sizes: ref.h; output: ref.h)
 *
 * OpenMP 4.5 2.10.1 (target data), 2.7.1 (collapse), 2.15.5 (map). */
#include "ref.h"

int main(int argc, char **argv)
{
  const BenchSize *sz = bench_size(jacobi_sizes, argc > 1 ? argv[1] : "xs");
  int reps = argc > 2 ? atoi(argv[2]) : 1;
  long n = sz->a, iters = sz->b;
  float *A0 = bench_alloc(n * n * sizeof *A0), *A = bench_alloc(n * n * sizeof *A),
        *B = bench_alloc(n * n * sizeof *B);
  bench_fill(A0, n * n, 1);
  for (int rep = 0; rep <= reps; rep++) {
    memcpy(A, A0, n * n * sizeof *A);
    memcpy(B, A0, n * n * sizeof *B);
    double t0 = bench_now(), t1, t2;
#pragma omp target data map(tofrom : A[0:n * n]) map(to : B[0:n * n])
    {
      t1 = bench_now();
      for (long t = 0; t < iters; t++) {
#pragma omp target teams distribute parallel for collapse(2)
        for (long i = 1; i < n - 1; i++)
          for (long j = 1; j < n - 1; j++)
            B[i * n + j] = 0.2f * (A[i * n + j] + A[i * n + j - 1] + A[i * n + j + 1] +
                                   A[(i - 1) * n + j] + A[(i + 1) * n + j]);
#pragma omp target teams distribute parallel for collapse(2)
        for (long i = 1; i < n - 1; i++)
          for (long j = 1; j < n - 1; j++)
            A[i * n + j] = 0.2f * (B[i * n + j] + B[i * n + j - 1] + B[i * n + j + 1] +
                                   B[(i - 1) * n + j] + B[(i + 1) * n + j]);
      }
      t2 = bench_now();
    }
    bench_time(rep, t2 - t1, bench_now() - t0);
  }
  int bad = jacobi_check(A0, A, n, iters);
  free(A0), free(A), free(B);
  return bad;
}
