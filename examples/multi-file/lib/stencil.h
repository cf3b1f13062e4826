/* stencil.h - a small library of device functions for the heat example:
 * what a file must declare to call them in its target regions.  OpenMP
 * (5.2 7.8) asks for the declarations inside declare target, as for the
 * definitions in lib/stencil.c and lib/boundary.c. */
#ifndef STENCIL_H
#define STENCIL_H

#pragma omp declare target
/* The diffusion coefficient, one variable of the program on the host and
 * on the device (lib/stencil.c defines it; target update moves it). */
extern double stencil_alpha;
/* One explicit step of the heat equation at point i of u. */
double stencil_point(const double *u, int i);
/* The fixed temperatures at both ends of the rod. */
void apply_boundary(double *u, int n);
#pragma omp end declare target

#endif
