// Types of expressions (C11 6.5): members, indexing, address-of and
// dereference, casts, literals, sizeof, the usual arithmetic conversions,
// pointer arithmetic, conditionals, compound literals, _Generic and
// statement expressions.  The C compiler checks the same types with
// _Generic at the end of the file.
// RUN: cc -E %s -o %t.i
// RUN: %ompicc-tr --dump-types %t.i | FileCheck %s
// RUN: cc -fsyntax-only %s

struct pt { int x; double y; };

void types(struct pt *p, struct pt s, int a[10], unsigned u, char c, float f, long l)
{
  int m[3][4];
  (void)(p->y + s.x);
// CHECK: 'p->y + s.x' double
// CHECK-NEXT: 'p->y' double
// CHECK-NEXT: 'p' struct pt *
// CHECK-NEXT: 's.x' int
  (void)(a[2] * u);
// CHECK: 'a[2] * u' unsigned int
// CHECK-NEXT: 'a[2]' int
// CHECK-NEXT: 'a' int *
  (void)(c + c);
// CHECK: 'c + c' int
  (void)(f * 2);
// CHECK: 'f * 2' float
  (void)(u + l);
// CHECK: 'u + l' long
  (void)(u + 1LL);
// CHECK: 'u + 1LL' long long
  (void)(&m[1]);
// CHECK: '&m[1]' int (*)[4]
// CHECK-NEXT: 'm[1]' int[4]
// CHECK-NEXT: 'm' int[3][4]
  (void)(*m);
// CHECK: '*m' int[4]
  (void)(sizeof m);
// CHECK: 'sizeof m' unsigned long
  (void)(c ? p : 0);
// CHECK: 'c ? p : 0' struct pt *
  (void)(p - p);
// CHECK: 'p - p' long
  (void)(p + 1);
// CHECK: 'p + 1' struct pt *
  (void)("abc");
// CHECK: '"abc"' char[4]
  (void)((short)3);
// CHECK: '(short)3' short
  (void)(1.0f + 2.0);
// CHECK: '1.0f + 2.0' double
  (void)(1.0L);
// CHECK: '1.0L' long double
  (void)(0x80000000);
// CHECK: '0x80000000' unsigned int
  (void)(4294967296);
// CHECK: '4294967296' long
  (void)('a');
// CHECK: ''a'' int
  (void)(!p);
// CHECK: '!p' int
  (void)(~u);
// CHECK: '~u' unsigned int
  (void)((struct pt){1, 2.0}.y);
// CHECK: '(struct pt){1, 2.0}.y' double
  (void)_Generic(f, float: 1L, default: 2);
// CHECK: '_Generic(f, float: 1L, default: 2)' long
  (void)({ int q = 1; q; });
// CHECK: '({ int q = 1; q; })' int
}

#define IS(e, T) _Static_assert(_Generic((e), T: 1, default: 0), #e)
static struct pt *P;
static struct pt S;
static int A[10], M[3][4];
static unsigned U;
static char C;
static float F;
static long L;
IS(P->y + S.x, double);
IS(A[2] * U, unsigned int);
IS(C + C, int);
IS(F * 2, float);
IS(U + L, long);
IS(U + 1LL, long long);
IS(&M[1], int (*)[4]);
IS(C ? P : 0, struct pt *);
IS(P - P, long);
IS(0x80000000, unsigned int);
IS(4294967296, long);
IS('a', int);
IS(~U, unsigned int);
