// RUN: %ompicc -o %t %s && %t
// The parallel loops inside a teams distribute loop (transform/team-loops.c)
// run exactly the iterations of their bounds (OpenMP 5.2 4.4.1-4.4.2:
// the logical iteration space; 11.5) when the bounds are 64-bit and far
// apart or near the ends of their type (codegen-cuda/kernels.c team_loop):
//  - loops that run no iteration although their distance does not fit in
//    64 bits, as a loop from a LONG_MAX lower bound to a LONG_MIN upper
//    one does (the minimum and maximum of an empty set): the kernel
//    tests that the loop runs before it counts its trip;
//  - loops that end next to the top of their type, where a thread that
//    stepped its variable by the team's size would pass it.
// Odd rows have the far bounds, even rows small ones, so both meet in one
// launch.  gcc 12's own parallel loops (the host device's) count the
// empty loop's trip in the variable's type and run iterations of it.
// UNSUPPORTED: device-host && !host-clang
#include <limits.h>

#include "Inputs/check.h"

#define ROWS 40
#define W 64
#define FORMS 4

#define FAR_LO(r, lo) ((r) % 2 ? LONG_MAX - (r) : (long)(lo))
#define FAR_HI(r, hi) ((r) % 2 ? LONG_MIN + (r) : (long)(hi))

static int hits[FORMS][ROWS][W], want[FORMS][ROWS][W];

int main(void)
{
#pragma omp target teams distribute map(tofrom : hits)
  for (int r = 0; r < ROWS; r++) {
    int lo = r % 9, hi = (r * 7) % 13;
#pragma omp parallel for
    for (long i = FAR_LO(r, lo); i <= FAR_HI(r, hi); i++)
      hits[0][r][i]++;
#pragma omp parallel for
    for (long long i = FAR_HI(r, hi) + 3; i > FAR_LO(r, lo); i -= 2)
      hits[1][r][i]++;
#pragma omp parallel for
    for (long i = FAR_LO(r, lo); i < FAR_HI(r, hi); i += 5)
      hits[2][r][i]++;
#pragma omp parallel for
    for (long i = LONG_MAX - W + lo; i < LONG_MAX - r % 3; i++)
      hits[3][r][i - (LONG_MAX - W)]++;
  }
  for (int r = 0; r < ROWS; r++) {
    int lo = r % 9, hi = (r * 7) % 13;
    for (long i = FAR_LO(r, lo); i <= FAR_HI(r, hi); i++)
      want[0][r][i]++;
    for (long long i = FAR_HI(r, hi) + 3; i > FAR_LO(r, lo); i -= 2)
      want[1][r][i]++;
    for (long i = FAR_LO(r, lo); i < FAR_HI(r, hi); i += 5)
      want[2][r][i]++;
    for (long i = LONG_MAX - W + lo; i < LONG_MAX - r % 3; i++)
      want[3][r][i - (LONG_MAX - W)]++;
  }
  for (int k = 0; k < FORMS; k++)
    for (int r = 0; r < ROWS; r++)
      check_same_values("loop form", k * 100 + r, hits[k][r], want[k][r], W);
  return fails != 0;
}
