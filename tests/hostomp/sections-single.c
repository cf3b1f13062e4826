/* sections-single.c - sections, single (with copyprivate and nowait),
 * master, masked and barrier, checked against what a sequential run does.
 *
 * RUN: %ompicc -o %t %s && %t > %t.out
 * RUN: gcc -fopenmp -o %t.gcc %s && %t.gcc > %t.gcc.out
 * RUN: diff %t.out %t.gcc.out
 * RUN: FileCheck %s < %t.out
 * CHECK: sections 1 2 3 4
 * CHECK: single once 1
 * CHECK: copyprivate 4 of 4
 * CHECK: master ran on thread 0
 * CHECK: barrier ok
 * CHECK: all ok
 */
#include <omp.h>
#include <stdio.h>

static int failures;

static int work(int k) { return k * k; }

static void sections(void)
{
  int r[4] = {0};
#pragma omp parallel sections num_threads(3)
  {
#pragma omp section
    r[0] = work(1);
#pragma omp section
    r[1] = work(2) / 2;
#pragma omp section
    {
      r[2] = work(3) / 3;
    }
#pragma omp section
    r[3] = work(4) / 4;
  }
  printf("sections %d %d %d %d\n", r[0], r[1], r[2], r[3]);
  failures += r[0] != 1 || r[1] != 2 || r[2] != 3 || r[3] != 4;
}

static void singles(void)
{
  int once = 0, agreed = 0;
#pragma omp parallel num_threads(4) shared(once, agreed)
  {
    int value;
#pragma omp single
    once++;
#pragma omp single copyprivate(value)
    value = 42;
#pragma omp atomic
    agreed += value == 42;
#pragma omp single nowait
    ;
  }
  printf("single once %d\ncopyprivate %d of 4\n", once, agreed);
  failures += once != 1 || agreed != 4;
}

static void master_barrier(void)
{
  int who = -1, phase[4] = {0}, bad = 0;
#pragma omp parallel num_threads(4) reduction(+ : bad)
  {
    int me = omp_get_thread_num();
#pragma omp master
    who = me;
#pragma omp masked filter(0)
    phase[0] = 1;
    phase[me] = 1;
#pragma omp barrier
    for (int t = 0; t < omp_get_num_threads(); t++)
      bad += !phase[t];
  }
  printf("master ran on thread %d\nbarrier %s\n", who, bad ? "wrong" : "ok");
  failures += who != 0 || bad;
}

int main(void)
{
  sections();
  singles();
  master_barrier();
  if (failures)
    return 1;
  puts("all ok");
  return 0;
}
