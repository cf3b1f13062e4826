// Target constructs inside constructs with default(none),
// default(private) and default(firstprivate) (OpenMP 5.2 5.4.1): what
// ompicc adds to launch a region is predetermined shared (a static
// variable declared inside the construct, 5.1.1), so the enclosing
// construct lists only the program's own variables (issue 12, case 8).
// RUN: %ompicc -o %t %s
// RUN: %t
#include "Inputs/check.h"

int main(void)
{
  int x = 1, y = 0, w = 0;
  int a[64];

#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp task default(none) shared(x)
    {
#pragma omp target map(tofrom: x)
      x += 41;
    }
#pragma omp task default(private) shared(y)
    {
      int z = 3;
#pragma omp target map(tofrom: z)
      z++;
      y = z;
    }
#pragma omp task default(firstprivate) shared(w)
    {
      int v = 10;
#pragma omp target map(tofrom: v) nowait
      v *= 2;
#pragma omp taskwait
      w = v;
    }
  }
  check_eq("x in task default(none)", x, 42);
  check_eq("y from task default(private)", y, 4);
  check_eq("w from task default(firstprivate)", w, 20);

#pragma omp parallel num_threads(3) default(none) shared(a)
  {
#pragma omp single
    {
#pragma omp target data map(from: a)
      {
#pragma omp target teams distribute parallel for
        for (int i = 0; i < 64; i++)
          a[i] = i;
#pragma omp target update from(a)
      }
    }
  }
  for (int i = 0; i < 64; i++)
    check_eq("a[i] after parallel default(none)", a[i], i);
  return 0;
}
