// omp_all_memory in depend(out:) and depend(inout:) (OpenMP 5.2 15.9.5):
// the task depends on every earlier sibling task with a depend clause,
// whatever its items, and every later sibling task with a depend clause
// depends on it.  gcc 12 does not know the name: transform/depend.c runs
// the task between two taskwaits.  The tasks before it are slow on
// purpose, and so is the task itself: a task that did not wait would see
// the old values.  Also on target constructs (13.8: the target task
// takes the dependences), on taskwait (15.5), and in a target region.
// RUN: %ompicc -o %t %s && %t
#include <stdio.h>
#include <unistd.h>

int main(void)
{
  int fails = 0, a = 0, b = 0, all = 0, seen_a = -1, seen_c = -1, seen_all = -1;
  int t[4] = {0}, seen_t = -1, u = 0, d = 0;
#pragma omp parallel num_threads(4)
#pragma omp single
  {
#pragma omp task depend(out: a) shared(a)
    {
      usleep(50000);
      a = 1;
    }
#pragma omp task depend(in: b) shared(b)
    {
      usleep(30000);
      b = 1;
    }
#pragma omp task depend(inout: omp_all_memory) shared(a, b, all)
    {
      all = a + b; /* after both, though it names neither */
      usleep(50000);
      all += 10;
    }
#pragma omp task depend(in: a) shared(all, seen_a)
    seen_a = all;
    int c = 0;
#pragma omp task depend(out: c) shared(all, seen_c)
    seen_c = all; /* an item no task before named */
#pragma omp task depend(out: omp_all_memory, d) shared(all, seen_all)
    seen_all = all; /* out, with another item */

    /* a target task with omp_all_memory, nowait, and one without */
#pragma omp task depend(out: u) shared(u)
    {
      usleep(50000);
      u = 7;
    }
#pragma omp target map(tofrom: t) map(to: u) depend(out: omp_all_memory) nowait
    t[0] = u;
#pragma omp task depend(in: d) shared(t, seen_t)
    seen_t = t[0];
#pragma omp target map(tofrom: t) depend(inout: omp_all_memory, t)
    t[1] = t[0] + 1;
    fails += t[1] != 8;

    /* taskwait with omp_all_memory: every earlier task with depend is done */
#pragma omp task depend(out: u) shared(u)
    {
      usleep(30000);
      u = 9;
    }
#pragma omp taskwait depend(inout: omp_all_memory)
    fails += u != 9;
  }
  fails += all != 12 || seen_a != 12 || seen_c != 12 || seen_all != 12 || seen_t != 7;

  /* in device code (host fallback: the host's tasks) */
  int x = 0, y = 0;
#pragma omp target map(tofrom: x, y)
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp task depend(out: x) shared(x)
    x = 5;
#pragma omp task depend(inout: omp_all_memory) shared(x, y)
    y = x * 2;
#pragma omp task depend(in: y) shared(x, y)
    x = y + 1;
  }
  fails += x != 11 || y != 10;
  if (fails)
    printf("%d failures: all %d, a %d, c %d, out %d, target %d %d %d, x %d y %d\n", fails, all,
           seen_a, seen_c, seen_all, seen_t, t[0], t[1], x, y);
  return fails != 0;
}
