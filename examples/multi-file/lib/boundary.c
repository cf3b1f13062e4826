/* boundary.c - the rod's ends: a second file of the library. */
#include "stencil.h"

#pragma omp declare target
void apply_boundary(double *u, int n)
{
  u[0] = 100.0;
  u[n - 1] = 0.0;
}
#pragma omp end declare target
