// Loops whose variable is a pointer (OpenMP 5.2 4.4.1: var may have a
// pointer type; the trip count is the distance in elements), under
// combined SPMD constructs and a generic kernel's for, upward and
// downward, with steps (issue 12, case 4).
// RUN: %ompicc -o %t %s
// RUN: %t
#include <omp.h>

#include "Inputs/check.h"

#define N 64

int main(void)
{
  int a[N];
  double b[N];
  for (int i = 0; i < N; i++)
    a[i] = i, b[i] = 0;
#pragma omp target teams distribute parallel for map(tofrom: a)
  for (int *p = a; p < a + N; p++)
    *p *= 2;
  CHECK(a[0] == 0 && a[N - 1] == 2 * (N - 1));
  int s = 0;
#pragma omp target map(tofrom: a, s)
  {
#pragma omp parallel for reduction(+: s)
    for (int *p = a + 1; p <= &a[N - 1]; p += 2)
      s += *p;
  }
  CHECK(s == N * N / 2);
  /* downward, with a step: on the device only, as gcc 12 (the host
   * fallback's compiler) crashes on a parallel for over such a loop */
  int offloaded = 0;
#pragma omp target map(from: offloaded)
  offloaded = !omp_is_initial_device();
  if (offloaded) {
    long last = -1;
#pragma omp target map(tofrom: b, last)
    {
#pragma omp parallel for lastprivate(last)
      for (double *q = &b[N - 1]; q > b; q -= 3) {
        *q = 1;
        last = q - b;
      }
    }
    int ones = 0;
    for (int i = 0; i < N; i++)
      ones += b[i] == 1 && (N - 1 - i) % 3 == 0 && i > 0;
    CHECK(ones == (N - 1) / 3 && b[0] == 0);
    CHECK(last == (N - 1) % 3 + 3);
  }
  return fails != 0;
}
