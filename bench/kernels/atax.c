/* atax.c - y = A^T (A x) (PolyBench's computation): two combined
 * constructs inside `target data`, tmp kept on the device.
 *
 *   atax SIZE [REPS]       (sizes: ref.h; output: ref.h)
 *
 * OpenMP 4.5 2.10.1 (target data), 2.15.5 (map, alloc). */
#include "ref.h"

int main(int argc, char **argv)
{
  const BenchSize *sz = bench_size(linalg_sizes, argc > 1 ? argv[1] : "xs");
  int reps = argc > 2 ? atoi(argv[2]) : 1;
  long n = sz->a;
  float *A = bench_alloc(n * n * sizeof *A), *x = bench_alloc(n * sizeof *x),
        *y = bench_alloc(n * sizeof *y), *tmp = bench_alloc(n * sizeof *tmp);
  bench_fill(A, n * n, 1);
  bench_fill(x, n, 2);
  for (int rep = 0; rep <= reps; rep++) {
    double t0 = bench_now(), t1, t2;
#pragma omp target data map(to : A[0:n * n], x[0:n]) map(alloc : tmp[0:n]) map(from : y[0:n])
    {
      t1 = bench_now();
#pragma omp target teams distribute parallel for
      for (long i = 0; i < n; i++) {
        float sum = 0;
        for (long j = 0; j < n; j++)
          sum += A[i * n + j] * x[j];
        tmp[i] = sum;
      }
#pragma omp target teams distribute parallel for
      for (long j = 0; j < n; j++) {
        float sum = 0;
        for (long i = 0; i < n; i++)
          sum += A[i * n + j] * tmp[i];
        y[j] = sum;
      }
      t2 = bench_now();
    }
    bench_time(rep, t2 - t1, bench_now() - t0);
  }
  int bad = atax_check(A, x, y, n);
  free(A), free(x), free(y), free(tmp);
  return bad;
}
