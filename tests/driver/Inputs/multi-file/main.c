/* main.c - rows of dot products on the device, with vec.c's dot. */
#include <stdio.h>
#include <omp.h>
#include "vec.h"
int plain_rows(void);
int main(void)
{
  int rows = plain_rows();
  double x[8], y[8], r[4];
  for (int i = 0; i < 8; i++)
    x[i] = i, y[i] = 1;
  vec_scale = 3.0;
#pragma omp target update to(vec_scale)
  int dev = 0;
#pragma omp target teams distribute parallel for map(to: x, y) map(from: r, dev)
  for (int i = 0; i < rows; i++) {
    r[i] = dot(x, y, 2 * i);
    if (i == 0)
      dev = !omp_is_initial_device();
  }
  printf("dot %g %g %g %g on %s\n", r[0], r[1], r[2], r[3], dev ? "a device" : "the host");
  return 0;
}
