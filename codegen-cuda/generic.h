/* generic.h - generic kernels in the kernel file (DESIGN D4, doc/DEVLIB.md).
 *
 * kernels.c calls these when a translation unit has generic regions
 * (Region.generic): the parallel regions found in the kernels and in the
 * functions called from device code are outlined into __device__
 * functions reached through one switch (struct __ompicc_regions), and the
 * worksharing and synchronisation constructs become device library calls.
 */
#ifndef OMPICC_GENERIC_H
#define OMPICC_GENERIC_H

#include "offload.h"
#include "print.h"

/* Start a kernel file; true when it has generic regions. */
bool generic_begin(Offload *o);
/* The body of generic kernel r, printed with p (its parameters and the
 * references kernel_locals writes are already there). */
void generic_kernel_body(Printer *p, StrBuf *b, Region *r);
/* Lower the OpenMP constructs of a device function's body in place (the
 * tree is restored by generic_restore). */
void generic_function(Decl *f);
void generic_restore(void);
/* Region prototypes and the switch (before the functions), and the
 * region functions (after them). */
const char *generic_switch_text(void);
const char *generic_regions_text(void);

/* From kernels.c. */
char *kernels_decl_text(Symbol *s, const char *name);
/* Reductions (kernels.c): the functor of op (u: the user-defined one),
 * the statement that initialises the private copy v (orig: the
 * original's expression, for min, max and omp_orig), and the private
 * copy's declaration with it. */
const char *kernels_red_functor(OmpRedOp op, const Udr *u);
char *kernels_red_init_stmt(const char *v, OmpRedOp op, const Udr *u, const char *orig);
char *kernels_red_private(Symbol *s, const char *v, OmpRedOp op, const Udr *u, const char *orig);
/* An array reduction's private copy (OpenMP 5.2 5.5.8) under the name v:
 * its statements (without ';'), the original being the identifier orig
 * (the array, or a pointer to its elements); *fini gets the call of
 * reduce (__ompicc_reduce_n, __ompicc_team_reduce_n ...) that combines
 * it.  stacked: the copy lives on the shared stack (other threads of the
 * team reach it), and fini pops it. */
Vec kernels_red_array(Symbol *s, const RedArray *a, const char *v, const char *orig, OmpRedOp op,
                      const Udr *u, const char *reduce, bool stacked, char **fini);
/* The element of array s declared as name (double a[n]: double name). */
char *kernels_elem_text(Symbol *s, const char *name);
/* From atomic.c: #pragma omp atomic s as a device library call. */
Stmt *kernels_atomic(Stmt *s);

#endif
