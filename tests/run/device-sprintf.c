// sprintf and snprintf in device code (C11 7.21.6.1, 7.21.6.5,
// 7.21.6.6), which were an error there ("function 'snprintf' is called
// in device code but has no definition").  The device library's
// formatter (devlib-cuda/omp-format.h) must write what the host's C
// library writes: every conversion with flags, width and precision (also
// *), the length modifiers, %n, snprintf's truncation and its count, and
// the floating conversions exactly (the decimal expansion of a double
// rounded to nearest, ties to even: %.0f of 2.5 is 2, %.2f of 1.005 is
// 1.00, %.300f writes every digit).  One declare target function formats
// every case; the host and the device, in one thread and in every thread
// of a team, must agree.
// RUN: %ompicc -o %t %s && %t
// glibc's headers define sprintf and snprintf inline with _FORTIFY_SOURCE
// (checking versions): on the device they are the library's too.
// RUN: %ompicc -O2 -D_FORTIFY_SOURCE=2 -o %t.f %s && %t.f
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "Inputs/check.h"

enum { CASES = 24, LEN = 400 };

#pragma omp declare target
static const double values[] = {0.0, -0.0, 1.0, -1.5, 2.5, 0.125, 1.005, 9.995, 99.95,
                                1e-5, 123456.789, 6.02214076e23, 1.0 / 3, DBL_MIN, DBL_MAX,
                                DBL_TRUE_MIN, 5e-324, 1e21, 0.1, 4503599627370496.5};
enum { NV = sizeof values / sizeof *values };

/* case k into out (LEN bytes); returns snprintf's count */
static int format_case(int k, char *out)
{
  int n = 0, len = 0, mark = 0;
  switch (k) {
  case 0:
    return snprintf(out, LEN, "%d|%i|%u|%x|%X|%o|%5d|%-5d|%05d|%+d|% d", -42, 7, 3000000000u,
                    0xbeef, 0xbeef, 8, 12, 12, -12, 5, 5);
  case 1:
    return snprintf(out, LEN, "%#x|%#o|%#.0o|%.0d|%.5d|%8.3d|%-+8.3d|%hhd|%hu|%ld|%lld|%llu",
                    255, 8, 0, 0, 42, -7, 7, 300, 70000, LONG_MIN, LLONG_MAX, ULLONG_MAX);
  case 2:
    return snprintf(out, LEN, "%zu|%jd|%td|%lx|%c%c|%%|%5c|%-3c|", sizeof(double), (long)-3,
                    (long)9, 0xfffffffffUL, 'o', 'k', 'r', 'l');
  case 3:
    return snprintf(out, LEN, "%s|%8s|%-8s|%.2s|%*s|%-*.*s|", "text", "right", "left",
                    "cut", 6, "star", 7, 3, "precision");
  case 4:
    return snprintf(out, LEN, "%p|%p|%12p|", (void *)0, (void *)0x1f00, (void *)0);
  case 5:
    len = snprintf(out, LEN, "abc%ndef%hhn", &n, &mark);
    return len * 100 + n * 10 + (mark & 0xff);
  case 6: /* truncation: the count is of what the format produces */
    len = snprintf(out, 8, "%s-%d", "truncated", 123456);
    return len + (int)strlen(out) * 100;
  case 7:
    len = snprintf(NULL, 0, "%d %s", 12345, "never written");
    out[0] = 0;
    return len;
  case 8:
    return sprintf(out, "%f|%e|%g|%F|%E|%G|%a|%A", 1.5, 1.5, 1.5, 0.1, 0.1, 1e-10, 1.5, 0.1);
  case 9:
    return sprintf(out, "%.0f %.0f %.0f %.0f %.1f %.2f %.2f %.3f", 0.5, 1.5, 2.5, -0.5, 0.25,
                   1.005, 2.675, 1.0005);
  case 10:
    return sprintf(out, "%.3g|%.3g|%.2g|%.1g|%g|%g|%g|%g|%#g|%#.3g", 9.995, 99.95, 9.96, 0.95,
                   1e-4, 1e-5, 123456.0, 1234567.0, 2.0, 1.5);
  case 11:
    return sprintf(out, "%+12.4f|% -14.3e|%014.5g|%-+10G|%08.2f|%+08.2f|% 8.2f", M_PI, -M_E,
                   1.0 / 7, 2e-7, -1.5, 3.125, 4.0);
  case 12:
    return sprintf(out, "%f|%e|%g|%F|%E|%08f|%-6f|%+f", INFINITY, -INFINITY, NAN, INFINITY,
                   -NAN, -INFINITY, NAN, INFINITY);
  case 13:
    return sprintf(out, "%.17g|%.17g|%.17g|%e|%.15e|%a", DBL_TRUE_MIN, DBL_MAX, 0.1, DBL_MIN,
                   DBL_MAX, DBL_TRUE_MIN);
  case 14:
    return sprintf(out, "%.300f", DBL_MIN * 1e10);
  case 15:
    return sprintf(out, "%f", DBL_MAX);
  case 16:
    return sprintf(out, "%.0a|%.1a|%.3a|%.20a|%#a|%a|%a", 1.5, 1.96875, M_PI, 0.1, 1.0, 0.0,
                   -DBL_MAX);
  case 17:
    return sprintf(out, "%*d|%-*d|%.*f|%*.*e|%.*d", 6, 42, 5, 7, 2, 3.14159, 12, 3, 2.5e10, -1,
                   3);
  case 18: /* floats and chars promoted, as C passes them */
    return sprintf(out, "%f %g %d %c", 0.1f, 3.0f, (char)65, (short)66);
  default: { /* a value of the table in every floating conversion */
    const double v = values[(k - 19) * 4 % NV];
    const double w = values[((k - 19) * 4 + 1) % NV];
    const double x = values[((k - 19) * 4 + 2) % NV];
    const double y = values[((k - 19) * 4 + 3) % NV];
    return sprintf(out, "%.20g %.10e %.12f|%g %e %.3f|%G %.0e %.6f|%.17g %.1E %#.0f", v, v, v,
                   w, w, w, x, x, x, y, y, y);
  }
  }
}

static void format_all(char (*out)[LEN], int *count)
{
  for (int k = 0; k < CASES; k++) {
    memset(out[k], 0, LEN);
    count[k] = format_case(k, out[k]);
  }
}
#pragma omp end declare target

static char host[CASES][LEN], one[CASES][LEN], many[3][CASES][LEN];
static int host_n[CASES], one_n[CASES], many_n[3][CASES];

static void compare(const char *who, int t, char (*got)[LEN], const int *got_n)
{
  for (int k = 0; k < CASES; k++)
    if (strcmp(got[k], host[k]) || got_n[k] != host_n[k]) {
      printf("%s %d, case %d:\n  device [%s] %d\n  host   [%s] %d\n", who, t, k, got[k],
             got_n[k], host[k], host_n[k]);
      fails++;
    }
}

int main(void)
{
  format_all(host, host_n);
  /* what C says, as the host's library wrote it */
  CHECK(!strcmp(host[9], "0 2 2 -0 0.2 1.00 2.67 1.000"));
  CHECK(!strcmp(host[6], "truncat") && host_n[6] == 716);
  CHECK(host_n[7] == 19);
  CHECK(strlen(host[14]) == 302);
#pragma omp target map(from: one, one_n)
  format_all(one, one_n);
#pragma omp target teams distribute parallel for map(from: many, many_n)
  for (int t = 0; t < 3; t++)
    format_all(many[t], many_n[t]);
  compare("one thread", 0, one, one_n);
  for (int t = 0; t < 3; t++)
    compare("thread", t, many[t], many_n[t]);
  return fails != 0;
}
