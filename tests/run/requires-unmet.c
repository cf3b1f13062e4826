// A requirement no device meets (OpenMP 5.2 8.2: reverse_offload, which
// ompicc does not implement): no device is used.  Under
// OMP_TARGET_OFFLOAD=MANDATORY that is an error naming the directive,
// the first device refused, the clause and why; otherwise the program
// runs on the host.
// REQUIRES: !device-host
// RUN: %ompicc -o %t %s
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY not %t 2>&1 | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=DEFAULT %t | FileCheck %s --check-prefix=HOST
// CHECK: requires-unmet.c:{{[0-9]+}}:{{[0-9]+}}: error: OMP_TARGET_OFFLOAD=MANDATORY but no device can meet the program's 'requires' (requires-unmet.c:[[@LINE+2]]:9): {{cuda(-emu)?}} device 0: 'reverse_offload': ompicc does not implement it
// HOST: devices 0, on the host 1
#pragma omp requires reverse_offload
#include <omp.h>
#include <stdio.h>

int main(void)
{
  int host = 0;
#pragma omp target map(from: host)
  host = omp_is_initial_device();
  printf("devices %d, on the host %d\n", omp_get_num_devices(), host);
  return 0;
}
