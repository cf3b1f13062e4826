// RUN: %ompicc -o %t %s && %t
// Variables of a generic kernel's serial code whose address leaves it
// (by &, or an array passed to a function) are where the workers of a
// parallel region can reach them: a region that reads them through a
// pointer, and a device function's orphaned parallel construct (OpenMP
// 5.2 10.1: its team is the encountering team) that the master calls with
// them.  They were the master's locals, which on a GPU the workers do not
// reach (each reaches its own local memory at that address); the CPU
// device's memory check reports them (device emu-memory).  The same for
// a device function's locals when it forks or calls a function that may
// (through_calls: its array, two calls down).  Also: leaving
// a loop of the serial code by continue or break, and a distribute loop's
// iteration by continue, releases such a variable of the loop's body (a
// loop of 20000 iterations would otherwise fill the shared stack).
// Every value against the one computed here.
#include <omp.h>

#include "Inputs/check.h"

typedef struct { int n; double v[8]; } Box;

#pragma omp declare target
static void add_to(double *a, int n, double v)
{
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] += v;
}
/* its own array and parameter, reached by its parallel region */
static double spread(int n, double scale)
{
  double partial[4] = {0};
  double *pp = partial;
  int *pn = &n;
#pragma omp parallel num_threads(4)
  {
    int t = omp_get_thread_num();
    if (t < 4)
      pp[t] = scale * (t + 1) * *pn;
  }
  return partial[0] + partial[1] + partial[2] + partial[3];
}
/* a function with no parallel construct of its own whose array reaches
 * one through the functions it calls (two levels down) */
static void add_twice(double *a, int n, double v)
{
  add_to(a, n, v);
  add_to(a, n, v);
}
static double through_calls(int k)
{
  double t[8];
  for (int i = 0; i < 8; i++)
    t[i] = i + k;
  add_twice(t, 8, 0.5);
  double s = 0;
  for (int i = 0; i < 8; i++)
    s += t[i];
  return s;
}
static void fill(Box *b, int k)
{
#pragma omp for
  for (int i = 0; i < b->n; i++)
    b->v[i] = k * 10 + i;
}
#pragma omp end declare target

int main(void)
{
  double res[4] = {0}, want[4];
  int counted[4] = {0}, teams = 0; /* num_teams(4): at most 4 (5.2 10.2) */
  for (int t = 0; t < 4; t++)
    want[t] = (t * 10 + 7) + 8 * 100 + (t * 10 + 3);
#pragma omp target teams num_teams(4) map(tofrom: res, counted, teams)
  {
    int t = omp_get_team_num();
    if (t == 0)
      teams = omp_get_num_teams();
    Box b = {8, {0}};
    Box *pb = &b;
    int counter = 0, *pc = &counter;
    double last = -1;
#pragma omp parallel num_threads(8)
    {
      fill(pb, t); /* an orphaned for: the team shares b */
#pragma omp atomic
      (*pc)++;
#pragma omp for lastprivate(last)
      for (int i = 0; i < 8; i++)
        last = pb->v[i];
#pragma omp masked
      counted[t] = omp_get_num_threads();
    }
    res[t] = last + counter * 100 * 8 / counted[t] + b.v[3];
  }
  CHECK(teams >= 1 && teams <= 4);
  for (int t = 0; t < teams; t++)
    CHECK(res[t] == want[t]);

  double sums[4] = {0}, want_sums[4] = {0};
  for (int t = 0; t < 4; t++) {
    double acc[8] = {0};
    for (int it = 0; it < 20000; it++) {
      if (it % 3 == 0)
        continue;
      if (it == 19990)
        break;
      acc[it % 8] += it;
    }
    for (int k = 0; k < 8; k++)
      want_sums[t] += acc[k] + (k == t ? 100 : 0);
  }
#pragma omp target teams num_teams(4) map(tofrom: sums)
  {
    double acc[8] = {0};
    for (int it = 0; it < 20000; it++) {
      double tmp[8] = {0};
      add_to(tmp, 8, it); /* the array's elements, to the workers */
      if (it % 3 == 0)
        continue;
      if (it == 19990)
        break;
      acc[it % 8] += tmp[it % 8];
    }
#pragma omp distribute
    for (int k = 0; k < 4; k++) {
      double extra[2] = {0, 0};
      add_to(extra, 2, 50);
      double s = extra[0] + extra[1];
      for (int j = 0; j < 8; j++)
        s += acc[j];
      sums[k] = s;
      if (k >= 0)
        continue;
      sums[k] = -1;
    }
  }
  for (int t = 0; t < 4; t++)
    CHECK(sums[t] == want_sums[t]);

  double spreads[2] = {0};
  int spread_threads = 0;
#pragma omp target map(tofrom: spreads, spread_threads)
  {
    spreads[0] = spread(2, 1.5);
    spreads[1] = through_calls(3);
#pragma omp parallel num_threads(4)
#pragma omp masked
    spread_threads = omp_get_num_threads();
  }
  /* 1.5 * 2 * (1 + 2 + 3 + 4) with four threads; fewer fill fewer */
  double want_spread = 0;
  for (int t = 0; t < spread_threads && t < 4; t++)
    want_spread += 1.5 * (t + 1) * 2;
  CHECK(spread_threads >= 1 && spreads[0] == want_spread);
  CHECK(spreads[1] == 28 + 8 * 3 + 8 * 0.5 * 2);
  return fails != 0;
}
