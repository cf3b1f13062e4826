// Arrays that a region of team loops only adds into with atomic
// constructs: each team adds into its own copy in shared memory first,
// then into the array (transform/team-private.c; OpenMP 5.2 15.8.4:
// updates by different threads happen in an unspecified order).  The
// results must be the array's original values plus every update, for
// 8-byte and 4-byte counters, a two-dimensional array, increments and
// decrements, sums of doubles (exact here), over many teams; and, left
// to the array itself (a kernel of one width), a target teams region over
// a parallel loop that every team runs whole.
// RUN: %ompicc -o %t %s && %t
#include <omp.h>

#include "Inputs/check.h"

enum { N = 100000, BLOCK = 1000, BINS = 256 };

static unsigned data[N];

int main(void)
{
  unsigned long long hist[BINS];
  int grid[4][8];
  double sums[16];
  long want_hist[BINS] = {0}, want_grid[4][8] = {{0}};
  double want_sums[16] = {0};
  for (int i = 0; i < N; i++) {
    data[i] = (unsigned)(i * 2654435761u) >> 7;
    want_hist[data[i] % BINS]++;
    want_grid[data[i] % 4][data[i] % 8]++;
    want_grid[0][data[i] % 8]--;
    want_sums[data[i] % 16] += 0.5;
  }
  for (int k = 0; k < BINS; k++) /* the originals' values stay */
    hist[k] = k, want_hist[k] += k;
  for (int a = 0; a < 4; a++)
    for (int b = 0; b < 8; b++)
      grid[a][b] = 10 * a + b, want_grid[a][b] += 10 * a + b;
  for (int k = 0; k < 16; k++)
    sums[k] = 1, want_sums[k] += 1;
  int nblocks = N / BLOCK;
#pragma omp target teams distribute map(tofrom : hist, grid, sums) map(to : data)
  for (int b = 0; b < nblocks; b++) {
#pragma omp parallel for
    for (int i = b * BLOCK; i < (b + 1) * BLOCK; i++) {
      unsigned v = data[i];
#pragma omp atomic
      hist[v % BINS] += 1;
#pragma omp atomic update
      grid[v % 4][v % 8]++;
#pragma omp atomic
      --grid[0][v % 8];
#pragma omp atomic
      sums[v % 16] = sums[v % 16] + 0.5;
    }
  }
  int bad = 0;
  for (int k = 0; k < BINS; k++)
    bad += hist[k] != (unsigned long long)want_hist[k];
  check_eq("histogram: wrong bins", bad, 0);
  bad = 0;
  for (int a = 0; a < 4; a++)
    for (int b = 0; b < 8; b++)
      bad += grid[a][b] != want_grid[a][b];
  check_eq("grid: wrong cells", bad, 0);
  bad = 0;
  for (int k = 0; k < 16; k++)
    bad += sums[k] != want_sums[k];
  check_eq("sums: wrong", bad, 0);

  /* every team runs the whole loop: teams times the counts */
  unsigned counts[BINS] = {0};
  int teams = 0;
#pragma omp target teams num_teams(3) map(tofrom : counts, teams) map(to : data)
  {
    if (omp_get_team_num() == 0)
      teams = omp_get_num_teams();
#pragma omp parallel for
    for (int i = 0; i < N; i++) {
#pragma omp atomic
      counts[data[i] % BINS] += 1u;
    }
  }
  bad = 0;
  for (int k = 0; k < BINS; k++)
    bad += counts[k] != (unsigned)(teams * (want_hist[k] - k));
  check_eq("teams region: wrong bins", bad, 0);
  return fails != 0;
}
