// Generic kernels: orphaned constructs in a called function, nested
// parallel (one thread), single copyprivate, lastprivate, collapse.
// RUN: %ompicc -o %t %s && %t
#include <omp.h>
#include <stdio.h>

#pragma omp declare target
static void orphan(int *v, int n)
{
  #pragma omp for
  for (int i = 0; i < n; i++)
    v[i] += 1;
  #pragma omp barrier
  #pragma omp single
  v[0] += 100;
}
#pragma omp end declare target

int main(void)
{
  int v[200] = {0}, ok[8] = {0};
  int grid[10][20] = {{0}};
  #pragma omp target map(tofrom: v, ok, grid) thread_limit(64)
  {
    int last = -1;
    int nested = 0;
    #pragma omp parallel num_threads(40)
    {
      orphan(v, 200);
      int x = 0;
      #pragma omp single copyprivate(x)
      x = 42;
      if (x != 42) {
        #pragma omp atomic
        ok[7]++;
      }
      #pragma omp for lastprivate(last)
      for (int i = 0; i < 77; i++)
        last = i;
      #pragma omp for collapse(2)
      for (int i = 0; i < 10; i++)
        for (int j = 0; j < 20; j++)
          grid[i][j] += i * 20 + j;
      #pragma omp master
      {
        #pragma omp parallel num_threads(8)
        {
          nested = omp_get_num_threads() * 10 + omp_get_level();
        }
      }
    }
    ok[0] = last == 76;
    ok[1] = nested == 12;
  }
  int bad = ok[7] != 0 || !ok[0] || !ok[1] || v[0] != 101;
  for (int i = 1; i < 200; i++)
    bad |= v[i] != 1;
  for (int i = 0; i < 10; i++)
    for (int j = 0; j < 20; j++)
      bad |= grid[i][j] != i * 20 + j;
  if (bad)
    printf("ok %d %d %d v0 %d v1 %d\n", ok[0], ok[1], ok[7], v[0], v[1]);
  return bad;
}
