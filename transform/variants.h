/* variants.h - metadirectives, assume constructs and assumes directives
 * resolved in the tree (variants.c), before the other offloading passes.
 */
#ifndef OMPICC_VARIANTS_H
#define OMPICC_VARIANTS_H

#include "ast.h"

/* Replace every metadirective by the directive variant its context
 * selects (an if-else chain when the choice is made at run time), every
 * assume construct by its block, and drop the assumes directives;
 * errors and warnings go through diag. */
void variants_resolve(TransUnit *tu);

#endif
