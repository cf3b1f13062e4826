/* parse-c11.c - every C11 construct the grammar knows, in a program that
 * checks its own results (exit 0).  Used by parse-programs.test. */
#include <stdalign.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>

typedef int T;
typedef struct point { int x, y; } point;
typedef int (*binop)(int, int);

static _Thread_local int tls_counter;
_Static_assert(sizeof(int) >= 2, "int is too small");
_Alignas(16) static char aligned_buf[32];
static _Atomic int atomic_q;
static _Atomic(long) atomic_long;

struct flags {
  unsigned a : 1, b : 3;
  unsigned : 0;
  int c;
  T T;              /* a member named like a typedef */
  struct { int inner; };
  _Static_assert(1, "in a struct");
};

enum color { RED, GREEN = 5, BLUE, };

/* T is shadowed by a parameter name: inside, T is an int variable. */
static int shadow_param(int T) { return T + 1; }

static int add(int a, int b) { return a + b; }
static int sub(int a, int b) { return a - b; }

/* A function returning a pointer to a function. */
static binop (pick)(int which) { return which ? add : sub; }
static int (*pick2(int which))(int, int) { return which ? sub : add; }

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

/* K&R definition. */
static int kr_mul(a, b)
  int a;
  long b;
{
  return a * (int)b;
}

static int vla_sum(int n, int m, int a[static n][m])
{
  int s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      s += a[i][j];
  return s;
}

void star_proto(int n, int (*a)[*]);
static int proto_star(int n, const int a[const n]) { return a[n - 1]; }

_Noreturn static void die(void) { abort(); }

static int generic_kind(double d) { return _Generic(d, int: 1, double: 2, default: 3); }

static int scopes(void)
{
  T x = 1;
  {
    int T = 2;           /* shadows the typedef */
    x += T;
  }
  T y = x;               /* the typedef again */
  for (int T = 0; T < 2; T++)
    y += T;
  T z = y;
  return z;
}

int main(void)
{
  point p = {.y = 2, .x = 1};
  point q = (point){3, 4};
  int arr[5] = {[2] = 7, [4] = 9};
  int *ip = (int[]){1, 2, 3};
  struct flags f = {.a = 1, .b = 5, .c = 3, .T = 4};
  enum color c = BLUE;
  int m[2][3] = {{1, 2, 3}, {4, 5, 6}};
  const volatile int cv = 3;
  int *restrict rp = &arr[0];
  char (*pa)[32] = &aligned_buf;
  unsigned long long big = 0xFFFFFFFFull;
  double d = 1.5e3, h = 0x1.8p1;
  float fl = .5f;
  long double ld = 2.0L;
  char ch = '\n';
  const char *s = "abc" "def";
  T n = sizeof(point) + sizeof p.x + alignof(double) + _Alignof(int);

  tls_counter = 1;
  atomic_q = 2;
  atomic_long = 3;
  if (p.x != 1 || p.y != 2 || q.x + q.y != 7)
    return 1;
  if (arr[2] != 7 || arr[4] != 9 || ip[2] != 3)
    return 2;
  if (f.a != 1 || f.b != 5 || f.c != 3 || f.T != 4 || c != 6)
    return 3;
  if (vla_sum(2, 3, m) != 21 || proto_star(3, ip) != 3)
    return 4;
  if (pick(1)(2, 3) != 5 || pick2(1)(5, 3) != 2 || kr_mul(3, 4) != 12)
    return 5;
  if (sum(3, 1, 2, 3) != 6 || shadow_param(1) != 2 || scopes() != 4)
    return 6;
  if (generic_kind(1.0) != 2 || cv != 3 || *rp != 0 || (*pa)[0] != 0)
    return 7;
  if (big != 4294967295ull || d != 1500.0 || h != 3.0 || fl != 0.5f || ld != 2.0L)
    return 8;
  if (ch != 10 || s[3] != 'd' || n < 8 || offsetof(point, y) != sizeof(int))
    return 9;
  int i = 0, j = 10;
  do {
    i++;
    if (i == 3)
      continue;
    else if (i > 5)
      break;
  } while (i < j);
  switch (i) {
  case 6:
    j = i ? i : -i;
    break;
  default:
    die();
  }
  j = (j << 2) >> 1, j %= 7, j ^= 1, j |= 2, j &= ~0;
  goto done;
done:
  return (j == 6 && !(i != 6)) ? 0 : 10;
}
