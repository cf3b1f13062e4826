/* nest.h - device code of collapsed non-rectangular loop nests (nest.c),
 * which SPMD kernels (kernels.c) and the worksharing of generic kernels
 * (generic.c) share.
 */
#ifndef OMPICC_NEST_H
#define OMPICC_NEST_H

#include <stdbool.h>

#include "region.h"
#include "util.h"

/* A nest's code, its names suffixed with sfx ("" in SPMD kernels, the
 * construct's number in generic ones): __ompicc_trips<sfx>, the functor
 * of its trip counts, and __ompicc_nc<sfx>, a thread's place in it. */

/* The declarations of the functor and of the place (statements without
 * their ';'). */
Vec nest_decls(Vec *loops, const char *sfx);
/* The number of iterations of the collapsed space (an expression). */
char *nest_count(Vec *loops, const char *sfx);
/* The statements (without ';') that begin collapsed iteration iv: the
 * place moves there, and the loop variables are declared with their
 * values, those that used[k] asks for and those their values need. */
Vec nest_iteration(Vec *loops, const char *sfx, const char *iv, const bool *used);
/* The value loop k's variable has after the nest when the place is at
 * the sequentially last iteration: its value there plus its step (an
 * expression; lastprivate of a loop variable, OpenMP 5.2 5.4.5).  That
 * is the value a rectangular nest leaves, and the one gcc gives on the
 * host; the sequential program could leave another where the last
 * iterations of an outer loop hold no iteration of the inner ones. */
char *nest_final_value(Vec *loops, int k, const char *sfx);

#endif
