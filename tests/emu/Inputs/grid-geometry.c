/* The launches of SPMD nests walked on a grid (grid-geometry.test). */
#include <stdio.h>

#define P 5
#define R 300
#define C 1000

static float a[P][R][C];

int main(void)
{
  /* 2 loops: a block per row first, x for the rest of the device */
#pragma omp target teams distribute parallel for collapse(2) map(tofrom: a)
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      a[0][i][j] += 1;
  /* num_teams: exactly that many blocks, rows first by its divisors */
#pragma omp target teams distribute parallel for collapse(2) map(tofrom: a) num_teams(12)
  for (int i = 0; i < 5; i++)
    for (int j = 0; j < C; j++)
      a[0][i][j] += 1;
  /* 3 loops: planes first, then rows */
#pragma omp target teams distribute parallel for collapse(3) map(tofrom: a) num_teams(60)
  for (int i = 0; i < P; i++)
    for (int j = 0; j < R; j++)
      for (int k = 0; k < C; k++)
        a[i][j][k] += 1;
  /* an innermost loop shorter than a warp: the collapsed space on x */
#pragma omp target teams distribute parallel for collapse(2) map(tofrom: a)
  for (int i = 0; i < R; i++)
    for (int j = 0; j < 8; j++)
      a[1][i][j] += 1;
  /* a thread limit sets the block */
#pragma omp target teams distribute parallel for collapse(2) map(tofrom: a) thread_limit(64) num_teams(3)
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      a[2][i][j] += 1;
  printf("%g %g %g\n", a[0][0][0], a[1][0][0], a[4][R - 1][C - 1]);
  return 0;
}
