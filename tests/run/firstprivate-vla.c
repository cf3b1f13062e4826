// firstprivate of a variable-length array on target (OpenMP 5.2 5.4.4,
// 13.8): the region gets a copy made at the construct, which it may
// change without touching the original; also with nowait, when the
// original changes before the region runs, and shared by the region's
// nested parallel region (issue 12, case 4).
// RUN: %ompicc -o %t %s
// RUN: %t
#include "Inputs/check.h"

static int run(int n, int m)
{
  int v[n];
  double w[n][m];
  for (int i = 0; i < n; i++) {
    v[i] = i;
    for (int j = 0; j < m; j++)
      w[i][j] = i + 0.5 * j;
  }
  int out[64];
  double sum = 0;
#pragma omp target firstprivate(v, w) map(from: out) map(tofrom: sum)
  {
    for (int i = 0; i < n; i++) {
      v[i] *= 2;
      out[i] = v[i];
    }
    for (int i = 0; i < n; i++)
      for (int j = 0; j < m; j++)
        sum += w[i][j];
    w[0][0] = -1;
  }
  for (int i = 0; i < n; i++) {
    check_eq("the region's copy", out[i], 2 * i);
    check_eq("the original after the region", v[i], i);
  }
  CHECK(w[0][0] == 0);
  double expect = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      expect += i + 0.5 * j;
  CHECK(sum == expect);

  /* nowait: the copy is made at the construct (13.8) */
  int got = 0;
#pragma omp target firstprivate(v) map(from: got) nowait
  got = v[n - 1];
  v[n - 1] = -5;
#pragma omp taskwait
  check_eq("the value when the construct was met", got, n - 1);
  v[n - 1] = n - 1;

  /* shared by a nested parallel region: one copy for the region */
  int total = 0;
#pragma omp target firstprivate(v) map(tofrom: total)
  {
    v[0] = 100;
#pragma omp parallel for reduction(+: total) num_threads(4)
    for (int i = 0; i < n; i++)
      total += v[i];
  }
  check_eq("nested parallel sees the region's copy", total, 100 + n * (n - 1) / 2);
  return 0;
}

int main(void)
{
  run(37, 3);
  run(1, 1);
  return 0;
}
