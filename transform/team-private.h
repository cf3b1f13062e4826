/* team-private.h - arrays that a region of team loops only adds into
 * with atomic constructs, which each team adds into in shared memory
 * first (team-private.c). */
#ifndef OMPICC_TEAM_PRIVATE_H
#define OMPICC_TEAM_PRIVATE_H

#include "region.h"

/* Set r->team_copies, for a region of two kernels (offload_two_widths),
 * after readonly_params: the mapped arrays of r that each team keeps a
 * copy of in its kernel of narrow width. */
void team_private_arrays(Region *r);

#endif
