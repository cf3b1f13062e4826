// Device code across files (OpenMP 5.2 7.8, declare target: a function or
// variable of external linkage is one entity of the program, on the
// device too): declare target functions and variables defined in another
// file (Inputs/multi-file-lib.c) and used from this file's SPMD, generic
// and one-thread kernels; one of this file's functions and variables used
// by the other file's device code; an orphaned parallel region of the
// other file forked by this file's generic kernel; a critical name shared
// by both files (one lock, 5.2 15.2); target update of the other file's
// variable (5.2 13.9); a declare target link variable of the other file
// (7.8.2) mapped here and read by a function there; a C99 inline function
// of a header both files use; a static variable of one name in both
// files, each its file's own (the device link found two definitions).  Built with -c and linked, and in one
// command.
// RUN: %ompicc -c %S/Inputs/multi-file-lib.c -o %t.lib.o
// RUN: %ompicc -c %s -o %t.o
// RUN: %ompicc %t.o %t.lib.o -o %t && %t
// RUN: %ompicc %s %S/Inputs/multi-file-lib.c -o %t.one && %t.one
#include "Inputs/check.h"
#include "Inputs/multi-file.h"
#include <omp.h>

#define N 100

#pragma omp declare target
extern int lib_counter;
extern int lib_table[8];
int scale(int x);
int chain(int x);
int fill_parallel(int *a, int n);
void crit_add(long *sum, long v);
double sum_link(int n);
int user_bias = 100;
int add_user_bias(int x) { return x + user_bias; }
#pragma omp end declare target
extern double lib_link_arr[16];
#pragma omp declare target link(lib_link_arr)
int lib_calls(void);
#pragma omp declare target(lib_calls)
int lib_calls_host(void);
static int calls = 7; /* Inputs/multi-file-lib.c has a static calls too */
#pragma omp declare target(calls)

int main(void)
{
  int a[N], b[N], c[N];

  // an SPMD kernel calls the other file's function
#pragma omp target teams distribute parallel for map(from: a)
  for (int i = 0; i < N; i++)
    a[i] = scale(i) + plus_one(i) - i - 1;
  for (int i = 0; i < N; i++)
    check_eq("scale", a[i], 5 * i);

  // a generic kernel: the other file's function calls back into this one
#pragma omp target teams num_teams(1) map(from: b)
  {
#pragma omp parallel for
    for (int i = 0; i < N; i++)
      b[i] = chain(i);
  }
  for (int i = 0; i < N; i++)
    check_eq("chain", b[i], 5 * i + 100);

  // the other file's variable, written here and read there
  lib_counter = 7;
#pragma omp target update to(lib_counter)
#pragma omp target map(tofrom: a)
  {
    for (int i = 0; i < 8; i++)
      lib_table[i] = 1000 * i;
    a[0] = scale(3);
  }
  check_eq("scale after update", a[0], 21);
#pragma omp target update from(lib_table)
  check_eq("lib_table[5]", lib_table[5], 5000);

  // an orphaned parallel region of the other file, forked by this
  // file's generic kernel
  int threads = 0, on_host = 1;
#pragma omp target teams num_teams(1) map(from: c, threads, on_host)
  {
    on_host = omp_is_initial_device();
    threads = fill_parallel(c, N);
  }
  for (int i = 0; i < N; i++)
    check_eq("fill_parallel", c[i], 7 * i + 1000 * (i % 8));
  CHECK(threads >= 1);
  if (!on_host)
    CHECK(threads > 1); /* the workers of this file's kernel ran it */

  // one critical name in both files: one lock
  long sum = 0;
#pragma omp target teams distribute parallel for map(tofrom: sum)
  for (int i = 0; i < N; i++) {
    if (i % 2)
      crit_add(&sum, i);
    else {
#pragma omp critical(total)
      sum += i;
    }
  }
  check_eq("critical(total)", sum, N * (N - 1) / 2);

  // the other file's link variable, mapped here, read by its function
  for (int i = 0; i < 16; i++)
    lib_link_arr[i] = i;
  double s = 0;
#pragma omp target map(to: lib_link_arr) map(from: s)
  s = sum_link(16);
  check_eq("sum_link", (long)s, 120);

  // this file's variable read by the other file's function
  user_bias = 1;
#pragma omp target update to(user_bias)
#pragma omp target map(from: a)
  a[0] = chain(1);
  check_eq("chain after update", a[0], 8);

  // two files' static variables of one name, each its file's own
  calls = 20;
#pragma omp target update to(calls)
#pragma omp target map(from: a)
  {
    a[0] = lib_calls();
    a[1] = ++calls;
  }
  check_eq("the other file's static", a[0], 1001);
  check_eq("this file's static", a[1], 21);
  check_eq("the other file's static, updated from", lib_calls_host(), 1001);
#pragma omp target update from(calls)
  check_eq("this file's static, updated from", calls, 21);
  return fails != 0;
}
