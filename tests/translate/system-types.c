// Types of system headers used in device code are not printed into the
// kernel file but included, through the header the program included: a
// second `struct timespec` would clash with the device library's own
// includes, and an anonymous struct typedef (div_t) printed again would be
// another type.  A user type built on them is printed after the include.
// RUN: cc -E -fopenmp %s -o %t.i
// RUN: %ompicc-tr --kernels=%t.cu %t.i -o %t.c
// RUN: FileCheck %s < %t.cu
// (glibc's stdlib.h is the first to bring struct timespec, through
// sys/types.h, so it is the one included.)
// CHECK: #include "ompicc-device.h"
// CHECK-NEXT: #include <stdlib.h>
// CHECK-NOT: struct timespec {
// CHECK-NOT: quot;
// CHECK: struct stamp {
// CHECK-NEXT: struct timespec when;
// CHECK-NEXT: div_t parts;
#include <stdlib.h>
#include <time.h>

struct stamp {
  struct timespec when;
  div_t parts;
};

void f(struct stamp *s, int n)
{
#pragma omp target teams distribute parallel for map(tofrom: s[0:n])
  for (int i = 0; i < n; i++) {
    s[i].parts.quot = (int)s[i].when.tv_sec / 7;
    s[i].parts.rem = (int)s[i].when.tv_sec % 7;
    s[i].when.tv_nsec = s[i].parts.rem;
  }
}
