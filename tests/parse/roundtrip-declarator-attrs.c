// GNU attributes inside declarators (GCC manual, "Attribute Syntax": an
// attribute specifier list may appear at the start of a nested
// declarator, and after a parameter's declarator, abstract or not): in
// declarations, casts, parameter types, members and typedefs, one or
// several of them.  They print where they were written.
// RUN: %roundtrip --run -I %inputs %s
// RUN: gcc -E -P -I %inputs %s -o %t.i
// RUN: %ompicc-tr --full-parse --no-line-markers %t.i | FileCheck %s
#include "rt-assert.h"

static int one(void) { return 1; }
static int two(void) { return 2; }

// CHECK: static int (__attribute__((unused)) *fp)(void) = one;
// CHECK-NEXT: static int (__attribute__((unused)) __attribute__((used)) *fp2)(void) = two;
// CHECK-NEXT: static int (__attribute__((unused)) (*fp3))(void) = one;
// CHECK-NEXT: static int (__attribute__((unused)) arr)[3] = {4, 5, 6};
// CHECK-NEXT: typedef int (__attribute__((unused)) *fn_t)(void);
static int (__attribute__((unused)) *fp)(void) = one;
static int (__attribute__((unused)) __attribute__((used)) *fp2)(void) = two;
static int (__attribute__((unused)) (*fp3))(void) = one;
static int (__attribute__((unused)) arr)[3] = {4, 5, 6};
typedef int (__attribute__((unused)) *fn_t)(void);

// CHECK: static int call(int (__attribute__((unused)) *)(void));
// CHECK-NEXT: static int call2(int (__attribute__((unused)) *f)(void), int (*)(void) __attribute__((unused)));
// CHECK-NEXT: static int first(int[3] __attribute__((unused)));
static int call(int (__attribute__((unused)) *)(void));
static int call2(int (__attribute__((unused)) *f)(void), int (*)(void) __attribute__((unused)));
static int first(int [3] __attribute__((unused)));
static int call(int (*f)(void)) { return f(); }
static int call2(int (*f)(void), int (*g)(void)) { return f() + g(); }
static int first(int a[3]) { return a[0]; }

// CHECK: struct holder {
// CHECK-NEXT: {{^  }}int (__attribute__((unused)) *member)(void);
struct holder {
  int (__attribute__((unused)) *member)(void);
};

int main(void)
{
  void *p = (void *)two;
  struct holder h = {one};
  // CHECK: int r = ((int (__attribute__((unused)) *)(void))p)();
  // CHECK-NEXT: (long long)(sizeof(int (__attribute__((unused)) __attribute__((cold)) *)(void)))
  int r = ((int (__attribute__((unused)) *)(void))p)();
  ASSERT(sizeof(void *), sizeof(int (__attribute__((unused)) __attribute__((cold)) *)(void)));
  ASSERT(2, r);
  ASSERT(1, fp());
  ASSERT(2, fp2());
  ASSERT(1, fp3());
  ASSERT(3 * sizeof(int), sizeof arr);
  ASSERT(1, call(fp));
  ASSERT(3, call2(fp, fp2));
  ASSERT(4, first(arr));
  ASSERT(1, h.member());
  fn_t f = two;
  ASSERT(2, f());
  return done();
}
