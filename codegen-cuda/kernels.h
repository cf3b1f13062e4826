/* kernels.h - the kernel file writer (DESIGN D3, D4).
 *
 * kernels_write() prints the kernel file of a translation unit from what
 * offload_analyze() found: the device library include, the types the
 * device code uses (in source order, which is a dependency order), the
 * declare target variables as __device__, the functions called from
 * device code as __device__, then one extern "C" __global__ kernel per
 * target construct with its __emu trampoline.  It must run before
 * lower_host(), which replaces the regions in the tree.
 */
#ifndef OMPICC_KERNELS_H
#define OMPICC_KERNELS_H

#include <stdio.h>

#include "offload.h"

/* Write the kernel file to out; name is the kernel file's own name for
 * its header comment. */
void kernels_write(FILE *out, Offload *o, const char *name);

#endif
