/* widths.c - one loop of 2^31 + 77 iterations and one of 1000, for
 * loop-widths.test. */
#include <stdio.h>

int main(void)
{
  long n = (1L << 31) + 77, hits = 0;
#pragma omp target teams distribute parallel for reduction(+ : hits)
  for (long i = 0; i < n; i++)
    hits += (i & 0xfffff) == 5;
  long small = 0;
#pragma omp target teams distribute parallel for reduction(+ : small)
  for (long i = 0; i < 1000; i++)
    small += i;
  printf("%ld %ld\n", hits, small);
  return 0;
}
