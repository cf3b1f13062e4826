// Collapsed rectangular nests in a generic kernel's worksharing loops
// (OpenMP 5.2 4.4.3: the collapsed iterations are those of the nest in
// its sequential order, each run once): every iteration of collapse(3)
// and collapse(2) nests with odd extents, a negative step and a
// non-zero start, under the default schedule (chunks of one round
// robin), schedule(static, 3), dynamic and guided, and in a distribute
// parallel for; each thread steps its indices from chunk to chunk
// (__ompicc_digits_at), which this checks against the nest.  The if
// clauses keep the regions generic (transform/team-loops.c).
// RUN: %ompicc -o %t %s && %t
#include <omp.h>
#include <stdio.h>

#include "Inputs/check.h"

#define A 5
#define B 7
#define C 3

static int hits[4][A][B][C], two[A * 2][B];

static void check_nest(const char *what, int s)
{
  int bad = 0;
  for (int i = 0; i < A; i++)
    for (int j = 0; j < B; j++)
      for (int k = 0; k < C; k++)
        bad += hits[s][i][j][k] != 1 + i * 100 + j * 10 + k;
  if (bad) {
    printf("%s: %d iterations wrong or not once\n", what, bad);
    fails++;
  }
}

int main(void)
{
  int n = A;
#pragma omp target teams num_teams(1) map(tofrom: hits)
  {
#pragma omp parallel num_threads(6) if (n > 1)
    {
#pragma omp for collapse(3)
      for (int i = 0; i < A; i++)
        for (int j = B - 1; j >= 0; j--)
          for (int k = 0; k < C; k++)
            hits[0][i][j][k] += 1 + i * 100 + j * 10 + k;
#pragma omp for collapse(3) schedule(static, 3)
      for (int i = 0; i < A; i++)
        for (int j = 0; j < B; j++)
          for (int k = 2; k < C + 2; k++)
            hits[1][i][j][k - 2] += 1 + i * 100 + j * 10 + k - 2;
#pragma omp for collapse(3) schedule(dynamic, 2)
      for (int i = 0; i < A; i++)
        for (int j = 0; j < B; j++)
          for (int k = 0; k < C; k++)
            hits[2][i][j][k] += 1 + i * 100 + j * 10 + k;
#pragma omp for collapse(3) schedule(guided)
      for (int i = 0; i < A; i++)
        for (int j = 0; j < B; j++)
          for (int k = 0; k < C; k++)
            hits[3][i][j][k] += 1 + i * 100 + j * 10 + k;
    }
  }
  check_nest("default schedule", 0);
  check_nest("schedule(static, 3)", 1);
  check_nest("schedule(dynamic, 2)", 2);
  check_nest("schedule(guided)", 3);

#pragma omp target teams num_teams(3) map(tofrom: two)
  {
    int base = omp_get_team_num() * 0;
#pragma omp distribute parallel for collapse(2) dist_schedule(static, 4) num_threads(5)
    for (int i = 1; i < 2 * A + 1; i++)
      for (int j = 0; j < B; j++)
        two[i - 1][j] += 1 + i * 10 + j + base;
  }
  int bad = 0;
  for (int i = 1; i < 2 * A + 1; i++)
    for (int j = 0; j < B; j++)
      bad += two[i - 1][j] != 1 + i * 10 + j;
  check_eq("distribute parallel for collapse(2): wrong or not once", bad, 0);
  return fails != 0;
}
