/* reuse.c - a device address kept past the end of its mapping: region 1
 * copies back the device address of a's copy; region 2 maps a again and
 * writes through the old address, for reuse.test. */
#include <stdio.h>

int main(void)
{
  int a[1024] = {0}, *p = NULL;
#pragma omp target map(tofrom: a, p)
  p = &a[0];
#pragma omp target map(tofrom: a) map(to: p)
  p[50] = 50;
  printf("a[50] = %d\n", a[50]);
  return 0;
}
