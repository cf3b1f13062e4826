/* stencil.c - the heat equation's step, a declare target function in a
 * library: ompicc compiles it as relocatable device code, and links it
 * into the image of every program that calls it. */
#include "stencil.h"

#pragma omp declare target
double stencil_alpha = 0.25;

double stencil_point(const double *u, int i)
{
  return u[i] + stencil_alpha * (u[i - 1] - 2 * u[i] + u[i + 1]);
}
#pragma omp end declare target
