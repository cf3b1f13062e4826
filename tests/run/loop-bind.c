// loop bind(...) in every placement OpenMP 5.2 11.7 allows in a target
// region, on the device and in the host fallback, where a dropped teams
// leaves the loop bound to the parallel region that stands in for it
// (issue 12, case 8).
// RUN: %ompicc -o %t %s
// RUN: %t
#include "Inputs/check.h"
#include <omp.h>

#define N 300

static void reset(int *a)
{
  for (int i = 0; i < N; i++)
    a[i] = -1;
}

static void expect(const char *what, const int *a, int scale)
{
  for (int i = 0; i < N; i++)
    if (a[i] != scale * i)
      CHECK(!what);
}

int main(void)
{
  int a[N];
  long sum = 0;

  reset(a);
#pragma omp target teams map(from: a)
#pragma omp loop bind(teams)
  for (int i = 0; i < N; i++)
    a[i] = i;
  expect("target teams + loop bind(teams)", a, 1);

  reset(a);
#pragma omp target teams loop bind(teams) map(from: a) reduction(+: sum)
  for (int i = 0; i < N; i++) {
    a[i] = 2 * i;
    sum += i;
  }
  expect("target teams loop bind(teams)", a, 2);
  check_eq("sum", sum, (long)N * (N - 1) / 2);

  reset(a);
#pragma omp target map(from: a)
#pragma omp teams loop bind(teams) num_teams(3)
  for (int i = 0; i < N; i++)
    a[i] = 3 * i;
  expect("target + teams loop bind(teams)", a, 3);

  reset(a);
#pragma omp target teams num_teams(2) map(from: a)
#pragma omp loop bind(teams) collapse(2)
  for (int i = 0; i < N / 10; i++)
    for (int j = 0; j < 10; j++)
      a[i * 10 + j] = 4 * (i * 10 + j);
  expect("target teams + loop bind(teams) collapse(2)", a, 4);

  reset(a);
#pragma omp target parallel map(from: a)
#pragma omp loop bind(parallel)
  for (int i = 0; i < N; i++)
    a[i] = 5 * i;
  expect("target parallel + loop bind(parallel)", a, 5);

  reset(a);
#pragma omp target teams distribute parallel for map(from: a)
  for (int i = 0; i < N / 10; i++) {
#pragma omp loop bind(thread)
    for (int j = 0; j < 10; j++)
      a[i * 10 + j] = 6 * (i * 10 + j);
  }
  expect("loop bind(thread) in distribute parallel for", a, 6);

  reset(a);
#pragma omp target teams map(from: a) num_teams(2)
  {
    if (omp_get_team_num() == 0) { /* a team's parallel region runs the whole loop */
#pragma omp parallel
#pragma omp loop bind(parallel)
      for (int i = 0; i < N; i++)
        a[i] = 7 * i;
    }
  }
  expect("target teams + parallel + loop bind(parallel)", a, 7);
  return 0;
}
