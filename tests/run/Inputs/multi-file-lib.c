/* multi-file-lib.c - the other file of multi-file.c: declare target
 * functions and variables that multi-file.c's regions use, and one of
 * multi-file.c's that these use in turn. */
#include <omp.h>

#include "multi-file.h"
extern inline int plus_one(int x); /* the external definition is this file's */

#pragma omp declare target
int lib_counter = 5;     /* enter: multi-file.c names it extern */
int lib_table[8];        /* filled by a region of multi-file.c */
extern int user_bias;    /* multi-file.c's */
int add_user_bias(int x); /* multi-file.c's */

int scale(int x) { return plus_one(x) * lib_counter - lib_counter; }

int chain(int x) { return add_user_bias(scale(x)); }

/* An orphaned worksharing loop: run by the team of the parallel region
 * the caller's kernel (in another file) forks here. */
int fill_parallel(int *a, int n)
{
  int threads = 0;
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < n; i++)
      a[i] = scale(i) + lib_table[i % 8];
#pragma omp single
    threads = omp_get_num_threads();
  }
  return threads;
}

/* The same critical name as multi-file.c's: one lock for both files. */
void crit_add(long *sum, long v)
{
#pragma omp critical(total)
  *sum += v;
}
#pragma omp end declare target

double lib_link_arr[16];
#pragma omp declare target link(lib_link_arr)

#pragma omp declare target
double sum_link(int n)
{
  double s = 0;
  for (int i = 0; i < n; i++)
    s += lib_link_arr[i];
  return s;
}
#pragma omp end declare target

/* a static variable of the same name as one of multi-file.c's: each
 * file's own, on the device too */
static int calls = 1000;
#pragma omp declare target(calls)
#pragma omp declare target
int lib_calls(void) { return ++calls; }
#pragma omp end declare target
int lib_calls_host(void)
{
#pragma omp target update from(calls)
  return calls;
}
