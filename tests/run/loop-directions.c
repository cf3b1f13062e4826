// The test of a canonical loop says which way its variable goes (OpenMP
// 5.2 4.4.1: under < or <= it increases, under > or >= it decreases), and
// incr-expr by how much: i += s under i > b with a negative s counts down
// by -s, i -= s with a negative s counts up.  SPMD and generic kernels,
// collapsed or not; each loop's iterations checked against the same loop
// run sequentially.
// RUN: %ompicc -o %t %s && %t
#include <string.h>

#include "Inputs/check.h"

#define N 40

static int hits[N], want[N], hits2[N][N], want2[N][N];

static void compare(const char *what)
{
  int bad = 0;
  for (int i = 0; i < N; i++) {
    bad += hits[i] != want[i];
    for (int j = 0; j < N; j++)
      bad += hits2[i][j] != want2[i][j];
  }
  check_eq(what, bad, 0);
  memset(hits, 0, sizeof hits), memset(want, 0, sizeof want);
  memset(hits2, 0, sizeof hits2), memset(want2, 0, sizeof want2);
}

int main(void)
{
  int down = -3, up = -2, last = -1, seq_last = -1;
#pragma omp target teams distribute parallel for map(tofrom: hits) lastprivate(last)
  for (int i = N - 1; i > 0; i += down) {
    hits[i]++;
    last = i;
  }
  for (int i = N - 1; i > 0; i += down)
    want[i]++, seq_last = i;
  compare("i += down under i > 0");
  check_eq("i += down, lastprivate", last, seq_last);

#pragma omp target parallel for map(tofrom: hits)
  for (long i = 1; i <= N - 1; i -= up)
    hits[i]++;
  for (long i = 1; i <= N - 1; i -= up)
    want[i]++;
  compare("i -= up under i <= N - 1");

#pragma omp target teams distribute collapse(2) map(tofrom: hits2)
  for (int i = 0; i < N; i = i - up)
    for (int j = N - 1; j >= 5; j = j + down)
      hits2[i][j]++;
  for (int i = 0; i < N; i = i - up)
    for (int j = N - 1; j >= 5; j = j + down)
      want2[i][j]++;
  compare("collapse(2), i = i - up, j = j + down");

#pragma omp target parallel map(tofrom: hits)
  {
    int one = 1;
#pragma omp for
    for (int i = N - 2; i >= 0; i += down)
      hits[i] += one;
  }
  for (int i = N - 2; i >= 0; i += down)
    want[i]++;
  compare("generic for, i += down under i >= 0");
  return fails != 0;
}
