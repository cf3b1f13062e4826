/* type-names.h - the names of the program's types in the kernel file
 * (type-names.c).
 */
#ifndef OMPICC_TYPE_NAMES_H
#define OMPICC_TYPE_NAMES_H

#include "ast.h"
#include "util.h"

/* Declarations that may define types the kernels use: those of file
 * scope, then those of blocks, in source order. */
Vec type_candidates(TransUnit *tu);

/* The kernel file writes every type it needs at its own file scope, so
 * while it is written the types are renamed where C++ needs it (and put
 * back after, the host file keeping the program's names):
 *  - an unnamed struct, union or enum that declares variables gets a tag,
 *    __ompicc_anon_N, by which kernels declare their parameters;
 *  - a type or enumerator defined in a block whose name another
 *    definition also has (struct S in two functions) gets a suffix,
 *    __ompicc_bN, at its definition and at every use the type checker
 *    bound to it. */
typedef struct TypeNames {
  Vec undo; /* const char **slot, const char *old: pairs */
} TypeNames;
void type_names_begin(TransUnit *tu, TypeNames *t);
void type_names_end(TypeNames *t);

#endif
