/* reconverge.h - marks, in device code, the statements at whose end a
 * warp's lanes meet again, where a spin lock can hang a GPU without
 * independent thread scheduling (reconverge.c).
 */
#ifndef OMPICC_RECONVERGE_H
#define OMPICC_RECONVERGE_H

#include "ast.h"
#include "util.h"

/* The device functions of the file (Decl*, Offload.funcs) that may run a
 * compare-and-swap, to a fixed point over their calls: call first. */
void reconverge_begin(const Vec *funcs);

/* Mark the statements of the tree at *body that may run a
 * compare-and-swap: each if, switch and loop becomes
 * `{ OMPICC_RECONVERGE; statement }`, and such a loop's body
 * `{ OMPICC_RECONVERGE; body }`.  The slots replaced are pushed on undo
 * as (slot, old statement) pairs, for the caller to put back. */
void reconverge_mark(Stmt **body, Vec *undo);

#endif
