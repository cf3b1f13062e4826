// num_threads and if on a parallel region inside a teams distribute loop
// (OpenMP 5.2 10.1.1: the team has at most num_threads threads, one where
// if is false), in an SPMD kernel whose team runs the region
// (transform/team-loops.c): the region's statements run on its threads
// alone (a reduction over them counts them), its for construct is shared
// among them, single runs once, and masked with a filter beyond the team
// runs on no thread (10.5); omp_get_thread_num() and
// omp_get_num_threads() answer for the region's threads (18.2.2, 18.2.4),
// in a region and in a parallel loop with num_threads; and reductions of
// such loops into mapped storage, which the team combines into once.
// RUN: %ompicc -o %t %s && %t
#include <omp.h>

#include "Inputs/check.h"

#define NB 50
#define W 64

int main(void)
{
  static int a[NB * W], count[NB], once[NB], beyond[NB], alone[NB];
  for (int i = 0; i < NB * W; i++)
    a[i] = 0;
#pragma omp target teams distribute map(tofrom : a, count, once, beyond) thread_limit(64)
  for (int b = 0; b < NB; b++) {
    int s = 0;
    once[b] = 0;
    beyond[b] = 0;
#pragma omp parallel num_threads(24) reduction(+ : s)
    {
      int one = 1;
      s += one;
#pragma omp for
      for (int i = 0; i < W; i++)
        a[b * W + i] += i;
#pragma omp single
      once[b] += 1;
#pragma omp masked filter(30)
      beyond[b] = 1;
    }
    count[b] = s;
  }
  long bad = 0;
  for (int b = 0; b < NB; b++) {
    bad += count[b] < 1 || count[b] > 24 || count[b] != count[0];
    bad += once[b] != 1 || beyond[b] != 0;
    for (int i = 0; i < W; i++)
      bad += a[b * W + i] != i;
  }
  check_eq("num_threads: teams wrong", bad, 0);

#pragma omp target teams distribute map(tofrom : alone)
  for (int b = 0; b < NB; b++) {
    int s = 0;
#pragma omp parallel if (b % 2) reduction(+ : s)
    s += 1;
    alone[b] = s;
  }
  bad = 0;
  for (int b = 0; b < NB; b += 2)
    bad += alone[b] != 1;
  check_eq("if false: regions of more than one thread", bad, 0);

  /* the thread routines in a region and a loop of fewer threads */
  static int who[NB * W], size[NB], loop_size[NB];
  for (int i = 0; i < NB * W; i++)
    who[i] = -1;
#pragma omp target teams distribute map(tofrom : who, size, loop_size) thread_limit(64)
  for (int b = 0; b < NB; b++) {
#pragma omp parallel num_threads(20)
    {
      int t = omp_get_thread_num();
      who[b * W + t] = t;
      if (t == 0)
        size[b] = omp_get_num_threads();
    }
#pragma omp parallel for num_threads(12)
    for (int i = 0; i < 12; i++)
      if (i == 0)
        loop_size[b] = omp_get_num_threads();
  }
  bad = 0;
  for (int b = 0; b < NB; b++) {
    bad += size[b] < 1 || size[b] > 20 || size[b] != size[0];
    bad += loop_size[b] < 1 || loop_size[b] > 12;
    for (int t = 0; t < W; t++)
      bad += t < size[b] ? who[b * W + t] != t : who[b * W + t] != -1;
  }
  check_eq("thread routines: teams wrong", bad, 0);

  /* reductions into mapped storage (5.5.8): the team's threads each add,
   * and the team combines once into the original (one team: with more,
   * their parallel regions would update the shared original unordered,
   * a race of the program's) */
  long mapped = 5, in_region = 0;
#pragma omp target teams distribute map(tofrom : mapped) num_teams(1)
  for (int b = 0; b < NB; b++) {
#pragma omp parallel for reduction(+ : mapped)
    for (int i = 0; i < W; i++)
      mapped += i;
  }
  check_eq("parallel for reduction into mapped storage", mapped, 5 + (long)NB * W * (W - 1) / 2);
#pragma omp target parallel num_threads(16) map(tofrom : in_region)
  {
    int k = 3;
#pragma omp for reduction(+ : in_region)
    for (int i = 0; i < W; i++)
      in_region += k;
  }
  check_eq("for reduction into mapped storage", in_region, 3L * W);
  return fails != 0;
}
