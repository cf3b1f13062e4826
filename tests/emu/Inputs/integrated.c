/* A program whose target construct maps a large array itself, and a
 * target data region reused by kernels: on an integrated device the first
 * is zero-copy, the second has device memory of its own. */
#include <stdio.h>
#include <stdlib.h>

#define N (1 << 18) /* 1 MiB of floats */

int main(void)
{
  float *x = malloc(N * sizeof *x), *y = malloc(N * sizeof *y);
  for (int i = 0; i < N; i++)
    x[i] = (float)i, y[i] = 1.0f;
#pragma omp target teams distribute parallel for map(to: x[0:N]) map(tofrom: y[0:N])
  for (int i = 0; i < N; i++)
    y[i] += 2.0f * x[i];
  int bad = 0;
  for (int i = 0; i < N; i++)
    bad += y[i] != 1.0f + 2.0f * (float)i;
#pragma omp target data map(tofrom: y[0:N])
  for (int r = 0; r < 3; r++) {
#pragma omp target teams distribute parallel for
    for (int i = 0; i < N; i++)
      y[i] -= 1.0f;
  }
  for (int i = 0; i < N; i++)
    bad += y[i] != 2.0f * (float)i - 2.0f;
  printf("%s\n", bad ? "WRONG" : "ok");
  free(x);
  free(y);
  return bad != 0;
}
