// taskwait with depend and nowait (OpenMP 5.2 15.5): as if the depend
// clauses were on a task with an empty body whose execution may be
// deferred, so a later task that depends on one of its items waits for
// the predecessors of all of them.  gcc 12 does not take nowait on
// taskwait: transform/depend.c makes it that empty task.  The task before
// it is slow on purpose: a task that did not wait would see the old
// value.  Also in a target region, where tasks run at once.
// RUN: %ompicc -o %t %s && %t
#include <stdio.h>
#include <unistd.h>

int main(void)
{
  int fails = 0, x = 0, arr[4] = {0}, seen = -1, seen2 = -1;
#pragma omp parallel num_threads(4)
#pragma omp single
  {
#pragma omp task depend(inout: x) shared(x)
    {
      usleep(50000);
      x = 1;
    }
    /* the empty task: in x (after the task above), out arr */
#pragma omp taskwait depend(in: x) depend(out: arr) nowait
#pragma omp task depend(inout: arr) shared(x, seen)
    seen = x; /* arr's only tie to x is the taskwait */

#pragma omp task depend(out: x) shared(x)
    {
      usleep(30000);
      x = 2;
    }
    /* a dependence type of 5.1 on it too */
#pragma omp taskwait depend(inoutset: x) depend(inout: arr[0]) nowait
#pragma omp task depend(in: arr[0]) shared(x, seen2)
    seen2 = x;
#pragma omp taskwait
  }
  fails += seen != 1 || seen2 != 2;

  /* in device code (host fallback: the host's tasks) */
  int y = 0, z = 0;
#pragma omp target map(tofrom: y, z)
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp task depend(out: y) shared(y)
    y = 3;
#pragma omp taskwait depend(in: y) depend(out: z) nowait
#pragma omp task depend(in: z) shared(y, z)
    z = y + 1;
  }
  fails += y != 3 || z != 4;
  if (fails)
    printf("%d failures: seen %d %d, y %d z %d\n", fails, seen, seen2, y, z);
  return fails != 0;
}
