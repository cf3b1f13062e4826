// RUN: %ompicc -o %t %s -lm && %t
// C's complex types in device code (devlib-cuda/omp-complex.h): arrays,
// scalars by value, a struct member, the imaginary unit I, __real__ and
// __imag__ as lvalues, +, -, *, / and their assignments with real and
// complex operands, float and double, complex.h's functions, a reduction,
// a generic kernel, and the implicit conversions of a complex value to a
// real type (initialization, assignment, argument, return, to _Bool and to
// an integer); every result against the host's.
#include <complex.h>
#include <math.h>

#include "Inputs/check.h"

#define N 256

struct Wave { double complex amp; float complex phase; int n; };

static int near(double complex a, double complex b)
{
  return cabs(a - b) <= 1e-9 * (1 + cabs(b));
}

static int nearf(float complex a, float complex b)
{
  return cabsf(a - b) <= 1e-4f * (1 + cabsf(b));
}

static double complex f(double complex z, double complex c, double r)
{
  double complex w = z * z + c;
  w /= (1.0 + I * r);
  w = w - 2 * conj(z) + csqrt(w) * cexp(I * r) + cpow(z, 2.0);
  __real__ w += clog(1 + cabs(z));
  __imag__ w = __imag__ w * 0.5 + carg(z);
  return w + csin(z) * ccos(c) / (1.5 - I);
}

/* C11 6.3.1.7: to a real type, the imaginary part is dropped; to _Bool,
 * a complex value is true unless both parts are zero. */
static double real_of(double complex z) { return z * I; }
static double twice(double x) { return 2 * x; }

static float complex g(float complex z)
{
  return csqrtf(z * z + 1.0f) - cexpf(z * 0.25f) / (2.0f + I) + conjf(z) * crealf(z);
}

int main(void)
{
  static double complex z[N], out[N];
  static float complex zf[N], outf[N];
  static struct Wave w[N];
  double complex c = 0.25 - 0.5 * I, sum = 0;
  double r = 0.75;
  for (int i = 0; i < N; i++) {
    z[i] = (i - N / 2) / 64.0 + I * (i % 7) / 3.0;
    zf[i] = (float)(i % 11) / 8.0f - I * (float)(i % 5) / 4.0f;
    w[i].amp = z[i], w[i].phase = zf[i], w[i].n = i;
  }
#pragma omp target teams distribute parallel for map(to: z, zf) map(from: out, outf) \
    map(tofrom: w) firstprivate(c, r) reduction(+: sum)
  for (int i = 0; i < N; i++) {
    out[i] = f(z[i], c, r);
    outf[i] = g(zf[i]);
    w[i].amp *= w[i].phase;
    w[i].phase = w[i].phase / (1.0f + w[i].n * I);
    sum += out[i];
  }
  double complex hsum = 0;
  for (int i = 0; i < N; i++) {
    CHECK(near(out[i], f(z[i], c, r)));
    CHECK(nearf(outf[i], g(zf[i])));
    CHECK(near(w[i].amp, z[i] * zf[i]));
    CHECK(nearf(w[i].phase, zf[i] / (1.0f + i * I)));
    hsum += f(z[i], c, r);
  }
  CHECK(near(sum, hsum));

  /* a generic kernel: teams over blocks, threads over a block's values */
  double complex rows[8];
#pragma omp target teams distribute map(to: z) map(from: rows)
  for (int b = 0; b < 8; b++) {
    double complex acc = 0;
#pragma omp parallel for reduction(+: acc)
    for (int i = 0; i < N / 8; i++)
      acc += z[b * (N / 8) + i] * I;
    rows[b] = acc;
  }
  for (int b = 0; b < 8; b++) {
    double complex acc = 0;
    for (int i = 0; i < N / 8; i++)
      acc += z[b * (N / 8) + i] * I;
    CHECK(near(rows[b], acc));
  }

  double re[N], arg[N], ret[N];
  float ref[N];
  int ri[N];
  _Bool nz[N];
#pragma omp target teams distribute parallel for map(to: z) \
    map(from: re, arg, ret, ref, ri, nz)
  for (int i = 0; i < N; i++) {
    double x = z[i] * 2;
    re[i] = x;
    arg[i] = twice(z[i]);
    ret[i] = real_of(z[i]);
    ref[i] = z[i] * I;
    ri[i] = z[i] * 8;
    nz[i] = z[i] - creal(z[i]);
  }
  for (int i = 0; i < N; i++) {
    CHECK(re[i] == 2 * creal(z[i]));
    CHECK(arg[i] == 2 * creal(z[i]));
    CHECK(ret[i] == -cimag(z[i]));
    CHECK(ref[i] == (float)-cimag(z[i]));
    CHECK(ri[i] == (int)(8 * creal(z[i])));
    CHECK(nz[i] == (i % 7 != 0));
  }
  return fails != 0;
}
