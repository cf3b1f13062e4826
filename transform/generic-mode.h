/* generic-mode.h - choosing generic kernels (generic-mode.c, DESIGN D4)
 * among the regions offload.c did not make SPMD.
 */
#ifndef OMPICC_GENERIC_MODE_H
#define OMPICC_GENERIC_MODE_H

#include "region.h"

/* Mark the non-SPMD regions that need threads as generic kernels
 * with the remark's reason. */
void generic_mode_choose(Offload *o);
/* The first directive in body, or in a function it calls, that needs
 * more than one thread (a parallel region, a worksharing or
 * synchronisation construct), or NULL. */
Stmt *generic_mode_threads_needed(Offload *o, Stmt **body);

#endif
