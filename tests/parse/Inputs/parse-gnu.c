/* parse-gnu.c - the GNU extensions the grammar accepts, in a program that
 * checks its own results (exit 0).  Used by parse-programs.test. */
#include <stddef.h>

#ident "parse-gnu test"
#pragma GCC visibility push(default)
typedef int T;
__extension__ typedef long long ll_t;
typedef __typeof__(sizeof 0) size_type;
typedef __int128 i128;
typedef unsigned __int128 u128;

struct __attribute__((packed)) packed_s { char c; int i; } __attribute__((aligned(1)));
struct empty {};
struct with_zero { int n; int data[0]; };
struct members {
  __extension__ union { int u; float f; };
  int x __attribute__((aligned(8)));
};
enum __attribute__((unused)) e { E1 __attribute__((deprecated)) = 1, E2 };

extern int renamed(int) __asm__("renamed_impl") __attribute__((nothrow));
int renamed_impl(int x) { return x * 2; }
static int __attribute__((noinline, unused)) attr_fn(int a __attribute__((unused)), int *__restrict p)
{
  return *p;
}
static __inline__ int inl(int x) { return x + 1; }
static int * __attribute__((unused)) __restrict__ rptr;
static __thread int thread_var;
__asm__(".globl parse_gnu_marker\nparse_gnu_marker:");

static int label_values(int which)
{
  static void *table[] = {&&zero, &&one};
  goto *table[which];
zero:
  return 10;
one:
  __attribute__((unused));
  return 11;
}

static int local_labels(void)
{
  __label__ out;
  int n = 0;
  for (;;) {
    if (++n == 3)
      goto out;
  }
out:
  return n;
}

static int ranges(int c)
{
  switch (c) {
  case 1 ... 3:
    return 1;
  case 4:
    c++;
    __attribute__((fallthrough));
  default:
    return 2;
  }
}

typedef int v4si __attribute__((vector_size(16)));
typedef float v4sf __attribute__((vector_size(16)));
struct inner { int pad; int arr[4]; };
struct outer { char c; struct inner in[2]; };

static int builtins(void)
{
  v4si vi = {1, 2, 3, 4};
  v4sf vf = __builtin_convertvector(vi, v4sf);
  size_t off = __builtin_offsetof(struct outer, in[1].arr[2]);
  return vf[3] == 4.0f && off == offsetof(struct outer, in[1].arr[2]) && off > 8;
}

static int asm_goto(int x)
{
  asm goto("" : : "r"(x) : : taken);
  return 0;
taken:
  return 1;
}

static int asm_stmt(int x)
{
  int r;
  __asm__ __volatile__("mov %1, %0" : "=r"(r) : "r"(x));
  asm("" ::: "memory");
  return r;
}

int main(void)
{
  int a = ({ int t = 3; t * 2; });
  __auto_type b = a + 1;
  __typeof__(a) c = 0 ?: 5;
  typeof(int *) pc = &c;
  _Complex double z = 1.0 + 2.0i;
  __complex__ float zf = 0;
  double re = __real__ z, im = __imag__ z;
  ll_t big = __extension__ 1LL << 40;
  u128 wide = (u128)1 << 100;
  int old_style[4] = {[1] 5, [2 ... 3] = 7};
  struct { int x, y; } pt = {y: 2, x: 1};
  size_t off = __builtin_offsetof(struct members, x);
  int same = __builtin_types_compatible_p(int, T);
  int sz = __alignof__(double) + __alignof(int) + sizeof(struct empty);
  const char *v = __func__;
  __const int k = 1;
  __volatile__ int vol = 2;
  __signed__ char sc = -1;
  T arr[] = {1, 2, 3};
  (void)rptr;
  (void)zf;
  thread_var = 1;
  if (a != 6 || b != 7 || c != 5 || *pc != 5 || re != 1.0 || im != 2.0)
    return 1;
  if (big != 1099511627776LL || (wide >> 100) != 1 || old_style[1] != 5 || old_style[3] != 7)
    return 2;
  if (pt.x != 1 || pt.y != 2 || off != 8 || !same || sz < 12 || v[0] != 'm')
    return 3;
  if (renamed(2) != 4 || attr_fn(0, &c) != 5 || inl(k) != 2 || vol != 2 || sc != -1)
    return 4;
  if (label_values(1) != 11 || label_values(0) != 10 || local_labels() != 3)
    return 5;
  if (ranges(2) != 1 || ranges(4) != 2 || asm_stmt(9) != 9 || arr[2] != 3)
    return 6;
  if (!builtins() || asm_goto(1) != 0)
    return 8;
  return sizeof(struct packed_s) == 5 ? 0 : 7;
}
#pragma GCC visibility pop
