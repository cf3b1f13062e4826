/* sema.h - symbols, scopes and the types of expressions.
 *
 * sema_trans_unit() walks the tree once, in source order, with the scopes
 * of C11 6.2.1 (file, function prototype, block; tags in a name space of
 * their own), and fills the "sema" fields of ast.h: Expr.sym for every
 * identifier it can resolve, Expr.ty where the type is easy to know,
 * InitDecl.sym, Param.sym, Decl.sym (function definitions), TypeName.ty
 * and StructSpec.ty.  It is lenient: an identifier it cannot resolve or an
 * expression it cannot type is left NULL, never an error, because the
 * parser accepts programs (and system headers) that only gcc fully
 * understands.  The one error it reports is an OpenMP clause naming no
 * visible variable.
 *
 * Expression types are those of C11 6.5 before lvalue conversion: an
 * array-typed identifier has its array type (int[3][4]), a[i] the element
 * type; an OpenMP array section a[lo:len] has the element type of a.
 * Enum constants have type int (long when the value does not fit).
 */
#ifndef OMPICC_SEMA_H
#define OMPICC_SEMA_H

#include <stdio.h>

#include "ast.h"
#include "omp.h"
#include "symbol.h"
#include "types.h"

extern const char *const sym_kind_name[];
extern const char *const storage_name[];

void sema_trans_unit(TransUnit *tu);

/* The lazy declarations' hook: before each lookup that may reach the file
 * scope, sema calls it with the (interned) name, so that the parser can
 * expand in place the lazy declarations of that name (parse.h) and sema
 * finds what full parsing would have declared.  The parser installs it
 * when it keeps lazy declarations; NULL (the default) calls nothing. */
typedef bool SemaLookupHook(const char *name);
void sema_set_lookup_hook(SemaLookupHook *hook);

/* Semantic analysis of a function definition whose body was parsed after
 * sema_trans_unit (parser_expand_body), in the file scope of the end of
 * the translation unit: its function symbol is the one it had. */
void sema_expand_funcdef(Decl *funcdef);

/* Semantic analysis of a lazy declaration just expanded in place
 * (parser_expand_name), in the file scope, whatever scope sema is in. */
void sema_expand_decl(Decl *d);

/* For tests and debugging: for each OpenMP directive, the symbols of the
 * identifiers in its clauses, arguments and associated loop headers. */
void sema_dump_symbols(FILE *out, TransUnit *tu);
/* Every symbol declared in the user's files (not system headers), in
 * declaration order, with its type, size and storage. */
void sema_dump_all_symbols(FILE *out, TransUnit *tu);

/* Every expression of the user's files with the type sema gave it. */
void sema_dump_expr_types(FILE *out, TransUnit *tu);

/* The variable an OpenMP list item names: a for a, a[i], a[0:n], a.b,
 * a->b[1:2], (*a).b; NULL when there is none. */
Symbol *sema_base_symbol(Expr *e);

/* One symbol as the dumps print it: 'a' variable double[100] size 800 local */
const char *sema_symbol_str(const Symbol *s);

/* Integer constant expression value (C11 6.6); false when e is not one
 * sema can evaluate.  Valid after sema_trans_unit. */
bool sema_const_int(Expr *e, long long *value);

/* The n of directive d's collapse(n) clause, 1 without one or when n is
 * not a positive constant (OpenMP 5.2 4.4.3). */
long sema_collapse(const OmpDir *d);
/* The loops a loop-associated directive takes by its collapse(n) and
 * ordered(n) clauses, the larger (1 without either). */
/* Is e C's __func__, or GNU C's __FUNCTION__ or __PRETTY_FUNCTION__ (the
 * same in C): the name of the enclosing function (C11 6.4.2.2)? */
bool sema_function_name(const Expr *e);
int sema_loop_depth(const OmpDir *d);

/* The variables that the init-exprs of the loops d is associated with
 * (collapse(n), or ordered(n) when larger) assign, as opposed to
 * declare: Symbol*, outermost first (OpenMP 5.2 4.4.1). */
Vec sema_assigned_loop_vars(const OmpDir *d, Stmt *body);

#endif
