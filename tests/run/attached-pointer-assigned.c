// A mapped pointer whose pointee is present is attached (its device copy
// holds the pointee's device address); copied back, it is the host's
// pointer again, unless the region assigned it: then the region's value
// comes back, as for any other variable (OpenMP 5.2 5.8.3; the V&V test
// of has_device_addr returns device addresses this way).
// RUN: %ompicc -o %t %s
// RUN: %t
#include "Inputs/check.h"
#include <omp.h>

#define N 64

int main(void)
{
  int x = 1, arr[N];
  for (int i = 0; i < N; i++)
    arr[i] = i;
  int dev = omp_get_default_device();
#pragma omp target enter data map(to: x, arr)
  int *p = &arr[3], *q = &arr[5];
  int seen = -1;
#pragma omp target map(tofrom: p, q, seen)
  {
    seen = *q; /* attached: q is the device's arr[5] */
    p = &x;    /* assigned: its value comes back */
  }
  check_eq("the attached pointer's pointee on the device", seen, 5);
  CHECK(p == (int *)omp_get_mapped_ptr(&x, dev));
  CHECK(q == &arr[5]);
#pragma omp target exit data map(delete: x, arr)
  return 0;
}
