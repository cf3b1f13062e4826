/* walk.h - one walker over the whole tree, for passes that care about a
 * few node kinds.
 *
 * The walker visits every Expr, Stmt and Decl of a translation unit in
 * source order, including the expressions inside declarators (array
 * sizes), type names (casts, sizeof, typeof), initializers, struct
 * members, enumerators and OpenMP clauses.  Expressions and statements
 * are handed over as the slot that holds them, so a pass can replace the
 * node in place:
 *
 *   static WalkAction fold(Expr **slot, void *user)
 *   {
 *     if ((*slot)->kind == E_PAREN) *slot = (*slot)->a;   // drop parentheses
 *     return WALK_CONTINUE;
 *   }
 *   walk_trans_unit(&(Walker){.expr_post = fold}, tu);
 *
 * A pre callback returning WALK_SKIP keeps the walker out of the node's
 * children (its post callback is still called); WALK_STOP ends the walk.
 * Children are walked after a pre callback returns, so a pre callback
 * that replaces the node has its replacement walked.
 */
#ifndef OMPICC_WALK_H
#define OMPICC_WALK_H

#include "ast.h"
#include "omp.h"

typedef enum WalkAction { WALK_CONTINUE, WALK_SKIP, WALK_STOP } WalkAction;

typedef struct Walker {
  WalkAction (*expr_pre)(Expr **slot, void *user);
  void (*expr_post)(Expr **slot, void *user);
  WalkAction (*stmt_pre)(Stmt **slot, void *user);
  void (*stmt_post)(Stmt **slot, void *user);
  WalkAction (*decl_pre)(Decl *d, void *user);
  void (*decl_post)(Decl *d, void *user);
  /* An OpenMP directive, before its clauses (and, for S_OMP, before its
   * body; the statement callbacks see the S_OMP itself). */
  WalkAction (*omp_pre)(OmpDir *d, void *user);
  void *user;
  bool stopped; /* set when a callback returned WALK_STOP */
} Walker;

/* Each returns false when the walk was stopped. */
bool walk_trans_unit(Walker *w, TransUnit *tu);
bool walk_decl(Walker *w, Decl *d);
bool walk_stmt(Walker *w, Stmt **slot);
bool walk_expr(Walker *w, Expr **slot);
bool walk_init(Walker *w, Init *init); /* an initializer: its expressions */
bool walk_type_name(Walker *w, TypeName *tn);
bool walk_omp(Walker *w, OmpDir *d);
/* Does the statement name s (an identifier sema bound to it)? */
bool walk_stmt_names(Stmt **slot, const struct Symbol *s);

#endif
