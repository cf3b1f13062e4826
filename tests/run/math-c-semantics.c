// C library calls in device code keep C's meaning in the C++ kernel file
// (issue 12, case 3): C converts each argument to the prototype's type
// (C11 6.5.2.2), where C++ would pick an overload or a template of
// <cmath>/<cstdlib> by the argument's type: fmax of two ints is a
// host-only template for nvcc, sqrt of a float would compute in float,
// abs of a double would keep its fraction.  The kernel file converts such
// arguments explicitly.
// RUN: %ompicc -o %t %s -lm
// RUN: %t
#include <math.h>
#include <stdlib.h>

#include "Inputs/check.h"

int main(void)
{
  int a[8] = {1, -2, 3, -4, 5, -6, 7, -8};
  double mx = -100, root = 0;
  float f = 2.0f;
  long ints = 0;
  int trunc = 0;
  double half = -2.7;
#pragma omp target map(tofrom: mx, root, ints, trunc) map(to: a)
  {
    for (int i = 0; i < 8; i++) {
      mx = fmax(a[i], mx);
      ints += abs(a[i]) + labs(a[i]) + (long)fmin(a[i], 0) + lround(a[i] * 0.5) +
              (long)pow(a[i], 2);
    }
    root = sqrt(f);        /* double sqrt: the float is converted */
    trunc = abs(half);     /* int abs: the double is converted */
  }
  CHECK(mx == 7);
  CHECK(ints == 36 + 36 - 20 + 0 + 204);
  CHECK(root == sqrt(2.0));
  CHECK(trunc == 2);
  return fails != 0;
}
