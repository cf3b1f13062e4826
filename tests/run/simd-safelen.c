// safelen(n) bounds how many iterations of a simd loop run at once: two
// iterations n or more apart never do (OpenMP 5.2 10.4.1), so a loop with
// a dependence at distance n is correct.  target simd (the loop's only
// parallelism: rounds of n threads) and teams distribute simd in one team
// (the team's iterations in order, on the host fallback too, 11.6.2).
// RUN: %ompicc -o %t %s && %t
#include <stdio.h>

#define N 1024

static int a[N], want[N];
static int fails;

static void reset(void)
{
  for (int i = 0; i < N; i++)
    a[i] = want[i] = i % 7 + 1;
}

static void check(const char *what)
{
  int bad = 0;
  for (int i = 0; i < N; i++)
    bad += a[i] != want[i];
  if (bad) {
    printf("%s: %d wrong elements\n", what, bad);
    fails++;
  }
}

int main(void)
{
  static const int lens[] = {1, 5, 8, 16, 100};
  for (int k = 0; k < 5; k++) {
    int d = lens[k];
    reset();
    for (int i = d; i < N; i++)
      want[i - d] += want[i];
    switch (d) { /* safelen takes a constant */
    case 1:
#pragma omp target simd safelen(1) map(tofrom: a)
      for (int i = 1; i < N; i++)
        a[i - 1] += a[i];
      break;
    case 5:
#pragma omp target simd safelen(5) map(tofrom: a)
      for (int i = 5; i < N; i++)
        a[i - 5] += a[i];
      break;
    case 8:
#pragma omp target simd safelen(8) map(tofrom: a)
      for (int i = 8; i < N; i++)
        a[i - 8] += a[i];
      break;
    case 16:
#pragma omp target simd safelen(16) map(tofrom: a)
      for (int i = 16; i < N; i++)
        a[i - 16] += a[i];
      break;
    default:
#pragma omp target simd safelen(100) map(tofrom: a)
      for (int i = 100; i < N; i++)
        a[i - 100] += a[i];
    }
    check(d == 1 ? "target simd safelen(1)" : d == 5 ? "target simd safelen(5)"
          : d == 8 ? "target simd safelen(8)" : d == 16 ? "target simd safelen(16)"
                   : "target simd safelen(100)");
  }
  reset();
  for (int i = 8; i < N; i++)
    want[i - 8] += want[i];
#pragma omp target teams distribute simd num_teams(1) safelen(8) map(tofrom: a)
  for (int i = 8; i < N; i++)
    a[i - 8] += a[i];
  check("teams distribute simd num_teams(1) safelen(8)");
  return fails != 0;
}
