// An array section whose length, known only at run time, is negative
// (OpenMP 5.0 2.1.5, "Array Sections": the length evaluates to a
// non-negative integer) is a run-time error that names the section and
// the construct's source place, on a map, an enter or exit data and a
// target update; it was reported as a failed allocation of 2^64 bytes.
// So is a section of a null pointer (the CPU device's copy crashed).
// A zero length is a zero-length section, of a null pointer too.  (On the host fallback nothing
// is mapped, so there is nothing to check.)
// REQUIRES: !device-host
// RUN: %ompicc -o %t %s
// RUN: not %t 1 2>&1 | FileCheck %s --check-prefix=MAP
// RUN: not %t 2 2>&1 | FileCheck %s --check-prefix=ENTER
// RUN: not %t 3 2>&1 | FileCheck %s --check-prefix=UPDATE
// RUN: not %t 4 2>&1 | FileCheck %s --check-prefix=NULL
// RUN: %t 0
#include <stdlib.h>

int main(int argc, char **argv)
{
  int which = argc > 1 ? atoi(argv[1]) : 0;
  long n = which ? -4 : 0;
  double *a = calloc(16, sizeof *a);
  if (which == 1) {
    // MAP: negative-length.c:[[@LINE+1]]:9: error: the length of the array section 'a[0:n]' is negative (-32 bytes): OpenMP 5.0 2.1.5 requires a length of 0 or more
#pragma omp target map(tofrom: a[0:n])
    a[0] = 1;
  }
  if (which == 2) {
    // ENTER: negative-length.c:[[@LINE+1]]:9: error: the length of the array section 'a[2:n]' is negative
#pragma omp target enter data map(to: a[2:n])
  }
  if (which == 3) {
#pragma omp target enter data map(to: a[0:16])
    // UPDATE: negative-length.c:[[@LINE+1]]:9: error: the length of the array section 'a[1:n]' is negative
#pragma omp target update from(a[1:n])
  }
  if (which == 4) {
    double *none = NULL;
    n = 8;
    // NULL: negative-length.c:[[@LINE+1]]:9: error: 'none[0:n]' (64 bytes) is at address 0: its pointer is null
#pragma omp target map(to: none[0:n])
    a[0] = none[0];
  }
  /* a zero length maps nothing */
#pragma omp target map(tofrom: a[0:n])
  {
  }
  double *none = NULL;
#pragma omp target map(tofrom: none[0:n])
  {
  }
  free(a);
  return 0;
}
