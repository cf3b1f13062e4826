// Arrays a region only reads are __restrict__ in its kernel only when
// their memory meets no other parameter's (transform/readonly.c,
// runtime-host/rt-target.c): the same array under two names, read under
// one and written under the other in one iteration, must give what the
// program says (a read-only path, or a load moved above the store, would
// give the old value); two halves of one mapping and two arrays of their
// own give their sums.  C11 6.7.3.1; OpenMP 5.2 5.8.3 (a pointer in a
// target region points to the corresponding storage of what is mapped).
// RUN: %ompicc -o %t %s && %t
#include <stdlib.h>

#include "Inputs/check.h"

#define N 1000

static void same_array(float *in, float *out, float *copy)
{
#pragma omp target teams distribute parallel for map(tofrom: copy[0:N])
  for (int i = 0; i < N; i++) {
    out[i] = -1;
    copy[i] = in[i];
  }
}

static void halves(const float *src, float *dst)
{
#pragma omp target teams distribute parallel for
  for (int i = 0; i < N; i++)
    dst[i] = src[i] * 2;
}

int main(void)
{
  float *buf = malloc(2 * N * sizeof *buf), *copy = malloc(N * sizeof *copy);
  float *other = malloc(N * sizeof *other);
  for (int i = 0; i < 2 * N; i++)
    buf[i] = i;
#pragma omp target data map(tofrom: buf[0:2 * N])
  {
    same_array(buf, buf, copy); /* in and out: one array */
    halves(buf, buf + N);       /* apart, in one mapping */
  }
  int bad = 0;
  for (int i = 0; i < N; i++)
    bad += copy[i] != -1 || buf[i] != -1 || buf[N + i] != -2;
  check_eq("one array under two names", bad, 0);

  for (int i = 0; i < N; i++)
    other[i] = i;
#pragma omp target data map(to: other[0:N]) map(from: buf[0:N])
  halves(other, buf); /* arrays of their own */
  bad = 0;
  for (int i = 0; i < N; i++)
    bad += buf[i] != 2 * i;
  check_eq("two arrays", bad, 0);
  free(buf), free(copy), free(other);
  return fails != 0;
}
