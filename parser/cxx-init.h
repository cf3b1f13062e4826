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

/* One assignment of cxx_init_assignments: the subobject, as the steps
 * from the object to it (CxxStep*: .a then .lo, [2] then .hi; members of
 * anonymous ones are named directly), and its initializer, an
 * expression, its object_ty set. */
typedef struct CxxStep {
  const char *member; /* NULL: the element [index] */
  long index;
} CxxStep;
typedef struct CxxAssign {
  Vec steps;
  const Init *value;
} CxxAssign;

/* When C++ cannot write list `in` for an object of type t at all (it
 * initializes a member of a union that is not the union's first and is
 * anonymous, which C++ cannot name): the assignments that give an object
 * set to zero bytes the list's value, in the list's order, as
 * CxxAssign*.  Empty when a brace list does (cxx_init), or when an
 * initializer is not an expression that an assignment takes (a character
 * array's string). */
Vec cxx_init_assignments(Type *t, const Init *in);

#endif
