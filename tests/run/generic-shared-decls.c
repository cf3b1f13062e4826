// Variables of a generic kernel's serial code shared with a parallel
// region where the translator once said sorry: one declarator of a
// declaration of several (int a = 5, b = 7, c;), in a for's first clause
// too, with later initialisers using earlier variables; and variable-
// length arrays (a mapped VLA of main, a VLA parameter) used in regions.
// RUN: %ompicc -o %t %s && %t
#include <omp.h>
#include <stdio.h>

#include "Inputs/check.h"

static void vla_param(int n, double w[n], int *out)
{
  #pragma omp target map(tofrom: w[0:n], out[0:2])
  {
    int first = 2, twice = first * 2, unused = twice + 1, sum = 0;
    #pragma omp parallel num_threads(40)
    {
      #pragma omp for reduction(+: sum)
      for (int i = 0; i < n; i++) {
        w[i] = w[i] * twice + first;
        sum += 1;
      }
    }
    out[0] = sum;
    out[1] = unused;
  }
}

int main(void)
{
  int n = 100, res = 0, rounds = 0;
  double v[n], w[n];
  for (int i = 0; i < n; i++)
    v[i] = w[i] = i;
  #pragma omp target map(tofrom: v, res, rounds)
  {
    int a = 5, b = 7, c = 0, d = 1;
    c = b * 2;
    #pragma omp parallel num_threads(32)
    {
      #pragma omp for reduction(+: d)
      for (int i = 0; i < n; i++) {
        v[i] += a * i + c;
        d += 1;
      }
    }
    res = d + b;
    for (int k = 0, acc = 10, m = 3; k < m; k++) {
      #pragma omp parallel num_threads(8)
      {
        #pragma omp atomic
        acc += 1;
      }
      rounds = acc;
    }
  }
  CHECK(res == n + 1 + 7);
  CHECK(rounds == 10 + 3 * 8 || (rounds >= 13 && rounds < 10 + 3 * 8)); /* the host may give fewer threads */
  for (int i = 0; i < n; i++)
    CHECK(v[i] == i + 5 * i + 14);
  int out[2];
  vla_param(n, w, out);
  CHECK(out[0] == n && out[1] == 5);
  for (int i = 0; i < n; i++)
    CHECK(w[i] == i * 4 + 2);
  return fails != 0;
}
