// RUN: %ompicc -o %t %s && %t
// lastprivate on sections in target regions (OpenMP 5.2 5.4.5: the
// original gets the value of the lexically last section's copy): on a
// combined parallel sections nested in target, on sections in a parallel
// region (whose original the region shares), and on sections of the
// target region's serial code; a scalar and an array.  The originals kept
// their values (exit status 0, wrong results) in generic kernels.
#include "Inputs/check.h"

int main(void)
{
  int a = -1, b = -1, c = -1, d[2] = {-1, -1}, seen = -1;
#pragma omp target map(tofrom: a)
#pragma omp parallel sections lastprivate(a)
  {
#pragma omp section
    a = 1;
#pragma omp section
    a = 2;
#pragma omp section
    a = 3;
  }
  CHECK(a == 3);
#pragma omp target map(tofrom: b, d, seen)
#pragma omp parallel num_threads(2)
  {
#pragma omp sections lastprivate(b, d)
    {
#pragma omp section
      {
        b = 10;
        d[0] = 1, d[1] = 2;
      }
#pragma omp section
      {
        b = 20;
        d[0] = 3, d[1] = 4;
      }
    }
    /* the sections' barrier: every thread sees the original set */
#pragma omp single
    seen = b;
  }
  CHECK(b == 20 && d[0] == 3 && d[1] == 4 && seen == 20);
#pragma omp target map(tofrom: c)
  {
#pragma omp sections lastprivate(c)
    {
      c = 5;
#pragma omp section
      c = 6;
    }
  }
  CHECK(c == 6);
  return fails != 0;
}
