// in_reduction on target constructs (OpenMP 5.2 5.5.11, 13.8): the target
// task takes part in the reduction of the enclosing taskgroup, with or
// without nowait, next to host tasks; its contribution is combined at the
// end of the taskgroup.
// RUN: %ompicc -o %t %s && %t
#include <stdio.h>

int main(void)
{
  long x = 0, m = -1;
  static int a[256];
  for (int i = 0; i < 256; i++)
    a[i] = i;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp taskgroup task_reduction(+: x) task_reduction(max: m)
    {
#pragma omp task in_reduction(+: x)
      x += 1;
#pragma omp target in_reduction(+: x)
      x += 10;
#pragma omp target in_reduction(+: x) nowait
      x += 100;
#pragma omp target in_reduction(max: m) map(to: a) nowait
      for (int i = 0; i < 256; i++)
        if (a[i] > m)
          m = a[i];
#pragma omp task in_reduction(max: m)
      m = m > 7 ? m : 7;
    }
  }
  if (x != 111 || m != 255) {
    printf("x %ld (want 111), m %ld (want 255)\n", x, m);
    return 1;
  }
  return 0;
}
