// Device code as numerical programs write it: math.h functions (double
// and float), abs/labs, printf, malloc/free; short and unsigned char
// reductions, long long min, float max of negatives; a parallel
// reduction inside a generic teams region combined with atomics.
// RUN: %ompicc -o %t %s -lm && %t | FileCheck %s
// CHECK: device says hello 1
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>
#include <limits.h>
#define N 500
static int fails;
#define CHECK(c, ...) do { if (!(c)) { printf("wrong line %d: ", __LINE__); printf(__VA_ARGS__); printf("\n"); fails++; } } while (0)
int main(void)
{
  double r[N];
  float rf[N];
#pragma omp target teams distribute parallel for map(from: r, rf)
  for (int i = 0; i < N; i++) {
    double x = (i - 200) * 0.01; /* one rounding: a GPU contracts i * 0.01 - 2.0 into an FMA */
    r[i] = sqrt(fabs(x)) + exp(-x * x) + sin(x) * cos(x) + pow(fabs(x), 1.5) + fmax(x, 0.1) + floor(x * 3) + log1p(fabs(x)) + atan2(x, 1.0);
    rf[i] = sqrtf(fabsf((float)x)) + expf((float)x) + fminf((float)x, 0.5f) + (float)abs(i - 250) + (float)labs(i - 7L);
  }
  for (int i = 0; i < N; i++) {
    double x = (i - 200) * 0.01; /* one rounding: a GPU contracts i * 0.01 - 2.0 into an FMA */
    double e = sqrt(fabs(x)) + exp(-x * x) + sin(x) * cos(x) + pow(fabs(x), 1.5) + fmax(x, 0.1) + floor(x * 3) + log1p(fabs(x)) + atan2(x, 1.0);
    float ef = sqrtf(fabsf((float)x)) + expf((float)x) + fminf((float)x, 0.5f) + (float)abs(i - 250) + (float)labs(i - 7L);
    CHECK(fabs(r[i] - e) < 1e-9 * (1 + fabs(e)), "r[%d]=%.17g want %.17g", i, r[i], e);
    CHECK(fabsf(rf[i] - ef) < 1e-4f * (1 + fabsf(ef)), "rf[%d]=%g want %g", i, rf[i], ef);
  }
  /* small integer reductions, long long min, float max of negatives */
  short sh = 0; unsigned char uc = 0; long long llmin = LLONG_MAX; float fmx = -INFINITY; double dmn = INFINITY;
#pragma omp target teams distribute parallel for reduction(+: sh, uc) reduction(min: llmin, dmn) reduction(max: fmx)
  for (int i = 0; i < N; i++) {
    sh += (short)(i % 3);
    uc += (unsigned char)1;
    long long v = -(long long)i * 1000000007LL;
    llmin = v < llmin ? v : llmin;
    fmx = fmaxf(fmx, -(float)(i + 1) * 0.25f);
    dmn = fmin(dmn, -(double)(i % 17) - 0.125);
  }
  CHECK(sh == 499, "sh=%d", sh);
  CHECK(uc == (unsigned char)N, "uc=%d", uc);
  CHECK(llmin == -(long long)(N - 1) * 1000000007LL, "llmin=%lld", llmin);
  CHECK(fmx == -0.25f, "fmx=%g", fmx);
  CHECK(dmn == -16.125, "dmn=%g", dmn);
  /* a reduction in a generic kernel: teams with serial code, then parallel for reduction */
  double tot = 0;
  long cnt = 0;
#pragma omp target teams num_teams(3) map(tofrom: tot, cnt)
  {
    double local = 0;
    long lc = 0;
#pragma omp parallel for reduction(+: local, lc)
    for (int i = 0; i < N; i++) { local += i * 0.5; lc++; }
#pragma omp atomic
    tot += local;
#pragma omp atomic
    cnt += lc;
  }
  int teams = (int)(cnt / N);
  CHECK(cnt % N == 0 && teams >= 1 && teams <= 3, "cnt=%ld", cnt);
  CHECK(tot == teams * (N * (N - 1) / 4.0), "tot=%g teams %d", tot, teams);
  /* malloc and printf in device code */
  int ok = 0;
#pragma omp target map(from: ok)
  {
    int *tmp = (int *)malloc(10 * sizeof(int));
    for (int i = 0; i < 10; i++) tmp[i] = i * i;
    ok = tmp[9] == 81;
    free(tmp);
    printf("device says hello %d\n", ok);
  }
  CHECK(ok, "device malloc");
  if (fails) printf("%d failures\n", fails);
  return fails != 0;
}
