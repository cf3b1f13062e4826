// RUN: %ompicc -o %t %s && %t
// The parallel loops inside a teams distribute loop (transform/team-loops.c)
// run exactly the iterations of their bounds (OpenMP 5.2 4.4.1-4.4.2,
// 11.5): up and down, with < <= > >=, steps of 1 to 3, of signed,
// unsigned and pointer variables, and bounds that cross so that the loop
// runs no iteration, by little or by much (codegen-cuda/kernels.c
// team_loop tests that the loop runs, transform/offload.c
// offload_trip_parts; team-loop-far-bounds.c has 64-bit ranges).  Each
// row's bounds depend on the row, so rows of all these kinds meet in one
// launch.
#include "Inputs/check.h"

#define ROWS 40
#define W 64

static int hits[6][ROWS][W], want[6][ROWS][W];

int main(void)
{
  static int data[W];
#pragma omp target teams distribute map(tofrom : hits) map(to : data)
  for (int r = 0; r < ROWS; r++) {
    int lo = r % 9, hi = (r * 7) % 13; /* hi below lo in some rows */
#pragma omp parallel for
    for (int i = lo; i < hi; i++)
      hits[0][r][i]++;
#pragma omp parallel for
    for (long i = lo; i <= hi; i += 3)
      hits[1][r][i]++;
#pragma omp parallel for
    for (int i = hi + 5; i > lo; i--)
      hits[2][r][i]++;
#pragma omp parallel for
    for (short i = (short)hi; i >= lo; i -= 2)
      hits[3][r][i]++;
#pragma omp parallel for
    for (unsigned u = (unsigned)lo; u < (unsigned)hi + 2; u += 2)
      hits[4][r][u]++;
#pragma omp parallel for
    for (int *p = data + lo; p <= data + hi; p++)
      hits[5][r][p - data]++;
  }
  for (int r = 0; r < ROWS; r++) {
    int lo = r % 9, hi = (r * 7) % 13;
    for (int i = lo; i < hi; i++)
      want[0][r][i]++;
    for (long i = lo; i <= hi; i += 3)
      want[1][r][i]++;
    for (int i = hi + 5; i > lo; i--)
      want[2][r][i]++;
    for (short i = (short)hi; i >= lo; i -= 2)
      want[3][r][i]++;
    for (unsigned u = (unsigned)lo; u < (unsigned)hi + 2; u += 2)
      want[4][r][u]++;
    for (int *p = data + lo; p <= data + hi; p++)
      want[5][r][p - data]++;
  }
  for (int k = 0; k < 6; k++)
    for (int r = 0; r < ROWS; r++)
      check_same_values("loop form", k * 100 + r, hits[k][r], want[k][r], W);
  return fails != 0;
}
