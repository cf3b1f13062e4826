// The iterator modifier in a declare mapper (OpenMP 5.2 5.8.8, 3.2.6) is
// not supported: a sorry at its place, never host code that names an
// undeclared iterator.
// RUN: not %ompicc-tr --kernels=%t.cu %s -o /dev/null 2> %t.err
// RUN: FileCheck %s --implicit-check-not=error: --implicit-check-not=sorry < %t.err
struct S { int n; int **p; };
// CHECK: map-iterator-mapper.c:[[@LINE+1]]:51: sorry, unimplemented: the 'iterator' modifier in a 'declare mapper'
#pragma omp declare mapper(struct S s) map(s) map(iterator(i = 0:s.n), to: s.p[i][0:4])
void f(struct S x)
{
#pragma omp target map(tofrom: x)
  x.n++;
}
