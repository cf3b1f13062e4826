// Firstprivate copies are the construct's own: nothing they hold goes back
// to the original.  defaultmap per variable category (OpenMP 5.2 5.8.7:
// firstprivate, to, tofrom for scalar, aggregate, pointer), and task's
// firstprivate, private and default(firstprivate) in device code (5.4.4,
// 5.4.3, 5.4.1), in SPMD, one-thread and generic kernels.
// RUN: %ompicc -o %t %s && %t
#include <stdio.h>

#include "Inputs/check.h"

struct S {
  int x, y;
};

int main(void)
{
  int a[4] = {1, 2, 3, 4};
  struct S s = {5, 6};
  int n = 1;
  int *p = a;
  /* aggregates firstprivate: the region's copies, read and written */
#pragma omp target defaultmap(firstprivate: aggregate) map(tofrom: n)
  {
    n = a[1] + s.y; /* 2 + 6: the copies hold the values */
    a[0] = 100;
    s.x = 100;
  }
  check_eq("defaultmap(firstprivate: aggregate): a[0]", a[0], 1);
  check_eq("defaultmap(firstprivate: aggregate): s.x", s.x, 5);
  check_eq("defaultmap(firstprivate: aggregate): read", n, 8);
  /* everything firstprivate, the pointer's value too */
  int k = 3;
#pragma omp target defaultmap(firstprivate) map(tofrom: n)
  {
    n = k + s.x + (p != 0 ? 1000 : 0); /* p's value: the original's address */
    k = 99;
    s.x = 99;
  }
  check_eq("defaultmap(firstprivate): k", k, 3);
  check_eq("defaultmap(firstprivate): s.x", s.x, 5);
  check_eq("defaultmap(firstprivate): read", n, 3 + 5 + 1000);
  /* to: copied in (not back, unless the device's copy is the host's);
   * tofrom scalars: copied back */
#pragma omp target defaultmap(to: aggregate) defaultmap(tofrom: scalar)
  k = a[2];
  check_eq("defaultmap(tofrom: scalar), to: aggregate: k", k, 3);
  /* the same for the arrays of an SPMD loop */
  int b[64];
  for (int i = 0; i < 64; i++)
    b[i] = i;
  long sum = 0;
#pragma omp target teams distribute parallel for defaultmap(firstprivate: aggregate) \
    reduction(+: sum)
  for (int i = 0; i < 64; i++) {
    sum += b[i];
    b[i] = -1;
  }
  check_eq("SPMD, defaultmap(firstprivate: aggregate): b[5]", b[5], 5);
  check_eq("SPMD, defaultmap(firstprivate: aggregate): sum", sum, 64 * 63 / 2);

  /* tasks in a target region: the task's copies are its own */
  int t = 7, u = 8, w = 9, x = 10;
#pragma omp target map(tofrom: t, u, w, x)
  {
#pragma omp task default(firstprivate)
    {
      t += 90;
      if (t != 97)
        x = -1;
    }
#pragma omp task firstprivate(u) private(w) shared(x)
    {
      u = 1;
      w = 2;
      x += w;
    }
#pragma omp task shared(t)
    t += 1;
    /* unlisted: firstprivate, the target region's variables being the
     * initial task's own (5.2 5.1.1) */
#pragma omp task
    u = 50;
#pragma omp taskwait
  }
  check_eq("task default(firstprivate): t", t, 8);
  check_eq("task firstprivate(u): u", u, 8);
  check_eq("task private(w): w", w, 9);
  check_eq("task: x", x, 12);
  return fails != 0;
}
