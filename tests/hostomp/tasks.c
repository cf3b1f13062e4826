/* tasks.c - explicit tasks: recursive tasks with taskwait, a dependence
 * chain (depend in/out/inout), taskgroup, task reduction, taskloop with
 * grainsize and num_tasks, and taskyield; checked against sequential
 * results.
 *
 * RUN: %ompicc -O1 -o %t %s && %t > %t.out
 * RUN: gcc -fopenmp -O1 -o %t.gcc %s && %t.gcc > %t.gcc.out
 * RUN: diff %t.out %t.gcc.out
 * RUN: FileCheck %s < %t.out
 * CHECK: fib(20) 6765
 * CHECK: depend 2 4 5 10
 * CHECK: taskgroup 100
 * CHECK: task reduction 5050
 * CHECK: taskloop 499500 499500
 * CHECK: all ok
 */
#include <omp.h>
#include <stdio.h>

static int failures;

static long fib(int n)
{
  if (n < 2)
    return n;
  long a, b;
#pragma omp task shared(a) firstprivate(n) if (n > 10)
  a = fib(n - 1);
#pragma omp task shared(b) final(n <= 10)
  b = fib(n - 2);
#pragma omp taskwait
  return a + b;
}

/* x = 1; x *= 2 (twice, in order); then + 1, then * 2: 2, 4, 5, 10. */
static void depend_chain(void)
{
  int x = 1, steps[4];
#pragma omp parallel num_threads(4)
#pragma omp single
  {
#pragma omp task depend(out : x) shared(x, steps)
    steps[0] = x = x * 2;
#pragma omp task depend(inout : x) shared(x, steps)
    steps[1] = x = x * 2;
#pragma omp task depend(inout : x) shared(x, steps)
    {
      omp_get_thread_num();
#pragma omp taskyield
      steps[2] = x = x + 1;
    }
#pragma omp task depend(in : x) depend(out : steps[3]) shared(x, steps)
    steps[3] = x * 2;
  }
  printf("depend %d %d %d %d\n", steps[0], steps[1], steps[2], steps[3]);
  failures += steps[0] != 2 || steps[1] != 4 || steps[2] != 5 || steps[3] != 10;
}

static void group_and_reduction(void)
{
  int done = 0, sum = 0;
#pragma omp parallel num_threads(4)
#pragma omp single
  {
#pragma omp taskgroup
    {
      for (int i = 0; i < 100; i++) {
#pragma omp task shared(done)
        {
#pragma omp atomic
          done++;
        }
      }
    }
    printf("taskgroup %d\n", done);
#pragma omp taskgroup task_reduction(+ : sum)
    for (int i = 1; i <= 100; i++) {
#pragma omp task in_reduction(+ : sum)
      sum += i;
    }
    printf("task reduction %d\n", sum);
  }
  failures += done != 100 || sum != 5050;
}

static void taskloops(void)
{
  long a = 0, b = 0, want = 0;
  static long part[1000];
  for (int i = 0; i < 1000; i++)
    want += i;
#pragma omp parallel num_threads(4)
#pragma omp single
  {
#pragma omp taskloop grainsize(64) shared(part)
    for (int i = 0; i < 1000; i++)
      part[i] = i;
#pragma omp taskloop num_tasks(7) reduction(+ : b)
    for (int i = 0; i < 1000; i++)
      b += i;
  }
  for (int i = 0; i < 1000; i++)
    a += part[i];
  printf("taskloop %ld %ld\n", a, b);
  failures += a != want || b != want;
}

int main(void)
{
  long f;
#pragma omp parallel num_threads(4)
#pragma omp single
  f = fib(20);
  printf("fib(20) %ld\n", f);
  failures += f != 6765;
  depend_chain();
  group_and_reduction();
  taskloops();
  if (failures)
    return 1;
  puts("all ok");
  return 0;
}
