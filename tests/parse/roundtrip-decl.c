// Declarations of every shape: declarators, specifiers, struct/union/enum,
// bit-fields, initializers with designators, attributes, asm labels, K&R
// definitions.  Printed back, the program computes the
// same values.
// RUN: %roundtrip --run -I %inputs %s
#include <stdalign.h>
#include <stdatomic.h>
#include <string.h>
#include "rt-assert.h"

typedef int myint, *intptr, intarr[4];
typedef int (*binop)(int, int);
typedef struct node { int value; struct node *next; } node;
typedef union { int i; float f; unsigned char bytes[4]; } pun;
enum color { RED, GREEN = 5, BLUE, };
enum __attribute__((packed)) small { S0, S1 = 200 };
static const volatile int cv = 3;
static _Thread_local int tls = 11;
static __thread int tls2 = 12;
extern int renamed(int) __asm__("rt_real_name");
int renamed(int x) { return x * 3; }
static int unused_fn(void) __attribute__((unused));
static int unused_fn(void) { return 0; }
static int aligned_var __attribute__((aligned(16))) = 1;
_Alignas(32) static char buf32[8];
static alignas(8) int al8;
_Static_assert(sizeof(int) == 4, "int is 4 bytes");
static _Atomic int counter;
static _Atomic(long) counter2;
__extension__ typedef long long ext_ll;
static int square(int);

struct bits {
  unsigned a : 3;
  unsigned b : 5, : 0;
  signed c : 4;
  int : 2;
  _Bool flag : 1;
};

struct with_anon {
  int kind;
  union {
    int i;
    double d;
  };
  struct {
    char tag;
  };
  int tail[];
};

struct __attribute__((packed)) packed { char c; int i; };
struct aligned_s { int x; } __attribute__((aligned(8)));

static int add(int a, int b) { return a + b; }
static int (*pick(int which))(int, int) { return which ? add : 0; }
static int (*table[2])(int, int) = {add, add};
static int matrix[2][3] = {{1, 2, 3}, {4, 5, 6}};
static int (*rowp)[3] = matrix;
static char *const *const names_p = 0;

int old_style(a, b, c)
  int a;
  char *b;
  double c;
{
  return a + b[0] + (int)c;
}

/* Qualifiers and storage classes before a typedef name, in K&R
 * parameter declarations too. */
static int old_qualified(a, b)
  const myint a;
  register intptr b;
{
  return a + *b;
}

static int square(int x) { return x * x; }

static int vla_sum(int n, int v[static n])
{
  int copy[n];
  memcpy(copy, v, sizeof copy);
  int s = 0;
  for (int i = 0; i < n; i++)
    s += copy[i];
  return s;
}

static int first(const int a[const restrict static 1]) { return a[0]; }
static int deref(int *restrict p) { return *p; }
static int nothing(void) { return 42; }
static int proto_only(int, char *, double (*)(double), int[]);
static int proto_only(int a, char *b, double (*f)(double), int c[]) { return a + (b == 0) + (f == 0) + c[0]; }

static int declarators(void)
{
  intarr ia = {1, 2, 3, 4};
  intptr ip = &ia[2];
  myint mi = 5;
  binop op = add;
  ASSERT(3, *ip);
  ASSERT(5, mi);
  ASSERT(7, op(3, 4));
  ASSERT(9, pick(1)(4, 5));
  ASSERT(3, table[1](1, 2));
  ASSERT(6, rowp[1][2]);
  ASSERT(1, names_p == 0);
  ASSERT(5, GREEN);
  ASSERT(6, BLUE);
  ASSERT(1, sizeof(enum small));
  ASSERT(3, cv);
  ASSERT(11, tls);
  ASSERT(12, tls2);
  ASSERT(12, renamed(4));
  ASSERT(16, _Alignof(aligned_var));
  ASSERT(0, (long)buf32 % 32);
  ASSERT(0, (long)&al8 % 8);
  ASSERT(5, sizeof(struct packed));
  ASSERT(8, sizeof(struct aligned_s));
  ASSERT(8, sizeof(ext_ll));
  ASSERT(100 + 98 + 2, old_style(100, "b", 2.5));
  ASSERT(7, old_qualified(4, &(int){3}));
  ASSERT(10, vla_sum(4, ia));
  ASSERT(1, first(ia));
  ASSERT(3, deref(ip));
  ASSERT(42, nothing());
  ASSERT(16, square(4));
  ASSERT(4, proto_only(1, 0, 0, ia));
  atomic_fetch_add(&counter, 2);
  counter2 = 7;
  ASSERT(2, counter);
  ASSERT(7, counter2);
  return 0;
}

static int structs(void)
{
  struct bits b = {.a = 5, .b = 17, .c = -3, .flag = 1};
  ASSERT(5, b.a);
  ASSERT(17, b.b);
  ASSERT(-3, b.c);
  ASSERT(1, b.flag);
  struct with_anon w = {.kind = 1, .d = 2.5, .tag = 'x'};
  ASSERT(2, (int)w.d);
  ASSERT(120, w.tag);
  node n2 = {2, 0}, n1 = {1, &n2};
  ASSERT(2, n1.next->value);
  pun u = {.f = 1.0f};
  ASSERT(0x3f800000, u.i);
  return 0;
}

static int initializers(void)
{
  int a[10] = {[2] = 5, [4 ... 6] = 7, 9};
  ASSERT(5, a[2]);
  ASSERT(7, a[5]);
  ASSERT(9, a[7]);
  ASSERT(0, a[9]);
  struct point { int x, y; } p = {y: 4, x: 3};
  ASSERT(3, p.x);
  ASSERT(4, p.y);
  struct point ps[] = {[1].y = 8, [0] = {1, 2}, };
  ASSERT(2, sizeof ps / sizeof ps[0]);
  ASSERT(8, ps[1].y);
  ASSERT(2, ps[0].y);
  struct { int n; int v[3]; } nested = {.v = {1, [2] = 3}, .n = 3};
  ASSERT(3, nested.v[2]);
  ASSERT(0, nested.v[1]);
  char s[] = "hello";
  ASSERT(6, sizeof s);
  char t[8] = {"hi"};
  ASSERT(0, t[7]);
  int z = {4};
  ASSERT(4, z);
  static const short big[] = {
    1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23,
    24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44,
  };
  ASSERT(44, sizeof big / sizeof big[0]);
  ASSERT(44, big[43]);
  return 0;
}

int main(void)
{
  declarators();
  structs();
  initializers();
  return done();
}
