// scope (OpenMP 5.2 11.2) in target regions: every thread of the team
// runs the block, with its own private and firstprivate copies (the
// latter from the original's value, 5.4.4); a reduction (5.5.8) combines
// every thread's copy into the original, which every thread sees after
// the implicit barrier; nowait drops the barrier.  In generic kernels
// (after a masked, in a parallel region of a teams region) and in the
// host fallback, where gcc 12 takes scope but not its firstprivate
// clause (transform/host-compat.c lowers it).  Without the reduction's
// copies, the threads' unsynchronised increments race (the race mode).
// RUN: %ompicc -o %t %s && %t
#include <omp.h>
#include <stdio.h>

int main(void)
{
  int fails = 0;
  int a = 0, f = 10, p = 3, seen = 0, team = 0, late = 0;
#pragma omp target parallel num_threads(8) map(tofrom : a, seen, team, late, p)
  {
#pragma omp masked
    team = omp_get_num_threads();
#pragma omp scope reduction(+ : a) firstprivate(f) private(p)
    {
      p = -2;
      a++;
      if (f == 10)
#pragma omp atomic
        seen++;
      f = -1;
    }
    int total = a; /* after the barrier: every thread's increment */
    if (total != team)
#pragma omp atomic
      late++;
  }
  if (a != team || seen != team || late || f != 10 || p != 3) {
    printf("target parallel: a %d seen %d late %d (team %d) f %d p %d\n", a, seen, late, team, f, p);
    fails++;
  }

  int b = 0, threads = 0;
#pragma omp target teams num_teams(3) thread_limit(8) map(tofrom : b, threads)
#pragma omp parallel num_threads(4)
  {
#pragma omp masked
#pragma omp atomic
    threads += omp_get_num_threads();
#pragma omp scope reduction(+ : b) nowait
    b++;
  }
  if (b != threads) {
    printf("teams, parallel: b %d, want %d\n", b, threads);
    fails++;
  }
  if (!fails)
    printf("passed\n");
  return fails != 0;
}
