// linear on a loop construct for gcc (transform/host-compat.c
// lower_linear): gcc sets the new list item at the start of each
// thread's chunk only, and under simd not at all, where OpenMP 5.2 5.4.6
// gives it the original's value plus the logical number of the iteration
// (4.4.2) times linear-step in every iteration.  So each iteration of a
// rectangular nest begins by setting it from a copy of the original
// taken before the construct (firstprivate on it where the construct
// allows the clause, for default(none)).  A loop variable in linear
// (simd) and a non-rectangular nest are left as they are; so is
// everything for clang, which gets linear right.
// RUN: %ompicc-tr --no-line-markers --unit-id=u1 %s -o %t.host.c
// RUN: FileCheck %s < %t.host.c
// RUN: sed 's/^#define __GNUC__ 12/#define __clang_major__ 14/' %s > %t.clang.c
// RUN: %ompicc-tr --no-line-markers --unit-id=u1 %t.clang.c -o %t.clang.host.c
// RUN: FileCheck --check-prefix=CLANG %s < %t.clang.host.c
#define __GNUC__ 12
int a[1000];

void f(int n, int s, int *p)
{
  int x = 0, bad = 0;
// CHECK: __typeof__(x) __ompicc_lin1_x = x;
// CHECK-NEXT: #pragma omp parallel for default(none) shared(a, n) linear(x: 2) firstprivate(__ompicc_lin1_x)
// CHECK-NEXT: for (int i = 0; i < n; i++) {
// CHECK-NEXT: x = __ompicc_lin1_x + (long long)(((unsigned long long)(i) - (unsigned long long)(0)) / (unsigned long long)(1)) * (2);
// CLANG: #pragma omp parallel for default(none) shared(a, n) linear(x: 2)
// CLANG-NEXT: for (int i = 0; i < n; i++)
// CLANG-NOT: __ompicc_lin
#pragma omp parallel for default(none) shared(a, n) linear(x : 2)
  for (int i = 0; i < n; i++)
    a[i] = x;
// a loop going down by s, a pointer, simd: no firstprivate there
// CHECK: __typeof__(p) __ompicc_lin2_p = p;
// CHECK-NEXT: #pragma omp simd linear(p: s)
// CHECK-NEXT: for (long i = n; i > 0; i -= s) {
// CHECK-NEXT: p = __ompicc_lin2_p + (long long)(((unsigned long long)(n) - (unsigned long long)(i)) / (unsigned long long)(s)) * (s);
#pragma omp simd linear(p : s)
  for (long i = n; i > 0; i -= s)
    a[i % 1000] = *p;
// a collapsed nest: its logical iteration counts the inner loop fastest
// CHECK: __typeof__(x) __ompicc_lin3_x = x;
// CHECK: x = __ompicc_lin3_x + (long long)((((unsigned long long)(i) - (unsigned long long)(0)) / (unsigned long long)(1)) * (unsigned long long)((n) > (1) ? {{.*}} : 0) + ((unsigned long long)(j) - (unsigned long long)(1)) / (unsigned long long)(2)) * (1);
#pragma omp parallel for collapse(2) linear(x)
  for (int i = 0; i < 10; i++)
    for (int j = 1; j < n; j += 2)
      a[i] += x;
// the loop's own variable: simd sets it
// CHECK: #pragma omp simd linear(i: 1)
// CHECK-NEXT: for (i = 0; i < n; i++)
// CHECK-NEXT: a[i] = bad;
  int i;
#pragma omp simd linear(i : 1)
  for (i = 0; i < n; i++)
    a[i] = bad;
// a non-rectangular nest: as written
// CHECK: #pragma omp parallel for collapse(2) linear(x: 3)
// CHECK-NEXT: for (int k = 0; k < 10; k++)
// CHECK-NEXT: for (int j = k; j < n; j++)
// CHECK-NEXT: a[j] += x;
#pragma omp parallel for collapse(2) linear(x : 3)
  for (int k = 0; k < 10; k++)
    for (int j = k; j < n; j++)
      a[j] += x;
}
