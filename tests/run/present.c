// map(present: ...) of data that is not on the device is a run-time
// error quoting the construct's source place; a map that extends a
// present mapping names both places.  (On the host fallback nothing is
// mapped, so there is nothing to check.)
// REQUIRES: !device-host
// RUN: %ompicc -o %t %s
// RUN: not %t 1 2>&1 | FileCheck %s --check-prefix=PRESENT
// RUN: not %t 2 2>&1 | FileCheck %s --check-prefix=EXTEND
// RUN: %t 3
#include <stdlib.h>

int main(int argc, char **argv)
{
  int a[100] = {0};
  int which = argc > 1 ? atoi(argv[1]) : 3;
  if (which == 1) {
    // PRESENT: present.c:[[@LINE+1]]:{{[0-9]+}}: error: 'a' {{.*}}is not present on device {{.*}}present modifier
#pragma omp target map(present, tofrom: a)
    a[0] = 1;
  }
  if (which == 2) {
    // EXTEND: present.c:[[@LINE+3]]:{{[0-9]+}}: error: {{.*}}a[0:100]
    // EXTEND: present.c:[[@LINE+1]]
#pragma omp target data map(to: a[0:50])
#pragma omp target map(tofrom: a[0:100])
    a[0] = 1;
  }
  /* present data is accepted */
#pragma omp target data map(to: a)
  {
#pragma omp target map(present, tofrom: a)
    a[1] = 2;
  }
  return 0;
}
