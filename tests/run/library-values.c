// C library functions as values in device code: passed to a function
// that integrates, held in a pointer and called through it.  CUDA's math
// functions are overloads or builtins with no address, so the kernel
// file calls each through a __device__ function of its own
// (codegen-cuda/kernels.c write_lib_values); strlen's is the device
// library's.  Once a sorry.
// RUN: %ompicc -o %t %s -lm && %t
#include <math.h>
#include <stdio.h>
#include <string.h>
#pragma omp declare target
static double integrate(double (*f)(double), double a, double b, int n) {
  double h = (b - a) / n, s = 0;
  for (int i = 0; i < n; i++) s += f(a + (i + 0.5) * h);
  return s * h;
}
#pragma omp end declare target
int main(void) {
  double r[4] = {0};
  size_t len = 0;
  #pragma omp target map(tofrom: r, len)
  {
    r[0] = integrate(sin, 0, M_PI, 1000);
    r[1] = integrate(exp, 0, 1, 1000);
    double (*g)(double) = sqrt;
    r[2] = g(16.0);
    float (*ff)(float) = fabsf;
    r[3] = ff(-2.5f);
    size_t (*sl)(const char *) = strlen;
    len = sl("hello");
  }
  int bad = !(fabs(r[0] - 2) < 1e-5 && fabs(r[1] - (M_E - 1)) < 1e-5 && r[2] == 4 && r[3] == 2.5 && len == 5);
  if (bad)
    printf("%.6f %.6f %g %g %zu\n", r[0], r[1], r[2], r[3], len);
  return bad;
}
