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

/* The line that the kernel file's printers write after the user's code
 * (PrintOpts.after_source): kernels_write turns each into a #line marker
 * of the kernel file itself, so that generated code is not taken for the
 * user's last line in nvcc's messages and the debug information. */
#define KERNEL_SOURCE_END "#line __ompicc_source_end"


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

#endif
