// RUN: %ompicc -o %t %s && %t
// (a host gcc before 12 lacks scan as this test places it: README, Host compilers)
// UNSUPPORTED: host-gcc-before-12
// scan (OpenMP 5.2 5.6) in SPMD kernels (inscan is for worksharing loops
// and simd without distribute, 5.5.8): inclusive and exclusive, the
// original's value taking part, two scan variables and an ordinary
// reduction in one loop, max, a collapsed nest, a parallel for nested in
// target, target simd, and fewer iterations than threads; every result
// against the host's.
#include "Inputs/check.h"

#define N 5000

int main(void)
{
  static int a[N], inc[N], exc[N], mx[N];
  static long two[N];
  for (int i = 0; i < N; i++)
    a[i] = (i * 37) % 11 - 5;

  int x = 100, y = -7;
#pragma omp target parallel for reduction(inscan, +: x) map(to: a) map(from: inc)
  for (int i = 0; i < N; i++) {
    x += a[i];
#pragma omp scan inclusive(x)
    inc[i] = x;
  }
#pragma omp target map(to: a) map(from: exc) map(tofrom: y)
#pragma omp parallel for reduction(inscan, +: y)
  for (int i = 0; i < N; i++) {
    exc[i] = y;
#pragma omp scan exclusive(y)
    y += a[i];
  }
  int s = 100, t = -7;
  for (int i = 0; i < N; i++) {
    s += a[i];
    CHECK(inc[i] == s);
    CHECK(exc[i] == t);
    t += a[i];
  }
  CHECK(x == s && y == t);

  /* two scan variables, an ordinary reduction, max */
  int m = -1000, total = 0;
  long q = 1;
#pragma omp target parallel for reduction(inscan, max: m) reduction(inscan, +: q) \
    reduction(+: total) map(to: a) map(from: mx, two) num_threads(96)
  for (int i = 0; i < N; i++) {
    m = a[i] * 3 > m ? a[i] * 3 : m;
    q += a[i] * 3;
#pragma omp scan inclusive(m, q)
    mx[i] = m;
    two[i] = q + m;
    total += 1;
  }
  int hm = -1000;
  long hq = 1;
  for (int i = 0; i < N; i++) {
    hm = a[i] * 3 > hm ? a[i] * 3 : hm;
    hq += a[i] * 3;
    CHECK(mx[i] == hm && two[i] == hq + hm);
  }
  CHECK(m == hm && q == hq && total == N);

  /* a collapsed nest: the scan runs over the logical iterations */
  static int grid[40][30];
  int g = 0;
#pragma omp target parallel for simd collapse(2) reduction(inscan, +: g) map(from: grid)
  for (int i = 0; i < 40; i++)
    for (int j = 0; j < 30; j++) {
      g += i + j;
#pragma omp scan inclusive(g)
      grid[i][j] = g;
    }
  int hg = 0;
  for (int i = 0; i < 40; i++)
    for (int j = 0; j < 30; j++) {
      hg += i + j;
      CHECK(grid[i][j] == hg);
    }

  /* three iterations, many threads */
  int few[3], f = 0;
#pragma omp target simd reduction(inscan, +: f) map(from: few)
  for (int i = 0; i < 3; i++) {
    few[i] = f;
#pragma omp scan exclusive(f)
    f += 10;
  }
  CHECK(few[0] == 0 && few[1] == 10 && few[2] == 20 && f == 30);
  return fails != 0;
}
