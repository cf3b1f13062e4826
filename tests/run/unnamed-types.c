// Variables of unnamed struct, union and enum types in target regions
// (issue 12, case 4): the kernel file names each such type
// (__ompicc_anon_N) to declare its kernels' parameters; the host file
// keeps them unnamed.  OpenMP 5.2 5.8.9: a structure is mapped tofrom,
// an enum scalar is firstprivate.
// RUN: %ompicc -o %t %s
// RUN: %t
#include <stdio.h>

#include "Inputs/check.h"

struct {
  int n;
  double v[4];
} g = {4, {1, 2, 3, 4}};

int main(void)
{
  struct {
    int x, y;
  } s = {1, 2}, t = {3, 4};
  union {
    int i;
    float f;
  } u = {0};
  enum { RED, GREEN = 5 } c = GREEN;
  struct {
    int a[8];
    long sum;
  } acc = {{1, 2, 3, 4, 5, 6, 7, 8}, 0};
#pragma omp target map(tofrom: s, g, u) map(to: t)
  {
    s.x += t.y;
    g.v[1] *= 10;
    u.i = c;
  }
  CHECK(s.x == 5 && s.y == 2 && g.v[1] == 20 && u.i == 5);
  long total = 0;
#pragma omp target teams distribute parallel for reduction(+: total)
  for (int i = 0; i < 8; i++)
    total += acc.a[i] * (c == GREEN ? 1 : 0);
  CHECK(total == 36);
#pragma omp target
  {
    long sum = 0;
#pragma omp parallel for reduction(+: sum)
    for (int i = 0; i < 8; i++)
      sum += acc.a[i];
    acc.sum = sum;
  }
  CHECK(acc.sum == 36);
  return fails != 0;
}
