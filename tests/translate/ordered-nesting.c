// An ordered region without depend or doacross must be closely nested in
// a loop region with an ordered clause (OpenMP 5.2 15.10.1): in a loop
// without one it is an error at its place, as gcc gives; in the loop of a
// for ordered it is the loop's, also with a parallel region's ordered
// loop inside a plain loop's iterations; an orphaned one in a function
// stays a sorry (tests/translate/generic-sorry.c).
// RUN: not %ompicc-tr --kernels=%t.cu %s -o /dev/null 2> %t.err
// RUN: FileCheck %s --implicit-check-not=error: --implicit-check-not=sorry < %t.err
void f(int *a, int n)
{
#pragma omp target parallel for map(tofrom: a[0:n])
  for (int i = 0; i < n; i++) {
// CHECK: ordered-nesting.c:[[@LINE+1]]:{{[0-9]+}}: error: an 'ordered' region must be closely nested in a loop region with an 'ordered' clause (OpenMP 5.2 15.10.1)
#pragma omp ordered
    a[i]++;
  }
#pragma omp target parallel for ordered map(tofrom: a[0:n])
  for (int i = 0; i < n; i++) {
#pragma omp ordered
    a[i]++;
  }
#pragma omp target map(tofrom: a[0:n])
  {
#pragma omp for
    for (int i = 0; i < 2; i++) {
#pragma omp parallel for ordered
      for (int j = 0; j < n; j++) {
#pragma omp ordered
        a[j] += i;
      }
    }
  }
}
