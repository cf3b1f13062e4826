// A deferred target task takes the values it uses when the construct is
// met, not when it runs (OpenMP 5.2 13.8, 5.8.3): the pointer a map item
// goes through, the bounds of the item, the scalars the region reads, the
// device clause.  Each target task here waits for a slow task first,
// while the program changes those variables.
// RUN: %ompicc -o %t %s && %t
#include <stdio.h>
#include <unistd.h>

int main(void)
{
  int A[8] = {0}, B[8] = {0}, C[16] = {0}, D[16] = {0};
  int *a = A, s = 1, n = 8;
  int *c = C, lo = 0, len = 16;
  int sem = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp task depend(out: sem) shared(sem)
    {
      usleep(100000);
      sem = 1;
    }
#pragma omp target map(tofrom: a[0:n]) depend(in: sem) nowait
    for (int i = 0; i < 8; i++)
      a[i] += s;
#pragma omp target teams distribute parallel for map(tofrom: c[lo:len]) depend(in: sem) nowait
    for (int i = 0; i < 16; i++)
      c[i] += 10 * s;
    /* the construct is behind us: these changes are not the tasks' */
    a = B, s = 100, n = 4;
    c = D, lo = 4, len = 4;
#pragma omp taskwait
  }
  int bad = 0;
  for (int i = 0; i < 8; i++)
    bad += A[i] != 1 || B[i] != 0;
  for (int i = 0; i < 16; i++)
    bad += C[i] != 10 || D[i] != 0;
  if (bad)
    printf("%d wrong elements (A[0] %d, B[0] %d, C[0] %d, D[4] %d)\n", bad, A[0], B[0], C[0], D[4]);
  return bad != 0;
}
