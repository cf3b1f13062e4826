/* threadprivate-ordered.c - threadprivate variables with copyin, and
 * ordered regions that must run in iteration order.
 *
 * RUN: %ompicc -o %t %s && %t > %t.out
 * RUN: gcc -fopenmp -o %t.gcc %s && %t.gcc > %t.gcc.out
 * RUN: diff %t.out %t.gcc.out
 * RUN: FileCheck %s < %t.out
 * CHECK: threadprivate ok
 * CHECK: copyin 4 of 4
 * CHECK: ordered 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19
 * CHECK: all ok
 */
#include <omp.h>
#include <stdio.h>

static int counter;
#pragma omp threadprivate(counter)
int seed = 5;
#pragma omp threadprivate(seed)
static int failures;

int main(void)
{
  int bad = 0;
  omp_set_dynamic(0);
#pragma omp parallel num_threads(4) reduction(+ : bad)
  {
    counter = omp_get_thread_num() * 100;
#pragma omp barrier
    for (int i = 0; i < 10; i++)
      counter++;
#pragma omp barrier
    bad += counter != omp_get_thread_num() * 100 + 10;
  }
  printf("threadprivate %s\n", bad ? "wrong" : "ok");
  failures += bad != 0;

  seed = 11;
  int same = 0;
#pragma omp parallel num_threads(4) copyin(seed) reduction(+ : same)
  same += seed == 11;
  printf("copyin %d of %d\n", same, 4);
  failures += same != 4;

  printf("ordered");
#pragma omp parallel for ordered schedule(dynamic, 1) num_threads(4)
  for (int i = 0; i < 20; i++) {
    int sq = i * i; /* outside the ordered region: any order */
    (void)sq;
#pragma omp ordered
    printf(" %d", i);
  }
  printf("\n");
  if (failures)
    return 1;
  puts("all ok");
  return 0;
}
