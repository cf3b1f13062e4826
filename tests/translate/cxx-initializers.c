// The kernel file is C++: C's designated initializers, conversions to
// enumerations and compound literals are written in forms C++ takes,
// readable, with C's meaning (C11 6.7.9p17-21, 6.7.2.2p4, 6.5.2.5p5;
// parser/cxx-init.c, parser/print.c; results: run/designated-init.c,
// run/c-not-cxx.c).
// RUN: %ompicc-tr --kernels=%t.cu %s -o /dev/null
// RUN: FileCheck %s < %t.cu
typedef struct { int x, y; } pt;
struct nest { pt a; int v[3]; double d; };
enum color { RED, GREEN, BLUE };

int f(int n, int *out)
{
#pragma omp target map(tofrom: out[0:4])
  {
    // CHECK: pt p = {.x = 4, .y = 3};
    pt p = {.y = 3, .x = 4};
    // CHECK: {{int a\[5\] = [{][{][}], 2, [{][}], 9[}];}}
    int a[5] = {[3] = 9, [1] = 2};
    // CHECK: {{struct nest s = [{].a = [{].y = 7[}], .v = [{][{][}], [{][}], 5[}], .d = 2.5[}];}}
    struct nest s = {.d = 2.5, .a.y = 7, .v[2] = 5};
    // CHECK: enum color c = (__typeof__(c))n;
    enum color c = n;
    // CHECK: enum color k = BLUE;
    enum color k = BLUE;
    // CHECK: int __ompicc_literal_1[] = {1, 2};
    // CHECK: int *q = __ompicc_literal_1;
    int *q = (int[]){1, 2};
    out[0] = p.x + a[3] + s.v[2] + c + k + q[1];
  }
  int sum = 0;
  /* an enumeration as a loop's variable (gcc 12's host compile stops on
   * it; clang takes it): its value at each iteration converted */
  // CHECK: enum color k = (__typeof__(k))((RED) + ({{.*}}) * (1));
#pragma omp target teams distribute parallel for reduction(+: sum)
  for (enum color k = RED; k <= BLUE; k++)
    sum += k;
  return sum;
}
