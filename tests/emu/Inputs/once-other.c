/* once-other.c - launches for loop-once.test: a loop the device's own
 * grid covers, one with a static schedule, a nest on a 2-D grid, and a
 * loop longer than the device's grid holds threads (the CPU device: 2048
 * per core, 1024 cores and fewer). */
#include <stdio.h>
#include <stdlib.h>

#define N 1000

int main(void)
{
  static int a[N], g[40][50];
  long big = 2048L * 1024 + 5;
  char *b = calloc(big, 1);
#pragma omp target teams distribute parallel for map(tofrom : a)
  for (int i = 0; i < N; i++)
    a[i] += 1;
#pragma omp target teams distribute parallel for schedule(static) map(tofrom : a)
  for (int i = 0; i < N; i++)
    a[i] += 2;
#pragma omp target teams distribute parallel for collapse(2) map(tofrom : g)
  for (int i = 0; i < 40; i++)
    for (int j = 0; j < 50; j++)
      g[i][j] += 1;
#pragma omp target teams distribute parallel for map(tofrom : b[0:big])
  for (long i = 0; i < big; i++)
    b[i] += 1;
  long ok = 0;
  for (long i = 0; i < big; i++)
    ok += b[i] == 1;
  printf("%d %d %d %d\n", a[0], a[N - 1] == 3, g[39][49], ok == big);
  free(b);
  return 0;
}
