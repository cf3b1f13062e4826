// Variable-length arrays declared in device code (C11 6.7.6.2p4), which
// nvcc does not have ("expression must have a constant value"; the CPU
// device's g++ took them, so only the GPU build failed).  Each form the
// kernel file declares through the device library's storage
// (parser/print.c vla_decl): one variable length (double w[n]), constant
// inner lengths (int rows[n][3]), variable inner lengths (double m[n][k],
// a view), elements of a typedef'd unnamed struct (spelled by the
// typedef), a length expression, more than the 256 bytes kept in the
// thread's frame (the device heap), an array in a loop's body (its
// storage given back at each iteration's end) and sizeof of each, in a
// declare target function and in an SPMD loop; host and device agree.
// RUN: %ompicc -o %t %s && %t
#include "Inputs/check.h"

typedef struct {
  int a;
  double b;
} rec;

#pragma omp declare target
static double scratch(int n, int k)
{
  double w[n];
  double m[n][k];
  int rows[n][3], count = 0;
  double big[n * 20];
  rec recs[n], grid[n][k];
  for (int i = 0; i < n; i++) {
    w[i] = i;
    rows[i][2] = 2 * i;
    for (int j = 0; j < k; j++)
      m[i][j] = i * k + j;
  }
  for (int i = 0; i < n * 20; i++)
    big[i] = 1;
  for (int i = 0; i < n; i++) {
    recs[i].a = i;
    grid[i][k - 1].b = 0.5 * i;
    count += recs[i].a + (int)(2 * grid[i][k - 1].b);
  }
  double s = 0, b = 0;
  for (int i = 0; i < n; i++)
    s += w[i] + m[i][k - 1] + rows[i][2];
  for (int i = 0; i < n * 20; i++)
    b += big[i];
  for (int it = 0; it < 1000; it++) {
    char line[k * 100]; /* 300 bytes and more: the heap, a thousand times */
    line[k * 100 - 1] = (char)it;
    count += line[k * 100 - 1] == (char)it;
  }
  return s + b + count + sizeof w + sizeof m * 1000 + sizeof rows * 100000 + sizeof big * 1e7 +
         (sizeof recs + sizeof grid) * 1e10;
}
#pragma omp end declare target

int main(void)
{
  double host[4], dev[4];
  for (int t = 0; t < 4; t++)
    host[t] = scratch(t + 2, t + 3);
  /* n = 2, k = 3: sizeof big 320, sizeof recs + sizeof grid 128 */
  check_eq("sizes", (long)(host[0] / 1e7), 128 * 1000 + 320);
#pragma omp target teams distribute parallel for map(from: dev)
  for (int t = 0; t < 4; t++) {
    int n = t + 2;
    float tmp[n];
    for (int i = 0; i < n; i++)
      tmp[i] = (float)i;
    dev[t] = scratch(t + 2, t + 3) + tmp[n - 1] - (n - 1);
  }
  for (int t = 0; t < 4; t++)
    if (dev[t] != host[t])
      printf("%d: device %f, host %f\n", t, dev[t], host[t]), fails++;
  return fails != 0;
}
