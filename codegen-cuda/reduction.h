/* reduction.h - private copies of reductions in device code (reduction.c).
 */
#ifndef OMPICC_REDUCTION_H
#define OMPICC_REDUCTION_H

#include "region.h"

/* The functor of op (u: the user-defined one), the statement that
 * initialises the private copy v (orig: the original's expression, for
 * min, max and omp_orig), and the private copy's declaration with it. */
const char *reduction_functor(OmpRedOp op, const Udr *u);
char *reduction_init_stmt(const char *v, OmpRedOp op, const Udr *u, const char *orig);
char *reduction_private(Symbol *s, const char *v, OmpRedOp op, const Udr *u, const char *orig);
/* An array reduction's private copy (OpenMP 5.2 5.5.8) under the name v:
 * its statements (without ';'), the original being the identifier orig
 * (the array, or a pointer to its elements); *fini gets the call of
 * reduce (__ompicc_reduce_n, __ompicc_team_reduce_n ...) that combines
 * it.  stacked: the copy lives on the shared stack (other threads of the
 * team reach it), and fini pops it.  init_from: NULL, or the address of
 * a copy of the part reduced to initialise from instead of orig. */
Vec reduction_array(Symbol *s, const RedArray *a, const char *v, const char *orig, OmpRedOp op,
                    const Udr *u, const char *reduce, bool stacked, const char *init_from,
                    char **fini);

#endif
