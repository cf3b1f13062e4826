/* bicg.c - the BiCG sub-kernel (PolyBench's computation): s = A^T r and
 * q = A p, two combined constructs inside `target data`.
 *
 *   bicg SIZE [REPS]       (sizes: ref.h; output: ref.h)
 *
 * OpenMP 4.5 2.10.1 (target data), 2.10.4 and 2.15.5 (map). */
#include "ref.h"

int main(int argc, char **argv)
{
  const BenchSize *sz = bench_size(linalg_sizes, argc > 1 ? argv[1] : "xs");
  int reps = argc > 2 ? atoi(argv[2]) : 1;
  long n = sz->a;
  float *A = bench_alloc(n * n * sizeof *A), *r = bench_alloc(n * sizeof *r),
        *p = bench_alloc(n * sizeof *p), *s = bench_alloc(n * sizeof *s),
        *q = bench_alloc(n * sizeof *q);
  bench_fill(A, n * n, 1);
  bench_fill(r, n, 2);
  bench_fill(p, n, 3);
  for (int rep = 0; rep <= reps; rep++) {
    double t0 = bench_now(), t1, t2;
#pragma omp target data map(to : A[0:n * n], r[0:n], p[0:n]) map(from : s[0:n], q[0:n])
    {
      t1 = bench_now();
#pragma omp target teams distribute parallel for
      for (long j = 0; j < n; j++) {
        float sum = 0;
        for (long i = 0; i < n; i++)
          sum += r[i] * A[i * n + j];
        s[j] = sum;
      }
#pragma omp target teams distribute parallel for
      for (long i = 0; i < n; i++) {
        float sum = 0;
        for (long j = 0; j < n; j++)
          sum += A[i * n + j] * p[j];
        q[i] = sum;
      }
      t2 = bench_now();
    }
    bench_time(rep, t2 - t1, bench_now() - t0);
  }
  int bad = bicg_check(A, r, p, s, q, n);
  free(A), free(r), free(p), free(s), free(q);
  return bad;
}
