// A parallel region of a generic kernel reads a scalar of the serial code
// that nothing changes while the region runs from a copy of its own
// (codegen-cuda/generic.c, read_only_in), and every other shared
// variable through its reference.  A variable shared in a parallel region
// is one storage for the team (OpenMP 5.2 5.1.1, 5.4.2), so each case
// below checks that a thread sees what another thread of the region, or
// the construct, wrote into it before a barrier (15.3.1, whose flush makes
// the write visible, 1.4.4): written through a pointer taken in the
// serial code; as a lastprivate of a worksharing loop (5.4.5); as a
// reduction of one (5.5.8); and in the region itself.  A firstprivate
// scalar, which travels by value, starts from its value at the fork in
// every thread, and what a thread writes stays its own (5.4.4).  A copy taken at the fork would keep the old value.
// The `if` clauses keep the regions generic (transform/team-loops.c).
// RUN: %ompicc -o %t %s && %t
#include <omp.h>
#include <stdio.h>

#include "Inputs/check.h"

#define N 64
#define T 8

int main(void)
{
  int n = N;
  float s = 2.5f, x[N], y[N];
  int seen[5][T], fp_after = -1;
  for (int i = 0; i < N; i++)
    x[i] = (float)i, y[i] = 1.0f;
  for (int c = 0; c < 5; c++)
    for (int t = 0; t < T; t++)
      seen[c][t] = -1;

  #pragma omp target teams num_teams(1) thread_limit(T) map(to: x) map(tofrom: y, seen, fp_after)
  {
    int k = 3; /* only read by the regions: copies */
    #pragma omp parallel for if (n > 1)
    for (int i = 0; i < n; i++)
      y[i] = s * x[i] + y[i] + k;

    int m = 1, *pm = &m; /* changed through a pointer */
    #pragma omp parallel if (n > 1) num_threads(T)
    {
      #pragma omp single
      *pm = 5;
      seen[0][omp_get_thread_num()] = m;
    }

    int last = 0; /* a lastprivate */
    #pragma omp parallel if (n > 1) num_threads(T)
    {
      #pragma omp for lastprivate(last)
      for (int i = 0; i < n; i++)
        last = i;
      seen[1][omp_get_thread_num()] = last;
    }

    int total = 0; /* a reduction */
    #pragma omp parallel if (n > 1) num_threads(T)
    {
      #pragma omp for reduction(+: total)
      for (int i = 0; i < n; i++)
        total += 1;
      seen[2][omp_get_thread_num()] = total;
    }

    int flag = 0; /* written in the region */
    #pragma omp parallel if (n > 1) num_threads(T)
    {
      #pragma omp masked
      flag = 9;
      #pragma omp barrier
      seen[3][omp_get_thread_num()] = flag;
    }

    int fp = 10; /* firstprivate */
    #pragma omp parallel if (n > 1) num_threads(T) firstprivate(fp)
    {
      fp += omp_get_thread_num();
      seen[4][omp_get_thread_num()] = fp;
    }
    fp_after = fp;
  }

  for (int i = 0; i < N; i++)
    CHECK(y[i] == 2.5f * i + 1.0f + 3);
  int threads = 0;
  for (int t = 0; t < T; t++)
    threads += seen[0][t] != -1;
  CHECK(threads >= 1);
  for (int t = 0; t < threads; t++) {
    check_eq("through a pointer", seen[0][t], 5);
    check_eq("lastprivate", seen[1][t], N - 1);
    check_eq("reduction", seen[2][t], N);
    check_eq("written in the region", seen[3][t], 9);
    check_eq("firstprivate", seen[4][t], 10 + t);
  }
  check_eq("firstprivate's original", fp_after, 10);
  return fails != 0;
}
