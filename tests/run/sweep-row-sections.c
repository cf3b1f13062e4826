// Array sections after subscripts: a row of a 2-D array and a line of a
// 3-D array, on target, target data, update and enter/exit data, next to
// whole 2-D sections.  The section of rows[2][0:N] on a target construct
// once started at rows[0] and spanned N whole rows (a copy far past the
// array on a device with its own memory).
// RUN: %ompicc -o %t %s && %t
#include <omp.h>
#include <stdio.h>
#define N 97
static int fails;
#define CHECK(c, ...) do { if (!(c)) { printf("wrong line %d: ", __LINE__); printf(__VA_ARGS__); printf("\n"); fails++; } } while (0)
int main(void)
{
  double rows[5][N], cube[3][4][N];
  double *p = (double *)rows[0]; /* for a pointer section */
  for (int r = 0; r < 5; r++)
    for (int k = 0; k < N; k++) rows[r][k] = r * 1000 + k;
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 4; j++)
      for (int k = 0; k < N; k++) cube[i][j][k] = 0;
  int r = 3;
#pragma omp target map(from: rows[2][0:N])
  for (int k = 0; k < N; k++) rows[2][k] = k + 0.5;
#pragma omp target map(tofrom: rows[r][10:20])
  for (int k = 10; k < 30; k++) rows[r][k] *= 2;
  for (int k = 0; k < N; k++) {
    CHECK(rows[2][k] == k + 0.5, "rows[2][%d]=%g", k, rows[2][k]);
    double e = k >= 10 && k < 30 ? 2.0 * (3000 + k) : 3000 + k;
    CHECK(rows[3][k] == e, "rows[3][%d]=%g want %g", k, rows[3][k], e);
  }
#pragma omp target teams distribute parallel for map(tofrom: cube[1][2][0:N]) map(to: p[N:N])
  for (int k = 0; k < N; k++) cube[1][2][k] = p[N + k] + 1;
  for (int k = 0; k < N; k++) CHECK(cube[1][2][k] == 1000 + k + 1, "cube[1][2][%d]=%g", k, cube[1][2][k]);
  CHECK(cube[1][1][5] == 0 && cube[1][3][5] == 0, "cube neighbours %g %g", cube[1][1][5], cube[1][3][5]);
  /* data constructs on a row, then a kernel on the present row */
#pragma omp target data map(tofrom: rows[4][0:N])
  {
#pragma omp target teams distribute parallel for map(present, alloc: rows[4][0:N])
    for (int k = 0; k < N; k++) rows[4][k] = -k;
#pragma omp target update from(rows[4][0:N / 2])
    CHECK(rows[4][N / 2 - 1] == -(N / 2 - 1), "update rows[4]: %g", rows[4][N / 2 - 1]);
  }
  for (int k = 0; k < N; k++) CHECK(rows[4][k] == -k, "rows[4][%d]=%g", k, rows[4][k]);
#pragma omp target enter data map(to: rows[1][0:N])
#pragma omp target teams distribute parallel for map(present, alloc: rows[1][0:N]) map(to: p[0:N])
  for (int k = 0; k < N; k++) rows[1][k] += p[k];
#pragma omp target exit data map(from: rows[1][0:N])
  for (int k = 0; k < N; k++) CHECK(rows[1][k] == 1000 + 2 * k, "rows[1][%d]=%g", k, rows[1][k]);
  if (fails) printf("%d failures\n", fails);
  return fails != 0;
}
