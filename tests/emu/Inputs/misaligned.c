/* misaligned.c - a kernel that stores a double at an odd address: a GPU
 * fails the launch (misaligned address), x86-64 does not mind; for
 * tests/emu/align.test.  The store is on line 12. */
#include <stdio.h>

int main(void)
{
  double out = 0;
  char buf[32] = {0};
#pragma omp target map(tofrom : out) map(to : buf)
  {
    double *d = (double *)(buf + 1); *d = 2.0;
    out = *d;
  }
  printf("out = %g\n", out);
  return 0;
}
