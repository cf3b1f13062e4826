/* allocators.h - memory allocators in target regions (allocators.c):
 * uses_allocators, the rules for the allocators of allocate clauses and
 * directives in target regions, and the allocate directive taken out of
 * the host and kernel files.
 */
#ifndef OMPICC_ALLOCATORS_H
#define OMPICC_ALLOCATORS_H

#include <stdbool.h>

#include "ast.h"
#include "omp.h"

/* Is e the name of a predefined allocator (OpenMP 5.2 6.4)? */
bool allocator_is_predefined(const Expr *e);
/* The allocators of target's uses_allocators that the region makes:
 * made at the start of its body and destroyed at its end (5.2 6.8). */
void allocators_uses(Stmt *target);
/* Errors for allocators that allocate clauses and directives in the
 * region may not name (5.2 6.5, 6.6), unless the unit requires
 * dynamic_allocators. */
void allocators_check(Stmt *target, bool dynamic_allocators);
/* Does the unit have '#pragma omp requires dynamic_allocators'? */
bool allocators_dynamic(TransUnit *tu);
/* Take every allocate directive out of the unit; the automatic variables
 * of those with the allocator omp_pteam_mem_alloc or omp_cgroup_mem_alloc
 * are pushed onto team_memory (Symbol*).  Those of host code with another
 * allocator get their storage from it (a sorry in device_funcs, Decl*,
 * and target regions): true when there is one. */
bool allocators_drop_directives(TransUnit *tu, Vec *team_memory, const Vec *device_funcs,
                                bool dynamic_allocators);

#endif
