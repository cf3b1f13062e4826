// GNU C that C++ and nvcc lack, in device code: arithmetic on void *
// (gcc counts it in bytes, as on char *: "Arithmetic on void- and
// Function-Pointers" in gcc's manual) in every form (+, -, the difference
// of two, +=, -=, ++ and -- before and after); a local array of length 0
// (nvcc: "zero-sized variable is not allowed in device code"); and the
// integer overflow builtins (__builtin_add_overflow, _sub_, _mul_, their
// typed forms sadd..umulll and the _p forms: the exact result stored
// modulo the result type's width, and whether it did not fit).  Each was
// an error in the kernel file (g++: "invalid use of 'void'"; nvcc:
// "calling a __host__ function("__builtin_add_overflow") from a
// __global__ function").  One declare target function computes every
// case; the host (gcc's own builtins) and the device, in one thread and
// in every thread of a team, must agree.
// RUN: %ompicc -o %t %s && %t
#include <limits.h>
#include <string.h>

#include "Inputs/check.h"

enum { OUT = 64 };

static const long long values[] = {0, 1, -1, 2, 127, 128, -128, -129, 255, 256, 32767,
                                   -32768, 65535, INT_MAX, INT_MIN, UINT_MAX,
                                   (long long)UINT_MAX + 1, 3037000499LL, 4294967296LL,
                                   LLONG_MAX, LLONG_MIN, LLONG_MAX / 3, -LLONG_MAX / 7};
enum { NV = sizeof values / sizeof *values };

#pragma omp declare target
static int bytes_sum(const void *p, int n)
{
  int s = 0;
  for (const void *q = p; q < p + n; q++)
    s += *(const unsigned char *)q;
  return s;
}

/* a value and its overflow flag folded into a running hash */
static unsigned fold(unsigned h, unsigned long long v, int over)
{
  h = h * 1000003u ^ (unsigned)v ^ (unsigned)(v >> 32);
  return h * 31u + (unsigned)over;
}

/* every operand pair of values[], a and b as given and b unsigned, into
 * each result type; one hash per operation and result type */
#define OVERFLOWS(op, T, slot)                                                                 \
  do {                                                                                         \
    unsigned h = 0;                                                                            \
    for (int i = 0; i < NV; i++)                                                               \
      for (int j = 0; j < NV; j++) {                                                           \
        T r1, r2;                                                                              \
        int o1 = __builtin_##op##_overflow(values[i], values[j], &r1);                         \
        int o2 = __builtin_##op##_overflow((unsigned long long)values[i], (int)values[j], &r2); \
        h = fold(fold(h, (unsigned long long)r1, o1), (unsigned long long)r2, o2);             \
      }                                                                                        \
    r[slot] = (int)h;                                                                          \
  } while (0)

static int cases(int *r)
{
  int k = 0;
  unsigned char bytes[16];
  for (int i = 0; i < 16; i++)
    bytes[i] = (unsigned char)(i * 7 + 1);
  void *v = bytes;
  const void *c = bytes;
  r[k++] = *(unsigned char *)(v + 3);
  r[k++] = *(const unsigned char *)(2 + c);
  v += 5;
  r[k++] = *(unsigned char *)v;
  v -= 2;
  r[k++] = *(unsigned char *)v;
  r[k++] = *(unsigned char *)v++;
  r[k++] = *(unsigned char *)++v;
  r[k++] = *(unsigned char *)v--;
  r[k++] = *(unsigned char *)--v;
  r[k++] = (int)(v - c);
  r[k++] = (int)((v + 4) - (void *)bytes);
  r[k++] = *(unsigned char *)(v - 1);
  r[k++] = bytes_sum(bytes, 16);
  r[k++] = sizeof(v + 1) == sizeof(void *);
  int none[0]; /* GNU C: an array of length 0, size 0 */
  r[k++] = (int)sizeof none + 2 * (none != 0);

  OVERFLOWS(add, signed char, k + 0);
  OVERFLOWS(add, unsigned short, k + 1);
  OVERFLOWS(add, int, k + 2);
  OVERFLOWS(add, unsigned, k + 3);
  OVERFLOWS(add, long long, k + 4);
  OVERFLOWS(add, unsigned long long, k + 5);
  OVERFLOWS(sub, signed char, k + 6);
  OVERFLOWS(sub, unsigned char, k + 7);
  OVERFLOWS(sub, int, k + 8);
  OVERFLOWS(sub, unsigned, k + 9);
  OVERFLOWS(sub, long long, k + 10);
  OVERFLOWS(sub, unsigned long long, k + 11);
  OVERFLOWS(mul, short, k + 12);
  OVERFLOWS(mul, unsigned char, k + 13);
  OVERFLOWS(mul, int, k + 14);
  OVERFLOWS(mul, unsigned, k + 15);
  OVERFLOWS(mul, long long, k + 16);
  OVERFLOWS(mul, unsigned long long, k + 17);
  k += 18;

  int si;
  long sl;
  long long sll;
  unsigned ui;
  unsigned long ul;
  unsigned long long ull;
  int over; /* apart: the call sets what the sum reads */
  over = __builtin_sadd_overflow(INT_MAX, 1, &si);
  r[k++] = over * 2 + (si == INT_MIN);
  over = __builtin_saddl_overflow(LONG_MAX - 1, 1, &sl);
  r[k++] = over * 2 + (sl == LONG_MAX);
  over = __builtin_ssubll_overflow(LLONG_MIN, 1, &sll);
  r[k++] = over * 2 + (sll == LLONG_MAX);
  over = __builtin_uadd_overflow(UINT_MAX, 2u, &ui);
  r[k++] = over * 2 + (ui == 1);
  over = __builtin_usubl_overflow(1ul, 2ul, &ul);
  r[k++] = over * 2 + (ul == ULONG_MAX);
  over = __builtin_umulll_overflow(1ull << 32, 1ull << 32, &ull);
  r[k++] = over * 2 + (ull == 0);
  over = __builtin_smul_overflow(-46341, 46341, &si);
  r[k++] = over * 2;
  over = __builtin_smulll_overflow(-3037000499LL, 3037000499LL, &sll);
  r[k++] = over * 2;
  /* the typed forms convert their operands to the parameter type first */
  long long wide = 0x100000001LL;
  over = __builtin_sadd_overflow(wide, 1, &si);
  r[k++] = over * 2 + (si == 2);
  r[k++] = __builtin_add_overflow_p(INT_MAX, 1, (int)0);
  r[k++] = __builtin_add_overflow_p(INT_MAX, 1, (long long)0);
  r[k++] = __builtin_mul_overflow_p(65536, 65536, (unsigned)0);
  r[k++] = __builtin_sub_overflow_p(0, 1, (unsigned char)0);
  return k;
}
#pragma omp end declare target

int main(void)
{
  int host[OUT], one[OUT], many[4][OUT];
  int n = cases(host);
  CHECK(n <= OUT);
  check_eq("v + 3", host[0], 22);
  check_eq("v++ then ++v", host[5], 36);
  check_eq("(v + 4) - bytes", host[9], 7);
  check_eq("sadd INT_MAX + 1", host[32], 3);
  memset(one, 0, sizeof one);
#pragma omp target map(from: one)
  cases(one);
#pragma omp target teams distribute parallel for map(from: many)
  for (int t = 0; t < 4; t++)
    cases(many[t]);
  check_same_values("one thread", 0, one, host, n);
  for (int t = 0; t < 4; t++)
    check_same_values("thread", t, many[t], host, n);
  return fails != 0;
}
