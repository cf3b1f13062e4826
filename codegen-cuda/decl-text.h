/* decl-text.h - declarations of user variables in the kernel file
 * (decl-text.c).
 */
#ifndef OMPICC_DECL_TEXT_H
#define OMPICC_DECL_TEXT_H

#include <stdbool.h>

#include "ast.h"
#include "symbol.h"

/* The specifiers of s's declaration, or NULL. */
DeclSpecs *sym_specs(Symbol *s);
/* The specifiers as a declaration in device code: no storage class, no
 * function specifiers, struct definitions by their tag only. */
DeclSpecs *device_specs(const DeclSpecs *in, Loc where);
/* The specifiers of a type definition (struct s {...} x;): what defines
 * the type, without storage class. */
DeclSpecs *type_specs(const DeclSpecs *in);
/* "specs declarator" of s, declared as name (which may be "*p", "(&x)",
 * "(*)"); with open_first, the first array dimension is left empty. */
char *decl_text(Symbol *s, const char *name, bool open_first);
/* The element of a view of dims dimensions of s, declared as name
 * (double c[n][m][4], 2 dimensions: double name[4]). */
char *view_elem_text(Symbol *s, const char *name, int dims);

/* "to = from" for a value of s's type, or, when s is an array, the
 * device library's element-by-element __ompicc_assign(to, from). */
char *assign_text(const Symbol *s, const char *to, const char *from);

#endif
