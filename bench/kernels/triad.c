/* triad.c - STREAM triad, a = b + s c on doubles, repeated inside one
 * `target data` region, as a user writes it with OpenMP offloading.
 *
 *   triad SIZE [REPS]      (sizes: ref.h; output: ref.h)
 *
 * OpenMP 4.5 2.10.1 (target data), 2.15.5 (map), 2.10.4 / 2.22.5 (target
 * teams distribute parallel for). */
#include "ref.h"

/* the construct of the loop: triad-parallel.c writes target parallel for */
#ifndef TRIAD_CONSTRUCT
#define TRIAD_CONSTRUCT omp target teams distribute parallel for
#endif
#define TRIAD_PRAGMA_(x) _Pragma(#x)
#define TRIAD_PRAGMA(x) TRIAD_PRAGMA_(x)

int main(int argc, char **argv)
{
  const BenchSize *sz = bench_size(triad_sizes, argc > 1 ? argv[1] : "xs");
  int reps = argc > 2 ? atoi(argv[2]) : 1;
  long n = sz->a, times = sz->b;
  double s = TRIAD_S;
  double *a = bench_alloc(n * sizeof *a), *b = bench_alloc(n * sizeof *b),
         *c = bench_alloc(n * sizeof *c);
  triad_init(b, c, n);
  for (int rep = 0; rep <= reps; rep++) {
    double t0 = bench_now(), t1, t2;
#pragma omp target data map(from : a[0:n]) map(to : b[0:n], c[0:n])
    {
      t1 = bench_now();
      for (long t = 0; t < times; t++) {
        TRIAD_PRAGMA(TRIAD_CONSTRUCT)
        for (long i = 0; i < n; i++)
          a[i] = b[i] + s * c[i];
      }
      t2 = bench_now();
    }
    bench_time(rep, t2 - t1, bench_now() - t0);
  }
  int bad = triad_check(a, b, c, n);
  free(a), free(b), free(c);
  return bad;
}
