// A parallel region nested in another one, in a function a target region
// calls: on the device the nested region is inactive, a team of the one
// thread that encounters it (OpenMP 5.2 10.2; 2.4 max-active-levels-var),
// and everything inside answers so: omp_get_num_threads() 1,
// omp_get_thread_num() 0, omp_get_level() one more than outside while
// omp_get_active_level() stays (omp_in_parallel() true, as libgomp
// answers), omp_get_ancestor_thread_num(1) and
// omp_get_team_size(1) the enclosing team's (18.2); its for runs every
// iteration, its single once, its reduction combines into its own
// original (5.5.8), its barrier waits for no one.  Called from an SPMD
// kernel's threads (each its own nested team: the kernel once shared the
// loop among the whole block and gave 0 for every row), and from a
// generic kernel's workers (whose active level was 0 inside).
// RUN: %ompicc -o %t %s && %t
#include <omp.h>
#include <stdio.h>

#include "Inputs/check.h"

#define N 256

#pragma omp declare target
/* the answers of the nested region, packed; 4 * k from the reduction */
static int inner(int k, int outer_thread, int outer_team, int *facts)
{
  int s = 0, singles = 0;
#pragma omp parallel
  {
#pragma omp for reduction(+: s)
    for (int i = 0; i < 4; i++)
      s += k;
#pragma omp single
    singles++;
#pragma omp barrier
    facts[0] = omp_get_num_threads();
    facts[1] = omp_get_thread_num();
    facts[2] = omp_get_level();
    facts[3] = omp_get_active_level();
    facts[4] = omp_get_ancestor_thread_num(1) == outer_thread;
    facts[5] = omp_get_team_size(1) == outer_team;
    facts[6] = singles;
    facts[7] = omp_in_parallel();
  }
  return s;
}
#pragma omp end declare target

static void check_facts(const char *where, int (*facts)[8], int n, int level)
{
  for (int i = 0; i < n; i++) {
    int *f = facts[i];
    if (f[0] != 1 || f[1] != 0 || f[2] != level || f[3] != 1 || !f[4] || !f[5] || f[6] != 1 ||
        f[7] != 1) {
      printf("%s, row %d: threads %d, thread %d, level %d (want %d), active level %d, "
             "ancestor %d, team size %d, singles %d, in parallel %d\n",
             where, i, f[0], f[1], f[2], level, f[3], f[4], f[5], f[6], f[7]);
      fails++;
      return;
    }
  }
}

int main(void)
{
  int out[N], facts[N][8];

  /* an SPMD kernel: every thread of the block runs its own nested team */
#pragma omp target teams distribute parallel for map(from: out, facts)
  for (int i = 0; i < N; i++)
    out[i] = inner(i, omp_get_thread_num(), omp_get_num_threads(), facts[i]);
  for (int i = 0; i < N; i++)
    check_eq("SPMD: the nested reduction", out[i], 4 * i);
  check_facts("SPMD", facts, N, 2);

  /* a generic kernel (serial code around the loop): its workers */
#pragma omp target teams num_teams(2) map(from: out, facts)
  {
    int base = omp_get_team_num() * 0;
#pragma omp distribute parallel for
    for (int i = 0; i < N; i++)
      out[i] = inner(i + base, omp_get_thread_num(), omp_get_num_threads(), facts[i]);
  }
  for (int i = 0; i < N; i++)
    check_eq("generic: the nested reduction", out[i], 4 * i);
  check_facts("generic", facts, N, 2);
  return fails != 0;
}
