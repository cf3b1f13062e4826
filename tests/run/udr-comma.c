// declare reduction with a comma-operator combiner and a compound-literal
// initializer (printed back on one pragma line), on the device and the
// host fallback.
// RUN: %ompicc -o %t %s && %t
#include <stdio.h>
typedef struct { double lo, hi; } range;
#pragma omp declare reduction(span : range : omp_out.lo = omp_in.lo < omp_out.lo ? omp_in.lo : omp_out.lo, omp_out.hi = omp_in.hi > omp_out.hi ? omp_in.hi : omp_out.hi) initializer(omp_priv = (range){1e300, -1e300})
int main(void)
{
  double v[1000];
  for (int i = 0; i < 1000; i++) v[i] = (i * 37 % 1000) - 400.5;
  range r = {1e300, -1e300};
  #pragma omp target teams distribute parallel for map(to: v) reduction(span: r)
  for (int i = 0; i < 1000; i++) {
    if (v[i] < r.lo) r.lo = v[i];
    if (v[i] > r.hi) r.hi = v[i];
  }
  printf("%g %g\n", r.lo, r.hi);
  return !(r.lo == -400.5 && r.hi == 598.5);
}
