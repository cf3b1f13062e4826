// The clauses of the combined loop constructs: collapse(2) and (3),
// schedule, dist_schedule, num_teams, thread_limit, num_threads, private,
// firstprivate, lastprivate, shared, default(none); results compared with
// the same loops run sequentially on the host.
// RUN: %ompicc -o %t %s && %t
#include <omp.h>
#include <stdio.h>

#define NI 13
#define NJ 17
#define NK 5
static int fails;

static void expect(int ok, const char *what)
{
  if (!ok)
    printf("wrong: %s\n", what);
  fails += !ok;
}

int main(void)
{
  static int g2[NI][NJ], g3[NI][NJ][NK];
  int ni = NI, nj = NJ;
  /* collapse(2) and collapse(3), with a lower bound other than 0 */
#pragma omp target teams distribute parallel for collapse(2) map(from: g2)
  for (int i = 0; i < NI; i++)
    for (int j = 1; j < nj; j++)
      g2[i][j] = i * 100 + j;
  int ok = 1;
  for (int i = 0; i < NI; i++)
    for (int j = 1; j < NJ; j++)
      ok &= g2[i][j] == i * 100 + j;
  expect(ok, "collapse(2)");
#pragma omp target teams distribute parallel for collapse(3) map(tofrom: g3)
  for (int i = 0; i < ni; i++)
    for (int j = nj - 1; j >= 0; j--)
      for (int k = 0; k < NK; k += 2)
        g3[i][j][k] = i * 10000 + j * 100 + k;
  ok = 1;
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      for (int k = 0; k < NK; k += 2)
        ok &= g3[i][j][k] == i * 10000 + j * 100 + k;
  expect(ok, "collapse(3)");

  /* schedules: every iteration exactly once */
  enum { N = 1000 };
  static int hits[N];
#pragma omp target teams distribute parallel for schedule(static, 7) map(tofrom: hits)
  for (int i = 0; i < N; i++)
    hits[i] += 1;
#pragma omp target parallel for schedule(dynamic) map(tofrom: hits)
  for (int i = 0; i < N; i++)
    hits[i] += 1;
#pragma omp target parallel for schedule(guided, 4) map(tofrom: hits)
  for (int i = 0; i < N; i++)
    hits[i] += 1;
#pragma omp target teams distribute parallel for dist_schedule(static, 64) schedule(static) map(tofrom: hits)
  for (int i = 0; i < N; i++)
    hits[i] += 1;
#pragma omp target teams distribute dist_schedule(static) map(tofrom: hits)
  for (int i = 0; i < N; i++)
    hits[i] += 1;
  ok = 1;
  for (int i = 0; i < N; i++)
    ok &= hits[i] == 5;
  expect(ok, "schedule, dist_schedule");

  /* num_teams, thread_limit, num_threads: the team and thread counts
   * seen inside are within the limits asked for */
  int teams = 0, threads = 0;
#pragma omp target teams distribute parallel for num_teams(4) thread_limit(64) \
    reduction(max: teams, threads)
  for (int i = 0; i < N; i++) {
    teams = omp_get_num_teams() > teams ? omp_get_num_teams() : teams;
    threads = omp_get_num_threads() > threads ? omp_get_num_threads() : threads;
  }
  expect(teams >= 1 && teams <= 4 && threads >= 1 && threads <= 64, "num_teams, thread_limit");
  threads = 0;
#pragma omp target parallel for num_threads(32) reduction(max: threads)
  for (int i = 0; i < N; i++)
    threads = omp_get_num_threads() > threads ? omp_get_num_threads() : threads;
  expect(threads >= 1 && threads <= 32, "num_threads");

  /* private, firstprivate, lastprivate, shared */
  int t = -5, base = 1000, last = -1, lastj = -1;
  int out[N];
#pragma omp target teams distribute parallel for private(t) firstprivate(base) \
    lastprivate(last) map(from: out)
  for (int i = 0; i < N; i++) {
    t = i * 2;
    out[i] = base + t;
    last = i;
  }
  ok = last == N - 1 && t == -5 && base == 1000;
  for (int i = 0; i < N; i++)
    ok &= out[i] == 1000 + 2 * i;
  expect(ok, "private, firstprivate, lastprivate");
  /* firstprivate and lastprivate of one variable */
  int fl = 7;
#pragma omp target parallel for firstprivate(fl) lastprivate(fl)
  for (int i = 0; i < N; i++)
    fl = fl == 7 ? 7 : -1;
  expect(fl == 7, "firstprivate + lastprivate");
  /* lastprivate under collapse: the values of the last iteration */
#pragma omp target teams distribute parallel for collapse(2) lastprivate(lastj)
  for (int i = 0; i < 10; i++)
    for (int j = 0; j < 20; j++)
      lastj = i * 20 + j;
  expect(lastj == 199, "lastprivate under collapse");
  int sh[N];
  for (int i = 0; i < N; i++)
    sh[i] = i;
#pragma omp target teams map(tofrom: sh)
#pragma omp distribute parallel for shared(sh)
  for (int i = 0; i < N; i++)
    sh[i] *= 3;
  ok = 1;
  for (int i = 0; i < N; i++)
    ok &= sh[i] == 3 * i;
  expect(ok, "shared");

  /* default(none) with every variable in an explicit clause */
  double x[N], y[N], alpha = 2.5;
  int n = N;
  for (int i = 0; i < N; i++)
    x[i] = i, y[i] = 1;
#pragma omp target teams distribute parallel for default(none) shared(x, y) \
    firstprivate(alpha, n) map(to: x) map(tofrom: y)
  for (int i = 0; i < n; i++)
    y[i] += alpha * x[i];
  ok = 1;
  for (int i = 0; i < N; i++)
    ok &= y[i] == 1 + 2.5 * i;
  expect(ok, "default(none)");
#pragma omp target parallel for default(shared) map(tofrom: y)
  for (int i = 0; i < n; i++)
    y[i] -= 1;
  ok = 1;
  for (int i = 0; i < N; i++)
    ok &= y[i] == 2.5 * i;
  expect(ok, "default(shared)");
  return fails != 0;
}
