// A variable that is mapped by the target construct and lastprivate on
// its loop (OpenMP 5.2 5.4.5, 17.2: on a combined construct the map is the
// target's and lastprivate the loop's): each thread works on its own copy
// and the one of the sequentially last iteration goes back, the loop
// variable's with the value the loop leaves it with.  Combined and not,
// SPMD and generic.  lastprivate(conditional: x) gives x the value of the
// sequentially last iteration that assigns it, if any does (5.4.5).
// RUN: %ompicc -o %t %s && %t
// (a host gcc before 10 lacks lastprivate(conditional:): README, Host compilers)
// UNSUPPORTED: host-gcc-before-10
#include <stdio.h>

#define N 1024

static int fails;

static void check(const char *what, long d, int i)
{
  if (d != N || i != N) {
    printf("%s: d=%ld i=%d, want %d %d\n", what, d, i, N, N);
    fails++;
  }
}

int main(void)
{
  long d = 0;
  int i = 0;
#pragma omp target teams distribute parallel for lastprivate(i, d) map(from: d, i)
  for (i = 0; i < N; i++)
    d = i + 1;
  check("target teams distribute parallel for", d, i);

  d = 0, i = 0;
#pragma omp target map(from: d, i)
#pragma omp teams distribute parallel for lastprivate(i, d)
  for (i = 0; i < N; i++)
    d = i + 1;
  check("target, teams distribute parallel for", d, i);

  d = 0, i = 0;
#pragma omp target parallel for lastprivate(i, d) map(tofrom: d, i)
  for (i = 0; i < N; i++)
    d = i + 1;
  check("target parallel for", d, i);

  d = 0, i = 0;
#pragma omp target teams num_teams(2) map(tofrom: d, i)
  {
    int one = 1;
#pragma omp distribute parallel for lastprivate(i, d)
    for (i = 0; i < N; i++)
      d = i + one;
  }
  check("generic: distribute parallel for", d, i);

  int a[N], x = -5, y = -5;
#pragma omp target parallel for lastprivate(conditional: x) map(tofrom: x)
  for (int k = 0; k < N; k++) {
    a[k] = k;
    if (k == 24 || k == 123)
      x = a[k];
  }
#pragma omp target teams distribute parallel for lastprivate(conditional: y)
  for (int k = 0; k < N; k++)
    if (k > N) /* never */
      y = k;
  if (x != 123 || y != -5) {
    printf("lastprivate(conditional:): x=%d y=%d, want 123 -5\n", x, y);
    fails++;
  }
  return fails != 0;
}
