// GNU and newer forms that system headers and real programs use: vector
// types, __builtin_convertvector, __int128, file-scope asm, empty
// declarations, [*] parameters, enumerator attributes, GNU initializers,
// alternate keyword spellings.  Printed back, the program behaves the same.
// RUN: %roundtrip --run -I %inputs %s
#include "rt-assert.h"

__asm__(".globl rt_asm_symbol\n.set rt_asm_symbol, 0");
;
typedef int v4si __attribute__((vector_size(16)));
typedef float v4sf __attribute__((vector_size(16)));
enum opts { OPT_A, OPT_OLD __attribute__((deprecated)) = 4, OPT_C };
_Static_assert(OPT_C == 5);
static int vla_proto(int n, int a[*]);
static int vla_proto(int n, int a[n]) { return a[n - 1]; }
static __inline int spelled(int __const x) { return x; }
static int __attribute__((noinline)) * __attribute__((unused)) pointer_attr(int *p) { return p; }
_Alignas(double) static char aligned_buf[3];
static __typeof__(int *) typeof_type;
static __typeof__(spelled(1)) typeof_expr = 3;
__extension__ static __int128 big = (__int128)1 << 100;
static unsigned __int128 ubig;
static _Float128 f128 = 1.5;
static long double _Complex ldc;
static const char *const messages[] = {[1] "one", [0] "zero"};

int main(void)
{
  v4si a = {1, 2, 3, 4}, b = {10, 20, 30, 40};
  v4si c = a + b * 2;
  ASSERT(84, c[3]);
  v4sf f = __builtin_convertvector(c, v4sf);
  ASSERT(21, (int)f[0]);
  ASSERT(1, __builtin_choose_expr(1, 1, 2.0));
  ASSERT(1, __builtin_constant_p(3));
  ASSERT(4, OPT_A + 4);
  int arr[3] = {7, 8, 9};
  ASSERT(9, vla_proto(3, arr));
  ASSERT(5, spelled(5));
  ASSERT(1, pointer_attr(arr) == arr);
  ASSERT(0, (long)aligned_buf % _Alignof(double));
  ASSERT(1, typeof_type == 0);
  ASSERT(3, typeof_expr);
  ASSERT(1, (long)(big >> 100));
  ASSERT(0, (int)ubig);
  ASSERT(1, f128 > 1);
  ASSERT(0, (int)__real__ ldc);
  ASSERT('z', messages[0][0]);
  ASSERT('o', messages[1][0]);
  int x = 5;
  __auto_type y = x;
  ASSERT(5, y);
  ASSERT(5, __extension__({ x; }));
  return done();
}
