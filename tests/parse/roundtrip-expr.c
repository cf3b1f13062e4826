// Every kind of expression survives print -> parse -> print and the
// printed program computes the same values.
// RUN: %roundtrip --run -I %inputs %s
#include <stddef.h>
#include <stdarg.h>
#include <complex.h>
#include "rt-assert.h"

struct point { int x, y; int v[4]; };

static int sum(int n, ...)
{
  va_list ap;
  va_start(ap, n);
  int s = 0;
  for (int i = 0; i < n; i++)
    s += va_arg(ap, int);
  va_end(ap);
  return s;
}

static int add1(int x) { return x + 1; }

static int literals(void)
{
  ASSERT(16, 0x10);
  ASSERT(8, 010);
  ASSERT(5, 0b101);
  ASSERT(4294967295, 4294967295UL);
  ASSERT(1, 1ull == 1LL);
  ASSERT(3, (int)3.75);
  ASSERT(8, (int)0x1p3);
  ASSERT(2, (int)2.5e0f);
  ASSERT(97, 'a');
  ASSERT(10, '\n');
  ASSERT(65, L'A');
  ASSERT(66, u'B');
  ASSERT(67, U'C');
  ASSERT(5, sizeof("ab" "cd"));
  ASSERT(12, sizeof(L"ab"));
  ASSERT(120, u8"x"[0]);
  ASSERT(0, "\0"[0]);
  return 0;
}

static int operators(void)
{
  int a = 7, b = 3, *p = &a;
  ASSERT(10, a + b);
  ASSERT(4, a - b);
  ASSERT(21, a * b);
  ASSERT(2, a / b);
  ASSERT(1, a % b);
  ASSERT(56, a << b);
  ASSERT(0, a >> b);
  ASSERT(3, a & b);
  ASSERT(7, a | b);
  ASSERT(4, a ^ b);
  ASSERT(1, a && b);
  ASSERT(1, 0 || b);
  ASSERT(0, !a);
  ASSERT(-8, ~a);
  ASSERT(-7, -a);
  ASSERT(7, +a);
  ASSERT(7, - -a);
  ASSERT(7, *p);
  ASSERT(1, a > b);
  ASSERT(0, a < b);
  ASSERT(1, a >= 7);
  ASSERT(1, a <= 7);
  ASSERT(0, a == b);
  ASSERT(1, a != b);
  ASSERT(20, (a + 3) * 2);
  ASSERT(13, a + 3 * 2);
  ASSERT(1, a - (b - -1) == 3);
  ASSERT(3, (a, b));
  ASSERT(3, a > b ? b : a);
  ASSERT(7, a ?: b);
  ASSERT(1, a > b ? a > 5 ? 1 : 2 : 3);
  a += 1; ASSERT(8, a);
  a -= 2; ASSERT(6, a);
  a *= 3; ASSERT(18, a);
  a /= 4; ASSERT(4, a);
  a %= 3; ASSERT(1, a);
  a <<= 4; ASSERT(16, a);
  a >>= 2; ASSERT(4, a);
  a &= 6; ASSERT(4, a);
  a |= 3; ASSERT(7, a);
  a ^= 5; ASSERT(2, a);
  ASSERT(2, a++);
  ASSERT(4, ++a);
  ASSERT(4, a--);
  ASSERT(2, --a);
  ASSERT(-2, - --a + -1 + 0);
  int c = b = a = 9;
  ASSERT(27, a + b + c);
  return 0;
}

static int postfix(void)
{
  struct point pt = {1, 2, {3, 4, 5, 6}}, *pp = &pt;
  int arr[3] = {10, 20, 30};
  ASSERT(20, arr[1]);
  ASSERT(30, 2[arr]);
  ASSERT(2, pt.y);
  ASSERT(5, pp->v[2]);
  ASSERT(6, (&pt)->v[3]);
  ASSERT(4, add1(3));
  ASSERT(6, sum(3, 1, 2, 3));
  int (*fp)(int) = add1;
  ASSERT(9, fp(8));
  ASSERT(9, (*fp)(8));
  ASSERT(2, (pp++)->y);
  return 0;
}

static int types(void)
{
  long l = 1;
  ASSERT(4, sizeof(int));
  ASSERT(8, sizeof l);
  ASSERT(8, sizeof(l));
  ASSERT(4, sizeof -1);
  ASSERT(8, sizeof(int *[1]));
  ASSERT(8, sizeof(int (*)[3]));
  ASSERT(8, _Alignof(double));
  ASSERT(8, __alignof__(l));
  ASSERT(4, __alignof__ l + 0 == 8 ? 4 : 0);
  ASSERT(65, (char)321);
  ASSERT(255, (unsigned char)-1);
  ASSERT(3, (int)(float)3.9);
  ASSERT(4, offsetof(struct point, y));
  ASSERT(16, offsetof(struct point, v[2]));
  ASSERT(16, __builtin_offsetof(struct point, v[2]));
  ASSERT(1, __builtin_types_compatible_p(int, signed));
  ASSERT(0, __builtin_types_compatible_p(int, long));
  ASSERT(1, _Generic(1, int: 1, long: 2, default: 3));
  ASSERT(2, _Generic(l, int: 1, long: 2, default: 3));
  ASSERT(3, _Generic("s", int: 1, default: 3));
  __typeof__(l) t = 5;
  ASSERT(8, sizeof t);
  return 0;
}

static int gnu(void)
{
  int x = ({ int y = 3; y * 2; });
  ASSERT(6, x);
  ASSERT(7, ({ int i, s = 0; for (i = 0; i < 8; i++) if (i & 1) s++; s + 3; }));
  ASSERT(3, ((struct point){1, 3}).y);
  ASSERT(3, ((struct point){.y = 3}.y));
  int *q = (int[]){4, 5, 6};
  ASSERT(5, q[1]);
  ASSERT(4, __extension__ 4);
  double _Complex z = 1.0 + 2.0 * I;
  ASSERT(1, (int)__real__ z);
  ASSERT(2, (int)__imag__ z);
  ASSERT(2, (int)cimag(z));
  static void *targets[] = {&&one, &&two};
  int hits = 0;
  goto *targets[0];
one:
  hits += 1;
  goto *targets[1];
two:
  hits += 10;
  ASSERT(11, hits);
  return 0;
}

int main(void)
{
  literals();
  operators();
  postfix();
  types();
  gnu();
  return done();
}
