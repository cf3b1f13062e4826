// The counts a program asks for are upper bounds it may rely on (OpenMP
// 5.2 10.1.1, 10.2, 10.3): num_threads, thread_limit on target and teams,
// if(parallel: false), omp_get_thread_limit() in a teams region, and the
// nteams-var and teams-thread-limit-var ICVs (OMP_NUM_TEAMS,
// OMP_TEAMS_THREAD_LIMIT, 21.6, 21.7).  Every thread of a parallel region
// runs it.
// RUN: %ompicc -o %t %s && %t
// RUN: env OMP_NUM_TEAMS=3 OMP_TEAMS_THREAD_LIMIT=5 %t
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static int fails;

static void at_most(const char *what, int got, int most)
{
  if (got < 1 || got > most) {
    printf("%s: %d, want 1 to %d\n", what, got, most);
    fails++;
  }
}

static int env(const char *name)
{
  const char *s = getenv(name);
  return s && *s ? atoi(s) : 0;
}

int main(void)
{
  int n = 0, lim = 0, ran = 0;
  /* thread_limit on teams and on target bounds a nested parallel */
#pragma omp target teams num_teams(1) thread_limit(4) map(tofrom: n, lim)
  {
    lim = omp_get_thread_limit();
#pragma omp parallel
    {
      if (omp_get_thread_num() == 0)
        n = omp_get_num_threads();
    }
  }
  at_most("teams thread_limit(4): threads", n, 4);
  at_most("teams thread_limit(4): omp_get_thread_limit()", lim, 4);
#pragma omp target thread_limit(4) map(tofrom: n)
#pragma omp parallel num_threads(16)
  {
    if (omp_get_thread_num() == 0)
      n = omp_get_num_threads();
  }
  at_most("target thread_limit(4), num_threads(16): threads", n, 4);

  /* num_threads, and every thread runs the region */
#pragma omp target parallel num_threads(10) map(tofrom: n, ran)
  {
#pragma omp atomic
    ran++;
    if (omp_get_thread_num() == 0)
      n = omp_get_num_threads();
  }
  at_most("target parallel num_threads(10): threads", n, 10);
  if (ran != n) {
    printf("target parallel: %d threads ran it, of %d\n", ran, n);
    fails++;
  }
#pragma omp target teams distribute parallel for num_threads(10) map(tofrom: n)
  for (int i = 0; i < 1000; i++)
    if (i == 0)
      n = omp_get_num_threads();
  at_most("teams distribute parallel for num_threads(10)", n, 10);
#pragma omp target teams distribute parallel for num_threads(10) thread_limit(6) map(tofrom: n)
  for (int i = 0; i < 1000; i++)
    if (i == 0)
      n = omp_get_num_threads();
  at_most("num_threads(10) thread_limit(6)", n, 6);
#pragma omp target teams num_teams(2) thread_limit(3) map(tofrom: n)
#pragma omp distribute parallel for
  for (int i = 0; i < 1000; i++)
    if (i == 0)
      n = omp_get_num_threads();
  at_most("teams thread_limit(3), distribute parallel for", n, 3);

  /* if(parallel: false): a team of one */
  int zero = 0;
#pragma omp target parallel for if(parallel: zero) map(tofrom: n)
  for (int i = 0; i < 1000; i++)
    if (i == 0)
      n = omp_get_num_threads();
  at_most("target parallel for if(parallel: 0)", n, 1);
#pragma omp target map(tofrom: n)
#pragma omp parallel if(zero) num_threads(8)
  {
    if (omp_get_thread_num() == 0)
      n = omp_get_num_threads();
  }
  at_most("parallel if(0)", n, 1);

  /* OMP_NUM_TEAMS and OMP_TEAMS_THREAD_LIMIT bound teams without clauses */
  int teams_var = env("OMP_NUM_TEAMS"), limit_var = env("OMP_TEAMS_THREAD_LIMIT");
  int nt = 0;
#pragma omp target teams distribute parallel for map(tofrom: n, nt)
  for (int i = 0; i < 100000; i++)
    if (i == 0) {
      n = omp_get_num_threads();
      nt = omp_get_num_teams();
    }
  at_most("teams distribute parallel for: teams", nt, teams_var ? teams_var : 1 << 30);
  at_most("teams distribute parallel for: threads", n, limit_var ? limit_var : 1 << 30);
#pragma omp target teams map(tofrom: n, nt)
  {
    if (omp_get_team_num() == 0) {
      nt = omp_get_num_teams();
#pragma omp parallel
      {
        if (omp_get_thread_num() == 0)
          n = omp_get_num_threads();
      }
    }
  }
  at_most("teams: teams", nt, teams_var ? teams_var : 1 << 30);
  at_most("teams, parallel: threads", n, limit_var ? limit_var : 1 << 30);

  /* a teams construct nested in target: its num_teams and thread_limit
   * (evaluated before the region, 13.8) shape the launch as on target
   * teams; every team's parallel region has at most the limit */
  int three = 3, per_team[4] = {0};
  nt = 0;
#pragma omp target map(tofrom: nt, per_team)
#pragma omp teams num_teams(4) thread_limit(three)
  {
#pragma omp parallel
    {
      if (omp_get_thread_num() == 0 && omp_get_team_num() < 4)
        per_team[omp_get_team_num()] = omp_get_num_threads();
      if (omp_get_team_num() == 0 && omp_get_thread_num() == 0)
        nt = omp_get_num_teams();
    }
  }
  at_most("target { teams num_teams(4) }: teams", nt, 4);
  for (int t = 0; t < nt; t++)
    at_most("target { teams thread_limit(3) }: threads of a team", per_team[t], 3);
  return fails != 0;
}
