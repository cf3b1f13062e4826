// <tgmath.h> in device code (issue 12, case 3): gcc's header makes
// sqrt(x) a __builtin_tgmath over sqrtf, sqrt, sqrtl and the complex
// ones; the kernel file calls the function C11 7.25 chooses by the
// arguments' types (float: sqrtf; double or an integer: sqrt), in SPMD and
// generic kernels alike.
// RUN: %ompicc -o %t %s -lm
// RUN: %t
#include <tgmath.h>

#include "Inputs/check.h"

int main(void)
{
  float f = 2.0f, rf = 0;
  double d = 2.0, rd = 0;
  int n = 9;
  double rn = 0;
#pragma omp target map(tofrom: rf, rd, rn)
  {
    rf = sqrt(f);
    rd = sqrt(d) + fabs(-d) + pow(f, 2);
    rn = sqrt(n);
  }
  CHECK(rf == sqrtf(2.0f));
  CHECK(rd == sqrt(2.0) + 2.0 + 4.0);
  CHECK(rn == 3.0);
  float v[64];
#pragma omp target teams distribute parallel for map(from: v)
  for (int i = 0; i < 64; i++)
    v[i] = sqrt((float)i) + fmax((float)i, 1.0f);
  for (int i = 0; i < 64; i++)
    CHECK(v[i] == sqrtf((float)i) + fmaxf((float)i, 1.0f));
  double g = 0;
#pragma omp target map(tofrom: g)
  {
#pragma omp parallel for reduction(+: g)
    for (int i = 1; i <= 16; i++)
      g += log(exp((double)i));
  }
  CHECK(fabs(g - 136.0) < 1e-9);
  return fails != 0;
}
