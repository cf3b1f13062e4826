/* generic-mode.h - choosing generic kernels (generic-mode.c, DESIGN D4)
 * among the regions offload.c did not make SPMD.
 */
#ifndef OMPICC_GENERIC_MODE_H
#define OMPICC_GENERIC_MODE_H

#include "region.h"

/* Mark the non-SPMD regions that need threads as generic kernels
 * with the remark's reason. */
void generic_mode_choose(Offload *o);

#endif
