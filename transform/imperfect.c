/* imperfect.c - loop nests with intervening code made perfectly nested.
 *
 * The loops a collapse(n) clause associates with a construct may have
 * intervening code between them (OpenMP 5.2 4.4.1, 5.0 on):
 *
 *   #pragma omp parallel for collapse(2)
 *   for (i = 0; i < n; i++) {
 *     int base = i * m;            <- intervening code
 *     for (j = 0; j < m; j++)
 *       a[base + j] = f(i, j);
 *     done[i] = 1;                 <- intervening code
 *   }
 *
 * Such code runs at least once per iteration of the loop around it and
 * at most once per iteration of the innermost associated loop (4.4.1),
 * so it may run in every iteration of the innermost loop: this pass
 * moves the code before a loop to the start of the innermost body and
 * the code after it to the end, in order, leaving the perfect nest that
 * the kernel writer and the host compiler (gcc 12 takes only perfect
 * nests) expect.  Declarations move with the code and stay in scope for
 * everything that used them, unless a later loop's header uses them:
 * then, as when the intervening code holds a loop, a jump or an OpenMP
 * construct (not intervening code, 4.4.1), the nest is left as it is
 * and the passes after report it.
 */
#include "imperfect.h"

#include "omp.h"
#include "sema.h"
#include "walk.h"

/* Whether s may be intervening code: no loop, jump or directive. */
static WalkAction forbidden(Stmt **slot, void *user)
{
  switch ((*slot)->kind) {
  case S_FOR: case S_WHILE: case S_DO: case S_OMP: case S_GOTO: case S_BREAK:
  case S_CONTINUE: case S_RETURN: case S_LABEL: case S_CASE: case S_DEFAULT:
  case S_PRAGMA: case S_ASM:
    *(bool *)user = true;
    return WALK_STOP;
  default:
    return WALK_CONTINUE;
  }
}

static bool intervening(Stmt *s)
{
  bool bad = false;
  walk_stmt(&(Walker){.stmt_pre = forbidden, .user = &bad}, &s);
  return !bad;
}

/* body split around the one loop among its items (a compound's items
 * before and after it appended to before and after), or body itself when
 * it is the loop; NULL when body is no such statement. */
static Stmt *split(Stmt *body, Vec *before, Vec *after)
{
  if (body->kind == S_FOR)
    return body;
  if (body->kind != S_COMPOUND)
    return NULL;
  int at = -1;
  for (int i = 0; i < body->items.len; i++) {
    Stmt *s = body->items.items[i];
    if (s->kind == S_FOR && at < 0)
      at = i;
    else if (!intervening(s))
      return NULL; /* a second loop, a jump, a directive, a nested block with a loop */
  }
  if (at < 0)
    return NULL;
  for (int i = 0; i < body->items.len; i++)
    if (i != at)
      vec_push(i < at ? before : after, body->items.items[i]);
  return body->items.items[at];
}

typedef struct DeclUse {
  Vec *decls; /* InitDecl*: declared in the intervening code */
  bool found;
} DeclUse;

static WalkAction collect_decl(Decl *d, void *user)
{
  InitDecl *id;
  if (d->kind == D_VAR)
    VEC_EACH(InitDecl *, id, d->decls)
      vec_push(user, id);
  return WALK_CONTINUE;
}

static WalkAction uses_decl(Expr **slot, void *user)
{
  DeclUse *u = user;
  Expr *e = *slot;
  if (e->kind == E_IDENT && e->sym && e->sym->idecl && vec_has(u->decls, e->sym->idecl)) {
    u->found = true;
    return WALK_STOP;
  }
  return WALK_CONTINUE;
}

/* Whether the header of loop (its init, test and step) uses a variable
 * that the statements of code declare. */
static bool header_uses(Stmt *loop, Vec *code)
{
  Vec decls = {0};
  Stmt *s;
  VEC_EACH(Stmt *, s, *code) {
    Stmt *t = s;
    walk_stmt(&(Walker){.decl_pre = collect_decl, .user = &decls}, &t);
  }
  if (!decls.len)
    return false;
  DeclUse u = {&decls, false};
  Walker w = {.expr_pre = uses_decl, .user = &u};
  if (loop->init)
    walk_stmt(&w, &loop->init);
  if (loop->expr)
    walk_expr(&w, &loop->expr);
  if (loop->expr2)
    walk_expr(&w, &loop->expr2);
  return u.found;
}

static long associated_loops(const OmpDir *d)
{
  if (!(omp_dir_leaves(d->kind) &
        (OMP_LEAF_FOR | OMP_LEAF_DISTRIBUTE | OMP_LEAF_SIMD | OMP_LEAF_TASKLOOP | OMP_LEAF_LOOP)))
    return 1;
  OmpClause *ordered = omp_find_clause(d, OMPC_ORDERED);
  if (ordered && ordered->expr)
    return 1; /* doacross: ordered(n) counts the loops itself */
  return sema_collapse(d);
}

/* The nest of construct s made perfect, when it has intervening code and
 * all of it can move; otherwise untouched. */
static void make_perfect(Stmt *s)
{
  long n = associated_loops(s->omp);
  Stmt *outer = s->body;
  if (n < 2 || !outer || outer->kind != S_FOR)
    return;
  Vec loops = {0}, before = {0}, after = {0};
  vec_push(&loops, outer);
  for (long k = 1; k < n; k++) {
    Stmt *l = loops.items[k - 1];
    Vec b = {0}, a = {0};
    Stmt *next = split(l->body, &b, &a);
    if (!next || header_uses(next, &before) || header_uses(next, &b))
      return;
    for (int i = 0; i < b.len; i++)
      vec_push(&before, b.items[i]);
    Vec all_after = a;
    for (int i = 0; i < after.len; i++)
      vec_push(&all_after, after.items[i]);
    after = all_after;
    vec_push(&loops, next);
  }
  if (!before.len && !after.len)
    return;
  Stmt *innermost = loops.items[n - 1];
  Stmt *body = xcalloc(1, sizeof *body);
  body->kind = S_COMPOUND, body->loc = innermost->body->loc, body->end = innermost->body->loc;
  for (int i = 0; i < before.len; i++)
    vec_push(&body->items, before.items[i]);
  vec_push(&body->items, innermost->body);
  for (int i = 0; i < after.len; i++)
    vec_push(&body->items, after.items[i]);
  for (long k = 0; k + 1 < n; k++)
    ((Stmt *)loops.items[k])->body = loops.items[k + 1];
  innermost->body = body;
}

static WalkAction nest_of(Stmt **slot, void *user)
{
  (void)user;
  if ((*slot)->kind == S_OMP && (*slot)->body)
    make_perfect(*slot);
  return WALK_CONTINUE;
}

void imperfect_nests(TransUnit *tu)
{
  walk_trans_unit(&(Walker){.stmt_pre = nest_of}, tu);
}
