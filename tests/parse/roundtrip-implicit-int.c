// Implicit int: specifiers with no type specifier declare an int (C90
// 6.5.2; C99 dropped it, GNU C accepts it in every mode with a warning,
// and gcc's torture tests use it).  Storage classes, qualifiers, function
// specifiers and attributes alone, at file and block scope, in members,
// parameters, type names and K&R parameter declarations; and a K&R
// parameter declaration whose qualifier comes before a typedef name.  The
// printer keeps what was written, which the host compiler accepts as it
// did the input.
// RUN: %roundtrip --run -I %inputs %s
// RUN: gcc -E -P -I %inputs %s -o %t.i
// RUN: %ompicc-tr --full-parse --no-line-markers %t.i | FileCheck %s
#include "rt-assert.h"

typedef int T;

// CHECK: static x[4];
// CHECK-NEXT: const y = 3;
// CHECK-NEXT: extern z;
// CHECK-NEXT: __attribute__((unused)) static w, *wp = &w, wa[2] = {1, 2};
// CHECK-NEXT: typedef td;
// CHECK-NEXT: static (*fp)(void);
// CHECK-NEXT: const (paren) = 7;
static x[4];
const y = 3;
extern z;
__attribute__((unused)) static w, *wp = &w, wa[2] = {1, 2};
typedef td;
static (*fp)(void);
const (paren) = 7;
int z = 5;
td from_typedef = 6;

// A typedef name after specifiers with no type is the type, not the
// declared name (gcc reads it so): T here is int, the name is t2.
// CHECK: static const T t2 = 8;
static const T t2 = 8;

// CHECK: static f(void)
// CHECK: inline static g(register a, const b)
static f(void) { return 41; }
inline static g(register a, const b) { return a - b; }

// K&R: a qualifier before a typedef name, and implicit int parameters.
// CHECK: static kr(a, b, c)
// CHECK-NEXT: {{^  }}const T a;
// CHECK-NEXT: {{^  }}register b;
// CHECK-NEXT: {{^  }}const volatile c;
static kr(a, b, c)
  const T a;
  register b;
  const volatile c;
{
  return a + b + c;
}

// CHECK: struct s {
// CHECK-NEXT: {{^  }}const m;
// CHECK-NEXT: {{^  }}volatile bits : 3, : 2, more : 4;
// CHECK-NEXT: {{^  }}__attribute__((aligned(8))) n;
struct s {
  const m;
  volatile bits : 3, : 2, more : 4;
  __attribute__((aligned(8))) n;
};

static fn1(void) { return 1; }

int main(void)
{
  // CHECK: static s = 4;
  // CHECK-NEXT: register r = 1;
  // CHECK-NEXT: auto a = 2;
  // CHECK-NEXT: volatile v = 3;
  // CHECK-NEXT: __attribute__((unused)) u;
  static s = 4;
  register r = 1;
  auto a = 2;
  volatile v = 3;
  __attribute__((unused)) u;
  u = 9;
  x[3] = 2;
  fp = fn1;
  struct s st = {10, 3, 5};
  // CHECK: for (register i = 0; i < 3; i++)
  for (register i = 0; i < 3; i++)
    s += i;
  // CHECK: (long long)(sizeof(const))
  // CHECK-NEXT: (long long)((const)-1.5)
  ASSERT(sizeof(int), sizeof(const));
  ASSERT(-1, (const)-1.5);
  ASSERT(sizeof(int), sizeof x[0]);
  ASSERT(4 * sizeof(int), sizeof x);
  ASSERT(sizeof(int), sizeof(td));
  ASSERT(sizeof(int), sizeof st.m);
  ASSERT(sizeof(int), sizeof st.n);
  ASSERT(8, _Alignof(struct s));
  ASSERT(10, s + r + a);
  ASSERT(3, v);
  ASSERT(9, u);
  ASSERT(2, x[3] + *wp);
  ASSERT(3, y);
  ASSERT(5, z);
  ASSERT(6, from_typedef);
  ASSERT(7, paren);
  ASSERT(8, t2);
  ASSERT(1, fp());
  ASSERT(41, f());
  ASSERT(3, g(5, 2));
  ASSERT(6, kr(1, 2, 3));
  ASSERT(18, st.m + st.bits + st.more);
  ASSERT(-1, ((struct s){0, -1}).bits); // a plain int bit-field: signed in gcc
  return done();
}
