// The C library in device code, beyond string.h (device-strings.c):
// ctype.h (C11 7.4, the "C" locale), stdlib.h's numeric conversions,
// integer division, qsort and bsearch (7.22.1, 7.22.5, 7.22.6.2), inttypes.h's
// imaxabs and imaxdiv (7.8.2), math.h's
// classification and comparison macros (7.12.3, 7.12.14), gcc's bit
// builtins of long and long long, __builtin_prefetch and _trap, the math
// functions CUDA has that the device table lacked (nearbyint, remquo,
// fdim, ilogb, ...) and float.h's limits of double, whose definition is
// a long double constant.  Each was an error in device code ("called in
// device code but has no definition", "'long double' in device code"),
// or compiled on the CPU device only, with g++'s builtins that nvcc
// lacks.  One declare target function computes every case; the host (its
// C library) and the device, in one thread and in every thread of a
// team, must agree.
// RUN: %ompicc -o %t %s -lm && %t
// With optimization, glibc defines some of them inline in its headers,
// and with _FORTIFY_SOURCE (Ubuntu's gcc sets it at -O2) as checking
// versions, which are the device C library's on the device:
// RUN: %ompicc -O2 -o %t.o2 %s -lm && %t.o2
// RUN: %ompicc -O2 -D_FORTIFY_SOURCE=2 -o %t.f %s -lm && %t.f
#include <ctype.h>
#include <float.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "Inputs/check.h"

enum { OUT = 64, CHARS = 6 };

#pragma omp declare target
static int by_value(const void *a, const void *b)
{
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

static int cases(int *r)
{
  int k = 0;
  const char text[CHARS] = {'a', 'Z', '7', ' ', '\t', '!'};
  memset(r, 0, OUT * sizeof *r);
  for (int i = 0; i < CHARS; i++) { /* glibc's macros, and the functions */
    int c = text[i];
    r[k++] = (isalpha(c) != 0) | (isdigit(c) != 0) << 1 | (isspace(c) != 0) << 2 |
             (ispunct(c) != 0) << 3 | (isupper(c) != 0) << 4 | (isxdigit(c) != 0) << 5 |
             (isblank(c) != 0) << 6 | (isprint(c) != 0) << 7 | (iscntrl(c) != 0) << 8 |
             ((isalnum)(c) != 0) << 9 | ((isgraph)(c) != 0) << 10 | ((islower)(c) != 0) << 11;
    r[k++] = toupper(c) * 1000 + (tolower)(c);
  }
  r[k++] = isalpha(200) != 0; /* no class above 127 in the "C" locale */
  r[k++] = isdigit(EOF) != 0;
  char *end;
  r[k++] = atoi("  -42x");
  r[k++] = (int)atol("+17");
  r[k++] = (int)(atoll("123456789012") % 1000);
  r[k++] = (int)strtol("0x1F", &end, 0) * 10 + (int)(end - (const char *)"0x1F");
  const char *octal = "0777 rest";
  r[k++] = (int)strtol(octal, &end, 0);
  r[k++] = (int)(end - octal);
  r[k++] = (int)strtol("zz", 0, 36);
  r[k++] = strtol("99999999999999999999", 0, 10) == LONG_MAX;
  r[k++] = strtoll("-99999999999999999999", 0, 10) == LLONG_MIN;
  r[k++] = strtoul("-1", 0, 10) == ULONG_MAX;
  r[k++] = (int)(strtoull("18446744073709551615", 0, 10) >> 60);
  const char *none = "  x";
  strtol(none, &end, 10);
  r[k++] = end == none; /* no digits: end is the string itself */
  div_t d = div(-17, 5);
  ldiv_t ld = ldiv(17L, -5L);
  r[k++] = d.quot * 100 + d.rem;
  r[k++] = (int)(ld.quot * 100 + ld.rem);
  r[k++] = (int)lldiv(-9LL, -4LL).rem;
  int v[9] = {5, -3, 8, 8, 0, 12, -7, 1, 5};
  qsort(v, 9, sizeof v[0], by_value);
  for (int i = 0; i < 9; i++)
    r[k++] = v[i];
  int key = 8, missing = 2;
  int *hit = bsearch(&key, v, 9, sizeof v[0], by_value);
  r[k++] = hit && *hit == 8;
  r[k++] = bsearch(&missing, v, 9, sizeof v[0], by_value) == 0;
  double xs[4] = {-INFINITY, 0.0, DBL_MIN / 4, NAN};
  for (int i = 0; i < 4; i++)
    r[k++] = (isinf(xs[i]) ? 1 : 0) | fpclassify(xs[i]) << 1 | (isnormal(xs[i]) != 0) << 4 |
             (isgreater(xs[i], -1.0) != 0) << 5 | (isunordered(xs[i], 1.0) != 0) << 6 |
             (islessgreater(xs[i], 0.0) != 0) << 7;
  r[k++] = isinf((float)INFINITY) * (signbit(-INFINITY) ? -1 : 1);
  r[k++] = DBL_MAX > 1e308 && DBL_EPSILON < 3e-16 && DBL_MIN < 3e-308;
  int quo;
  r[k++] = (int)nearbyint(2.5) * 100 + (int)(remquo(10.0, 3.0, &quo) * 10) + quo;
  r[k++] = (int)fdim(5.0, 2.0) + ilogb(1024.0) * 10 + (int)logb(8.0) * 100;
  r[k++] = (int)(scalbn(1.0, 4) + nextafter(1.0, 2.0) - 1.0 > 0);
  r[k++] = (int)lrint(-2.5) * 10 + (int)llround(2.5);
  unsigned long long bits = 0xF0F000000ULL;
  __builtin_prefetch(r, 1, 3);
  if (!r)
    __builtin_trap();
  r[k++] = __builtin_clzl(bits) + 100 * __builtin_ctzll(bits);
  r[k++] = __builtin_popcountl(bits) + 100 * __builtin_popcountll(~bits);
  r[k++] = __builtin_parityl(bits | 1) + 10 * __builtin_ffsl((long)bits);
  r[k++] = __builtin_bswap16(0x1234);
  char copy[8];
  memcpy(copy, "fortify", 8); /* memcpy_chk under _FORTIFY_SOURCE */
  strcpy(copy, "ok");
  r[k++] = (int)strlen(copy) + copy[1];
  r[k++] = (int)(imaxdiv(-(intmax_t)23, 4).quot * 10 + imaxdiv(23, -4).rem) +
           (int)(imaxabs(-INTMAX_MAX + 9) % 1000);
  return k;
}
#pragma omp end declare target

int main(void)
{
  int host[OUT], one[OUT], many[4][OUT];
  int n = cases(host);
  CHECK(n <= OUT);
  check_eq("atoi", host[2 * CHARS + 2], -42);
  check_eq("strtol base 0, hexadecimal", host[2 * CHARS + 5], 314);
  check_eq("qsort first", host[2 * CHARS + 17], -7);
  check_eq("imaxdiv, imaxabs", host[n - 1], -50 + 3 + 798);
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
