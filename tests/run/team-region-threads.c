// num_threads and if on a parallel region inside a teams distribute loop
// (OpenMP 5.2 10.1.1: the team has at most num_threads threads, one where
// if is false), in an SPMD kernel whose team runs the region
// (transform/team-loops.c): the region's statements run on its threads
// alone (a reduction over them counts them), its for construct is shared
// among them, single runs once, and masked with a filter beyond the team
// runs on no thread (10.5).
// RUN: %ompicc -o %t %s && %t
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
  return fails != 0;
}
