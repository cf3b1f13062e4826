// RUN: %ompicc -o %t %s && %t
// Dynamic and guided loops that a team of one runs (OpenMP 5.2 11.5.3,
// 10.2): an orphaned for that a generic kernel's serial code calls (the
// master is its team), and one in a nested parallel region, serialised
// on the thread of the outer region that meets it.  The library gives
// such a loop no shared state: the thread takes every iteration, in
// order, exactly once, whatever the schedule's chunk size.
#include <omp.h>

#include "Inputs/check.h"

#define N 1000
#define OUTER 4

#pragma omp declare target
/* seq[i]: the position at which iteration i ran, counted by *pos */
static void walk(int n, int kind, int chunk, int *seq, int *pos)
{
  if (kind == 0) {
#pragma omp for schedule(dynamic, chunk) nowait
    for (int i = 0; i < n; i++)
      seq[i] = (*pos)++;
  } else {
#pragma omp for schedule(guided, chunk) nowait
    for (int i = 0; i < n; i++)
      seq[i] = (*pos)++;
  }
}
#pragma omp end declare target

int main(void)
{
  static int serial[4][N], nested[OUTER][2][N], alone[OUTER];
  int threads = 0;
#pragma omp target teams num_teams(1) map(from: serial, nested, threads, alone)
  {
    int pos = 0;
    walk(N, 0, 1, serial[0], &pos);
    pos = 0;
    walk(N, 0, 7, serial[1], &pos);
    pos = 0;
    walk(N, 1, 1, serial[2], &pos);
    pos = 0;
    walk(N, 1, 13, serial[3], &pos);
#pragma omp parallel num_threads(OUTER)
    {
      int me = omp_get_thread_num();
      if (me == 0)
        threads = omp_get_num_threads();
      if (me < OUTER) {
#pragma omp parallel num_threads(3)
        if (omp_get_num_threads() == 1) { /* inactive (the host may nest) */
          int p = 0;
          walk(N, 0, 3, nested[me][0], &p);
          p = 0;
          walk(N, 1, 5, nested[me][1], &p);
          alone[me] = 1;
        }
      }
    }
  }
  for (int k = 0; k < 4; k++)
    for (int i = 0; i < N; i++)
      CHECK(serial[k][i] == i);
  CHECK(threads >= 1 && threads <= OUTER);
  for (int t = 0; t < threads; t++)
    for (int k = 0; k < 2 && alone[t]; k++)
      for (int i = 0; i < N; i++)
        CHECK(nested[t][k][i] == i);
  return fails != 0;
}
