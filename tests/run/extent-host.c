// RUN: %ompicc -o %t %s && %t
// The trip count of an SPMD loop nest (OpenMP 5.2 4.4.1), from bounds
// that the kernel takes by value (firstprivate scalars, 5.4.4), from a
// mapped variable whose device copy differs from the host's (5.8.3: a
// present list item is not copied again), and for nests where some loop
// runs no iteration: the runtime picks the kernel from the host's count,
// and each kernel must walk exactly the device's iterations.
#include "Inputs/check.h"

#define N 64
enum { FIRST = 3 };

static long sum(const long *a, int n)
{
  long s = 0;
  for (int i = 0; i < n; i++)
    s += a[i];
  return s;
}

int main(void)
{
  long a[N * N];
  for (int lo = -2; lo <= 2; lo++)
    for (int hi = -3; hi <= 5; hi++) {
      for (int i = 0; i < N * N; i++)
        a[i] = 0;
      /* a collapsed nest, an inclusive loop stepping by 2 inside */
#pragma omp target teams distribute parallel for collapse(2) map(tofrom: a)
      for (int i = lo; i < hi; i++)
        for (int j = FIRST; j <= hi + FIRST; j += 2)
          a[(i + 2) * N + j] += i * 100 + j;
      long want = 0;
      for (int i = lo; i < hi; i++)
        for (int j = FIRST; j <= hi + FIRST; j += 2)
          want += i * 100 + j;
      CHECK(sum(a, N * N) == want);
      /* a loop counting down */
#pragma omp target teams distribute parallel for map(tofrom: a)
      for (int i = hi + 10; i > lo + 10; i--)
        a[i] -= 1;
      for (int i = hi + 10; i > lo + 10; i--)
        want -= 1;
      CHECK(sum(a, N * N) == want);
    }

  /* the bound mapped: the kernel counts with the value the device sees
   * (its copy, which a present mapping leaves as it is: 5.8.3; the
   * host's own where the device shares its memory), not the host's */
  long n = -3, seen = 0, want = 0;
  for (int i = 0; i < N; i++)
    a[i] = 0;
#pragma omp target data map(to: n) map(tofrom: a)
  {
    n = 5; /* the device's copy stays -3: no iteration there */
#pragma omp target map(tofrom: n) map(from: seen)
    seen = n;
#pragma omp target teams distribute parallel for map(tofrom: n)
    for (long i = 0; i < n; i++)
      a[i] += 1;
  }
  want += seen > 0 ? seen : 0;
  CHECK(sum(a, N) == want);
#pragma omp target data map(to: n) map(tofrom: a)
  {
    n = 0; /* the device's copy is 5: the host's count is none */
#pragma omp target map(tofrom: n) map(from: seen)
    seen = n;
#pragma omp target teams distribute parallel for map(tofrom: n)
    for (long i = 0; i < n; i++)
      a[i] += 2;
  }
  want += 2 * (seen > 0 ? seen : 0);
  CHECK(sum(a, N) == want);
  CHECK(want == 0 || want == 5 || want == 10);
  return fails != 0;
}
