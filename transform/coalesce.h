/* coalesce.h - the memory-access hint of SPMD loops (coalesce.c).
 */
#ifndef OMPICC_COALESCE_H
#define OMPICC_COALESCE_H

#include "region.h"

/* An SPMD loop whose threads each walk their own row of memory in an
 * inner loop (uncoalesced accesses, little arithmetic) gets the hint
 * OMPICC_REGION_UNCOALESCED, and its remark says so. */
void coalesce_hint(Region *r);

#endif
