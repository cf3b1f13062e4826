// Variable-length arrays of a generic kernel's serial code that parallel
// regions use (a sorry before): declared outside the parallel construct,
// each is shared by the region's threads (OpenMP 5.2 5.1.1), so its
// storage is on the device heap, which every thread of the block reaches,
// not in the master thread's own frame (devlib-cuda/ompicc-device.h,
// __ompicc_vla_shared_storage).  One, two variable dimensions (a view,
// passed to the region as its element pointer and strides) and rows of a
// constant length; in a target region's serial code and in a declare
// target function it calls; sizeof of each; one the serial code alone
// uses keeps the thread's own storage.
// RUN: %ompicc -o %t %s && %t
#include <omp.h>

#include "Inputs/check.h"

#pragma omp declare target
static double grid_sum(int n, int m)
{
  double g[n][m], s = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      g[i][j] = i + j;
#pragma omp parallel for reduction(+: s)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      s += g[i][j];
  return s;
}
#pragma omp end declare target

int main(void)
{
  int n = 6, m = 5;
  double out[2][6] = {{0}};
#pragma omp target teams num_teams(2) map(tofrom: out) firstprivate(n, m)
  {
    double w[n];    /* one dimension */
    double g[n][m]; /* two variable dimensions */
    double h[n][4]; /* rows of a constant length */
    double alone[n];
    int t = omp_get_team_num();
    for (int i = 0; i < n; i++)
      alone[i] = 2 * i;
#pragma omp parallel for
    for (int i = 0; i < n; i++) {
      w[i] = i + t;
      for (int j = 0; j < m; j++)
        g[i][j] = i * 10 + j;
      for (int j = 0; j < 4; j++)
        h[i][j] = i - j;
    }
    double s = 0, sg = 0, sh = 0;
#pragma omp parallel for reduction(+: s, sg, sh)
    for (int i = 0; i < n; i++) {
      s += w[i];
      for (int j = 0; j < m; j++)
        sg += g[i][j];
      for (int j = 0; j < 4; j++)
        sh += h[i][j] * h[i][j];
    }
    if (t < 2) {
      out[t][0] = s;
      out[t][1] = sg;
      out[t][2] = sh;
      out[t][3] = (double)(sizeof w + sizeof g + sizeof h) / sizeof(double);
      out[t][4] = alone[n - 1];
      out[t][5] = grid_sum(n + 1, 3);
    }
  }
  for (int t = 0; t < 2; t++) {
    if (t > 0 && out[t][3] == 0)
      break; /* one team (the host's fallback may make one) */
    check_eq("1-D array", (long)out[t][0], 15 + 6 * t);
    check_eq("two variable dimensions", (long)out[t][1], 810);
    check_eq("rows of 4", (long)out[t][2], 124);
    check_eq("sizeof", (long)out[t][3], 6 + 30 + 24);
    check_eq("the serial code's own", (long)out[t][4], 10);
    check_eq("in a declare target function", (long)out[t][5], 84);
  }
  return fails != 0;
}
