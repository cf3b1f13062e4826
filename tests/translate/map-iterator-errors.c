// The iterator modifier (OpenMP 5.2 3.2.6): the type of an iterator is an
// integral or pointer type that is not const qualified, and its step is
// integral; each error at its place.
// RUN: not %ompicc-tr --kernels=%t.cu %s -o /dev/null 2> %t.err
// RUN: FileCheck %s --implicit-check-not=error: < %t.err
void f(int **rows, int n, int m, double s)
{
// CHECK: map-iterator-errors.c:[[@LINE+1]]:39: error: the iterator 'd' has type 'double', which is not an integral or pointer type without const
#pragma omp target update to(iterator(double d = 0:n): rows[0][0:m])
// CHECK: map-iterator-errors.c:[[@LINE+1]]:39: error: the iterator 'c' has type 'const int', which is not an integral or pointer type without const
#pragma omp target update to(iterator(const int c = 0:n): rows[c][0:m])
// CHECK: map-iterator-errors.c:[[@LINE+1]]:52: error: the step of the iterator 'i' has type 'double', which is not integral
#pragma omp target enter data map(iterator(i = 0:n:s), to: rows[i][0:m])
}
