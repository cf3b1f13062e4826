/* histo.c - histogram with nested parallelism: `target teams distribute`
 * over blocks of the input, a `parallel for` over each block, and atomic
 * updates of the shared bins.  histo-outer.c is the same program with only
 * the block loop parallel.
 *
 *   histo SIZE [REPS]      (sizes: ref.h; output: ref.h)
 *
 * OpenMP 4.5 2.10.8 (teams distribute), 2.5 (parallel), 2.7.1 (for),
 * 2.13.6 (atomic). */
#include "ref.h"

int main(int argc, char **argv)
{
  const BenchSize *sz = bench_size(histo_sizes, argc > 1 ? argv[1] : "xs");
  int reps = argc > 2 ? atoi(argv[2]) : 1;
  long n = sz->a, block = sz->b, nblocks = (n + block - 1) / block;
  unsigned *data = bench_alloc(n * sizeof *data);
  unsigned long long hist[HISTO_BINS];
  histo_init(data, n);
  for (int rep = 0; rep <= reps; rep++) {
    memset(hist, 0, sizeof hist);
    double t0 = bench_now(), t1, t2;
#pragma omp target data map(to : data[0:n]) map(tofrom : hist[0:HISTO_BINS])
    {
      t1 = bench_now();
#pragma omp target teams distribute
      for (long b = 0; b < nblocks; b++) {
        long end = (b + 1) * block < n ? (b + 1) * block : n;
#pragma omp parallel for
        for (long i = b * block; i < end; i++) {
#pragma omp atomic update
          hist[data[i] % HISTO_BINS] += 1;
        }
      }
      t2 = bench_now();
    }
    bench_time(rep, t2 - t1, bench_now() - t0);
  }
  int bad = histo_check(data, n, hist);
  free(data);
  return bad;
}
