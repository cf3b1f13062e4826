/* nested-api.c - nested parallel regions and the omp_get_* routines that
 * describe them (levels, ancestors, team sizes), the if and num_threads
 * clauses, and the other runtime routines a program uses.
 *
 * RUN: %ompicc -o %t %s && %t > %t.out
 * RUN: gcc -fopenmp -o %t.gcc %s && %t.gcc > %t.gcc.out
 * RUN: diff %t.out %t.gcc.out
 * RUN: FileCheck %s < %t.out
 * CHECK: outside: level 0 in_parallel 0 threads 1
 * CHECK: nested: 6 inner threads, levels 2, team sizes 2x3
 * CHECK: ancestors ok
 * CHECK: if(0): 1 thread
 * CHECK: max_active_levels 1: inner teams of 1
 * CHECK: wtime ok, procs ok, max_threads 3
 * CHECK: all ok
 */
#include <omp.h>
#include <stdio.h>

static int failures;

static void nested(void)
{
  int inner = 0, bad = 0;
  omp_set_max_active_levels(2);
#pragma omp parallel num_threads(2) reduction(+ : bad)
  {
    int outer_id = omp_get_thread_num();
#pragma omp parallel num_threads(3) reduction(+ : bad)
    {
#pragma omp atomic
      inner++;
      bad += omp_get_level() != 2 || omp_get_active_level() != 2;
      bad += omp_get_team_size(1) != 2 || omp_get_team_size(2) != 3;
      bad += omp_get_ancestor_thread_num(1) != outer_id;
      bad += omp_get_ancestor_thread_num(2) != omp_get_thread_num();
      bad += omp_get_ancestor_thread_num(0) != 0;
    }
  }
  printf("nested: %d inner threads, levels %d, team sizes %dx%d\n", inner, 2, 2, 3);
  printf("ancestors %s\n", bad ? "wrong" : "ok");
  failures += inner != 6 || bad;
}

int main(void)
{
  omp_set_dynamic(0);
  printf("outside: level %d in_parallel %d threads %d\n", omp_get_level(), omp_in_parallel(),
         omp_get_num_threads());
  failures += omp_get_level() != 0 || omp_in_parallel() || omp_get_num_threads() != 1;
  nested();

  int n = -1, zero = 0;
#pragma omp parallel if (zero) num_threads(4)
  n = omp_get_num_threads();
  printf("if(0): %d thread\n", n);
  failures += n != 1;

  omp_set_max_active_levels(1);
  int biggest = 0;
#pragma omp parallel num_threads(2)
#pragma omp parallel num_threads(3)
  {
#pragma omp critical
    if (omp_get_num_threads() > biggest)
      biggest = omp_get_num_threads();
  }
  printf("max_active_levels 1: inner teams of %d\n", biggest);
  failures += biggest != 1;

  omp_set_num_threads(3);
  double t0 = omp_get_wtime();
  int procs_ok = omp_get_num_procs() >= 1;
  double t1 = omp_get_wtime();
  printf("wtime %s, procs %s, max_threads %d\n", t1 >= t0 && omp_get_wtick() > 0 ? "ok" : "wrong",
         procs_ok ? "ok" : "wrong", omp_get_max_threads());
  failures += omp_get_max_threads() != 3;
  if (failures)
    return 1;
  puts("all ok");
  return 0;
}
