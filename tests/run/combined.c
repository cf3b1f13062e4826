// Every combined loop construct of DESIGN D4 (and the OpenMP 5 loop
// forms, and target teams / target parallel holding only the loop
// construct) computes the same as a sequential loop on the host.
// RUN: %ompicc -o %t %s && %t
#include <stdio.h>

#define N 1537
static int a[N], b[N], ref[N];
static int fails;

static void reset(void)
{
  for (int i = 0; i < N; i++)
    a[i] = i % 13, b[i] = -1, ref[i] = 3 * (i % 13) + 1;
}

static void check(const char *what)
{
  int bad = 0;
  for (int i = 0; i < N; i++)
    bad += b[i] != ref[i];
  if (bad)
    printf("%s: %d wrong elements\n", what, bad);
  fails += bad != 0;
  reset();
}

int main(void)
{
  int n = N;
  reset();
#pragma omp target teams distribute parallel for map(to: a[0:n]) map(from: b[0:n])
  for (int i = 0; i < n; i++)
    b[i] = 3 * a[i] + 1;
  check("target teams distribute parallel for");
#pragma omp target teams distribute parallel for simd map(to: a[0:n]) map(from: b[0:n])
  for (int i = 0; i < n; i++)
    b[i] = 3 * a[i] + 1;
  check("target teams distribute parallel for simd");
#pragma omp target parallel for map(to: a[0:n]) map(from: b[0:n])
  for (int i = 0; i < n; i++)
    b[i] = 3 * a[i] + 1;
  check("target parallel for");
#pragma omp target parallel for simd map(to: a[0:n]) map(from: b[0:n])
  for (int i = 0; i < n; i++)
    b[i] = 3 * a[i] + 1;
  check("target parallel for simd");
#pragma omp target teams distribute map(to: a[0:n]) map(from: b[0:n])
  for (int i = 0; i < n; i++)
    b[i] = 3 * a[i] + 1;
  check("target teams distribute");
#pragma omp target teams distribute simd map(to: a[0:n]) map(from: b[0:n])
  for (int i = 0; i < n; i++)
    b[i] = 3 * a[i] + 1;
  check("target teams distribute simd");
#pragma omp target simd map(to: a[0:n]) map(from: b[0:n])
  for (int i = 0; i < n; i++)
    b[i] = 3 * a[i] + 1;
  check("target simd");
#pragma omp target teams map(to: a[0:n]) map(from: b[0:n])
#pragma omp distribute parallel for
  for (int i = 0; i < n; i++)
    b[i] = 3 * a[i] + 1;
  check("target teams + distribute parallel for");
#pragma omp target teams map(to: a[0:n]) map(from: b[0:n])
  {
#pragma omp distribute parallel for simd
    for (int i = 0; i < n; i++)
      b[i] = 3 * a[i] + 1;
  }
  check("target teams + distribute parallel for simd");
#pragma omp target teams map(to: a[0:n]) map(from: b[0:n])
#pragma omp distribute
  for (int i = 0; i < n; i++)
    b[i] = 3 * a[i] + 1;
  check("target teams + distribute");
#pragma omp target parallel map(to: a[0:n]) map(from: b[0:n])
#pragma omp for
  for (int i = 0; i < n; i++)
    b[i] = 3 * a[i] + 1;
  check("target parallel + for");
#pragma omp target parallel map(to: a[0:n]) map(from: b[0:n])
#pragma omp for simd
  for (int i = 0; i < n; i++)
    b[i] = 3 * a[i] + 1;
  check("target parallel + for simd");
#pragma omp target map(to: a[0:n]) map(from: b[0:n])
#pragma omp teams distribute parallel for
  for (int i = 0; i < n; i++)
    b[i] = 3 * a[i] + 1;
  check("target + teams distribute parallel for");
#pragma omp target map(to: a[0:n]) map(from: b[0:n])
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    b[i] = 3 * a[i] + 1;
  check("target + parallel for");
#pragma omp target teams loop map(to: a[0:n]) map(from: b[0:n])
  for (int i = 0; i < n; i++)
    b[i] = 3 * a[i] + 1;
  check("target teams loop");
#pragma omp target parallel loop map(to: a[0:n]) map(from: b[0:n])
  for (int i = 0; i < n; i++)
    b[i] = 3 * a[i] + 1;
  check("target parallel loop");
#pragma omp target teams map(to: a[0:n]) map(from: b[0:n])
#pragma omp loop
  for (int i = 0; i < n; i++)
    b[i] = 3 * a[i] + 1;
  check("target teams + loop");
#pragma omp target parallel map(to: a[0:n]) map(from: b[0:n])
#pragma omp loop
  for (int i = 0; i < n; i++)
    b[i] = 3 * a[i] + 1;
  check("target parallel + loop");
#pragma omp target map(to: a[0:n]) map(from: b[0:n])
#pragma omp simd
  for (int i = 0; i < n; i++)
    b[i] = 3 * a[i] + 1;
  check("target + simd");
#pragma omp target map(to: a[0:n]) map(from: b[0:n])
#pragma omp for
  for (int i = 0; i < n; i++)
    b[i] = 3 * a[i] + 1;
  check("target + orphaned for");
  /* downward loops, steps other than one, <=, != */
#pragma omp target teams distribute parallel for map(to: a[0:n]) map(from: b[0:n])
  for (int i = n - 1; i >= 0; i--)
    b[i] = 3 * a[i] + 1;
  check("downward loop");
#pragma omp target teams distribute parallel for map(to: a[0:n]) map(tofrom: b[0:n])
  for (int i = 0; i <= n - 1; i += 2)
    b[i] = 3 * a[i] + 1;
  for (int i = 1; i < n; i += 2)
    ref[i] = -1;
  check("step 2");
#pragma omp target parallel for map(to: a[0:n]) map(tofrom: b[0:n])
  for (int i = n - 1; i > 0; i -= 3)
    b[i] = 3 * a[i] + 1;
  for (int i = 0; i < n; i++)
    ref[i] = (n - 1 - i) % 3 == 0 && i > 0 ? ref[i] : -1;
  check("step -3");
#pragma omp target parallel for map(to: a[0:n]) map(from: b[0:n])
  for (int i = 0; i != n; i++)
    b[i] = 3 * a[i] + 1;
  check("!=");
  return fails != 0;
}
