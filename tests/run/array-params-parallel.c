// Array parameters of a declare target function (int a[N], a row of a
// 2-D array, a variable-length array) shared by a parallel region inside
// the function (OpenMP 5.2 5.1.1: shared by default; C11 6.7.6.3: an
// array parameter is a pointer), called from a target region (issue 12,
// case 4).
// RUN: %ompicc -o %t %s
// RUN: %t
#include "Inputs/check.h"
#include <omp.h>

#define N 256

#pragma omp declare target
int scale(int a[N], const int b[N], int k)
{
  int threads = 0;
#pragma omp parallel for num_threads(8) shared(threads)
  for (int i = 0; i < N; i++) {
    a[i] = k * b[i];
    if (omp_get_thread_num() == 0)
      threads = omp_get_num_threads();
  }
  return threads;
}

void rows(int n, int m[][4], double v[n])
{
#pragma omp parallel for num_threads(4)
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < 4; j++)
      m[i][j] = i * 4 + j;
    v[i] = 0.5 * i;
  }
}
#pragma omp end declare target

int main(void)
{
  int a[N], b[N], threads = -1;
  for (int i = 0; i < N; i++)
    a[i] = 0, b[i] = i;
#pragma omp target map(tofrom: a, threads) map(to: b)
  threads = scale(a, b, 3);
  for (int i = 0; i < N; i++)
    check_eq("a[i]", a[i], 3 * i);
  CHECK(threads >= 1);

  int n = 16, m[16][4];
  double v[16];
#pragma omp target map(from: m, v)
  rows(n, m, v);
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < 4; j++)
      check_eq("m[i][j]", m[i][j], i * 4 + j);
    CHECK(v[i] == 0.5 * i);
  }
  return 0;
}
