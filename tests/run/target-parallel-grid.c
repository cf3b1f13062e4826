// target parallel for, and a target region over one parallel for, run as
// one team (OpenMP 5.2 13.8).  When nothing in the loop can tell the
// team's size or its thread, ompicc runs it on the whole grid, as a team
// of that many threads (transform/offload.c team_blind): the results must
// be those of one team, with reductions (5.5), lastprivate (5.4.5),
// collapse, a static schedule with chunks (11.5.3), atomics and a loop
// construct.  A loop that asks for its thread or team stays one team:
// thread numbers below the team's size, one team, and the size the same
// for every iteration.
// RUN: %ompicc -o %t %s && %t
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#include "Inputs/check.h"

#define N 300000

int main(void)
{
  int *a = malloc(N * sizeof *a);
  for (int i = 0; i < N; i++)
    a[i] = i % 1000;
  long sum = 0;
  int mx = -1, last = -1, hist[4] = {0};
  double prod = 1;

#pragma omp target parallel for reduction(+: sum) reduction(max: mx) map(to: a[0:N])
  for (int i = 0; i < N; i++) {
    sum += a[i];
    mx = a[i] > mx ? a[i] : mx;
  }
  check_eq("sum", sum, 300L * 499500);
  check_eq("max", mx, 999);

#pragma omp target parallel for lastprivate(last) schedule(static, 7) map(to: a[0:N])
  for (int i = 0; i < N; i++)
    last = a[i] + i;
  check_eq("lastprivate", last, 999 + N - 1);

#pragma omp target parallel for collapse(2) map(tofrom: hist) map(to: a[0:N])
  for (int b = 0; b < 4; b++)
    for (int i = 0; i < N / 4; i++)
      if (a[b * (N / 4) + i] == 7) {
#pragma omp atomic
        hist[b]++;
      }
  for (int b = 0; b < 4; b++)
    check_eq("hist", hist[b], 75);

#pragma omp target map(tofrom: prod)
  {
#pragma omp parallel for reduction(*: prod)
    for (int i = 0; i < 64; i++)
      prod *= i % 2 ? 2.0 : 0.5;
  }
  CHECK(prod == 1.0);

#pragma omp target parallel loop map(tofrom: a[0:N])
  for (int i = 0; i < N; i++)
    a[i] = -a[i];
  CHECK(a[0] == 0 && a[1001] == -1 && a[N - 1] == -((N - 1) % 1000));

  /* asks for its thread and its team: one team */
  int bad = 0, teams = 0, size = 0;
#pragma omp target parallel for reduction(+: bad) reduction(max: teams, size) map(to: a[0:N])
  for (int i = 0; i < N; i++) {
    int t = omp_get_thread_num(), n = omp_get_num_threads();
    bad += t < 0 || t >= n || n > 1024;
    teams = omp_get_num_teams() > teams ? omp_get_num_teams() : teams;
    size = n > size ? n : size;
  }
  check_eq("threads out of their team", bad, 0);
  check_eq("teams", teams, 1);
  CHECK(size >= 1);
  free(a);
  return fails != 0;
}
