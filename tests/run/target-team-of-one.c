// The constructs of a target region that bind to the team executing it
// (OpenMP 5.2 11.5 worksharing, 10.5 masked, 15.3.1 barrier, 18.2 thread
// numbers) see the region's initial thread as a team of one, on the
// device and in the host fallback, also when host threads of a parallel
// region each meet the target construct; a reduction of such a for on a
// mapped variable (5.5.8: shared in the binding region) compiles on the
// host.  Variables the target privatizes (a local, a global) and nested
// parallel regions share are reachable by every thread of the region
// (issue 12, case 7).
// RUN: %ompicc -o %t %s
// RUN: %t
#include "Inputs/check.h"
#include <omp.h>

int g = 7;

int main(void)
{
  /* a for directly in the region, reducing into a mapped variable */
  int s = 0;
#pragma omp target map(tofrom: s)
  {
#pragma omp for reduction(+: s)
    for (int i = 0; i < 100; i++)
      s += i;
  }
  check_eq("for reduction directly in target", s, 4950);

  /* each host thread's region runs the whole loop, the single and the
   * masked block, as one thread of its own team */
  int count[4] = {0}, singles[4] = {0}, masked[4] = {0}, num[4] = {0}, tid[4];
#pragma omp parallel num_threads(4)
  {
    int t = omp_get_thread_num();
    int c = 0, one = 0, m = 0, n = 0, id = -1;
#pragma omp target map(tofrom: c, one, m, n, id)
    {
#pragma omp for
      for (int i = 0; i < 100; i++) {
#pragma omp atomic
        c++;
      }
#pragma omp single
      one++;
#pragma omp masked
      m++;
#pragma omp barrier
      n = omp_get_num_threads();
      id = omp_get_thread_num();
    }
    count[t] = c, singles[t] = one, masked[t] = m, num[t] = n, tid[t] = id;
  }
  for (int t = 0; t < 4; t++) {
    check_eq("iterations of each thread's region", count[t], 100);
    check_eq("single of each thread's region", singles[t], 1);
    check_eq("masked of each thread's region", masked[t], 1);
    check_eq("omp_get_num_threads in the region", num[t], 1);
    check_eq("omp_get_thread_num in the region", tid[t], 0);
  }

  /* private on target, shared by a nested parallel region */
  int total = 0, x = 5;
#pragma omp target map(tofrom: total) private(x)
  {
    x = 3;
#pragma omp parallel num_threads(4)
    {
#pragma omp atomic
      total += x;
    }
  }
  check_eq("private local shared by a nested parallel", total % 3 == 0 && total > 0, 1);
  check_eq("the original of the private local", x, 5);

  total = 0;
#pragma omp target map(tofrom: total) private(g)
  {
    g = 2;
#pragma omp parallel num_threads(4) shared(g)
    {
#pragma omp atomic
      total += g;
    }
  }
  check_eq("private global shared by a nested parallel", total % 2 == 0 && total > 0, 1);
  check_eq("the original of the private global", g, 7);
  return 0;
}
