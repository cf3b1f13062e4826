// Collapsed loops with intervening code between them (OpenMP 5.2 4.4.1):
// the code runs at least once per iteration of the loop around it and at
// most once per iteration of the innermost loop, so its declarations
// reach the inner body, and it may run in several threads at once (it
// writes nothing shared here); in SPMD and generic kernels and the host
// fallback, two and three loops deep, code before and after the inner
// loop (issue 12; gcc 12 itself rejects such nests).
// RUN: %ompicc -o %t %s
// RUN: %t
#include "Inputs/check.h"

#define N 12
#define M 9
#define K 5

int main(void)
{
  int a[N * M], b[N * M];

#pragma omp target teams distribute parallel for collapse(2) map(from: a, b)
  for (int i = 0; i < N; i++) {
    int base = i * M;
    for (int j = 0; j < M; j++)
      a[base + j] = i + 2 * j;
    int twice = 2 * base; /* after the inner loop, used nowhere else */
    (void)twice;
  }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      check_eq("a[i*M+j], SPMD", a[i * M + j], i + 2 * j);

  /* generic: a parallel for in a target region */
#pragma omp target map(from: a, b)
  {
#pragma omp parallel for collapse(2) num_threads(4)
    for (int i = 0; i < N; i++) {
      int row = 3 * i;
      for (int j = 0; j < M; j++)
        a[i * M + j] = row - j, b[i * M + j] = row;
    }
  }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      check_eq("a[i*M+j], generic", a[i * M + j], 3 * i - j);
      check_eq("the intervening code's value in each iteration", b[i * M + j], 3 * i);
    }

  /* three loops, intervening code at two levels */
  int c[N][M][K];
#pragma omp target teams distribute parallel for collapse(3) map(from: c)
  for (int i = 0; i < N; i++) {
    int ti = 100 * i;
    for (int j = 0; j < M; j++) {
      int tj = ti + 10 * j;
      for (int k = 0; k < K; k++)
        c[i][j][k] = tj + k;
    }
  }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      for (int k = 0; k < K; k++)
        check_eq("c[i][j][k], collapse(3)", c[i][j][k], 100 * i + 10 * j + k);
  return 0;
}
