/* user-warnings.c - warnings the host compiler gives about the user's
 * code, after a system header's macro (NULL, whose expansion cpp marks
 * as a system header's lines) and inside and around a target region. */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
  int *p = NULL;
  int unused;
  undeclared_fn(3);
#pragma omp target map(tofrom: p)
  {
    int inner = 0;
    p = 0;
  }
  printf("%p\n", (void *)p);
      if (p) return EXIT_FAILURE;
  return 0;
}
