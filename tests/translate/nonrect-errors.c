// Collapsed loop nests that are not canonical (OpenMP 5.2 4.4.1): a bound
// of an inner loop may use the variable of one enclosing loop of the nest
// only as a1 * var-outer + a2, a step none; ub - lb may change with each
// outer iteration by a multiple of the step only; no bound or step may
// change in the nest; and a non-rectangular nest takes no schedule
// (11.5.3), dist_schedule (11.6.1) or ordered (4.4.4).  Each an error at
// its place (generic kernels: nonrect-errors-generic.c).
// RUN: not %ompicc-tr --offload %s -o /dev/null 2> %t.err
// RUN: FileCheck %s --implicit-check-not=error: < %t.err
int a[64][64], len[64];

void spmd(int n)
{
#pragma omp target teams distribute parallel for collapse(2) map(tofrom: a)
  for (int i = 0; i < n; i++)
// CHECK: nonrect-errors.c:[[@LINE+1]]:35: error: the step of loop 'j' uses 'i' of an enclosing loop of the collapsed nest; it must be loop invariant (OpenMP 5.2 4.4.1)
    for (int j = 0; j < n; j += i + 1)
      a[i][j] = 0;
#pragma omp target parallel for collapse(2) map(tofrom: a)
  for (int i = 0; i < n; i++)
// CHECK: nonrect-errors.c:[[@LINE+1]]:27: error: the upper bound of loop 'j' is neither loop invariant nor of the form 'a1 * var-outer + a2' with the variable of one enclosing loop of the collapsed nest (OpenMP 5.2 4.4.1)
    for (int j = 0; j < i * i; j++)
      a[i][j] = 0;
#pragma omp target teams distribute collapse(2) map(tofrom: a, len)
  for (int i = 0; i < n; i++)
// CHECK: nonrect-errors.c:[[@LINE+1]]:21: error: the lower bound of loop 'j' is neither loop invariant
    for (int j = len[i]; j < n; j++)
      a[i][j] = 0;
#pragma omp target simd collapse(3) map(tofrom: a)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
// CHECK: nonrect-errors.c:[[@LINE+1]]:29: error: the upper bound of loop 'k' is neither loop invariant
      for (int k = 0; k < i + j; k++)
        a[j][k] = 0;
#pragma omp target teams distribute parallel for collapse(3) map(tofrom: a)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
// CHECK: nonrect-errors.c:[[@LINE+1]]:27: error: the bounds of loop 'k' use both 'i' and 'j' of enclosing loops of the collapsed nest; both must use the same var-outer (OpenMP 5.2 4.4.1)
      for (int k = i; k < j; k++)
        a[j][k] = 0;
// ub - lb is -1 * i + n: -1 times i's step 1 is no multiple of j's step 2
#pragma omp target teams distribute parallel for collapse(2) map(tofrom: a)
  for (int i = 0; i < n; i++)
// CHECK: nonrect-errors.c:[[@LINE+1]]:5: error: the bounds of loop 'j' move apart by -1 for each iteration of loop 'i', not a multiple of the step 2 of loop 'j' (OpenMP 5.2 4.4.1)
    for (int j = i; j < n; j += 2)
      a[i][j] = 0;
// 3 * i - i: 2 times i's step 2 is a multiple of j's step -4: no error
#pragma omp target teams distribute parallel for collapse(2) map(tofrom: a)
  for (int i = 0; i < n; i += 2)
    for (int j = 3 * i; j > i; j -= 4)
      a[i][j] = 0;
  int m = n;
#pragma omp target teams distribute parallel for collapse(2) map(tofrom: a)
  for (int i = 0; i < n; i++)
    for (int j = i; j < m; j++) {
      a[i][j] = 0;
// CHECK: nonrect-errors.c:[[@LINE+2]]:8: error: the loop nest assigns 'm', which a bound or step of its loops uses; they must be loop invariant (OpenMP 5.2 4.4.1)
// CHECK-NEXT: nonrect-errors.c:[[@LINE-4]]:3: note: the loop nest is here
      m--;
    }
// CHECK: nonrect-errors.c:[[@LINE+1]]:60: error: 'schedule' may not appear on '#pragma omp target parallel for' whose collapsed loop nest is non-rectangular (OpenMP 5.2 11.5.3)
#pragma omp target parallel for collapse(2) map(tofrom: a) schedule(static, 2)
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j++)
      a[i][j] = 0;
// CHECK: nonrect-errors.c:[[@LINE+1]]:64: error: 'dist_schedule' may not appear on '#pragma omp target teams distribute' whose collapsed loop nest is non-rectangular (OpenMP 5.2 11.6.1)
#pragma omp target teams distribute collapse(2) map(tofrom: a) dist_schedule(static)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++)
      a[i][j] = 0;
// i++ under a test that wants i to decrease
#pragma omp target teams distribute parallel for collapse(1) map(tofrom: a)
// CHECK: nonrect-errors.c:[[@LINE+2]]:3: error: the loop under '#pragma omp target teams distribute parallel for' is not in canonical form
// CHECK-NEXT: nonrect-errors.c:[[@LINE-2]]:9: note: the directive is here
  for (int i = n; i > 0; i++)
    a[0][i] = 0;
}
