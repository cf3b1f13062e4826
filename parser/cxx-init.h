/* cxx-init.h - C's designated initializers in the form C++ takes.
 *
 * The kernel file is CUDA C++, whose designated initializers name only
 * members, in declaration order, one level per brace pair.  A C brace
 * list that names subobjects in another order, names array elements, or
 * reaches into nested ones is written again, with the same meaning, as a
 * fully braced list (cxx-init.c has examples).
 */
#ifndef OMPICC_CXX_INIT_H
#define OMPICC_CXX_INIT_H

#include "ast.h"
#include "types.h"

/* The list `in` for an object of type t in a form C++ takes with C's
 * meaning; NULL when `in` has no designator (it is taken as it is), or
 * names something this cannot follow (then it too is printed as it is,
 * and the C++ compiler says what it refuses).  Either way, each
 * expression of the list that initializes a subobject gets the
 * subobject's type as its object_ty, for the conversions C makes and
 * C++ does not. */
Init *cxx_init(Type *t, const Init *in);

#endif
