/* so-main.c - a program with device code of its own (another function
 * named twice: the library's is not this program's) using libab.so. */
#include <stdio.h>
int a_run(int x);
int b_run(int x);
#pragma omp declare target
int twice(int x) { return 20 * x; }
#pragma omp end declare target
int main(void)
{
  int r = 0;
#pragma omp target map(from: r)
  r = twice(1);
  printf("a %d b %d main %d\n", a_run(5), b_run(5), r);
  return 0;
}
