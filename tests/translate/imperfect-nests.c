// Intervening code that cannot move into the innermost loop (OpenMP 5.2
// 4.4.1): a later loop's bounds use a variable it declares, or it holds a
// loop; the nest stays as written and is reported at the body that is
// not the next loop.
// RUN: not %ompicc-tr --offload %s -o /dev/null 2> %t.err
// RUN: FileCheck %s --implicit-check-not=error: < %t.err
void f(int n, int *a)
{
#pragma omp target teams distribute parallel for collapse(2) map(tofrom: a[0:n * n])
// CHECK: imperfect-nests.c:[[@LINE+1]]:31: error: the loop under '#pragma omp target teams distribute parallel for' is not in canonical form
  for (int i = 0; i < n; i++) {
    int m = n - i;
    for (int j = 0; j < m; j++)
      a[i * n + j] = 0;
  }
// CHECK: note: the directive is here
#pragma omp target teams distribute parallel for collapse(2) map(tofrom: a[0:n * n])
// CHECK: imperfect-nests.c:[[@LINE+1]]:31: error: the loop under '#pragma omp target teams distribute parallel for' is not in canonical form
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < 2; k++)
      a[i] += k;
    for (int j = 0; j < n; j++)
      a[i * n + j] = 0;
  }
// CHECK: note: the directive is here
}
