// linear on the loop of a target region (OpenMP 5.2 5.4.6, 17.2): each
// iteration's copy is the value at the construct plus the iteration's
// number times the step, whether or not the body updates it, and the last
// iteration's copy goes back; also when an enclosing target data, not the
// target construct, maps the variable.  SPMD kernels of each shape, and a
// generic kernel.
// RUN: %ompicc -o %t %s && %t
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1024

static int fails;

static void check(const char *what, const int *a, int first, int step, int got, int last)
{
  int bad = 0;
  for (int i = 0; i < N; i++)
    bad += a[i] != first + i * step;
  if (bad || got != last) {
    printf("%s: %d wrong elements, final %d (want %d)\n", what, bad, got, last);
    fails++;
  }
}

int main(void)
{
  int *a = malloc(sizeof(int) * N);
  int val = 0;
  /* updated by the body: the copy after iteration i is 2 * (i + 1) */
#pragma omp target data map(tofrom: a[0:N], val)
  {
#pragma omp target parallel for linear(val: 2)
    for (int i = 0; i < N; ++i) {
      val += 2;
      a[i] = val;
    }
  }
  check("target parallel for linear(val: 2), updated", a, 2, 2, val, 2 * N);

  int x = 3;
#pragma omp target data map(tofrom: x)
  {
#pragma omp target teams distribute parallel for linear(x: 2) map(from: a[0:N])
    for (int i = 0; i < N; i++) {
      a[i] = x;
      x += 2;
    }
  }
  check("teams distribute parallel for linear(x: 2)", a, 3, 2, x, 3 + 2 * N);

  /* not updated by the body: still the value at iteration i on the device
   * (gcc's host loops set it at the start of each chunk only) */
  int w = 5, device = 0;
#pragma omp target teams distribute parallel for linear(w: 3) map(from: a[0:N], device)
  for (int i = 0; i < N; i++) {
    a[i] = w;
    if (i == 0)
      device = !omp_is_initial_device();
  }
  if (device)
    check("teams distribute parallel for linear(w: 3), not updated", a, 5, 3, w, 5 + 3 * (N - 1));

  int y = 10;
#pragma omp target map(tofrom: y) map(from: a[0:N])
#pragma omp parallel for linear(y: -1)
  for (int i = 0; i < N; i++)
    a[i] = y--;
  check("target, parallel for linear(y: -1)", a, 10, -1, y, 10 - N);

  int z = 7;
#pragma omp target teams distribute simd linear(z) map(tofrom: z) map(from: a[0:N])
  for (int i = 0; i < N; i++)
    a[i] = z++;
  check("teams distribute simd linear(z)", a, 7, 1, z, 7 + N);
  /* a generic kernel: serial code around the parallel for */
  int v = 1;
#pragma omp target map(tofrom: v) map(from: a[0:N])
  {
    int three = 3;
#pragma omp parallel for linear(v: 3) num_threads(4)
    for (int i = 0; i < N; i++) {
      a[i] = v;
      v += three;
    }
  }
  check("generic: parallel for linear(v: 3)", a, 1, 3, v, 1 + 3 * N);
  free(a);
  return fails != 0;
}
