// The program's types in the kernel file, which defines them all at its
// file scope (issue 12, case 4): variables of unnamed struct, union and
// enum types (the kernel file names each, __ompicc_anon_N), and a struct
// tag and enumerators defined in two functions and at file scope (the
// kernel file renames the block's definitions and their uses).  The host
// file keeps the types as written.  OpenMP 5.2 5.8.9: a structure is
// mapped tofrom, an enum scalar is firstprivate.
// RUN: %ompicc -o %t %s
// RUN: %t
#include <stdio.h>

#include "Inputs/check.h"

struct {
  int n;
  double v[4];
} g = {4, {1, 2, 3, 4}};

struct S {
  int g;
};

static int first(void)
{
  struct S {
    int a, b;
  } s = {1, 2};
  enum { VAL1 = 1, VAL2 } e = VAL2;
#pragma omp target map(tofrom: s)
  s.a += s.b + e + VAL1;
  return s.a;
}

static int second(void)
{
  struct S {
    double x;
    int y[3];
  } s = {1.5, {1, 2, 3}};
  enum { VAL1 = 10, VAL2 } e = VAL1;
#pragma omp target map(tofrom: s)
  {
    struct S copy = s;
    s.y[1] += (int)sizeof(struct S) + e + VAL2 + (int)copy.x;
  }
  return s.y[1];
}

int main(void)
{
  CHECK(first() == 6);
  CHECK(second() == 2 + (int)sizeof(double) + 16 + 10 + 11 + 1);
  struct S gs = {7};
  int got = 0;
#pragma omp target map(from: got)
  got = gs.g;
  CHECK(got == 7);
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
