// Bad list items of data constructs: compile-time errors at their place.
// OpenMP 5.2 5.8.3: a map clause's array section is contiguous storage; a
// stride is for the to and from clauses of target update (5.9), where it
// is accepted.
// RUN: not %ompicc-tr --offload %s -o /dev/null 2> %t.err
// RUN: FileCheck %s --implicit-check-not=error: < %t.err
void f(int n, double *p)
{
  int a[8];
// CHECK: data-errors.c:[[@LINE+1]]:{{[0-9]+}}: error: a section with a stride other than 1 may be only in a 'to' or 'from' clause of 'target update': a map clause needs contiguous storage
#pragma omp target enter data map(to: a[0:4:2])
// CHECK: data-errors.c:[[@LINE+1]]:{{[0-9]+}}: error: a section with a stride other than 1
#pragma omp target data map(tofrom: p[0:n:3])
  ;
// CHECK: data-errors.c:[[@LINE+1]]:{{[0-9]+}}: error: array section of pointer 'p' needs a length
#pragma omp target exit data map(from: p[1:])
#pragma omp target update to(a[0:4:2]) from(p[0:n:2])
#pragma omp target update to(a[0:8:1])
}
