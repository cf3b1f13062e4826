/* mapper.h - map clauses (mapper.c): the runtime's flags of a map clause,
 * and declare mapper, which replaces a map item by its mapper's items.
 */
#ifndef OMPICC_MAPPER_H
#define OMPICC_MAPPER_H

#include "ast.h"
#include "omp.h"
#include "types.h"

/* The OMPICC_MAP_* flags of a map clause: its map type and modifiers. */
unsigned map_clause_flags(const OmpClause *cl);

/* Is the section's stride absent or 1? */
bool map_unit_stride(const Expr *sec);
/* A map clause's item must be contiguous (OpenMP 5.2 5.8.3): false, with
 * an error, for a section with a stride other than 1 (only a motion
 * clause of target update may have one). */
bool map_contiguous(const Expr *item);

/* The pointers that an object of type t holds in its own storage: t
 * itself when a pointer, else the pointer members of a structure, nested
 * structures included (not arrays, unions or function pointers).  fn gets
 * the text of each pointer as an lvalue, from the object's `lvalue`.
 * Mapping the object attaches each of them whose pointee is present (the
 * runtime's OMPICC_MAP_ATTACH entries). */
typedef void PointerSlotFn(const char *slot, void *user);
void map_pointer_slots(const Type *t, const char *lvalue, PointerSlotFn *fn, void *user);

/* declare mapper (OpenMP 5.2 5.8.8): when a mapper applies to
 * list item `item` of clause cl (cl's mapper(id) modifier, else the
 * default mapper of the item's type; cl NULL for an implicit map), fn is
 * called for each list item of the mapper's map clauses, the mapper's
 * variable standing for item, with flags narrowed by the item's map type;
 * returns whether a mapper applied (or an error about one was reported). */
typedef void MapperItemFn(Expr *item, unsigned flags, void *user);
/* For an array or a section of structures, elems gets the item and the
 * name of the host function that makes each element's entries (an
 * OMPICC_MAP_ELEMS entry after the array's own). */
typedef void MapperElemsFn(Expr *item, const char *fn, unsigned flags, void *user);
bool mapper_apply(TransUnit *tu, const OmpClause *cl, Expr *item, unsigned flags,
                          MapperItemFn *fn, MapperElemsFn *elems, void *user);
/* Mapper d's items with item for its variable (flags: the declared map
 * types), and the name of d's host function (NULL unless d is at file
 * scope). */
void mapper_items(OmpDir *d, Expr *item, MapperItemFn *fn, void *user);
const char *mapper_function_name(TransUnit *tu, const OmpDir *d);

#endif
