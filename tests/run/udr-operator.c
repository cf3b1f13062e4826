// declare reduction named by an operator for a type the operator does
// not apply to (OpenMP 5.2 5.5.11: reduction(+: p) of a struct with a
// declare reduction(+ : pair : ...); issue 12, case 7): the declared
// combiner, and without an initializer a zero start, in SPMD and generic
// kernels; on an int the operator keeps its own meaning.
// RUN: %ompicc -o %t %s
// RUN: %t
#include "Inputs/check.h"

typedef struct {
  int a;
  long b;
} pair;

#pragma omp declare reduction(+ : pair : omp_out.a += omp_in.a, omp_out.b += omp_in.b)

int main(void)
{
  pair p = {1, 1};
  int n = 0;
#pragma omp target teams distribute parallel for reduction(+: p, n)
  for (int i = 0; i < 100; i++) {
    p.a += 1;
    p.b += 2;
    n += 1;
  }
  CHECK(p.a == 101 && p.b == 201 && n == 100);
  pair q = {0, 0};
#pragma omp target map(tofrom: q)
  {
#pragma omp parallel for reduction(+: q)
    for (int i = 0; i < 10; i++)
      q.b += i;
  }
  CHECK(q.b == 45 && q.a == 0);
  return fails != 0;
}
