// RUN: %ompicc -o %t %s && %t
// Collapsed rectangular nests of 2 and 3 loops under target teams
// distribute parallel for, which the kernel walks on a grid of as many
// dimensions (transform/offload.c offload_grid_dims): every iteration of
// the collapsed space runs once (OpenMP 5.2 4.4.3, 11.5); lastprivate
// takes the sequentially last one (5.4.5); a reduction sees every one
// (5.5.8); num_teams(n) makes n teams (10.2), whatever the nest's shape;
// a nest whose innermost loop is shorter than a warp, or too large for
// 32 bits, takes the kernel that walks the collapsed space.
#include <omp.h>

#include "Inputs/check.h"

#define P 5
#define R 301
#define C 67

static int seen[P][R][C];

static void clear(void)
{
  for (int i = 0; i < P; i++)
    for (int j = 0; j < R; j++)
      for (int k = 0; k < C; k++)
        seen[i][j][k] = 0;
}

/* every cell of [0,p) x [0,r) x [0,c) seen once, no other */
static void check_once(const char *what, int p, int r, int c)
{
  int bad = 0;
  for (int i = 0; i < P; i++)
    for (int j = 0; j < R; j++)
      for (int k = 0; k < C; k++)
        bad += seen[i][j][k] != (i < p && j < r && k < c);
  check_eq(what, bad, 0);
}

int main(void)
{
  /* 2 loops, bounds from the loops' own start, a reduction, lastprivate */
  clear();
  long sum = 0;
  int li = -1, lj = -1;
#pragma omp target teams distribute parallel for collapse(2) map(tofrom: seen) \
    reduction(+: sum) lastprivate(li, lj)
  for (int i = 1; i < R; i++)
    for (int j = 2; j < C; j++) {
      seen[0][i - 1][j - 2]++;
      sum += i * 1000 + j;
      li = i, lj = j;
    }
  check_once("2 loops", 1, R - 1, C - 2);
  long want = 0;
  for (int i = 1; i < R; i++)
    for (int j = 2; j < C; j++)
      want += i * 1000 + j;
  check_eq("2 loops: sum", sum, want);
  check_eq("2 loops: lastprivate i", li, R - 1);
  check_eq("2 loops: lastprivate j", lj, C - 1);

  /* 3 loops, for several num_teams: exactly that many teams */
  int counts[] = {1, 2, 6, 7, 12, 97, 1000};
  for (unsigned t = 0; t < sizeof counts / sizeof *counts; t++) {
    int nt = counts[t], teams = 0, wrong = 0;
    clear();
#pragma omp target teams distribute parallel for collapse(3) num_teams(nt) \
    map(tofrom: seen, teams, wrong)
    for (int i = 0; i < P; i++)
      for (int j = 0; j < R; j++)
        for (int k = 0; k < C; k++) {
          seen[i][j][k]++;
          if (omp_get_team_num() >= omp_get_num_teams())
            wrong = 1;
          if (i == 0 && j == 0 && k == 0)
            teams = omp_get_num_teams();
        }
    check_once("3 loops", P, R, C);
    CHECK(!wrong);
    CHECK(teams == nt || (teams == 1 && omp_get_num_devices() == 0) ||
          (teams <= nt && teams >= 1 && !omp_get_num_devices()));
  }

  /* an innermost loop shorter than a warp, a thread limit, a loop
   * counting down */
  clear();
#pragma omp target teams distribute parallel for collapse(2) map(tofrom: seen) thread_limit(64)
  for (int i = R - 1; i >= 0; i--)
    for (int j = 0; j < 3; j++)
      seen[1][i][j]++;
  for (int i = 0; i < R; i++)
    for (int j = 0; j < 3; j++)
      seen[0][i][j] = seen[1][i][j], seen[1][i][j] = 0;
  check_once("short inner loop", 1, R, 3);

  /* empty nests */
  clear();
  for (int r = -1; r <= 1; r++) {
#pragma omp target teams distribute parallel for collapse(2) map(tofrom: seen)
    for (int i = 0; i < r; i++)
      for (int j = 0; j < C; j++)
        seen[0][i][j]++;
#pragma omp target teams distribute parallel for collapse(2) map(tofrom: seen)
    for (int i = 0; i < R; i++)
      for (int j = 0; j < r; j++)
        seen[0][i][j]++;
  }
  for (int i = 0; i < R; i++) /* r == 1: row 0, then column 0 */
    seen[0][i][0]--;
  check_once("empty nests", 1, 1, C);
  return fails != 0;
}
