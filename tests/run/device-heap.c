// malloc in a target region draws on the device's heap, which has a size:
// CUDA's default, 8 MiB, unless OMPICC_DEVICE_HEAP says otherwise (the
// CUDA module sets it with cuCtxSetLimit before any kernel runs).  The
// CPU device keeps the same limit, so that a program that runs out on a
// GPU runs out there too (it used to draw on the host's memory).  On the
// host fallback every size fits.  The memory stays allocated across
// kernels until freed, as on a GPU; omp_alloc draws on the same heap
// (OpenMP 5.2 6.2: omp_default_mem_alloc, fallback default_mem_fb: NULL).
// RUN: %ompicc -o %t %s && %t && env OMPICC_DEVICE_HEAP=64m %t big
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "Inputs/check.h"

int main(int argc, char **argv)
{
  int big = argc > 1 && !strcmp(argv[1], "big");
  int on_device = 0, small_ok = 0, large_ok = 0, alloc_ok = 0;
  long sum = 0;
#pragma omp target map(from : on_device, small_ok, large_ok, alloc_ok, sum)
  {
    on_device = !omp_is_initial_device();
    sum = 0;
    char *small = (char *)malloc(1 << 20);
    small_ok = small != NULL;
    char *large = (char *)malloc(16 << 20); /* beyond 8 MiB */
    large_ok = large != NULL;
    if (large) {
      memset(large, 1, 16 << 20);
      for (long i = 0; i < (16 << 20); i += 4096)
        sum += large[i];
      free(large);
    }
    double *a = (double *)omp_alloc((size_t)12 << 20, omp_default_mem_alloc);
    alloc_ok = a != NULL;
    omp_free(a, omp_default_mem_alloc);
    free(small);
  }
  check_eq("1 MiB", small_ok, 1);
  int fits = big || !on_device;
  check_eq("16 MiB", large_ok, fits);
  check_eq("12 MiB of omp_alloc", alloc_ok, fits);
  check_eq("16 MiB written and read", sum, fits ? 4096 : 0);

  /* a block kept from one kernel to the next counts until it is freed */
  char *kept = 0;
  int second_ok = 0;
#pragma omp target map(from : kept)
  kept = (char *)malloc(6 << 20);
#pragma omp target map(from : second_ok)
  {
    char *again = (char *)malloc(6 << 20); /* 12 MiB with the first */
    second_ok = again != NULL;
    free(again);
  }
#pragma omp target firstprivate(kept)
  free(kept);
  check_eq("6 MiB kept, 6 more", second_ok, fits);
  return fails != 0;
}
