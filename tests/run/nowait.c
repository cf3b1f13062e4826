// target nowait with depend: host tasks (DESIGN D1) ordered by their
// dependences, waited for by taskwait; the same for enter/exit data and
// update with nowait.
// RUN: %ompicc -o %t %s && %t
#include <stdio.h>

#define N 4096

int main(void)
{
  static int a[N], b[N];
  int fails = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp target enter data map(to: a, b) nowait depend(out: a, b)
#pragma omp target teams distribute parallel for nowait depend(inout: a)
    for (int i = 0; i < N; i++)
      a[i] = i;
#pragma omp target teams distribute parallel for nowait depend(in: a) depend(out: b)
    for (int i = 0; i < N; i++)
      b[i] = a[i] * 2;
#pragma omp target teams distribute parallel for nowait depend(inout: a)
    for (int i = 0; i < N; i++)
      a[i] += 1;
#pragma omp target update from(a) nowait depend(inout: a)
#pragma omp target exit data map(from: b) nowait depend(inout: b)
#pragma omp taskwait
    for (int i = 0; i < N; i++)
      fails += a[i] != i + 1 || b[i] != 2 * i;
  }
  int x = 0, y = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp target map(tofrom: x) nowait depend(out: x)
    x = 5;
#pragma omp target map(tofrom: x, y) nowait depend(in: x)
    y = x + 1;
  }
  fails += x != 5 || y != 6;
  if (fails)
    printf("%d failures\n", fails);
#pragma omp target exit data map(delete: a)
  return fails != 0;
}
