/* host-compat.c - the OpenMP directives of the host file that the host
 * compiler in use does not know, lowered to ones it does.
 *
 * Host OpenMP goes to the host compiler (DESIGN D1), and so do the
 * directives of a target region's host fallback.  A compiler that does
 * not know a directive does not always say so: gcc before 12 ignores
 * masked, scope, error and nothing (a -Wunknown-pragmas warning at most),
 * gcc 9 ignores loop, and clang 14 ignores every word after the first
 * of parallel masked or parallel loop (a warning): the program runs, with
 * every thread doing the work of one, and prints a wrong result.  So the
 * translator reads the host compiler from the predefined macros of its
 * input (cpp -dD: __GNUC__, __clang_major__) and lowers what that
 * compiler lacks, to constructs that do the same (OpenMP 5.2 sections):
 *
 *   masked (10.5)               master; masked filter(f): if (the thread
 *                               number == f)
 *   parallel masked, masked taskloop [simd], parallel masked taskloop
 *   [simd] (17.3)               the leaf constructs nested, each with the
 *                               clauses that apply to it (17.2)
 *   scope (11.2)                a worksharing loop of one iteration per
 *                               thread of the team, with the scope's
 *                               clauses: schedule(static, 1) gives thread
 *                               t iteration t (11.5.3), so each thread
 *                               runs the block once, with the same
 *                               private copies, reductions and implicit
 *                               barrier (or nowait); around a worksharing
 *                               construct (allowed in scope, not in for),
 *                               the block with its copies and a barrier
 *   loop (11.7)                 by its binding region (the bind clause or
 *                               the construct it is closely nested in):
 *                               parallel: for; teams: distribute parallel
 *                               for; thread: the loop, its private
 *                               variables and loop variables its own
 *   parallel loop, teams loop   parallel for, teams distribute parallel for
 *   order(concurrent) (11.3)    dropped: it only allows more freedom;
 *                               so are its 5.1 modifiers, the affinity
 *                               clause (a hint, 12.5.1), flush's seq_cst
 *                               (15.8.5: gcc and clang compile a flush
 *                               without a list to a full fence)
 *   error (8.5)                 at(compilation): the translator's warning
 *                               or error; at(execution): a call of the
 *                               runtime, which prints the message with
 *                               the place and ends the program if fatal
 *   nothing (8.4)               nothing
 *   linear (5.4.6) on a loop    for gcc, which sets the variable only
 *                               where each thread's chunk begins: the
 *                               variable set at each iteration too
 *                               (lower_linear)
 *   default(firstprivate),      default(none) and a firstprivate or
 *   default(private) (5.4.1)    private clause of the variables of
 *                               automatic storage it refers to: before
 *                               the offloading passes (lower_host_compat_
 *                               defaults), which then see the variables
 *                               of the target constructs inside, and
 *                               treat it as any default(none)
 *
 * gcc 12 knows all of these but scope's firstprivate and allocate clauses
 * (OpenMP 5.2), gcc 13 all (only linear is lowered for it); a lowering is
 * never wrong for a compiler that knows the directive, so where the
 * first clang version to know one is uncertain the bound is high.  What
 * an older compiler refuses with an error of its own (non-rectangular
 * loop nests before gcc 11, atomic compare before gcc 12, ...) is
 * left to it: README lists it.
 */
#include "host-compat.h"

#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "macros.h"
#include "offload.h"
#include "omp.h"
#include "print.h"
#include "sema.h"
#include "symbol.h"
#include "walk.h"

/* ---------------------------------------------------------------- the compiler */

static int macro_int(const char *name)
{
  char *v = macros_expand(name);
  return v ? atoi(v) : -1;
}

HostCompiler host_compiler(void)
{
  static HostCompiler hc;
  static bool known;
  if (!known) {
    int clang = macro_int("__clang_major__");
    hc = clang >= 0 ? (HostCompiler){true, clang} : (HostCompiler){false, macro_int("__GNUC__")};
    if (hc.major < 0) /* neither (translator tests without cpp): assume */
      hc.major = 1000; /* a compiler that knows every directive */
    known = true;
  }
  return hc;
}

/* The first gcc and clang versions that know a form. */
typedef enum Form {
  F_MASKED,          /* masked */
  F_MASKED_COMBINED, /* parallel masked, masked taskloop, ... */
  F_SCOPE,
  F_SCOPE_52,        /* scope with firstprivate or allocate (OpenMP 5.2) */
  F_LOOP,            /* loop */
  F_LOOP_COMBINED,   /* parallel loop, teams loop */
  F_ORDER,           /* the order clause */
  F_ORDER_MODIFIER,  /* order(reproducible: ...), order(unconstrained: ...) */
  F_FLUSH_SEQ_CST,   /* flush seq_cst */
  F_AFFINITY,        /* the affinity clause */
  F_ERROR,
  F_NOTHING,
  F_DEFAULT_PRIVATE, /* default(firstprivate), default(private) (5.1) */
} Form;

static const struct { int gcc, clang; } first_version[] = {
    [F_MASKED] = {12, 14},
    [F_MASKED_COMBINED] = {12, 16},
    [F_SCOPE] = {12, 19},
    [F_SCOPE_52] = {13, 19},
    [F_LOOP] = {10, 1000}, /* clang 14 runs it on every thread of a parallel */
    [F_LOOP_COMBINED] = {10, 16},
    [F_ORDER] = {10, 11},
    [F_ORDER_MODIFIER] = {12, 16},
    [F_FLUSH_SEQ_CST] = {12, 15},
    [F_AFFINITY] = {12, 13},
    [F_ERROR] = {12, 15},
    [F_NOTHING] = {12, 16},
    [F_DEFAULT_PRIVATE] = {12, 16},
};

static bool knows(Form f)
{
  HostCompiler hc = host_compiler();
  return hc.major >= (hc.clang ? first_version[f].clang : first_version[f].gcc);
}

/* ---------------------------------------------------------------- building */

typedef struct Compat {
  Vec enclosing;   /* Stmt*: the S_OMP constructs around the walk's place */
  bool need_decls; /* a lowering calls the OpenMP routines or the runtime */
  int scopes;      /* scope loops made: their variables' names */
  Vec linears;     /* Stmt*: the loop constructs lower_linear has seen */
} Compat;

static Stmt *stmt_text(Loc loc, const char *text)
{
  Stmt *s = mk_stmt(S_ASM, loc);
  s->text = (char *)text;
  return s;
}

static Stmt *pragma(Loc loc, const char *text)
{
  Stmt *s = mk_stmt(S_PRAGMA, loc);
  s->text = (char *)text;
  return s;
}

static Stmt *omp_stmt(Loc loc, OmpDir *d, Stmt *body)
{
  Stmt *s = mk_stmt(S_OMP, loc);
  s->omp = d, s->body = body;
  return s;
}

static OmpDir *new_dir(const OmpDir *like, OmpDirKind k)
{
  OmpDir *d = xcalloc(1, sizeof *d);
  d->kind = k, d->loc = like->loc, d->leaves = omp_dir_leaves(k);
  return d;
}

static Expr *call0(Loc loc, const char *fn)
{
  return mk_call(loc, mk_ident(loc, fn), (Vec){0});
}

static bool privatising_clause(OmpClauseKind k)
{
  return k == OMPC_PRIVATE || k == OMPC_FIRSTPRIVATE || k == OMPC_LASTPRIVATE ||
         k == OMPC_REDUCTION || k == OMPC_IN_REDUCTION || k == OMPC_LINEAR ||
         k == OMPC_ALLOCATE;
}

static bool names_item(const OmpDir *d, const char *name)
{
  OmpClause *c;
  Expr *e;
  VEC_EACH(OmpClause *, c, d->clauses)
    VEC_EACH(Expr *, e, c->items)
      if (e->kind == E_IDENT && !strcmp(e->text, name))
        return true;
  return false;
}

static bool listed(const Vec *items, const Expr *e)
{
  Expr *f;
  VEC_EACH(Expr *, f, *items)
    if (!strcmp(f->text, e->text))
      return true;
  return false;
}

/* Split a combined directive d into outer { inner }: each clause goes to
 * the leaves that allow it (OpenMP 5.2 17.2), the privatising ones
 * (private, firstprivate, lastprivate, reduction, allocate, ...) only to
 * the inner, where the work is; if with a directive-name modifier only to
 * that leaf.  The outer shares what the inner privatises: under
 * default(none) it lists those variables as shared. */
static Stmt *split(Stmt *s, OmpDirKind outer_k, OmpDirKind inner_k)
{
  OmpDir *d = s->omp, *outer = new_dir(d, outer_k), *inner = new_dir(d, inner_k);
  OmpClause *c;
  VEC_EACH(OmpClause *, c, d->clauses) {
    bool in_inner = omp_clause_allowed(inner_k, c->kind);
    bool in_outer = omp_clause_allowed(outer_k, c->kind) && !(in_inner && privatising_clause(c->kind));
    if (c->kind == OMPC_IF && c->dir_name != OMPD_NONE) {
      in_outer = omp_dir_leaves(c->dir_name) & outer->leaves;
      in_inner = omp_dir_leaves(c->dir_name) & inner->leaves;
    }
    if (in_outer)
      vec_push(&outer->clauses, c);
    if (in_inner)
      vec_push(&inner->clauses, c);
  }
  OmpClause *dflt = omp_find_clause(outer, OMPC_DEFAULT);
  if (dflt && dflt->word == OMPW_NONE_KW) {
    OmpClause *shared = xcalloc(1, sizeof *shared);
    shared->kind = OMPC_SHARED, shared->loc = dflt->loc, shared->has_parens = true;
    VEC_EACH(OmpClause *, c, inner->clauses) {
      Expr *e;
      if (privatising_clause(c->kind) && c->kind != OMPC_ALLOCATE)
        VEC_EACH(Expr *, e, c->items)
          if (e->kind == E_IDENT && !names_item(outer, e->text) && !listed(&shared->items, e))
            vec_push(&shared->items, e);
    }
    if (shared->items.len)
      vec_push(&outer->clauses, shared);
  }
  return omp_stmt(s->loc, outer, omp_stmt(s->loc, inner, s->body));
}

/* The clauses the host compiler does not know that only allow more or
 * hint: order (its modifiers), affinity (a hint, 5.2 12.5.1), flush's
 * seq_cst (15.8.5; gcc and clang compile a flush without a list to a
 * full fence). */
static void drop_unknown_clauses(OmpDir *d)
{
  if (!knows(F_ORDER))
    omp_drop_clauses(d, OMPC_ORDER);
  OmpClause *o = omp_find_clause(d, OMPC_ORDER);
  if (o && o->mods.len && !knows(F_ORDER_MODIFIER))
    omp_drop_clauses(d, OMPC_ORDER);
  if (!knows(F_AFFINITY))
    omp_drop_clauses(d, OMPC_AFFINITY);
  if (d->kind == OMPD_FLUSH && !knows(F_FLUSH_SEQ_CST))
    omp_drop_clauses(d, OMPC_SEQ_CST);
}

/* A copy of d as directive k, without the clauses k does not allow. */
static OmpDir *as_kind(const OmpDir *d, OmpDirKind k)
{
  OmpDir *h = new_dir(d, k);
  OmpClause *c;
  VEC_EACH(OmpClause *, c, d->clauses)
    if (omp_clause_allowed(k, c->kind))
      vec_push(&h->clauses, c);
  drop_unknown_clauses(h);
  return h;
}

/* ---------------------------------------------------------------- the lowerings */

/* masked [filter(f)]: master, or if (omp_get_thread_num() == (f)). */
static Stmt *lower_masked(Compat *cx, Stmt *s)
{
  OmpClause *f = omp_find_clause(s->omp, OMPC_FILTER);
  if (!f)
    return omp_stmt(s->loc, new_dir(s->omp, OMPD_MASTER), s->body);
  cx->need_decls = true;
  Expr *cond = mk_binary(s->loc, OP_EQ, call0(s->loc, "omp_get_thread_num"), mk_paren(s->loc, f->expr));
  return mk_if(s->loc, cond, s->body, NULL);
}

/* A directive a worksharing loop's body may not hold closely but a
 * scope's may (5.2 17.1): worksharing constructs, masked, barrier.  A
 * nested parallel region's are its own. */
static WalkAction find_worksharing(Stmt **slot, void *user)
{
  if ((*slot)->kind != S_OMP)
    return WALK_CONTINUE;
  unsigned l = omp_leaves((*slot)->omp);
  if (l & OMP_LEAF_PARALLEL)
    return WALK_SKIP;
  OmpDirKind k = (*slot)->omp->kind;
  if (!(l & (OMP_LEAF_FOR | OMP_LEAF_SECTIONS | OMP_LEAF_SINGLE | OMP_LEAF_MASTER |
             OMP_LEAF_MASKED | OMP_LEAF_LOOP)) &&
      k != OMPD_SCOPE && k != OMPD_BARRIER)
    return WALK_CONTINUE;
  *(bool *)user = true;
  return WALK_STOP;
}

/* The names of the variables in d's clauses of kind k. */
static void clause_names(const OmpDir *d, OmpClauseKind k, Vec *names)
{
  OmpClause *c;
  Expr *e;
  VEC_EACH(OmpClause *, c, d->clauses)
    if (c->kind == k)
      VEC_EACH(Expr *, e, c->items)
        if (e->kind == E_IDENT)
          vec_push(names, (void *)e->text);
}

/* { T x; ... body }: each name of own and first a variable of the block's
 * own, of the original's type; those of first get the original's value,
 * read through a pointer declared before the block (pushed on before). */
static Stmt *own_copies(Loc at, const Vec *own, const Vec *first, Vec *before, Stmt *body)
{
  Vec items = {0};
  vec_push(&items, pragma(at, "GCC diagnostic push"));
  vec_push(&items, pragma(at, "GCC diagnostic ignored \"-Wshadow\""));
  const char *n;
  VEC_EACH(const char *, n, *own)
    vec_push(&items, stmt_text(at, xasprintf("__typeof__(%s) %s __attribute__((unused))", n, n)));
  VEC_EACH(const char *, n, *first) {
    vec_push(before, stmt_text(at, xasprintf("__typeof__(%s) *__ompicc_fp_%s = &%s", n, n, n)));
    vec_push(&items, stmt_text(at, xasprintf("__typeof__(%s) %s __attribute__((unused))", n, n)));
    vec_push(&items, stmt_text(at, xasprintf("__builtin_memcpy(&%s, __ompicc_fp_%s, sizeof %s)", n, n, n)));
  }
  vec_push(&items, pragma(at, "GCC diagnostic pop"));
  vec_push(&items, body);
  return mk_compound(at, items);
}

/* scope: for schedule(static, 1) over the team's threads, where its
 * block holds no worksharing construct (which may be nested in a scope,
 * not in a for); else the block with its private and firstprivate
 * copies, then a barrier (a reduction there is a sorry). */
static Stmt *lower_scope(Compat *cx, Stmt *s)
{
  Loc at = s->loc;
  bool nested = false;
  walk_stmt(&(Walker){.stmt_pre = find_worksharing, .user = &nested}, &s->body);
  if (nested) {
    if (omp_find_clause(s->omp, OMPC_REDUCTION) || omp_find_clause(s->omp, OMPC_ALLOCATE))
      sorry(s->omp->loc, "'scope' with a 'reduction' or 'allocate' clause around a worksharing "
                         "construct, 'masked' or 'barrier', for a host compiler that does not know "
                         "it (gcc 13 does)");
    Vec own = {0}, first = {0}, before = {0};
    clause_names(s->omp, OMPC_PRIVATE, &own);
    clause_names(s->omp, OMPC_FIRSTPRIVATE, &first);
    vec_push(&before, own_copies(at, &own, &first, &before, s->body));
    if (!omp_find_clause(s->omp, OMPC_NOWAIT))
      vec_push(&before, omp_stmt(at, new_dir(s->omp, OMPD_BARRIER), NULL));
    return mk_compound(at, before);
  }
  cx->need_decls = true;
  const char *t = xasprintf("__ompicc_scope_thread%d", cx->scopes++);
  OmpDir *d = as_kind(s->omp, OMPD_FOR);
  OmpClause *sched = xcalloc(1, sizeof *sched);
  sched->kind = OMPC_SCHEDULE, sched->loc = at, sched->has_parens = true;
  sched->word = OMPW_STATIC, sched->expr = mk_int(at, "1");
  vec_push(&d->clauses, sched);
  Stmt *loop = mk_stmt(S_FOR, at);
  loop->init = mk_expr_stmt(at, mk_assign(at, OP_ASSIGN, mk_ident(at, t), mk_int(at, "0")));
  loop->expr = mk_binary(at, OP_LT, mk_ident(at, t), call0(at, "omp_get_num_threads"));
  loop->expr2 = mk_expr(E_POSTINC, at);
  loop->expr2->a = mk_ident(at, t);
  loop->body = s->body;
  Vec items = {0};
  vec_push(&items, stmt_text(at, xasprintf("int %s", t)));
  vec_push(&items, omp_stmt(at, d, loop));
  return mk_compound(at, items);
}

/* The binding of a loop construct (5.2 11.7): its bind clause, else the
 * construct it is closely nested in.  gcc refuses a loop without bind
 * nested in no construct at all; so does this lowering. */
static OmpWord loop_binding(Compat *cx, Stmt *s)
{
  OmpClause *b = omp_find_clause(s->omp, OMPC_BIND);
  if (b)
    return b->word;
  if (!cx->enclosing.len) {
    error(s->omp->loc, "'bind' clause needed on a 'loop' construct not nested inside another "
                       "OpenMP construct");
    return OMPW_THREAD;
  }
  Stmt *up = cx->enclosing.items[cx->enclosing.len - 1];
  return up->omp->kind == OMPD_PARALLEL ? OMPW_PARALLEL
         : up->omp->kind == OMPD_TEAMS  ? OMPW_TEAMS
                                        : OMPW_THREAD;
}

static Stmt *lower_loop(Compat *cx, Stmt *s)
{
  OmpWord bind = loop_binding(cx, s);
  if (bind == OMPW_PARALLEL)
    return omp_stmt(s->loc, as_kind(s->omp, OMPD_FOR), s->body);
  if (bind == OMPW_TEAMS)
    return omp_stmt(s->loc, as_kind(s->omp, OMPD_DISTRIBUTE_PARALLEL_FOR), s->body);
  /* one thread runs every iteration: its lastprivate and reduction
   * items are the originals, its private ones and the loop variables
   * its loops assign (private to it, 5.2 5.1.1) new */
  Vec own = {0}, none = {0};
  Vec vars = sema_assigned_loop_vars(s->omp, s->body);
  Symbol *v;
  VEC_EACH(Symbol *, v, vars)
    vec_push(&own, (void *)v->name);
  clause_names(s->omp, OMPC_PRIVATE, &own);
  return own.len ? own_copies(s->loc, &own, &none, NULL, s->body) : s->body;
}

/* The message of an error directive, for the translator's diagnostic:
 * the string literal's text. */
static const char *error_message(const OmpDir *d)
{
  OmpClause *m = omp_find_clause(d, OMPC_MESSAGE);
  if (!m || !m->expr || m->expr->kind != E_STRING)
    return NULL;
  const char *t = m->expr->text;
  size_t n = strlen(t);
  return n >= 2 && t[0] == '"' && t[n - 1] == '"' ? xasprintf("%.*s", (int)(n - 2), t + 1) : t;
}

static bool at_execution(const OmpDir *d)
{
  OmpClause *at = omp_find_clause(d, OMPC_AT);
  return at && at->word == OMPW_EXECUTION;
}

static bool fatal_error(const OmpDir *d)
{
  OmpClause *sev = omp_find_clause(d, OMPC_SEVERITY);
  return !sev || sev->word == OMPW_FATAL;
}

/* error at(compilation): said here, as gcc 12 says it. */
static void compile_time_error(const OmpDir *d)
{
  const char *msg = error_message(d);
  if (fatal_error(d))
    error(d->loc, "'#pragma omp error' encountered%s%s", msg ? ": " : "", msg ? msg : "");
  else
    warning(d->loc, "'#pragma omp error' encountered%s%s", msg ? ": " : "", msg ? msg : "");
}

/* error at(execution): __ompicc_error_directive("file:line:col", message, fatal). */
static Stmt *run_time_error(Compat *cx, Stmt *s)
{
  cx->need_decls = true;
  OmpClause *msg = omp_find_clause(s->omp, OMPC_MESSAGE);
  const char *file = s->omp->loc.file ? s->omp->loc.file : "?", *slash = strrchr(file, '/');
  Expr *where = mk_expr(E_STRING, s->loc);
  where->text = xasprintf("\"%s:%d:%d\"", slash ? slash + 1 : file, s->omp->loc.line, s->omp->loc.col);
  Vec args = {0};
  vec_push(&args, where);
  vec_push(&args, msg && msg->expr ? msg->expr : mk_ident(s->loc, "0"));
  vec_push(&args, mk_int(s->loc, fatal_error(s->omp) ? "1" : "0"));
  return mk_expr_stmt(s->loc, mk_call(s->loc, mk_ident(s->loc, "__ompicc_error_directive"), args));
}

/* default(firstprivate) and default(private) (5.2 5.4.1): the
 * variables of automatic storage the construct refers to, declared
 * outside it, in no clause and not its loops' variables, become
 * firstprivate or private in a clause of their own; default(none) then
 * asks for the rest (variables of static storage) to be listed, as gcc
 * 12 does. */
typedef struct Referenced {
  Vec inside;   /* Symbol*: declared in the construct */
  Vec used;     /* Symbol*: referenced, in order */
} Referenced;

static bool has_sym(const Vec *v, const Symbol *s)
{
  const Symbol *t;
  VEC_EACH(const Symbol *, t, *v)
    if (t == s)
      return true;
  return false;
}

static WalkAction note_decl(Decl *d, void *user)
{
  Referenced *r = user;
  InitDecl *id;
  if (d->kind == D_VAR)
    VEC_EACH(InitDecl *, id, d->decls)
      if (id->sym)
        vec_push(&r->inside, id->sym);
  return WALK_CONTINUE;
}

static WalkAction note_use(Expr **slot, void *user)
{
  Referenced *r = user;
  Symbol *s = (*slot)->kind == E_IDENT ? (*slot)->sym : NULL;
  if (s && (s->kind == SYM_VAR || s->kind == SYM_PARAM) && !s->thread_local &&
      (s->storage == ST_LOCAL || s->storage == ST_PARAM || s->storage == ST_REGISTER) &&
      !has_sym(&r->used, s))
    vec_push(&r->used, s);
  return WALK_CONTINUE;
}

static void lower_default_private(Stmt *s)
{
  OmpDir *d = s->omp;
  OmpClause *dflt = omp_find_clause(d, OMPC_DEFAULT);
  if (!dflt || (dflt->word != OMPW_FIRSTPRIVATE && dflt->word != OMPW_PRIVATE) ||
      knows(F_DEFAULT_PRIVATE))
    return;
  Referenced r = {0};
  walk_stmt(&(Walker){.decl_pre = note_decl, .expr_pre = note_use, .user = &r}, &s->body);
  Vec loop_vars = sema_assigned_loop_vars(d, s->body);
  OmpClause *c = xcalloc(1, sizeof *c);
  c->kind = dflt->word == OMPW_FIRSTPRIVATE ? OMPC_FIRSTPRIVATE : OMPC_PRIVATE;
  c->loc = dflt->loc, c->has_parens = true;
  Symbol *v;
  VEC_EACH(Symbol *, v, r.used) {
    if (!has_sym(&r.inside, v) && !has_sym(&loop_vars, v) && !names_item(d, v->name)) {
      Expr *e = mk_ident(dflt->loc, v->name);
      e->sym = v; /* as sema binds it: the device's passes read it */
      vec_push(&c->items, e);
    }
  }
  OmpClause *none = xmalloc(sizeof *none);
  *none = *dflt;
  none->word = OMPW_NONE_KW;
  for (int i = 0; i < d->clauses.len; i++)
    if (d->clauses.items[i] == dflt)
      d->clauses.items[i] = none;
  if (c->items.len)
    vec_push(&d->clauses, c);
}

/* ---------------------------------------------------------------- linear */

/* Does the linear clause c carry ref or uval (declare simd's: not a
 * loop's)? */
static bool linear_of_reference(const OmpClause *c)
{
  OmpModifier *m;
  VEC_EACH(OmpModifier *, m, c->mods)
    if (m->word == OMPW_REF || m->word == OMPW_UVAL)
      return true;
  return false;
}

/* The logical number (OpenMP 5.2 4.4.2) of the iteration a rectangular
 * nest's variables are at, as C text of type unsigned long long: loop
 * d's variable has gone k_d steps from its lower bound (the difference
 * taken modulo 2^64, right whatever the variable's integer type), and
 * the number counts them innermost fastest, as offload_loop_value maps
 * them back. */
static char *logical_iteration(const Vec *loops)
{
  StrBuf b = {0};
  OmpLoop *l;
  VEC_EACH(OmpLoop *, l, *loops) {
    const char *v = l->var->name, *lb = print_expr_str(l->lb);
    const char *step = l->step ? print_expr_str(l->step) : "1";
    char *k = type_is_pointer(l->var->ty)
                  ? xasprintf("(unsigned long long)((%s) - (%s)) / (unsigned long long)(%s)",
                              l->down ? lb : v, l->down ? v : lb, step)
                  : xasprintf("((unsigned long long)(%s) - (unsigned long long)(%s)) / "
                              "(unsigned long long)(%s)", l->down ? lb : v, l->down ? v : lb, step);
    if (!b.len)
      sb_puts(&b, k);
    else {
      char *was = sb_take(&b);
      sb_printf(&b, "(%s) * (unsigned long long)%s + %s", was, offload_trip(l), k);
    }
  }
  return sb_take(&b);
}

/* linear on a loop construct (OpenMP 5.2 5.4.6): "the value of the new
 * list item on each logical iteration of the associated loops
 * corresponds to the value of the original list item before entering
 * the construct plus the logical number of the iteration times
 * linear-step".  gcc 12 (the one version tried; the lowering is right
 * for any compiler) sets the new list item at the start of each thread's chunk only, and
 * under simd not at all, as if the body stepped it: a body that reads
 * the variable without stepping it sees other values (parallel for
 * linear(x: 2) over 5000 iterations on 4 threads: 4996 iterations wrong,
 * x = 7500 after; clang 14, and the device: none, 9998).  So for gcc
 * each iteration of a rectangular nest begins by setting each such
 * variable:
 *
 *   { __typeof__(x) __ompicc_lin1_x = x;
 *     #pragma omp parallel for linear(x: 2) firstprivate(__ompicc_lin1_x)
 *     for (int i = 0; i < n; i++) {
 *       x = __ompicc_lin1_x + (long long)(logical iteration) * (2);
 *       ...
 *
 * (firstprivate where the construct allows it, so that a default(none)
 * on it is satisfied; which leaves the value of the last iteration to
 * the original as before).  A body that steps the variable, the usual
 * form, gets the values it had.  A non-rectangular nest is left to the
 * compiler. */
static Stmt *lower_linear(Compat *cx, Stmt *s)
{
  OmpDir *d = s->omp;
  if (host_compiler().clang || !(d->leaves & (OMP_LEAF_FOR | OMP_LEAF_SIMD)) || !s->body ||
      vec_has(&cx->linears, s))
    return s;
  vec_push(&cx->linears, s);
  Vec items = {0}, steps = {0};
  OmpClause *c;
  VEC_EACH(OmpClause *, c, d->clauses)
    if (c->kind == OMPC_LINEAR && !linear_of_reference(c)) {
      Expr *e;
      VEC_EACH(Expr *, e, c->items)
        if (e->kind == E_IDENT && e->sym)
          vec_push(&items, e), vec_push(&steps, omp_linear_step(c));
    }
  if (!items.len)
    return s;
  Vec loops = {0};
  Stmt *innermost = NULL;
  if (!offload_loop_nest(s->body, d, &loops, &innermost) || !offload_nest_rectangular(&loops))
    return s;
  char *iter = logical_iteration(&loops);
  int n = cx->linears.len;
  Vec before = {0}, sets = {0};
  OmpClause *first = xcalloc(1, sizeof *first);
  first->kind = OMPC_FIRSTPRIVATE, first->loc = d->loc, first->has_parens = true;
  Expr *e;
  VEC_EACH(Expr *, e, items) {
    OmpLoop *l;
    bool loop_var = false;
    VEC_EACH(OmpLoop *, l, loops)
      loop_var |= l->var == e->sym;
    if (loop_var) /* simd linear(i): the loop sets it */
      continue;
    Expr *step = steps.items[e_i];
    char *orig = xasprintf("__ompicc_lin%d_%s", n, e->text);
    vec_push(&before, stmt_text(s->loc, xasprintf("__typeof__(%s) %s = %s;", e->text, orig, e->text)));
    vec_push(&sets, stmt_text(s->loc, xasprintf("%s = %s + (long long)(%s) * (%s);", e->text, orig,
                                                iter, step ? print_expr_str(step) : "1")));
    vec_push(&first->items, mk_ident(s->loc, orig));
  }
  if (!sets.len)
    return s;
  if (omp_clause_allowed(d->kind, OMPC_FIRSTPRIVATE))
    vec_push(&d->clauses, first);
  OmpLoop *in = loops.items[loops.len - 1];
  vec_push(&sets, in->loop->body);
  in->loop->body = mk_compound(in->loop->loc, sets);
  vec_push(&before, s);
  return mk_compound(s->loc, before);
}

/* The statement that replaces s for the host compiler, or s. */
static Stmt *lowered(Compat *cx, Stmt *s)
{
  OmpDir *d = s->omp;
  drop_unknown_clauses(d);
  switch (d->kind) {
  case OMPD_MASKED:
    return knows(F_MASKED) ? s : lower_masked(cx, s);
  case OMPD_PARALLEL_MASKED:
    return knows(F_MASKED_COMBINED) ? s : split(s, OMPD_PARALLEL, OMPD_MASKED);
  case OMPD_MASKED_TASKLOOP:
    return knows(F_MASKED_COMBINED) ? s : split(s, OMPD_MASKED, OMPD_TASKLOOP);
  case OMPD_MASKED_TASKLOOP_SIMD:
    return knows(F_MASKED_COMBINED) ? s : split(s, OMPD_MASKED, OMPD_TASKLOOP_SIMD);
  case OMPD_PARALLEL_MASKED_TASKLOOP:
    return knows(F_MASKED_COMBINED) ? s : split(s, OMPD_PARALLEL, OMPD_MASKED_TASKLOOP);
  case OMPD_PARALLEL_MASKED_TASKLOOP_SIMD:
    return knows(F_MASKED_COMBINED) ? s : split(s, OMPD_PARALLEL, OMPD_MASKED_TASKLOOP_SIMD);
  case OMPD_SCOPE:
    if (omp_find_clause(d, OMPC_FIRSTPRIVATE) || omp_find_clause(d, OMPC_ALLOCATE))
      return knows(F_SCOPE_52) ? s : lower_scope(cx, s);
    return knows(F_SCOPE) ? s : lower_scope(cx, s);
  case OMPD_LOOP:
    return knows(F_LOOP) ? s : lower_loop(cx, s);
  case OMPD_PARALLEL_LOOP:
    return knows(F_LOOP_COMBINED) ? s : omp_stmt(s->loc, as_kind(d, OMPD_PARALLEL_FOR), s->body);
  case OMPD_TEAMS_LOOP:
    return knows(F_LOOP_COMBINED)
               ? s
               : omp_stmt(s->loc, as_kind(d, OMPD_TEAMS_DISTRIBUTE_PARALLEL_FOR), s->body);
  case OMPD_ERROR:
    if (knows(F_ERROR))
      return s;
    if (at_execution(d))
      return run_time_error(cx, s);
    compile_time_error(d);
    return mk_expr_stmt(s->loc, NULL);
  case OMPD_NOTHING:
    return knows(F_NOTHING) ? s : mk_expr_stmt(s->loc, NULL);
  default:
    return s;
  }
}

static WalkAction compat_pre(Stmt **slot, void *user)
{
  Compat *cx = user;
  if ((*slot)->kind != S_OMP)
    return WALK_CONTINUE;
  Stmt *s;
  while ((s = *slot)->kind == S_OMP && (*slot = lowered(cx, s)) != s)
    ; /* a lowering's outer construct may need one too */
  if ((*slot)->kind == S_OMP) /* the block it makes holds the construct, */
    *slot = lower_linear(cx, *slot); /* met again there, and left */
  if ((*slot)->kind == S_OMP && (*slot)->body)
    vec_push(&cx->enclosing, *slot);
  return WALK_CONTINUE;
}

static void compat_post(Stmt **slot, void *user)
{
  Compat *cx = user;
  if (cx->enclosing.len && cx->enclosing.items[cx->enclosing.len - 1] == *slot)
    cx->enclosing.len--;
}

/* A function's constructs are its own: none encloses another function's. */
static WalkAction compat_decl(Decl *d, void *user)
{
  Compat *cx = user;
  if (d->kind == D_FUNCDEF)
    cx->enclosing.len = 0;
  return WALK_CONTINUE;
}

static WalkAction defaults_pre(Stmt **slot, void *user UNUSED)
{
  if ((*slot)->kind == S_OMP)
    lower_default_private(*slot);
  return WALK_CONTINUE;
}

void lower_host_compat_defaults(TransUnit *tu)
{
  if (!knows(F_DEFAULT_PRIVATE))
    walk_trans_unit(&(Walker){.stmt_pre = defaults_pre}, tu);
}

/* What the lowerings call, declared as omp.h and the runtime declare
 * them (the file may include neither). */
static const char compat_decls[] =
    "int omp_get_thread_num(void);\n"
    "int omp_get_num_threads(void);\n"
    "void __ompicc_error_directive(const char *where, const char *message, int fatal);";

void lower_host_compat(TransUnit *tu)
{
  Compat cx = {0}; /* gcc 13 knows every directive lowered here, not linear */
  /* error at(compilation) at file scope: said, and gone */
  int kept = 0;
  for (int i = 0; i < tu->decls.len; i++) {
    Decl *d = tu->decls.items[i];
    if (d->kind == D_OMP && d->omp->kind == OMPD_ERROR && !knows(F_ERROR)) {
      compile_time_error(d->omp);
      continue;
    }
    if (d->kind == D_OMP && d->omp->kind == OMPD_NOTHING && !knows(F_NOTHING))
      continue;
    tu->decls.items[kept++] = d;
  }
  tu->decls.len = kept;
  walk_trans_unit(&(Walker){.stmt_pre = compat_pre, .stmt_post = compat_post,
                            .decl_pre = compat_decl, .user = &cx},
                  tu);
  if (cx.need_decls) {
    Decl *d = mk_decl(D_ASM, (Loc){0});
    d->text = (char *)compat_decls;
    vec_push(&tu->decls, NULL);
    memmove(tu->decls.items + 1, tu->decls.items, (size_t)(tu->decls.len - 1) * sizeof *tu->decls.items);
    tu->decls.items[0] = d;
  }
}
