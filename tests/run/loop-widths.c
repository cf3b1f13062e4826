// Loops of more than 2^31 iterations in target regions: an SPMD kernel
// runs its loop in 32-bit integers, so the runtime launches the region's
// 64-bit kernel (NAME__wide, devlib-cuda/omp-loop.h) when the trip count
// and the grid do not fit in an int; the iterations are those of the
// loop as the user wrote it (OpenMP 5.2 4.4.2: the logical iteration
// space of a collapsed nest), its lastprivate (5.4.5) the last one's.
// Also an int loop variable over more than 2^31 values, a collapsed nest
// whose inner extent alone exceeds 2^31, and a short loop of the same
// kinds, which runs the 32-bit kernel.
// RUN: %ompicc -O2 -o %t %s && %t
#include <omp.h>

#include "Inputs/check.h"

int main(void)
{
  int on_device = 0;
#pragma omp target map(from : on_device)
  on_device = !omp_is_initial_device();

  long n = (1L << 31) + 77, hits = 0, last = -1;
#pragma omp target teams distribute parallel for reduction(+ : hits) lastprivate(last)
  for (long i = 0; i < n; i++) {
    hits += (i & 0xfffff) == 5;
    last = i;
  }
  check_eq("2^31 + 77: hits", hits, 2049);
  check_eq("2^31 + 77: last", last, n - 1);

  /* The type the iteration count is computed in is implementation
   * defined (4.4.2): gcc's host fallback computes this one in int, where
   * it overflows, so only the device's is checked. */
  hits = 0;
  int lasti = 0;
#pragma omp target teams distribute parallel for reduction(+ : hits) lastprivate(lasti)
  for (int i = -2000000000; i < 2000000000; i += 2) {
    hits += i % 1000000000 == 0;
    lasti = i;
  }
  if (on_device) {
    check_eq("int over 2^31 values: hits", hits, 4); /* -2e9, -1e9, 0, 1e9 */
    check_eq("int over 2^31 values: last", lasti, 1999999998);
  }

  long m = (1L << 31) + 3, lj = -1;
  int li = -1;
  hits = 0;
#pragma omp target teams distribute parallel for collapse(2) reduction(+ : hits) lastprivate(li, lj)
  for (int i = 0; i < 2; i++)
    for (long j = m - 1; j >= 0; j--) {
      hits += j < 3 || (j == m - 1 && i == 1);
      li = i, lj = j;
    }
  check_eq("inner extent 2^31 + 3: hits", hits, 7);
  check_eq("inner extent 2^31 + 3: last i", li, 1);
  check_eq("inner extent 2^31 + 3: last j", lj, 0);

  hits = 0;
#pragma omp target teams distribute parallel for collapse(2) reduction(+ : hits)
  for (int i = 0; i < 300; i++)
    for (long j = 0; j < 70; j++)
      hits += i * 70 + j;
  check_eq("short nest", hits, 21000L * 20999 / 2);
  return fails != 0;
}
