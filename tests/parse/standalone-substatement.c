// A stand-alone directive may not stand in place of the substatement of a
// selection, iteration or labeled statement (OpenMP 5.0 2.1.3; gcc gives
// the same message): each is reported, and the constructs, which take the
// statement after them, and the directives inside braces are accepted.
// RUN: not %ompicc-tr --parse-only %s 2>&1 | FileCheck %s --implicit-check-not=error:
void f(int x, int *a)
{
  if (x)
#pragma omp taskwait
  if (x)
    x++;
  else
#pragma omp barrier
  while (x--)
#pragma omp target update to(a[0:1])
  do
#pragma omp flush
  while (x);
  for (int i = 0; i < x; i++)
#pragma omp target enter data map(to: a[0:1])
  switch (x) {
  case 1:
#pragma omp taskyield
  default:
#pragma omp target exit data map(from: a[0:1])
  }
  here:
#pragma omp error at(execution)
  /* accepted */
  if (x) {
#pragma omp barrier
  }
  if (x)
#pragma omp target
    a[0] = 1;
  while (x--)
#pragma omp error at(compilation) severity(warning)
    ;
}
// CHECK: standalone-substatement.c:9:1: error: '#pragma omp taskwait' may only be used in compound statements
// CHECK: standalone-substatement.c:13:1: error: '#pragma omp barrier' may only be used in compound statements
// CHECK: standalone-substatement.c:15:1: error: '#pragma omp target update' may only be used in compound statements
// CHECK: standalone-substatement.c:17:1: error: '#pragma omp flush' may only be used in compound statements
// CHECK: standalone-substatement.c:20:1: error: '#pragma omp target enter data' may only be used in compound statements
// CHECK: standalone-substatement.c:23:1: error: '#pragma omp taskyield' may only be used in compound statements
// CHECK: standalone-substatement.c:25:1: error: '#pragma omp target exit data' may only be used in compound statements
// CHECK: standalone-substatement.c:28:1: error: '#pragma omp error' may only be used in compound statements
