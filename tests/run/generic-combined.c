// Combined constructs and loop inside generic target regions (OpenMP 5.2
// 17.4: a combined construct is its first leaf with the construct of the
// other leaves as its only statement; 10.5 masked and master; 11.7 loop,
// whose iterations its binding region shares; 12.6 taskloop).  Each region
// has serial code around its constructs, so that it is a generic kernel.
// RUN: %ompicc -o %t %s && %t
#include <omp.h>
#include <stdio.h>

#include "Inputs/check.h"

#define N 1024

int main(void)
{
  int count = 0, masked_by = -1, nth = 0;
  static int a[N], b[N];
  /* parallel master, parallel masked: one thread runs the block */
#pragma omp target map(tofrom: count, masked_by, nth)
  {
    count = 0;
#pragma omp parallel master num_threads(8)
    {
#pragma omp atomic
      count++;
    }
#pragma omp parallel masked num_threads(4) filter(2)
    {
      masked_by = omp_get_thread_num();
      nth = omp_get_num_threads();
    }
  }
  check_eq("parallel master: runs", count, 1);
  check_eq("parallel masked filter(2): thread", masked_by, nth > 2 ? 2 : -1);

  /* master taskloop, masked taskloop: the master's tasks run every
   * iteration once, not each thread of the team */
#pragma omp target map(tofrom: a, b)
  {
    int one = 1;
#pragma omp parallel num_threads(8)
    {
#pragma omp master taskloop
      for (int i = 0; i < N; i++)
        a[i] += one;
#pragma omp masked taskloop simd filter(0)
      for (int i = 0; i < N; i++)
        b[i] += one;
    }
  }
  int wrong = 0;
  for (int i = 0; i < N; i++)
    wrong += a[i] != 1 || b[i] != 1;
  check_eq("master taskloop: wrong elements", wrong, 0);

  /* loop bound to the parallel region, not its only statement, and
   * parallel loop: the threads share the iterations and the reduction */
  long total = 0, total2 = 0, each = 0;
  int threads = 0;
#pragma omp target map(tofrom: total, total2, each, threads)
  {
#pragma omp parallel num_threads(8) reduction(+: each)
    {
      int x = 1;
#pragma omp loop reduction(+: total)
      for (int i = 0; i < N; i++)
        total += x;
      /* bind(thread): every thread runs every iteration */
#pragma omp loop bind(thread)
      for (int i = 0; i < N; i++)
        each += 1;
#pragma omp single
      threads = omp_get_num_threads();
    }
    int y = 2;
#pragma omp parallel loop num_threads(4) reduction(+: total2)
    for (int i = 0; i < N; i++)
      total2 += y;
  }
  check_eq("loop in parallel: total", total, N);
  check_eq("loop bind(thread): each thread's sum", each, (long)threads * N);
  check_eq("parallel loop: total", total2, 2 * N);

  /* loop bound to a teams region: its teams and their threads share the
   * iterations (and teams loop, the combined form) */
  long t1 = 0, t2 = 0;
  for (int i = 0; i < N; i++)
    a[i] = 0;
#pragma omp target teams num_teams(4) map(tofrom: t1, a)
  {
    int z = 1;
#pragma omp loop reduction(+: t1)
    for (int i = 0; i < N; i++) {
      t1 += z;
      a[i] += 1;
    }
  }
#pragma omp target map(tofrom: t2)
  {
    int w = 3;
#pragma omp teams loop num_teams(2) reduction(+: t2)
    for (int i = 0; i < N; i++)
      t2 += w;
  }
  wrong = 0;
  for (int i = 0; i < N; i++)
    wrong += a[i] != 1;
  check_eq("loop in teams: total", t1, N);
  check_eq("loop in teams: elements not run once", wrong, 0);
  check_eq("teams loop: total", t2, 3 * N);
  return fails != 0;
}
