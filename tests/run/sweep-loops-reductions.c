// Loops as users write them under combined constructs: every schedule
// and dist_schedule, <=, >, >=, != tests, negative and non-unit steps,
// unsigned loop variables, and reductions on float, long, unsigned,
// bool, ^, & and min/max of negative doubles; pointer increments in
// the body of a teams distribute loop.
// RUN: %ompicc -o %t %s && %t
#include <omp.h>
#include <stdio.h>
#include <stdbool.h>
#define N 1000
static int fails;
#define CHECK(c, ...) do { if (!(c)) { printf("wrong line %d: ", __LINE__); printf(__VA_ARGS__); printf("\n"); fails++; } } while (0)
int main(void)
{
  int a[N];
  /* schedules x dist_schedule */
#define PRAGMA(x) _Pragma(#x)
#define SCHED_TEST(...) \
  for (int i = 0; i < N; i++) a[i] = 0; \
  PRAGMA(omp target teams distribute parallel for map(tofrom: a) __VA_ARGS__) \
  for (int i = 0; i < N; i++) a[i] += i + 1; \
  for (int i = 0; i < N; i++) CHECK(a[i] == i + 1, "%s a[%d]=%d", #__VA_ARGS__, i, a[i]);
  SCHED_TEST(schedule(static))
  SCHED_TEST(schedule(static, 7))
  SCHED_TEST(schedule(dynamic))
  SCHED_TEST(schedule(dynamic, 13))
  SCHED_TEST(schedule(guided))
  SCHED_TEST(schedule(guided, 5))
  SCHED_TEST(schedule(auto))
  SCHED_TEST(schedule(runtime))
  SCHED_TEST(dist_schedule(static))
  SCHED_TEST(dist_schedule(static, 64) schedule(static, 3))
  SCHED_TEST(dist_schedule(static, 17) schedule(dynamic, 2) num_teams(3) thread_limit(64))
  /* loop tests and steps */
  long s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0, s6 = 0;
#pragma omp target teams distribute parallel for reduction(+: s1)
  for (int i = 0; i <= N; i++) s1 += i;
#pragma omp target teams distribute parallel for reduction(+: s2)
  for (int i = N; i > 0; i--) s2 += i;
#pragma omp target teams distribute parallel for reduction(+: s3)
  for (int i = N; i >= -N; i -= 3) s3 += i;
#pragma omp target teams distribute parallel for reduction(+: s4)
  for (int i = 0; i != N; i += 1) s4 += i;
#pragma omp target teams distribute parallel for reduction(+: s5)
  for (unsigned u = 10; u < 2000u; u += 7) s5 += u;
#pragma omp target parallel for reduction(+: s6)
  for (unsigned u = 2000u; u > 3; u -= 5) s6 += u;
  long h1 = 0, h2 = 0, h3 = 0, h4 = 0, h5 = 0, h6 = 0;
  for (int i = 0; i <= N; i++) h1 += i;
  for (int i = N; i > 0; i--) h2 += i;
  for (int i = N; i >= -N; i -= 3) h3 += i;
  for (int i = 0; i != N; i += 1) h4 += i;
  for (unsigned u = 10; u < 2000u; u += 7) h5 += u;
  for (unsigned u = 2000u; u > 3; u -= 5) h6 += u;
  CHECK(s1 == h1 && s2 == h2 && s3 == h3, "%ld %ld %ld vs %ld %ld %ld", s1, s2, s3, h1, h2, h3);
  CHECK(s4 == h4 && s5 == h5 && s6 == h6, "%ld %ld %ld vs %ld %ld %ld", s4, s5, s6, h4, h5, h6);
  /* reductions of many types */
  float fs = 0; long ls = 1; unsigned us = 0; double mn = 1e300, mx = -1e300;
  unsigned char uc[N]; bool any = false, all = true; int xo = 0; unsigned band = ~0u;
  for (int i = 0; i < N; i++) uc[i] = (unsigned char)(i * 7);
#pragma omp target teams distribute parallel for map(to: uc) reduction(+: fs, us) reduction(*: ls) \
    reduction(min: mn) reduction(max: mx) reduction(||: any) reduction(&&: all) reduction(^: xo) reduction(&: band)
  for (int i = 0; i < N; i++) {
    fs += 0.5f;
    us += uc[i];
    if (i % 100 == 0) ls *= 2;
    double v = -(i - 400) * (i - 400) - 0.5;
    mn = v < mn ? v : mn;
    mx = v > mx ? v : mx;
    any = any || uc[i] == 49;
    all = all && uc[i] < 256;
    xo ^= i;
    band &= ~(1u << (i % 8)) | (i == 5 ? 0 : ~0u);
  }
  unsigned hus = 0; int hxo = 0; double hmn = 1e300, hmx = -1e300;
  for (int i = 0; i < N; i++) {
    hus += uc[i]; hxo ^= i;
    double v = -(i - 400) * (i - 400) - 0.5;
    if (v < hmn) hmn = v;
    if (v > hmx) hmx = v;
  }
  CHECK(fs == 500.0f, "fs=%g", fs);
  CHECK(us == hus, "us=%u want %u", us, hus);
  CHECK(ls == 1024, "ls=%ld", ls);
  CHECK(mn == hmn && mx == hmx, "min %g max %g want %g %g", mn, mx, hmn, hmx);
  CHECK(any && all, "any %d all %d", any, all);
  CHECK(xo == hxo, "xo %d want %d", xo, hxo);
  CHECK(band == ~(1u << 5), "band %x", band);
  /* pointer increments inside the body, 2-D arrays */
  double m[20][30];
#pragma omp target teams distribute parallel for collapse(2) map(from: m)
  for (int i = 0; i < 20; i++)
    for (int j = 0; j < 30; j++) m[i][j] = i * 100 + j;
  double rowsum[20];
#pragma omp target teams distribute map(to: m) map(from: rowsum)
  for (int i = 0; i < 20; i++) {
    const double *p = &m[i][0];
    double s = 0;
    for (int j = 0; j < 30; j++) s += *p++;
    rowsum[i] = s;
  }
  for (int i = 0; i < 20; i++) CHECK(rowsum[i] == i * 3000 + 435, "rowsum[%d]=%g", i, rowsum[i]);
  if (fails) printf("%d failures\n", fails);
  return fails != 0;
}
