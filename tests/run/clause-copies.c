// RUN: %ompicc -o %t %s && %t
// Private copies that clauses of constructs inside a target region ask
// for (OpenMP 5.2 5.4.3 private, 5.4.4 firstprivate, 5.4.1 default): the
// originals keep their values, and a firstprivate copy starts from the
// original.  All of these wrote the originals, with exit status 0:
//  - firstprivate on for and on sections in a generic kernel's parallel
//    region, and private on sections;
//  - default(firstprivate) and default(private) on a parallel region, in a
//    generic kernel and on combined SPMD constructs (target parallel for,
//    target teams distribute parallel for);
//  - private and firstprivate on the for of an SPMD kernel (target
//    parallel over for) of a variable the target maps, scalar and array.
// Which thread runs which iteration or section is not fixed: only values
// that do not depend on it are checked.
#include <omp.h>

#include "Inputs/check.h"

int main(void)
{
  int r[8] = {0};
#pragma omp target map(tofrom: r)
  {
    int a = 5, b = 7, d = 3;
#pragma omp parallel num_threads(4) shared(a, b)
    {
#pragma omp sections private(a) firstprivate(b)
      {
#pragma omp section
        {
          a = 100;
          b += 1;
          r[0] = b; /* 8, or 10 after the other section on the same thread */
        }
#pragma omp section
        {
          a = 200;
          b += 2;
          r[1] = b; /* 9, or 10 */
        }
      }
#pragma omp for firstprivate(a)
      for (int i = 0; i < 8; i++) {
        r[2] += 0 * i;
        a += 1; /* the thread's copy, from 5 */
      }
#pragma omp single
      {
        r[3] = a;
        r[4] = b;
      }
    }
#pragma omp parallel num_threads(3) default(firstprivate)
    {
      d += omp_get_thread_num(); /* the thread's copy */
      r[7] += 1;                 /* r is firstprivate too: lost */
    }
    r[5] = d;
  }
  CHECK((r[0] == 8 || r[0] == 10) && (r[1] == 9 || r[1] == 10) && r[0] != r[1]);
  CHECK(r[3] == 5 && r[4] == 7 && r[5] == 3 && r[7] == 0);

  int s[8] = {0}, e = 10, f = -1, g = 3, x = 100, arr[2] = {4, 5};
#pragma omp target parallel for num_threads(4) default(firstprivate) map(tofrom: s)
  for (int i = 0; i < 8; i++) {
    g += i;
    s[i] = g; /* s is firstprivate: the original stays 0 */
  }
#pragma omp target teams distribute parallel for default(private) shared(s) map(tofrom: s)
  for (int i = 0; i < 8; i++) {
    x = i; /* private */
    s[i] += x * 0;
  }
  CHECK(g == 3 && x == 100);
  for (int i = 0; i < 8; i++)
    CHECK(s[i] == 0);
#pragma omp target parallel num_threads(4) map(tofrom: s, e, f, arr)
  {
#pragma omp for firstprivate(e, arr) lastprivate(f)
    for (int i = 0; i < 8; i++) {
      e += i, arr[0] += i;
      f = e >= 10 && arr[0] >= 4 && arr[1] == 5; /* each copy from the original */
    }
#pragma omp for private(e)
    for (int i = 0; i < 8; i++)
      e = -i;
  }
  CHECK(e == 10 && f == 1 && arr[0] == 4 && arr[1] == 5);
  return fails != 0;
}
