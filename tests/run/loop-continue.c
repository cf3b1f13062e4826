// continue in the loop of a target region ends the iteration, and what
// the construct does after each iteration still happens: lastprivate
// (OpenMP 5.2 5.4.5) takes the sequentially last iteration's value even
// when that iteration ends with continue, and linear (5.4.6) its final
// value; a continue of an inner loop stays that loop's.  Every SPMD shape
// (grid, one block, one thread per team), a collapsed nest, a
// non-rectangular one and a generic kernel, collapsed too.
// RUN: %ompicc -o %t %s && %t
// (a host gcc before 11 lacks non-rectangular loop nests in host code: README, Host compilers)
// UNSUPPORTED: host-gcc-before-11
#include "Inputs/check.h"

#define N 101

int main(void)
{
  int a[N] = {0}, x = -1, j = 0, last = -1;

#pragma omp target teams distribute parallel for lastprivate(x) map(tofrom: a)
  for (int i = 0; i < N; i++) {
    x = 3 * i;
    if (i % 2 == 0) /* the last iteration, 100, ends here */
      continue;
    a[i] = 1;
  }
  check_eq("grid: lastprivate", x, 300);
  int ones = 0;
  for (int i = 0; i < N; i++)
    ones += a[i];
  check_eq("grid: odd iterations", ones, 50);

  x = -1;
#pragma omp target parallel for lastprivate(x) linear(j : 2) map(tofrom: a)
  for (int i = 0; i < N; i++) {
    x = i + 7;
    j += 2;
    if (j >= 0)
      continue;
    a[i] = -1;
  }
  check_eq("block: lastprivate", x, 107);
  check_eq("block: linear", j, 2 * N);

  x = -1;
#pragma omp target teams distribute lastprivate(x) map(tofrom: a)
  for (int i = 0; i < N; i++) {
    int inner = 0;
    for (int k = 0; k < 10; k++) {
      if (k % 3)
        continue; /* the inner loop's */
      inner++;
    }
    x = i * 100 + inner;
    if (i > 0)
      continue;
    a[i] = inner;
  }
  check_eq("teams: lastprivate", x, 10004);
  check_eq("teams: inner continue", a[0], 4);

  int li = -1, lj = -1;
#pragma omp target teams distribute parallel for collapse(2) lastprivate(li, lj)
  for (int i = 0; i < 7; i++)
    for (int k = 0; k < 9; k++) {
      li = i, lj = k;
      if (k == 8)
        continue;
      li = lj = -2;
    }
  check_eq("collapse: lastprivate i", li, 6);
  check_eq("collapse: lastprivate k", lj, 8);

  li = -1;
#pragma omp target teams distribute parallel for collapse(2) lastprivate(li)
  for (int i = 0; i < 20; i++)
    for (int k = i; k < 20; k++) {
      li = i * 20 + k;
      if (k == 19)
        continue;
      li = -2;
    }
  check_eq("non-rectangular: lastprivate", li, 399);

  last = -1;
#pragma omp target teams map(tofrom: last) num_teams(1)
  {
    int mine = -1;
#pragma omp distribute parallel for lastprivate(mine)
    for (int i = 0; i < N; i++) {
      mine = i;
      if (i == N - 1)
        continue;
      mine = -2;
    }
    last = mine;
  }
  check_eq("generic: lastprivate", last, N - 1);

  /* a collapsed worksharing loop of a generic kernel steps its indices
   * in the for's increment, which a continue still runs */
  int g[7][9] = {{0}};
  li = lj = -1;
#pragma omp target teams map(tofrom: g, li, lj) num_teams(1)
  {
#pragma omp parallel for collapse(2) lastprivate(li, lj) schedule(dynamic, 5)
    for (int i = 0; i < 7; i++)
      for (int k = 0; k < 9; k++) {
        li = i, lj = k;
        if (k == 3)
          continue;
        g[i][k] = i * 10 + k;
      }
  }
  int wrong = 0;
  for (int i = 0; i < 7; i++)
    for (int k = 0; k < 9; k++)
      wrong += g[i][k] != (k == 3 ? 0 : i * 10 + k);
  check_eq("generic collapse: elements", wrong, 0);
  check_eq("generic collapse: lastprivate i", li, 6);
  check_eq("generic collapse: lastprivate k", lj, 8);
  return fails != 0;
}
