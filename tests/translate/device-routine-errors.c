// OpenMP routines of the host alone in device code: the device memory
// routines (OpenMP 5.2 18.8), resource relinquishing (18.6) and
// interoperability (18.12) are errors at the call, each reported.
// RUN: cc -E -fopenmp %s -o %t.i
// RUN: not %ompicc-tr --offload %t.i -o /dev/null 2> %t.err
// RUN: FileCheck %s < %t.err
#include <omp.h>

void f(int *a, int n)
{
#pragma omp target map(tofrom: a[0:n])
  {
// CHECK: device-routine-errors.c:[[@LINE+1]]:{{[0-9]+}}: error: 'omp_target_alloc' may not be called in device code: it is a routine of the host (OpenMP 5.2 18.6, 18.8, 18.12)
    int *p = (int *)omp_target_alloc(n, 0);
// CHECK: device-routine-errors.c:[[@LINE+1]]:{{[0-9]+}}: error: 'omp_pause_resource' may not be called in device code
    omp_pause_resource(omp_pause_soft, 0);
// CHECK: device-routine-errors.c:[[@LINE+1]]:{{[0-9]+}}: error: 'omp_target_is_present' may not be called in device code
    a[0] = omp_target_is_present(p, 0);
  }
}
