// strtod, strtof and atof in device code (C11 7.22.1.3), correctly
// rounded as the host's C library (devlib-cuda/omp-strtod.h): the same
// bits and the same end of the subject sequence, on the device and on the
// host, for decimal numbers of up to 40 digits and exponents from -350 to
// 350 (subnormals, overflow, zero), the exact halfway points between
// neighbouring doubles written out in full (ties to even), %a's
// hexadecimal forms, INF, INFINITY and NAN in either case, and strings
// that are no number or stop early.
// RUN: %ompicc -o %t %s -lm && %t
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Inputs/check.h"

enum { N = 1200, L = 800 };
static char text[N][L];
static uint64_t seed = 2026;

static unsigned next(void)
{
  seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
  return (unsigned)(seed >> 33);
}

static double any_double(void)
{
  uint64_t b = (uint64_t)next() << 32 | next();
  double d;
  memcpy(&d, &b, sizeof d);
  return d != d ? 1.5 : d;
}

static const char *const fixed[] = {
    "0", "-0", "0.1", "2.5", "1e308", "1.7976931348623157e308", "1.7976931348623159e308",
    "4.9406564584124654e-324", "2.4703282292062327e-324", "2.4703282292062328e-324",
    "2.2250738585072011e-308", "9007199254740993", "0x1.8p3", "-0x1p-1074", "0x1p-1075",
    "0x1.00000000000008p0", "0x1.000000000000081p0", "inf", "-Infinity", "NaN", "nan(1a)",
    "  +3.25e+2xyz", "1e", "1e+", ".5", "5.", ".", "-", "abc", "0x", "3.4028235e38",
    "3.4028236e38", "1.4e-45", "7e-46", "123456789012345678901234567890e-10", "\t\n 42"};

int main(void)
{
  int n = 0;
  for (; n < (int)(sizeof fixed / sizeof *fixed); n++)
    strcpy(text[n], fixed[n]);
  for (; n < N; n++) {
    int kind = next() % 4, k = 0;
    char *s = text[n];
    if (kind == 0)
      snprintf(s, L, "%.*g", 1 + (int)(next() % 20), any_double());
    else if (kind == 1)
      snprintf(s, L, "%a", any_double());
    else if (kind == 2) { /* halfway between two doubles, all its digits */
      double d = any_double(), up = nextafter(d, d < 0 ? -1e308 : 1e308);
      snprintf(s, L, "%.700Lg", ((long double)d + (long double)up) / 2);
    } else {
      if (next() % 3 == 0)
        s[k++] = '-';
      int digits = 1 + next() % 40, dot = next() % (digits + 1);
      for (int i = 0; i < digits; i++) {
        if (i == dot)
          s[k++] = '.';
        s[k++] = (char)('0' + next() % 10);
      }
      snprintf(s + k, L - k, "e%d", (int)(next() % 700) - 350);
    }
  }
  static uint64_t host_d[N], dev_d[N];
  static uint32_t host_f[N], dev_f[N];
  static int host_end[N], dev_end[N];
  for (int i = 0; i < N; i++) {
    char *end;
    double d = strtod(text[i], &end);
    float f = strtof(text[i], NULL);
    memcpy(&host_d[i], &d, 8);
    memcpy(&host_f[i], &f, 4);
    host_end[i] = (int)(end - text[i]);
  }
#pragma omp target teams distribute parallel for map(to: text) map(from: dev_d, dev_f, dev_end)
  for (int i = 0; i < N; i++) {
    char *end;
    double d = strtod(text[i], &end);
    float f = strtof(text[i], NULL);
    if (d != atof(text[i]) && d == d)
      d = -1; /* atof is strtod */
    memcpy(&dev_d[i], &d, 8);
    memcpy(&dev_f[i], &f, 4);
    dev_end[i] = (int)(end - text[i]);
  }
  for (int i = 0; i < N; i++) {
    double h;
    memcpy(&h, &host_d[i], 8);
    bool nan = h != h; /* a NaN's payload is the library's choice */
    bool same = nan ? (dev_d[i] & 0x7ff8000000000000ULL) == 0x7ff8000000000000ULL
                    : dev_d[i] == host_d[i] && dev_f[i] == host_f[i];
    if (!same || dev_end[i] != host_end[i]) {
      if (fails < 10)
        printf("'%.60s': device %016llx %08x end %d, host %016llx %08x end %d\n", text[i],
               (unsigned long long)dev_d[i], dev_f[i], dev_end[i],
               (unsigned long long)host_d[i], host_f[i], host_end[i]);
      fails++;
    }
  }
  return fails != 0;
}
