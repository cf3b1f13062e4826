// depend(inoutset: x) (OpenMP 5.2 15.9.5): tasks with inoutset on the same
// item are ordered against the tasks with in, out, inout and
// mutexinoutset on it, before and after them (gcc 12 does not know the
// type: transform/depend.c makes it inout, which orders more and never
// less).  The tasks before each check are slow on purpose: a task that
// did not wait would see the old values.  The same on target constructs
// (13.8: the target task takes the dependences) and in a target region,
// where tasks run at once.
// RUN: %ompicc -o %t %s && %t
// (gcc 9 as the host compiler lets an inout task run before an in task
// it depends on: README, Host compilers)
// UNSUPPORTED: host-gcc-before-10
#include <stdio.h>
#include <unistd.h>

int main(void)
{
  int fails = 0, x = 0, sets = 0, seen_in = -1, seen_mutex = -1, seen_last = -1;
  int t = 0, seen_target = -1;
#pragma omp parallel num_threads(4)
#pragma omp single
  {
#pragma omp task depend(out: x) shared(x)
    {
      usleep(50000);
      x = 1;
    }
    for (int i = 0; i < 3; i++) {
#pragma omp task depend(inoutset: x) shared(x, sets, fails)
      {
        int v;
#pragma omp atomic read
        v = x;
        if (v != 1) /* after the out task */
#pragma omp atomic
          fails++;
        usleep(20000);
#pragma omp atomic
        sets++;
      }
    }
#pragma omp task depend(in: x) shared(sets, seen_in)
    {
#pragma omp atomic read
      seen_in = sets; /* after the whole set */
      usleep(20000);
    }
#pragma omp task depend(inoutset: x) shared(x, seen_in, fails)
    {
      if (seen_in != 3) /* a second set, after the in task */
        fails++;
      usleep(20000);
      x = 2;
    }
#pragma omp task depend(mutexinoutset: x) shared(x, seen_mutex)
    {
      seen_mutex = x;
      usleep(20000);
      x = 3;
    }
#pragma omp task depend(inoutset: x) shared(x, seen_last)
    seen_last = x; /* after the mutexinoutset task */

    /* target constructs with inoutset, after a host task with out */
#pragma omp task depend(out: t) shared(t)
    {
      usleep(50000);
      t = 10;
    }
#pragma omp target map(tofrom: t) depend(inoutset: t) nowait
    t += 1;
#pragma omp target update to(t) depend(inoutset: t)
#pragma omp task depend(in: t) shared(t, seen_target)
    seen_target = t;
#pragma omp taskwait
  }
  fails += seen_in != 3 || seen_mutex != 2 || seen_last != 3 || seen_target != 11;

  /* in device code (host fallback: the host's tasks) */
  int y = 0, z = 0;
#pragma omp target map(tofrom: y, z)
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp task depend(out: y) shared(y)
    y = 5;
#pragma omp task depend(inoutset: y) shared(y, z)
    {
      int v;
#pragma omp atomic read
      v = y;
#pragma omp atomic
      z += v;
    }
#pragma omp task depend(inoutset: y) shared(y, z)
    {
      int v;
#pragma omp atomic read
      v = y;
#pragma omp atomic
      z += v;
    }
#pragma omp task depend(in: y) shared(y, z)
    y = z + 1;
  }
  fails += y != 11 || z != 10;
  if (fails)
    printf("%d failures: in %d, mutex %d, last %d, target %d, y %d z %d\n", fails, seen_in,
           seen_mutex, seen_last, seen_target, y, z);
  return fails != 0;
}
