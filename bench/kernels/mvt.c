/* mvt.c - x1 += A y1 and x2 += A^T y2 (PolyBench's computation): two
 * combined constructs inside `target data`.
 *
 *   mvt SIZE [REPS]        (sizes: ref.h; output: ref.h)
 *
 * OpenMP 4.5 2.10.1 (target data), 2.15.5 (map tofrom). */
#include "ref.h"

int main(int argc, char **argv)
{
  const BenchSize *sz = bench_size(linalg_sizes, argc > 1 ? argv[1] : "xs");
  int reps = argc > 2 ? atoi(argv[2]) : 1;
  long n = sz->a;
  float *A = bench_alloc(n * n * sizeof *A), *y1 = bench_alloc(n * sizeof *y1),
        *y2 = bench_alloc(n * sizeof *y2), *x1 = bench_alloc(n * sizeof *x1),
        *x2 = bench_alloc(n * sizeof *x2), *x1_0 = bench_alloc(n * sizeof *x1_0),
        *x2_0 = bench_alloc(n * sizeof *x2_0);
  bench_fill(A, n * n, 1);
  bench_fill(y1, n, 2);
  bench_fill(y2, n, 3);
  bench_fill(x1_0, n, 4);
  bench_fill(x2_0, n, 5);
  for (int rep = 0; rep <= reps; rep++) {
    memcpy(x1, x1_0, n * sizeof *x1);
    memcpy(x2, x2_0, n * sizeof *x2);
    double t0 = bench_now(), t1, t2;
#pragma omp target data map(to : A[0:n * n], y1[0:n], y2[0:n]) map(tofrom : x1[0:n], x2[0:n])
    {
      t1 = bench_now();
#pragma omp target teams distribute parallel for
      for (long i = 0; i < n; i++) {
        float sum = x1[i];
        for (long j = 0; j < n; j++)
          sum += A[i * n + j] * y1[j];
        x1[i] = sum;
      }
#pragma omp target teams distribute parallel for
      for (long i = 0; i < n; i++) {
        float sum = x2[i];
        for (long j = 0; j < n; j++)
          sum += A[j * n + i] * y2[j];
        x2[i] = sum;
      }
      t2 = bench_now();
    }
    bench_time(rep, t2 - t1, bench_now() - t0);
  }
  int bad = mvt_check(A, x1_0, x2_0, y1, y2, x1, x2, n);
  free(A), free(y1), free(y2), free(x1), free(x2), free(x1_0), free(x2_0);
  return bad;
}
