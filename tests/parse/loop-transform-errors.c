// tile and unroll (OpenMP 5.2 9.1, 9.2) over loops that are not canonical
// (4.4.1) or not perfectly nested: an error at the place, status 1.
// RUN: rm -rf %t && split-file --leading-lines %s %t
// RUN: not %ompicc-tr --parse-only %t/while.c 2>&1 | FileCheck %s --check-prefix=WHILE
// RUN: not %ompicc-tr --parse-only %t/nest.c 2>&1 | FileCheck %s --check-prefix=NEST
// RUN: not %ompicc-tr --parse-only %t/incr.c 2>&1 | FileCheck %s --check-prefix=INCR
// RUN: not %ompicc-tr --parse-only %t/direction.c 2>&1 | FileCheck %s --check-prefix=DIRECTION
// RUN: not %ompicc-tr --parse-only %t/both.c 2>&1 | FileCheck %s --check-prefix=BOTH
// RUN: not %ompicc-tr --parse-only %t/sizes.c 2>&1 | FileCheck %s --check-prefix=SIZES
//--- while.c
// WHILE: while.c:[[@LINE+4]]:3: error: the loop of 'tile' must have the canonical form of OpenMP 5.2 4.4.1: a 'for' loop is expected here
void f(int *a, int n) {
  int i = 0;
#pragma omp tile sizes(4)
  while (i < n) a[i++] = 0;
}
//--- nest.c
// NEST: nest.c:[[@LINE+4]]:{{[0-9]+}}: error: the loop of 'tile' must have the canonical form of OpenMP 5.2 4.4.1: the loops must be perfectly nested
void f(int *a, int n) {
#pragma omp tile sizes(4, 4)
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n; j++) a[j] = i;
    a[i] = 1;
  }
}
//--- incr.c
// INCR: incr.c:[[@LINE+3]]:{{[0-9]+}}: error: the loop of 'unroll' must have the canonical form of OpenMP 5.2 4.4.1: the increment must be var++, var--, var += step, var -= step or var = var + step
void f(int *a, int n) {
#pragma omp unroll partial(2)
  for (int i = 1; i < n; i *= 2) a[i] = 0;
}
//--- direction.c
// DIRECTION: direction.c:[[@LINE+3]]:{{[0-9]+}}: error: the loop of 'tile' must have the canonical form of OpenMP 5.2 4.4.1: the test and the increment go in opposite directions
void f(int *a, int n) {
#pragma omp tile sizes(2)
  for (int i = 0; i < n; i--) a[i] = 0;
}
//--- both.c
// BOTH: both.c:[[@LINE+2]]:{{[0-9]+}}: error: 'full' and 'partial' cannot both be on 'unroll'
void f(int *a, int n) {
#pragma omp unroll full partial(2)
  for (int i = 0; i < 8; i++) a[i] = 0;
}
//--- sizes.c
// SIZES: sizes.c:[[@LINE+2]]:{{[0-9]+}}: error: the sizes of 'tile' must be positive (OpenMP 5.2 9.1)
void f(int *a, int n) {
#pragma omp tile sizes(4, 0)
  for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) a[i] = j;
}
