// The omp_* routines and the smaller constructs inside a target region
// with serial code (a generic kernel): the lock routines, omp_get_wtime,
// masked, for nowait, reduction on for, simd inside a parallel region,
// and parallel regions of 1, 31, 33 and 100 threads one after another;
// then the lock routines and omp_get_wtime in an SPMD kernel.  (Before
// Volta, two lanes of one warp setting one lock is a run-time error:
// doc/DEVLIB.md; so not on the CPU device as an sm_53.)
// UNSUPPORTED: device-emu-sm53
// RUN: %ompicc -o %t %s && %t
#include <omp.h>
#include <stdio.h>

int main(void)
{
  int bad = 0, locked = 0, counts[4] = {0}, masked = -1;
  long sum = 0;
  double a[256], b[256], elapsed = -1;
  for (int i = 0; i < 256; i++)
    a[i] = i, b[i] = 0;
  #pragma omp target map(tofrom: bad, locked, counts, masked, sum, a, b, elapsed) thread_limit(128)
  {
    omp_lock_t lock;
    omp_init_lock(&lock);
    double t0 = omp_get_wtime();
    #pragma omp parallel num_threads(64)
    {
      for (int k = 0; k < 10; k++) {
        omp_set_lock(&lock);
        locked++;
        omp_unset_lock(&lock);
      }
      #pragma omp masked
      masked = omp_get_thread_num();
      #pragma omp for nowait
      for (int i = 0; i < 256; i++)
        b[i] = 2 * a[i];
      #pragma omp for reduction(+: sum)
      for (int i = 0; i < 1000; i++)
        sum += i;
      #pragma omp for simd
      for (int i = 0; i < 256; i++)
        a[i] += 1;
    }
    if (!omp_test_lock(&lock) || omp_test_lock(&lock))
      bad += 1000; /* free, then held */
    omp_unset_lock(&lock);
    omp_destroy_lock(&lock);
    elapsed = omp_get_wtime() - t0;
    int widths[4] = {1, 31, 33, 100};
    for (int w = 0; w < 4; w++) {
      #pragma omp parallel num_threads(widths[w])
      {
        #pragma omp atomic
        counts[w]++;
        if (omp_get_num_threads() != widths[w]) {
          #pragma omp atomic
          bad++;
        }
      }
    }
  }
  /* The routines from an SPMD kernel (no serial code) too. */
  int spmd_locked = 0;
  double stamps[512];
  omp_lock_t lock;
  omp_init_lock(&lock);
  #pragma omp target teams distribute parallel for map(tofrom: spmd_locked, stamps, lock)
  for (int i = 0; i < 512; i++) {
    stamps[i] = omp_get_wtime();
    omp_set_lock(&lock);
    spmd_locked++;
    omp_unset_lock(&lock);
  }
  omp_destroy_lock(&lock);
  int failures = 0;
  if (spmd_locked != 512) {
    printf("SPMD lock: %d increments\n", spmd_locked);
    failures++;
  }
  for (int i = 0; i < 512; i++)
    if (!(stamps[i] > 0)) {
      printf("SPMD omp_get_wtime: %g\n", stamps[i]);
      failures++;
      break;
    }
  if (locked % 10 || locked < 10) {
    printf("lock: %d increments\n", locked);
    failures++;
  }
  if (masked != 0) {
    printf("masked ran on thread %d\n", masked);
    failures++;
  }
  if (sum != 499500) {
    printf("reduction: %ld\n", sum);
    failures++;
  }
  for (int i = 0; i < 256; i++)
    if (b[i] != 2.0 * i || a[i] != i + 1.0) {
      printf("a[%d] = %g, b[%d] = %g\n", i, a[i], i, b[i]);
      failures++;
      break;
    }
  if (!(elapsed >= 0 && elapsed < 60)) {
    printf("omp_get_wtime: %g s\n", elapsed);
    failures++;
  }
  for (int w = 0; w < 4; w++)
    if (counts[w] != (int[]){1, 31, 33, 100}[w]) {
      printf("parallel region %d ran %d threads\n", w, counts[w]);
      failures++;
    }
  if (bad) {
    printf("omp_get_num_threads disagreed %d times\n", bad);
    failures++;
  }
  return failures != 0;
}
