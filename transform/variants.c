/* variants.c - what a program means where OpenMP lets the context choose
 * (OpenMP 5.2 chapter 7) or lets the program state assumptions (8.3):
 * metadirectives become the directive variant they select, assume
 * constructs become their block, and the assumes directives go away once
 * checked.  It runs first of the offloading passes, so that every later
 * pass sees plain directives.
 *
 * The OpenMP context at a statement (5.2 7.1) is the list of enclosing
 * constructs up to and including the innermost target construct (their
 * leaves, outermost first), and the device: inside a target region the
 * GPU's traits (kind gpu and nohost, arch nvptx and nvptx64), elsewhere
 * the host's (kind host and cpu, the translator's own architecture).
 * The CPU device (cuda-emu) runs the GPU's code, so it has the GPU's
 * traits; the host fallback of a region runs that code too.  The
 * implementation's vendor is "ompicc".
 *
 * A selector that names the target_device set, or a user condition that
 * is not a literal, is decided at run time: the parser then made one copy
 * of the directive and its statement per candidate (parse.c,
 * "Metadirective copies"), and the copies become an if-else chain, the
 * candidates in the order of 5.2 7.4.1 (score, explicit before default,
 * lexical).  The device of a target_device selector is device_num(e)'s,
 * else the default device; the runtime tells whether it is the host
 * (__ompicc_is_host_device).
 */
#include "variants.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "walk.h"

/* ---------------------------------------------------------------- context */

enum { MAX_CONSTRUCTS = 64 };

typedef struct Context {
  OmpDirKind cons[MAX_CONSTRUCTS]; /* the construct trait set, outermost first */
  int ncons;
  bool device;                     /* in a target region */
} Context;

/* The construct traits of directive kind k, in nesting order. */
static int construct_traits(OmpDirKind k, OmpDirKind out[6])
{
  static const struct {
    unsigned leaf;
    OmpDirKind dir;
  } order[] = {{OMP_LEAF_TARGET, OMPD_TARGET}, {OMP_LEAF_TEAMS, OMPD_TEAMS},
               {OMP_LEAF_PARALLEL, OMPD_PARALLEL}, {OMP_LEAF_FOR, OMPD_FOR},
               {OMP_LEAF_SIMD, OMPD_SIMD}};
  unsigned l = omp_dir_leaves(k);
  int n = 0;
  for (size_t i = 0; i < sizeof order / sizeof *order; i++)
    if (l & order[i].leaf)
      out[n++] = order[i].dir;
  if (k == OMPD_DISPATCH)
    out[n++] = OMPD_DISPATCH;
  return n;
}

static const char *const HOST_ARCHS =
#if defined(__x86_64__)
    "x86_64 x86-64 amd64";
#elif defined(__aarch64__)
    "aarch64 arm64";
#elif defined(__powerpc64__)
    "ppc64le ppc64";
#else
    "";
#endif

static bool trait_has(const char *set_words, const char *name)
{
  return name && words_contain(set_words, name);
}

/* The value of a literal integer expression (a score, a condition), or
 * false when e is not one. */
static bool literal_value(const Expr *e, long long *v)
{
  while (e && e->kind == E_PAREN)
    e = e->a;
  if (!e || e->kind != E_INT)
    return false;
  *v = strtoll(e->text, NULL, 0);
  return true;
}

/* ---------------------------------------------------------------- matching */

/* How a selector fits a context: not at all, or with a score and a
 * condition left for run time (NULL: none). */
typedef struct Fit {
  bool ok;
  long long score;
  Expr *when; /* the run-time part */
} Fit;

static Expr *and_expr(Expr *a, Expr *b)
{
  if (!a)
    return b;
  return mk_binary(b->loc, OP_LOGAND, mk_paren(a->loc, a), mk_paren(b->loc, b));
}

static Expr *call1(Loc loc, const char *fn, Expr *arg)
{
  Vec args = {0};
  vec_push(&args, arg);
  return mk_call(loc, mk_ident(loc, fn), args);
}

/* The construct selectors must appear in the context's construct set in
 * the same order; each scores 2^(p-1) for its position p, the latest
 * positions taken (5.2 7.3). */
static bool fit_constructs(OmpTraitSet *set, const Context *c, Fit *f)
{
  int p = c->ncons;
  for (int i = set->traits.len - 1; i >= 0; i--) {
    OmpTrait *t = set->traits.items[i];
    while (p > 0 && c->cons[p - 1] != t->dir)
      p--;
    if (p == 0)
      return false;
    f->score += 1LL << (p - 1 < 62 ? p - 1 : 62);
    p--;
  }
  return true;
}

/* kind, arch, isa of the device set against the device of the context;
 * they score 2^l, 2^(l+1), 2^(l+2), l the size of the construct set. */
static bool fit_device(OmpTraitSet *set, const Context *c, Fit *f)
{
  int l = c->ncons < 58 ? c->ncons : 58;
  OmpTrait *t;
  VEC_EACH(OmpTrait *, t, set->traits) {
    const char *has = "";
    long long value = 0;
    if (!strcmp(t->name, "kind"))
      has = c->device ? "gpu nohost any" : "host cpu any", value = 1LL << l;
    else if (!strcmp(t->name, "arch"))
      has = c->device ? "nvptx nvptx64" : HOST_ARCHS, value = 1LL << (l + 1);
    else if (!strcmp(t->name, "isa"))
      has = "", value = 1LL << (l + 2); /* the kernel file serves every sm_XX */
    OmpTraitProp *p;
    VEC_EACH(OmpTraitProp *, p, t->props)
      if (!trait_has(has, p->name))
        return false;
    f->score += value;
  }
  return true;
}

static bool fit_implementation(OmpTraitSet *set, Fit *f UNUSED)
{
  OmpTrait *t;
  VEC_EACH(OmpTrait *, t, set->traits) {
    OmpTraitProp *p;
    if (strcmp(t->name, "vendor"))
      return false; /* no extension, no requirement is this implementation's trait */
    VEC_EACH(OmpTraitProp *, p, t->props)
      if (!trait_has("ompicc", p->name))
        return false;
  }
  return true;
}

static bool fit_user(OmpTraitSet *set, Fit *f)
{
  OmpTrait *t;
  VEC_EACH(OmpTrait *, t, set->traits) {
    Expr *e = ((OmpTraitProp *)t->props.items[0])->expr;
    long long v;
    if (!literal_value(e, &v))
      f->when = and_expr(f->when, e);
    else if (!v)
      return false;
  }
  return true;
}

/* target_device (5.1): the traits of the device a target construct here
 * would use, known at run time only. */
static bool fit_target_device(OmpTraitSet *set, Loc loc, Fit *f)
{
  Expr *dev = NULL;
  OmpTrait *t;
  VEC_EACH(OmpTrait *, t, set->traits)
    if (!strcmp(t->name, "device_num"))
      dev = ((OmpTraitProp *)t->props.items[0])->expr;
  if (!dev)
    dev = mk_paren(loc, mk_binary(loc, OP_SUB, mk_unary(loc, OP_NEG, mk_int(loc, "2147483647L")),
                                  mk_int(loc, "1")));
  VEC_EACH(OmpTrait *, t, set->traits) {
    if (!strcmp(t->name, "device_num"))
      continue;
    OmpTraitProp *p;
    VEC_EACH(OmpTraitProp *, p, t->props) {
      /* which the device must be: 1 the host, 0 not the host, -1 either */
      int host = -2;
      if (!strcmp(t->name, "kind"))
        host = trait_has("host cpu", p->name) ? 1 : trait_has("gpu nohost", p->name) ? 0
               : !strcmp(p->name, "any")      ? -1
                                              : -2;
      else if (!strcmp(t->name, "arch"))
        host = trait_has("nvptx nvptx64", p->name) ? 0 : trait_has(HOST_ARCHS, p->name) ? 1 : -2;
      if (host == -2)
        return false;
      if (host == -1)
        continue;
      Expr *is_host = call1(p->loc, "__ompicc_is_host_device", dev);
      f->when = and_expr(f->when, host ? is_host : mk_unary(p->loc, OP_NOT, is_host));
    }
  }
  return true;
}

static Fit fit(OmpSelector *sel, const Context *c)
{
  Fit f = {.ok = true};
  if (!sel)
    return f; /* the default */
  OmpTraitSet *set;
  VEC_EACH(OmpTraitSet *, set, sel->sets) {
    OmpTrait *t;
    VEC_EACH(OmpTrait *, t, set->traits) {
      long long v;
      if (t->score && !literal_value(t->score, &v))
        error(t->score->loc, "a trait's score must be an integer constant here");
      else if (t->score)
        f.score += v;
    }
    bool ok = !strcmp(set->name, "construct")        ? fit_constructs(set, c, &f)
              : !strcmp(set->name, "device")         ? fit_device(set, c, &f)
              : !strcmp(set->name, "implementation") ? fit_implementation(set, &f)
              : !strcmp(set->name, "user")           ? fit_user(set, &f)
                                                     : fit_target_device(set, sel->loc, &f);
    if (!ok)
      return (Fit){0};
  }
  f.score++;
  return f;
}

/* The candidates of metadirective d in the order of 5.2 7.4.1: higher
 * score first, a when clause before the default, then lexical order.
 * Returns how many fit; order[] holds their indexes in whens, fits[] by
 * index. */
static int candidates(OmpDir *d, const Context *c, int *order, Fit *fits)
{
  int n = 0;
  for (int i = 0; i < d->whens.len; i++) {
    OmpWhen *w = d->whens.items[i];
    fits[i] = fit(w->sel, c);
    if (!fits[i].ok)
      continue;
    if (!w->sel)
      fits[i].score = -1; /* the default: after every when clause */
    int j = n++;
    for (; j > 0 && fits[order[j - 1]].score < fits[i].score; j--)
      order[j] = order[j - 1];
    order[j] = i;
  }
  return n;
}

/* ---------------------------------------------------------------- the walk */

typedef struct Pass {
  Context ctx;
  Vec saved;   /* int: ncons before each construct entered */
  Vec entered; /* Stmt*: those constructs */
  Vec assume;  /* Stmt*: the enclosing assume constructs */
} Pass;

/* The statement that metadirective s stands for with its when or
 * default clause w: the variant over s's statement, the statement alone
 * for 'nothing', a standalone variant followed by the statement. */
static Stmt *variant_stmt(Stmt *s, OmpWhen *w)
{
  if (!w->variant)
    return s->body ? s->body : mk_stmt(S_EXPR, s->loc);
  Stmt *v = mk_stmt(S_OMP, s->loc);
  v->omp = w->variant;
  if (omp_directive_class(w->variant) == OMP_CLASS_CONSTRUCT) {
    v->body = s->body;
    return v;
  }
  if (!s->body)
    return v;
  Vec items = {0};
  vec_push(&items, v);
  vec_push(&items, s->body);
  return mk_compound(s->loc, items);
}

/* A metadirective decided now. */
static Stmt *static_choice(Pass *ps, Stmt *s)
{
  OmpDir *d = s->omp;
  int order[d->whens.len];
  Fit fits[d->whens.len];
  int n = candidates(d, &ps->ctx, order, fits);
  for (int k = 0; k < n; k++) {
    if (fits[order[k]].when)
      sorry(d->loc, "a 'metadirective' decided at run time here (inside a macro "
                    "argument or a re-parsed body)");
    return variant_stmt(s, d->whens.items[order[k]]);
  }
  ice("a metadirective without a default");
}

/* The copies of a metadirective decided at run time, items[first ...]
 * of a compound statement, as an if-else chain. */
static Stmt *dynamic_choice(Pass *ps, Stmt **copies)
{
  OmpDir *d = copies[0]->omp;
  int order[d->whens.len];
  Fit fits[d->whens.len];
  int n = candidates(d, &ps->ctx, order, fits);
  Stmt *chain = NULL, **tail = &chain;
  for (int k = 0; k < n; k++) {
    int i = order[k];
    Stmt *copy = copies[i];
    Stmt *v = variant_stmt(copy, copy->omp->whens.items[i]);
    Fit f = fit(((OmpWhen *)copy->omp->whens.items[i])->sel, &ps->ctx); /* the copy's own Exprs */
    if (!f.when) {
      *tail = v;
      return chain;
    }
    *tail = mk_if(copy->loc, f.when, v, NULL);
    tail = &(*tail)->else_;
  }
  *tail = mk_stmt(S_EXPR, d->loc);
  return chain;
}

static bool is_meta_copy(const Stmt *s, int copy)
{
  return s && s->kind == S_OMP && s->omp->kind == OMPD_METADIRECTIVE && s->omp->meta_copies &&
         s->omp->meta_copy == copy;
}

/* { copy0 copy1 ... } made by the parser: the chain. */
static bool replace_copies(Pass *ps, Stmt **slot)
{
  Stmt *s = *slot;
  if (s->kind != S_COMPOUND || !s->items.len || !is_meta_copy(s->items.items[0], 0))
    return false;
  Stmt *first = s->items.items[0];
  int n = first->omp->meta_copies;
  if (s->items.len != n)
    ice("a metadirective's copies are not alone in their block");
  for (int i = 0; i < n; i++)
    if (!is_meta_copy(s->items.items[i], i) ||
        ((Stmt *)s->items.items[i])->omp->meta_group != first->omp->meta_group)
      ice("a metadirective's copies are out of order");
  *slot = dynamic_choice(ps, (Stmt **)s->items.items);
  return true;
}

/* ---- assume (5.2 8.3) */

static bool lists(const OmpDir *d, OmpClauseKind k, OmpDirKind dir)
{
  OmpClause *cl = omp_find_clause(d, k);
  if (!cl)
    return false;
  for (int i = 0; i < cl->dirs.len; i++) {
    OmpDirKind l = (OmpDirKind)(intptr_t)cl->dirs.items[i];
    if (l == dir || (omp_dir_leaves(dir) & omp_dir_leaves(l) && omp_dir_leaves(l)))
      return true;
  }
  return false;
}

/* A directive inside an assume construct that the construct says will
 * not be met. */
static void check_assumed(Pass *ps, const OmpDir *d)
{
  static const unsigned parallelism =
      OMP_LEAF_PARALLEL | OMP_LEAF_TEAMS | OMP_LEAF_TASK | OMP_LEAF_TASKLOOP | OMP_LEAF_TARGET;
  Stmt *a;
  VEC_EACH(Stmt *, a, ps->assume) {
    const char *why = lists(a->omp, OMPC_ABSENT, d->kind)      ? "lists it in 'absent'"
                      : omp_find_clause(a->omp, OMPC_NO_OPENMP) ? "has 'no_openmp'"
                      : omp_find_clause(a->omp, OMPC_NO_PARALLELISM) &&
                              (omp_dir_leaves(d->kind) & parallelism)
                          ? "has 'no_parallelism'"
                          : NULL;
    if (why) {
      warning(d->loc, "'%s' inside an 'assume' construct that %s (OpenMP 5.2 8.3): the "
                      "program must never reach it", omp_dir_name(d->kind), why);
      note(a->omp->loc, "the 'assume' construct");
    }
  }
}

/* assume's holds(e): a hint to the compilers where e cannot change
 * anything when evaluated, i.e. it has no side effects and calls nothing. */
static WalkAction side_effect(Expr **slot, void *user)
{
  Expr *e = *slot;
  if (e->kind == E_CALL || e->kind == E_ASSIGN || e->kind == E_STMT_EXPR ||
      e->kind == E_PREINC || e->kind == E_PREDEC || e->kind == E_POSTINC ||
      e->kind == E_POSTDEC) {
    *(bool *)user = true;
    return WALK_STOP;
  }
  return WALK_CONTINUE;
}

static Stmt *assume_body(Stmt *s)
{
  Vec items = {0};
  OmpClause *cl;
  VEC_EACH(OmpClause *, cl, s->omp->clauses) {
    if (cl->kind != OMPC_HOLDS)
      continue;
    bool effects = false;
    walk_expr(&(Walker){.expr_pre = side_effect, .user = &effects}, &cl->expr);
    if (effects)
      continue;
    Vec none = {0};
    Stmt *hint = mk_if(cl->loc, mk_unary(cl->loc, OP_NOT, mk_paren(cl->loc, cl->expr)),
                       mk_expr_stmt(cl->loc, mk_call(cl->loc, mk_ident(cl->loc,
                                                                       "__builtin_unreachable"),
                                                     none)),
                       NULL);
    vec_push(&items, hint);
  }
  if (!items.len)
    return s->body;
  vec_push(&items, s->body);
  return mk_compound(s->loc, items);
}

static WalkAction enter(Stmt **slot, void *user)
{
  Pass *ps = user;
  for (;;) {
    Stmt *s = *slot;
    if (replace_copies(ps, slot))
      continue;
    if (s->kind != S_OMP)
      return WALK_CONTINUE;
    if (s->omp->kind == OMPD_METADIRECTIVE) {
      *slot = static_choice(ps, s);
      continue;
    }
    break;
  }
  Stmt *s = *slot;
  check_assumed(ps, s->omp);
  vec_push(&ps->entered, s);
  vec_push(&ps->saved, (void *)(intptr_t)(ps->ctx.ncons | (ps->ctx.device ? 1 << 30 : 0)));
  if (s->omp->kind == OMPD_ASSUME)
    vec_push(&ps->assume, s);
  OmpDirKind t[6];
  int n = construct_traits(s->omp->kind, t);
  for (int i = 0; i < n; i++) {
    if (t[i] == OMPD_TARGET)
      ps->ctx.ncons = 0, ps->ctx.device = true;
    if (ps->ctx.ncons < MAX_CONSTRUCTS)
      ps->ctx.cons[ps->ctx.ncons++] = t[i];
  }
  return WALK_CONTINUE;
}

static void leave(Stmt **slot, void *user)
{
  Pass *ps = user;
  if (!ps->entered.len || ps->entered.items[ps->entered.len - 1] != *slot)
    return;
  ps->entered.len--;
  intptr_t saved = (intptr_t)ps->saved.items[--ps->saved.len];
  ps->ctx.ncons = (int)(saved & ((1 << 30) - 1));
  ps->ctx.device = saved >> 30;
  if ((*slot)->omp->kind == OMPD_ASSUME) {
    ps->assume.len--;
    *slot = assume_body(*slot);
  }
}

/* Directives that state assumptions for the whole file or a part of it
 * (assumes, begin/end assumes) leave nothing in the output. */
static bool assumption_directive(const Decl *d)
{
  return d->kind == D_OMP &&
         (d->omp->kind == OMPD_ASSUMES || d->omp->kind == OMPD_BEGIN_ASSUMES ||
          d->omp->kind == OMPD_END_ASSUMES);
}

void variants_resolve(TransUnit *tu)
{
  Pass ps = {0};
  Walker w = {.stmt_pre = enter, .stmt_post = leave, .user = &ps};
  int kept = 0, open = 0;
  Loc open_loc = {0};
  for (int i = 0; i < tu->decls.len; i++) {
    Decl *d = tu->decls.items[i];
    if (assumption_directive(d)) {
      if (d->omp->kind == OMPD_BEGIN_ASSUMES && !open++)
        open_loc = d->omp->loc;
      if (d->omp->kind == OMPD_END_ASSUMES && --open < 0)
        error(d->omp->loc, "'end assumes' without 'begin assumes'");
      continue;
    }
    tu->decls.items[kept++] = d;
    if (d->kind != D_LAZY)
      walk_decl(&w, d);
  }
  tu->decls.len = kept;
  if (open > 0)
    error(open_loc, "'begin assumes' without 'end assumes'");
}
