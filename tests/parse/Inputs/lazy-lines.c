/* lazy-lines.c - input of lazy-lines.test: functions whose bodies are kept
 * as text; the host compiler's warnings must point at these lines. */
static int plain(int x)
{
  int unused_a;
  if (x)
    x++;
  return x;
}

int spans(int y)
{
  int unused_b;
#include "lazy-body.h"
  int unused_c;
  return y;
}



int after(int z) { int unused_d; return z; }

int with_target(int n, int *a)
{
  int unused_e;
#pragma omp target map(tofrom: a[0:n])
  a[0] = plain(n);
  return a[0];
}
