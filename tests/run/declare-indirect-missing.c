// A pointer holding the host address of a function without 'declare
// target ... indirect' (OpenMP 5.2 7.8.1: such a function may not be
// called through it on a device): on a GPU the call faults and the launch
// fails.  The CPU device, which runs in the host's address space and
// could call the host function, fails it too, with the reason and the
// construct's place; nothing after the region runs.  Calls through the
// device address of the same function, taken on the device, are fine.
// REQUIRES: !device-host, !device-gpu
// RUN: %ompicc -o %t %s
// RUN: %t device > %t.ok && FileCheck --check-prefix=OK %s < %t.ok
// RUN: not %t host 2>&1 | FileCheck %s
// OK: device 12
// CHECK: declare-indirect-missing.c:[[@LINE+16]]:9: error: the kernel of the target region failed on device 0 (cuda-emu): {{.*}}a call through a pointer to a host function in device code: only the functions of a 'declare target' directive with 'indirect' may be called through their host address (OpenMP 5.2 7.8.1)
// CHECK-NOT: {{^}}host
#include <stdio.h>
#include <string.h>

typedef int (*op_t)(int);

#pragma omp declare target
static int twice(int x) { return 2 * x; }
#pragma omp end declare target

int main(int argc, char **argv)
{
  int host = argc > 1 && !strcmp(argv[1], "host");
  op_t f = twice; /* its host address */
  int r = 0;
#pragma omp target map(tofrom: r)
  {
    op_t g = twice; /* its device address */
    r = host ? f(6) : g(6);
  }
  printf("%s %d\n", host ? "host" : "device", r);
  return r != 12;
}
