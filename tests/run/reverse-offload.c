// target device(ancestor: 1) (OpenMP 5.2 13.2) after requires
// reverse_offload (8.2.3): no device of ompicc meets reverse_offload, so
// the program runs on the host, where the region of an ancestor target,
// nested in a target region or in a declare target function, runs on the
// parent device: the host itself, with the host's variables.
// RUN: %ompicc -o %t %s
// RUN: env OMP_TARGET_OFFLOAD=DEFAULT %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY not %t 2>&1 | FileCheck %s
// CHECK: reverse-offload.c:[[@LINE+19]]:9: error: OMP_TARGET_OFFLOAD=MANDATORY but no device
#include "Inputs/check.h"
#include <omp.h>

#pragma omp requires reverse_offload

int hits = 0;

#pragma omp declare target
void report(const int *x)
{
#pragma omp target device(ancestor: 1) map(tofrom: hits)
  hits += *x;
}
#pragma omp end declare target

int main(void)
{
  int x = 0, on_host = -1, outer_on_host = -1;
#pragma omp target map(tofrom: x, on_host, outer_on_host)
  {
    outer_on_host = omp_is_initial_device();
    x = 1;
#pragma omp target device(ancestor: 1) map(tofrom: x, on_host)
    {
      x += 10;
      on_host = omp_is_initial_device();
    }
  }
  check_eq("x after the ancestor region", x, 11);
  check_eq("the ancestor region ran on the host", on_host, 1);
  check_eq("no device meets reverse_offload: the region ran on the host", outer_on_host, 1);

  int v = 5;
#pragma omp target map(to: v)
  report(&v);
  report(&v);
  check_eq("ancestor regions of a declare target function", hits, 10);
  return 0;
}
