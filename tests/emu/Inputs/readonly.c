/* readonly.c - a region that reads one array and writes another, run on
 * two arrays of their own, then on two halves of one mapping, for
 * readonly.test. */
#include <stdio.h>
#include <stdlib.h>

static void twice(const float *src, float *dst, int n)
{
#pragma omp target teams distribute parallel for
  for (int i = 0; i < n; i++)
    dst[i] = src[i] * 2;
}

int main(void)
{
  int n = 100;
  float *a = calloc(2 * n, sizeof *a), *b = calloc(n, sizeof *b);
#pragma omp target data map(to: a[0:2 * n]) map(from: b[0:n])
  {
    twice(a, b, n);
    twice(a, a + n, n);
  }
  printf("done\n");
  free(a), free(b);
  return 0;
}
