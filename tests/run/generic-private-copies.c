// RUN: %ompicc -o %t %s && %t
// Private copies that a team's master makes in a generic kernel's serial
// code, which the parallel regions nested in the construct reach: they
// must be where the workers can reach them (a GPU thread's local memory
// is its own, and another thread's pointer to it reaches its own local
// memory at that offset).  They were the master's locals, which the CPU
// device's memory check reports (device emu-memory):
//  - reduction on teams distribute (OpenMP 5.2 17.2: distribute takes no
//    reduction clause, so it is the teams construct's) with the parallel
//    regions' reductions of the same variable: scalar, array, section;
//  - private and lastprivate of distribute, firstprivate and private of
//    a task (12.5, run at once on the device), private of sections and
//    scope, read by a nested parallel region;
//  - reduction of a for in the serial code, scalar and array, that a
//    nested parallel region updates;
//  - firstprivate arrays of target teams and of a parallel region (the
//    kernel file did not compile).
// Every value against the one computed here.
#include <omp.h>

#include "Inputs/check.h"

#define TEAMS 6
#define INNER 32

int main(void)
{
  double best = 0, rows[4] = {0}, part[4][3] = {{0}};
  double want_best = 0, want_rows[4] = {0}, want_part = 0;
  for (int b = 0; b < TEAMS; b++)
    for (int i = 0; i < INNER; i++) {
      double v = (b * 31 + i * 17) % 97;
      want_best = v > want_best ? v : want_best;
      want_rows[i % 4] += v;
      want_part += i;
    }
#pragma omp target teams distribute reduction(max: best) map(tofrom: best)
  for (int b = 0; b < TEAMS; b++) {
#pragma omp parallel for reduction(max: best)
    for (int i = 0; i < INNER; i++) {
      double v = (b * 31 + i * 17) % 97;
      best = v > best ? v : best;
    }
  }
  CHECK(best == want_best);
#pragma omp target teams distribute reduction(+: rows) map(tofrom: rows)
  for (int b = 0; b < TEAMS; b++) {
#pragma omp parallel for reduction(+: rows)
    for (int i = 0; i < INNER; i++)
      rows[i % 4] += (b * 31 + i * 17) % 97;
  }
  for (int r = 0; r < 4; r++)
    CHECK(rows[r] == want_rows[r]);
#pragma omp target teams distribute reduction(+: part[2:1]) map(tofrom: part)
  for (int b = 0; b < TEAMS; b++) {
#pragma omp parallel for reduction(+: part[2][1])
    for (int i = 0; i < INNER; i++)
      part[2][1] += i;
  }
  CHECK(part[2][1] == want_part && part[2][0] == 0 && part[1][1] == 0 && part[3][1] == 0);

  int out[TEAMS * 8] = {0}, last = -1, where = 0;
#pragma omp target teams distribute private(where) lastprivate(last) map(tofrom: out, last)
  for (int b = 0; b < TEAMS; b++) {
    where = b * 8;
    last = b;
#pragma omp parallel for
    for (int i = 0; i < 8; i++)
      out[where + i] = last * 100 + i;
  }
  CHECK(last == TEAMS - 1);
  for (int b = 0; b < TEAMS; b++)
    for (int i = 0; i < 8; i++)
      CHECK(out[b * 8 + i] == b * 100 + i);

  int got[24] = {0}, base = 10, tmp = 0;
#pragma omp target map(tofrom: got) map(to: base, tmp)
  {
    int *g = got; /* the task's copy of g points to the device's got */
#pragma omp task firstprivate(base) private(tmp)
    {
      tmp = base + 5;
#pragma omp parallel for
      for (int i = 0; i < 8; i++)
        g[i] = tmp + i;
    }
#pragma omp taskwait
#pragma omp sections private(tmp)
    {
#pragma omp section
      {
        tmp = 100;
#pragma omp parallel for
        for (int i = 8; i < 16; i++)
          g[i] = tmp + i;
      }
    }
#pragma omp scope private(tmp)
    {
      tmp = base * 2;
#pragma omp parallel for
      for (int i = 16; i < 24; i++)
        g[i] = tmp + i;
    }
  }
  for (int i = 0; i < 24; i++)
    CHECK(got[i] == (i < 8 ? 15 : i < 16 ? 100 : 20) + i);

  /* a for of the serial code (the master is its team, 5.2 11.5) with
   * reductions that the parallel regions in its body update */
  int red = 0, reds[3] = {0}, threads = 0;
#pragma omp target map(tofrom: red, reds, threads)
  {
#pragma omp for reduction(+: red, reds)
    for (int i = 0; i < 10; i++) {
#pragma omp parallel num_threads(2)
      {
#pragma omp atomic
        red += i;
#pragma omp atomic
        reds[i % 3] += 1;
#pragma omp masked
        threads = omp_get_num_threads();
      }
    }
  }
  CHECK(threads >= 1 && red == 45 * threads);
  CHECK(reds[0] == 4 * threads && reds[1] == 3 * threads && reds[2] == 3 * threads);

  /* firstprivate arrays of a generic kernel that its parallel regions
   * read (the kernel file did not compile: an array has no
   * copy-initialization), on target teams and on a parallel region */
  int coef[4] = {1, 2, 3, 4}, got_teams = 0, bad = 0;
  double outs[64] = {0};
#pragma omp target teams num_teams(2) firstprivate(coef) map(tofrom: outs, got_teams)
  {
    int t = omp_get_team_num();
    if (t == 0)
      got_teams = omp_get_num_teams();
    coef[t] += 10; /* the team's own copy */
#pragma omp parallel for
    for (int i = 0; i < 32; i++)
      outs[t * 32 + i] = coef[i % 4];
  }
  for (int t = 0; t < got_teams; t++)
    for (int i = 0; i < 32; i++)
      CHECK(outs[t * 32 + i] == 1 + i % 4 + (i % 4 == t ? 10 : 0));
  CHECK(coef[0] == 1 && coef[1] == 2);
#pragma omp target map(tofrom: bad) firstprivate(coef)
#pragma omp parallel num_threads(4) firstprivate(coef) reduction(+: bad)
  {
    for (int k = 0; k < 4; k++)
      bad += coef[k] != k + 1; /* each thread's copy starts as the original */
    coef[omp_get_thread_num() % 4] = -1;
  }
  CHECK(bad == 0);
  return fails != 0;
}
