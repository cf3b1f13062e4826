/* lower-host.h - the host side of the device constructs (lower-host.c),
 * the last pass before the host file is printed.
 */
#ifndef OMPICC_LOWER_HOST_H
#define OMPICC_LOWER_HOST_H

#include "region.h"

/* Lower the host side: each target construct becomes its map
 * array, the __ompicc_target call and the host fallback; the data
 * constructs become runtime calls; the file gets the runtime's
 * declarations, one __ompicc_region per construct and the unit. */
void lower_host(Offload *o);

#endif
