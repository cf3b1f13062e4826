/* atomic.h - #pragma omp atomic in device code (atomic.c).
 */
#ifndef OMPICC_ATOMIC_H
#define OMPICC_ATOMIC_H

#include "ast.h"

/* The S_OMP atomic s as a statement calling the device library;
 * team_copy: an update of a team's copy of an array
 * (transform/team-private.c), in the kernel of type __ompicc_I. */
Stmt *atomic_stmt(Stmt *s, bool team_copy);

#endif
