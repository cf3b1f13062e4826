// Loops whose threads each walk their own row (uncoalesced accesses, the
// hint OMPICC_REGION_UNCOALESCED: fewer blocks per SM) compute the same
// as the others: row and column matrix-vector products on a flat array
// and on a 2-D array, the reduced grid's threads running several rows
// each, and with num_teams (which keeps its grid).  The launch trace of
// the same program is checked in tests/runtime/coalesce.test.
// RUN: %ompicc -o %t %s && %t
#include <stdlib.h>

#include "Inputs/check.h"

#define N 1024

static float M2[N][N];

/* y[i] = sum_j A[i][j] x[j], with small integers: exact in float. */
static void row_flat(const float *A, const float *x, float *y)
{
#pragma omp target teams distribute parallel for map(to: A[0:N * N], x[0:N]) map(from: y[0:N])
  for (long i = 0; i < N; i++) {
    float sum = 0;
    for (long j = 0; j < N; j++)
      sum += A[i * N + j] * x[j];
    y[i] = sum;
  }
}

/* y[j] = sum_i A[i][j] x[i]: coalesced, no hint. */
static void col_flat(const float *A, const float *x, float *y)
{
#pragma omp target teams distribute parallel for map(to: A[0:N * N], x[0:N]) map(from: y[0:N])
  for (long j = 0; j < N; j++) {
    float sum = 0;
    for (long i = 0; i < N; i++)
      sum += A[i * N + j] * x[i];
    y[j] = sum;
  }
}

static void row_2d(const float *x, float *y)
{
#pragma omp target teams distribute parallel for map(to: M2, x[0:N]) map(from: y[0:N])
  for (int i = 0; i < N; i++) {
    float sum = 0;
    for (int j = 0; j < N; j++)
      sum += M2[i][j] * x[j];
    y[i] = sum;
  }
}

static void row_teams(const float *A, const float *x, float *y)
{
#pragma omp target teams distribute parallel for num_teams(3) map(to: A[0:N * N], x[0:N]) map(from: y[0:N])
  for (long i = 0; i < N; i++) {
    float sum = 0;
    for (long j = 0; j < N; j++)
      sum += A[i * N + j] * x[j];
    y[i] = sum;
  }
}

static float a(long i, long j)
{
  return (float)((i * 7 + j * 3) % 5);
}

static void check_rows(const float *x, const float *y)
{
  for (long i = 0; i < N; i++) {
    float want = 0;
    for (long j = 0; j < N; j++)
      want += a(i, j) * x[j];
    CHECK(y[i] == want);
  }
}

int main(void)
{
  float *A = malloc(sizeof(float) * N * N), *x = malloc(sizeof(float) * N);
  float *y = malloc(sizeof(float) * N);
  for (long i = 0; i < N; i++) {
    x[i] = (float)(i % 3);
    for (long j = 0; j < N; j++)
      A[i * N + j] = M2[i][j] = a(i, j);
  }
  row_flat(A, x, y);
  check_rows(x, y);
  row_2d(x, y);
  check_rows(x, y);
  row_teams(A, x, y);
  check_rows(x, y);
  col_flat(A, x, y);
  for (long j = 0; j < N; j++) {
    float want = 0;
    for (long i = 0; i < N; i++)
      want += a(i, j) * x[i];
    CHECK(y[j] == want);
  }
  free(A), free(x), free(y);
  return fails != 0;
}
