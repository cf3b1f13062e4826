/* main.c - calls sum() of sum.c; prints the sum of 0..N-1 and whether
 * _OPENMP was defined when it was preprocessed. */
#include <stdio.h>

long sum(int n);

int main(void)
{
#ifdef _OPENMP
  int openmp = 1;
#else
  int openmp = 0;
#endif
  long s = sum(1000);
  printf("sum %ld openmp %d\n", s, openmp);
  return s != 499500;
}
