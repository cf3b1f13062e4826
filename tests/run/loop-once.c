// RUN: %ompicc -o %t %s && %t
// The loops of target teams distribute parallel for and target parallel
// for, run with grids that cover them (a thread per iteration: the kernel
// NAME__once, devlib-cuda/omp-loop.h, rt-target.c grid_covers) and with
// grids whose threads walk several iterations each (NAME), give the same
// results: every iteration runs once (OpenMP 5.2 11.5.3, 11.6.1: the
// distribution is the implementation's to choose), a collapsed nest's
// indices are right (4.4.3), lastprivate leaves the value of the last
// iteration (5.4.5), linear the value at the construct plus the
// iteration times its step (5.4.6), and a reduction combines every
// iteration's (5.5.8).  num_teams(t)
// thread_limit(64) makes t blocks of 64 threads at most (10.2, 10.1.1):
// 16 of them cover the 1000 iterations, 2 do not.  The distribute loop of
// target teams distribute, over a parallel loop or alone, runs an
// iteration per team (11.6.1, 10.2): 64 teams cover its 20 or 50
// iterations, 16 do not.  tests/emu/loop-once.test checks which kernel
// each launch takes.
#include "Inputs/check.h"

#define N 1000
#define R 20
#define C 30

static int hits[N], grid[R][C];

static void single(int teams)
{
  for (int i = 0; i < N; i++)
    hits[i] = 0;
  long sum = 0;
  int last = -1, seen = 0;
#pragma omp target teams distribute parallel for num_teams(teams) thread_limit(64) \
    map(tofrom : hits) reduction(+ : sum) lastprivate(last)
  for (int i = 0; i < N; i++) {
    hits[i] += 1;
    sum += i;
    last = i;
  }
  for (int i = 0; i < N; i++)
    seen += hits[i] == 1;
  check_eq("iterations run once", seen, N);
  check_eq("sum", sum, (long)N * (N - 1) / 2);
  check_eq("lastprivate", last, N - 1);
}

/* a nest whose body holds a loop of run-time trip count walks on a 1-D
 * grid (transform/offload.c offload_grid_dims), and so has a kernel for
 * one iteration per thread too */
static void nest(int teams, int depth)
{
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      grid[i][j] = 0;
#pragma omp target teams distribute parallel for collapse(2) num_teams(teams) thread_limit(64) \
    map(tofrom : grid)
  for (int i = 1; i <= R; i++)
    for (int j = C - 1; j >= 0; j--)
      for (int k = 0; k < depth; k++)
        grid[i - 1][j] += i * 100 + j + 1;
  int right = 0;
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      right += grid[i][j] == depth * ((i + 1) * 100 + j + 1);
  check_eq("nest: points right", right, R * C);
}

/* a loop whose lower bound is not 0 and whose step is not 1 */
static void strided(int teams)
{
  for (int i = 0; i < N; i++)
    hits[i] = 0;
#pragma omp target teams distribute parallel for num_teams(teams) thread_limit(64) map(tofrom : hits)
  for (long i = N - 1; i >= 3; i -= 4)
    hits[i] += 1;
  int right = 0;
  for (int i = 0; i < N; i++)
    right += hits[i] == (i >= 3 && (N - 1 - i) % 4 == 0);
  check_eq("strided: elements right", right, N);
}

/* a distribute loop over a parallel loop, whose walk runs an iteration
 * per team (a block: 64 teams cover the 20 rows, 16 do not), its
 * private variable set at each */
static void team_rows(int teams)
{
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      grid[i][j] = 0;
#pragma omp target teams distribute num_teams(teams) thread_limit(64) map(tofrom : grid)
  for (int i = 0; i < R; i++) {
    int base = (i + 1) * 100;
#pragma omp parallel for
    for (int j = 0; j < C; j++)
      grid[i][j] += base + j + 1;
  }
  int right = 0;
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      right += grid[i][j] == (i + 1) * 100 + j + 1;
  check_eq("team rows: points right", right, R * C);
}

/* a distribute loop alone: one thread per team (50 iterations) */
static void teams_alone(int teams)
{
  for (int i = 0; i < 50; i++)
    hits[i] = 0;
#pragma omp target teams distribute num_teams(teams) map(tofrom : hits)
  for (int i = 0; i < 50; i++)
    hits[i] += i + 1;
  int right = 0;
  for (int i = 0; i < 50; i++)
    right += hits[i] == i + 1;
  check_eq("teams alone: elements right", right, 50);
}

/* one team (its threads as many as the device allows: the kernel may
 * spread them over blocks, which a program without teams cannot tell) */
static void team(void)
{
  for (int i = 0; i < 100; i++)
    hits[i] = 0;
  int x = 7;
#pragma omp target parallel for map(tofrom : hits) linear(x : 3)
  for (int i = 0; i < 100; i++)
    hits[i] += i + 1 + (x != 7 + 3 * i);
  int right = 0;
  for (int i = 0; i < 100; i++)
    right += hits[i] == i + 1;
  check_eq("one team: elements right, x as linear wants", right, 100);
  check_eq("one team: linear", x, 7 + 3 * 99);
}

int main(void)
{
  team();
  int teams[] = {16, 2, 1, 64};
  for (int t = 0; t < 4; t++) {
    single(teams[t]);
    nest(teams[t], 3);
    strided(teams[t]);
    team_rows(teams[t]);
    teams_alone(teams[t]);
  }
  return fails != 0;
}
