/* main.c - heat diffusion along a rod: the steps run on the device with
 * the library's functions (lib/), and once more on the host to check.
 *
 *   make && ./heat         (or: cmake -S . -B build && cmake --build build)
 */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#include "stencil.h"

static void steps_on_host(double *u, double *v, int n, int steps)
{
  for (int s = 0; s < steps; s++) {
    for (int i = 1; i < n - 1; i++)
      v[i] = stencil_point(u, i);
    apply_boundary(v, n);
    for (int i = 1; i < n - 1; i++)
      u[i] = stencil_point(v, i);
    apply_boundary(u, n);
  }
}

int main(int argc, char **argv)
{
  int n = argc > 1 ? atoi(argv[1]) : 4096, steps = argc > 2 ? atoi(argv[2]) : 200;
  if (n < 3 || steps < 0) {
    fprintf(stderr, "usage: heat [points >= 3] [steps >= 0]\n");
    return 2;
  }
  double *u = calloc(n, sizeof *u), *v = calloc(n, sizeof *v);
  double *hu = calloc(n, sizeof *hu), *hv = calloc(n, sizeof *hv);
  if (!u || !v || !hu || !hv)
    return 1;
  stencil_alpha = 0.2; /* the library's variable, on the device too */
#pragma omp target update to(stencil_alpha)
  int on_device = 0;
#pragma omp target data map(tofrom: u[0:n]) map(alloc: v[0:n])
  {
#pragma omp target map(from: on_device)
    {
      on_device = !omp_is_initial_device();
      apply_boundary(u, n);
    }
    for (int s = 0; s < steps; s++) {
#pragma omp target teams distribute parallel for
      for (int i = 1; i < n - 1; i++)
        v[i] = stencil_point(u, i);
#pragma omp target
      apply_boundary(v, n);
#pragma omp target teams distribute parallel for
      for (int i = 1; i < n - 1; i++)
        u[i] = stencil_point(v, i);
#pragma omp target
      apply_boundary(u, n);
    }
  }
  apply_boundary(hu, n);
  steps_on_host(hu, hv, n, steps);
  double diff = 0;
  for (int i = 0; i < n; i++)
    diff = fmax(diff, fabs(u[i] - hu[i]));
  printf("heat: %d points, %d steps on %s; u[1] = %.6f; max difference from the host %g\n", n,
         steps, on_device ? "the device" : "the host", u[1], diff);
  free(u), free(v), free(hu), free(hv);
  return diff < 1e-9 ? 0 : 1;
}
