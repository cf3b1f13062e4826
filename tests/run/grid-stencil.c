// RUN: %ompicc -o %t %s && %t
// Stencils whose bodies hold constant-trip loops (a 3 x 3 x 3 and a 3 x 3
// neighbourhood) walk their collapsed nest on a grid of 3 and 2
// dimensions (transform/offload.c offload_body_loops, offload_grid_dims;
// the distribution is the implementation's to choose, OpenMP 5.2 11.5.3,
// 11.6.1).  Every point gets the value the host computes, for grids that
// the device chooses and for few teams (num_teams, 10.2) whose threads walk
// several rows and planes each: the walk hands the body its outer
// indices afresh in every step of the x loop (devlib-cuda/omp-loop.h
// __ompicc_opaque).  A body whose loop changes its variable takes the
// one-dimensional walk and must agree as well.
#include "Inputs/check.h"

#define N 37
#define M 70

static int a[N][N][N], b[N][N][N], want[N][N][N];
static int p[M][M + 3], q[M][M + 3], wantq[M][M + 3];

static int weight(int x, int y, int z)
{
  return (x ? 1 : 2) * (y ? 1 : 3) * (z ? 1 : 5);
}

static void host3(void)
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < N; k++) {
        if (i == 0 || j == 0 || k == 0 || i == N - 1 || j == N - 1 || k == N - 1) {
          want[i][j][k] = a[i][j][k];
          continue;
        }
        int s = 0;
        for (int x = -1; x <= 1; x++)
          for (int y = -1; y <= 1; y++)
            for (int z = -1; z <= 1; z++)
              s += weight(x, y, z) * a[i + x][j + y][k + z];
        want[i][j][k] = s;
      }
}

#define STENCIL3                                                                           \
  for (int i = 0; i < N; i++)                                                              \
    for (int j = 0; j < N; j++)                                                            \
      for (int k = 0; k < N; k++) {                                                        \
        if (i == 0 || j == 0 || k == 0 || i == N - 1 || j == N - 1 || k == N - 1) {        \
          b[i][j][k] = a[i][j][k];                                                         \
        } else {                                                                           \
          int s = 0;                                                                       \
          for (int x = -1; x <= 1; x++)                                                    \
            for (int y = 1; y >= -1; y--)                                                  \
              for (int z = -1; z < 2; z += 1)                                              \
                s += (x ? 1 : 2) * (y ? 1 : 3) * (z ? 1 : 5) * a[i + x][j + y][k + z];     \
          b[i][j][k] = s;                                                                  \
        }                                                                                  \
      }

int main(void)
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < N; k++)
        a[i][j][k] = (i * 7 + j * 13 + k * 29) % 31 - 15;
  host3();
  /* no num_teams: the grid the device chooses; then few teams, whose
   * threads walk several planes and rows */
  int teams[] = {0, 1, 3, 40};
  for (unsigned t = 0; t < sizeof teams / sizeof *teams; t++) {
    int nt = teams[t];
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        for (int k = 0; k < N; k++)
          b[i][j][k] = -99;
    if (nt) {
#pragma omp target teams distribute parallel for collapse(3) map(to: a) map(tofrom: b) num_teams(nt)
      STENCIL3
    } else {
#pragma omp target teams distribute parallel for collapse(3) map(to: a) map(tofrom: b)
      STENCIL3
    }
    int bad = 0;
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        for (int k = 0; k < N; k++)
          bad += b[i][j][k] != want[i][j][k];
    check_eq("3-D stencil: points that differ", bad, 0);
  }

  /* 2-D, without num_teams; then a loop that changes its variable */
  for (int i = 0; i < M; i++)
    for (int j = 0; j < M + 3; j++)
      p[i][j] = (i * 5 + j * 3) % 17, q[i][j] = -1, wantq[i][j] = -1;
  for (int i = 1; i < M - 1; i++)
    for (int j = 1; j < M + 2; j++) {
      int s = 0;
      for (int x = -1; x <= 1; x++)
        for (int y = -1; y <= 1; y++)
          s += p[i + x][j + y] * (x + 2) * (y + 3);
      wantq[i][j] = s;
    }
#pragma omp target teams distribute parallel for collapse(2) map(to: p) map(tofrom: q)
  for (int i = 1; i < M - 1; i++)
    for (int j = 1; j < M + 2; j++) {
      int s = 0;
      for (int x = -1; x <= 1; x++)
        for (int y = -1; y <= 1; y++)
          s += p[i + x][j + y] * (x + 2) * (y + 3);
      q[i][j] = s;
    }
  int bad = 0;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < M + 3; j++)
      bad += q[i][j] != wantq[i][j];
  check_eq("2-D stencil: points that differ", bad, 0);

#pragma omp target teams distribute parallel for collapse(2) map(to: p) map(tofrom: q) num_teams(5)
  for (int i = 1; i < M - 1; i++)
    for (int j = 1; j < M + 2; j++) {
      int s = 0;
      for (int x = 0; x < 3; x++)
        if (p[i][j] > 100) /* never: the loop still counts as changing x */
          x = 3;
        else
          s += p[i + x - 1][j] * (x + 2);
      q[i][j] = s;
    }
  bad = 0;
  for (int i = 1; i < M - 1; i++)
    for (int j = 1; j < M + 2; j++)
      bad += q[i][j] != p[i - 1][j] * 2 + p[i][j] * 3 + p[i + 1][j] * 4;
  check_eq("a loop that changes its variable: points that differ", bad, 0);
  return fails != 0;
}
