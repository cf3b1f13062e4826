/* variants.h - metadirectives, declare variant calls, dispatch and
 * assume constructs and assumes directives resolved in the tree
 * (variants.c), before the other offloading passes.
 */
#ifndef OMPICC_VARIANTS_H
#define OMPICC_VARIANTS_H

#include "ast.h"

/* Replace every metadirective by the directive variant its context
 * selects (an if-else chain when the choice is made at run time), every
 * assume construct by its block, and drop the assumes directives;
 * errors and warnings go through diag. */
void variants_resolve(TransUnit *tu);

/* A call's callee (the E_IDENT variants_resolve left) whose device
 * version calls another function than the host's, because a variant's
 * selector chose differently for the device (device={kind(nohost)}, ...):
 * the name the kernel file and the device call graph use; NULL for the
 * others. */
const char *variants_device_callee(const Expr *callee);

#endif
