/* atomic.h - #pragma omp atomic in device code (atomic.c).
 */
#ifndef OMPICC_ATOMIC_H
#define OMPICC_ATOMIC_H

#include "ast.h"

/* The S_OMP atomic s as a statement calling the device library. */
Stmt *atomic_stmt(Stmt *s);

#endif
