/* readonly.h - the arrays an SPMD loop only reads, whose kernel
 * parameters may be __restrict__ when the runtime finds their memory
 * apart from the rest (readonly.c). */
#ifndef OMPICC_READONLY_H
#define OMPICC_READONLY_H

#include "region.h"

/* Set r->readonly, for an SPMD region of two kernels
 * (offload_two_widths): bit i for map entry i of r, a parameter the
 * region only reads through and that nothing it writes can reach. */
void readonly_params(Region *r);

#endif
