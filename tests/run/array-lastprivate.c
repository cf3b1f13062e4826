// Arrays as private copies (issue 12, case 4): lastprivate of an array
// leaves the last iteration's copy in the original element by element
// (OpenMP 5.2 5.4.5; C cannot assign an array, the kernel file calls the
// device library's __ompicc_assign), in SPMD and generic kernels;
// firstprivate of an array, and an array parameter of a declare target
// function, which is a pointer as in C.
// RUN: %ompicc -o %t %s
// RUN: %t
#include "Inputs/check.h"

#pragma omp declare target
static int sum(int a[8], int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    s += a[i];
  a = a + 1; /* a parameter of array type is a pointer */
  return s + a[0];
}
#pragma omp end declare target

int main(void)
{
  int a[8] = {1, 2, 3, 4, 5, 6, 7, 8}, r = 0;
  int last[4] = {0}, grid[2][3] = {{0}};
#pragma omp target map(tofrom: r) firstprivate(a)
  {
    a[0] = 10;
    r = sum(a, 8);
  }
  CHECK(r == 47 && a[0] == 1);
#pragma omp target teams distribute parallel for lastprivate(last, grid)
  for (int i = 0; i < 16; i++) {
    last[0] = i;
    last[1] = 2 * i;
    last[2] = last[3] = 0;
    for (int j = 0; j < 3; j++)
      grid[1][j] = grid[0][j] = i + j;
  }
  CHECK(last[0] == 15 && last[1] == 30 && last[3] == 0);
  CHECK(grid[0][0] == 15 && grid[1][2] == 17);
  int got = 0;
#pragma omp target map(tofrom: got)
  {
    int mine[3] = {0, 0, 0};
#pragma omp parallel for lastprivate(mine)
    for (int i = 0; i < 16; i++) {
      mine[0] = i;
      mine[1] = mine[2] = -i;
    }
    got = mine[0] * 100 - mine[2];
  }
  CHECK(got == 1515);
  return fails != 0;
}
