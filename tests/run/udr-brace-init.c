// declare reduction with initializer(omp_priv = { ... }) (OpenMP 5.2
// 5.5.11: omp_priv = initializer, a C initializer in braces; issue 12,
// case 7): read as the compound literal of the reduction's type, in SPMD
// and generic kernels and on the host.
// RUN: %ompicc -o %t %s
// RUN: %t
#include "Inputs/check.h"

typedef struct {
  int a;
  long b;
} pair;

#pragma omp declare reduction(padd : pair : omp_out.a += omp_in.a, omp_out.b += omp_in.b) initializer(omp_priv = {0, 0})
#pragma omp declare reduction(pmin : pair : omp_out.a = omp_in.a < omp_out.a ? omp_in.a : omp_out.a) initializer(omp_priv = {.a = 1000000, .b = 0})

int main(void)
{
  pair p = {1, 1}, m = {50, 0};
#pragma omp target teams distribute parallel for reduction(padd: p) reduction(pmin: m)
  for (int i = 0; i < 100; i++) {
    p.a += 1;
    p.b += 2;
    m.a = i + 7 < m.a ? i + 7 : m.a;
  }
  CHECK(p.a == 101 && p.b == 201 && m.a == 7);
  pair q = {0, 0};
#pragma omp target map(tofrom: q)
  {
#pragma omp parallel for reduction(padd: q)
    for (int i = 0; i < 10; i++)
      q.b += i;
  }
  CHECK(q.b == 45);
  return fails != 0;
}
