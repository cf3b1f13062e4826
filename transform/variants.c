/* variants.c - what a program means where OpenMP lets the context choose
 * (OpenMP 5.2 chapter 7) or lets the program state assumptions (8.3):
 * metadirectives become the directive variant they select, calls of a
 * function with variants (declare variant, begin/end declare variant)
 * call the variant their context selects, dispatch constructs become
 * their call, interop constructs calls of the runtime, assume
 * constructs their block, and the directives that
 * declare variants or assumptions go away once read.  It runs first of
 * the offloading passes, so that every later pass sees plain directives
 * and calls.
 *
 * The OpenMP context at a statement (5.2 7.1) is the list of enclosing
 * constructs up to and including the innermost target construct (their
 * leaves, outermost first; dispatch too, for its own call), and the
 * device: inside a target region the GPU's traits (kind gpu and nohost,
 * arch nvptx and nvptx64), elsewhere the host's (kind host and cpu, the
 * translator's own architecture).  The CPU device (cuda-emu) runs the
 * GPU's code, so it has the GPU's traits.  No isa property matches: one
 * kernel file serves every sm_XX.  The implementation's vendor is
 * "ompicc".
 *
 * Metadirectives inside a target region are decided for the device, and
 * the region's host fallback runs the same variant.  A call is decided
 * twice: for the host, in the tree (the host file, and a region's host
 * fallback), and for the device, which the kernel file and the device
 * call graph ask for (variants_device_callee) where it differs.
 *
 * A metadirective selector that names the target_device set, or a user
 * condition that is not an integer literal, may be decided at run time
 * (omp_selector_dynamic): the parser then made one copy of the directive
 * and its statement per candidate (rewrite.c, "metadirective copies"),
 * and the copies become an if-else chain, the candidates in the order of
 * 5.2 7.4.1 (score, explicit before default, lexical); a condition that
 * sema finds constant (sema_const_int) is decided here.  The device of a target_device selector is
 * device_num(e)'s, else the default device; the runtime tells whether it
 * is the host (__ompicc_is_host_device).  A dispatch's novariants and
 * nocontext decided at run time make a conditional expression over
 * copies of the call.
 */
#include "variants.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "sema.h"
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
    if (!sema_const_int(e, &v))
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
      if (t->score && !sema_const_int(t->score, &v))
        error(t->score->loc, "a trait's score must be an integer constant expression");
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

/* A function variant (5.2 7.5): of the function named base, chosen
 * where sel fits; adjust holds the adjust_args clauses. */
typedef struct Variant {
  const char *base, *name;
  OmpSelector *sel;
  Vec adjust;         /* OmpClause* */
  Declarator *params; /* the base function's declarator, for adjust_args */
  OmpClause *append;  /* append_args, or NULL */
} Variant;

typedef struct Pass {
  Context ctx;
  Vec saved;    /* int: ncons before each construct entered */
  Vec entered;  /* Stmt*: those constructs */
  Vec assume;   /* Stmt*: the enclosing assume constructs */
  Vec variants; /* Variant* */
  Stmt *dispatch; /* the dispatch construct whose call is being walked */
  bool appended;  /* its call got interop objects (append_args) */
} Pass;

/* Calls whose device version calls another function than the host's:
 * the callee's Expr and the device's choice (variants_device_callee). */
static Vec device_callee_exprs, device_callee_names;

const char *variants_device_callee(const Expr *callee)
{
  for (int i = 0; i < device_callee_exprs.len; i++)
    if (device_callee_exprs.items[i] == callee)
      return device_callee_names.items[i];
  return NULL;
}

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
  if (candidates(d, &ps->ctx, order, fits) == 0)
    ice("a metadirective without a default");
  /* the parser made copies wherever a run-time choice may be needed */
  if (fits[order[0]].when)
    ice("a metadirective decided at run time without its copies");
  return variant_stmt(s, d->whens.items[order[0]]);
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

/* ---- declare variant (5.2 7.5) and dispatch (7.6) */

/* "file:line:col", the place the runtime names in its messages */
static Expr *where_string(Loc loc)
{
  Expr *w = mk_expr(E_STRING, loc);
  w->text = xasprintf("\"%s:%d:%d\"", loc.file, loc.line, loc.col);
  return w;
}


static bool has_variants(Pass *ps, const char *name)
{
  Variant *v;
  VEC_EACH(Variant *, v, ps->variants)
    if (v->base == name)
      return true;
  return false;
}

/* The function a call of base calls in context c: the variant whose
 * selector fits with the highest score (the first of equal ones), else
 * base itself. */
static Variant *choose(Pass *ps, const char *base, const Context *c)
{
  Variant *v, *best = NULL;
  long long best_score = 0;
  VEC_EACH(Variant *, v, ps->variants) {
    if (v->base != base)
      continue;
    Fit f = fit(v->sel, c);
    if (f.ok && f.when)
      sorry(f.when->loc, "a 'declare variant' whose selector is decided at run time (a user "
                         "condition that is not a constant)");
    if (f.ok && (!best || f.score > best_score))
      best = v, best_score = f.score;
  }
  return best;
}

/* The name of the i-th parameter of function declarator d, or NULL. */
static const char *param_name(Declarator *d, int i)
{
  Declarator *f = d ? declarator_func(d) : NULL;
  if (!f || i >= f->params.len)
    return NULL;
  Param *p = f->params.items[i];
  return p->decl ? declarator_name(p->decl) : p->kr_name;
}

static bool listed(const OmpDir *d, OmpClauseKind k, const Expr *arg)
{
  arg = expr_unparen((Expr *)arg);
  OmpClause *cl;
  VEC_EACH(OmpClause *, cl, d->clauses) {
    Expr *item;
    if (cl->kind == k && arg->kind == E_IDENT)
      VEC_EACH(Expr *, item, cl->items)
        if (item->kind == E_IDENT && item->text == arg->text)
          return true;
  }
  return false;
}

/* The device number of dispatch construct d's call: its device clause,
 * else the default device. */
static Expr *dispatch_device(const OmpDir *d)
{
  OmpClause *dev = omp_find_clause(d, OMPC_DEVICE);
  Loc loc = d->loc;
  return dev ? dev->expr
             : mk_paren(loc, mk_binary(loc, OP_SUB, mk_unary(loc, OP_NEG,
                                                             mk_int(loc, "2147483647L")),
                                       mk_int(loc, "1")));
}

/* adjust_args(need_device_ptr: p) of variant v called from dispatch d:
 * the argument of parameter p becomes its device pointer, as
 * use_device_ptr makes it, unless d says it is one already
 * (is_device_ptr, has_device_addr). */
static void adjust_arguments(Variant *v, Expr *call, const OmpDir *d)
{
  OmpClause *cl;
  VEC_EACH(OmpClause *, cl, v->adjust) {
    OmpModifier *m = cl->mods.len ? cl->mods.items[0] : NULL;
    if (!m)
      error(cl->loc, "'adjust_args' needs 'need_device_ptr:' or 'nothing:' before its list");
    if (!m || m->word != OMPW_NEED_DEVICE_PTR)
      continue;
    Expr *item;
    VEC_EACH(Expr *, item, cl->items) {
      int i = 0;
      while (param_name(v->params, i) && param_name(v->params, i) != item->text)
        i++;
      if (!param_name(v->params, i)) {
        error(item->loc, "'%s' in 'adjust_args' is not a parameter of '%s'", item->text, v->base);
        continue;
      }
      if (i >= call->args.len)
        continue;
      Expr **arg = (Expr **)&call->args.items[i];
      if (listed(d, OMPC_IS_DEVICE_PTR, *arg) || listed(d, OMPC_HAS_DEVICE_ADDR, *arg))
        continue;
      Loc loc = (*arg)->loc;
      Vec args = {0};
      vec_push(&args, where_string(loc));
      vec_push(&args, dispatch_device(d));
      vec_push(&args, mk_paren(loc, *arg));
      /* a void * that C converts to the parameter's pointer type */
      *arg = mk_call(loc, mk_ident(loc, "__ompicc_device_ptr"), args);
    }
  }
}

/* append_args(interop(types), ...) of variant v called from dispatch d:
 * one interop object per item, made for d's device before the call and
 * destroyed after it (__ompicc_dispatch_interop, __ompicc_dispatch_end). */
static void append_interops(Pass *ps, Variant *v, Expr *call, const OmpDir *d)
{
  if (!v->append)
    return;
  for (int i = 0; i < v->append->dirs.len; i++) {
    Loc loc = call->loc;
    Vec args = {0};
    vec_push(&args, where_string(loc));
    vec_push(&args, dispatch_device(d));
    vec_push(&args, mk_int(loc, xasprintf("%d", (int)(intptr_t)v->append->dirs.items[i])));
    vec_push(&call->args, mk_call(loc, mk_ident(loc, "__ompicc_dispatch_interop"), args));
  }
  ps->appended = true;
}

/* A shallow copy of call, to call another function with the same
 * argument expressions (one of the copies runs). */
static Expr *call_copy(Expr *call)
{
  Expr *c = mk_call(call->loc, call->a, call->args);
  c->ty = call->ty;
  return c;
}

/* Point the call at function name (the callee keeps its place). */
static void call_function(Expr *call, const char *name)
{
  Expr *f = mk_ident(call->a->loc, name);
  f->ty = call->a->ty;
  call->a = f;
}

/* The value of clause k of d when it is a literal: 1 or 0; -1 when it
 * is decided at run time; def when the clause is absent. */
static int clause_value(const OmpDir *d, OmpClauseKind k, int def)
{
  OmpClause *cl = omp_find_clause(d, k);
  long long v;
  if (!cl)
    return def;
  return sema_const_int(cl->expr, &v) ? v != 0 : -1;
}

/* The call of dispatch construct d (7.6), whose context ps->ctx includes
 * d unless nocontext(true): the function the clauses choose, at run time
 * when novariants or nocontext are, as a conditional expression over
 * copies of the call. */
static Expr *dispatch_call(Pass *ps, Expr *call, const char *base, const OmpDir *d)
{
  Context with = ps->ctx, without = ps->ctx;
  with.device = without.device = false;
  if (without.ncons && without.cons[without.ncons - 1] == OMPD_DISPATCH)
    without.ncons--;
  int novariants = clause_value(d, OMPC_NOVARIANTS, 0), nocontext = clause_value(d, OMPC_NOCONTEXT, 0);
  Variant *v1 = choose(ps, base, &with), *v0 = choose(ps, base, &without);
  Expr *calls[3] = {NULL, NULL, NULL}; /* base, variant in context, variant without */
  Variant *vs[3] = {NULL, v1, v0};
  for (int i = 0; i < 3; i++) {
    bool needed = i == 0 ? novariants != 0 : i == 1 ? novariants != 1 && nocontext != 1
                                                    : novariants != 1 && nocontext != 0;
    if (!needed)
      continue;
    Expr *c = call_copy(call);
    if (vs[i]) {
      c->args = (Vec){0};
      Expr *arg;
      VEC_EACH(Expr *, arg, call->args)
        vec_push(&c->args, arg);
      adjust_arguments(vs[i], c, d);
      append_interops(ps, vs[i], c, d);
      call_function(c, vs[i]->name);
    }
    calls[i] = c;
  }
  Expr *variant = calls[1] && calls[2] ? NULL : calls[1] ? calls[1] : calls[2];
  if (!variant && calls[1]) {
    variant = mk_expr(E_COND, call->loc);
    variant->a = mk_paren(call->loc, omp_find_clause(d, OMPC_NOCONTEXT)->expr);
    variant->b = calls[2], variant->c = calls[1];
    variant->ty = call->ty;
  }
  if (!variant)
    return calls[0];
  if (!calls[0])
    return variant;
  Expr *e = mk_expr(E_COND, call->loc);
  e->a = mk_paren(call->loc, omp_find_clause(d, OMPC_NOVARIANTS)->expr);
  e->b = calls[0], e->c = variant;
  e->ty = call->ty;
  return mk_paren(call->loc, e);
}

/* A call of a function with variants: the host's choice in the tree, the
 * device's (when another) for the kernel file; a dispatch's call as its
 * clauses say. */
static WalkAction visit_expr(Expr **slot, void *user);

static WalkAction resolve_call(Pass *ps, Expr **slot)
{
  Expr *call = *slot, *f = expr_unparen(call->a);
  if (!f || f->kind != E_IDENT || !has_variants(ps, f->text))
    return WALK_CONTINUE;
  const char *base = f->text;
  if (ps->dispatch) {
    OmpDir *d = ps->dispatch->omp;
    ps->dispatch = NULL; /* its call only, not those in the arguments */
    *slot = dispatch_call(ps, call, base, d);
    /* the copies' arguments are the call's: resolved once, here */
    Walker w = {.expr_pre = visit_expr, .user = ps};
    for (int i = 0; i < call->args.len; i++)
      walk_expr(&w, (Expr **)&call->args.items[i]);
    return WALK_SKIP;
  }
  Context host = ps->ctx, device = ps->ctx;
  host.device = false;
  device.device = true;
  Variant *h = choose(ps, base, &host), *g = choose(ps, base, &device);
  if ((h && h->append) || (g && g->append))
    error(call->loc, "'%s' chosen for a call of '%s' outside a 'dispatch' construct: its "
                     "'append_args' needs the construct's device (OpenMP 5.2 7.5.1)",
          (h && h->append ? h : g)->name, base);
  if (h)
    call_function(call, h->name);
  if ((g ? g->name : base) != (h ? h->name : base)) {
    vec_push(&device_callee_exprs, call->a);
    vec_push(&device_callee_names, (void *)(g ? g->name : base));
  }
  return WALK_CONTINUE;
}

static WalkAction visit_expr(Expr **slot, void *user)
{
  return (*slot)->kind == E_CALL ? resolve_call(user, slot) : WALK_CONTINUE;
}

/* The statement of a dispatch construct: a call, or an assignment of one
 * (5.2 7.6). */
static bool dispatch_statement(const Stmt *body)
{
  Expr *e = body && body->kind == S_EXPR ? expr_unparen(body->expr) : NULL;
  if (e && e->kind == E_ASSIGN && e->op == OP_ASSIGN)
    e = expr_unparen(e->b);
  return e && e->kind == E_CALL;
}

/* A taskwait with the depend clauses of d onto items, if it has any: the
 * statements after it wait for the tasks d depends on, and run before
 * the tasks generated after them exist. */
static void depend_wait(OmpDir *d, Loc loc, Vec *items)
{
  OmpDir *wait = NULL;
  OmpClause *cl;
  VEC_EACH(OmpClause *, cl, d->clauses)
    if (cl->kind == OMPC_DEPEND) {
      if (!wait) {
        wait = xcalloc(1, sizeof *wait);
        wait->kind = OMPD_TASKWAIT;
        wait->loc = d->loc;
      }
      vec_push(&wait->clauses, cl);
    }
  if (wait) {
    Stmt *w = mk_stmt(S_OMP, loc);
    w->omp = wait;
    vec_push(items, w);
  }
}

/* What a dispatch construct leaves: a taskwait with its depend clauses
 * (the call waits for the tasks it depends on; it runs before the
 * tasks generated after it exist), and with a device clause that
 * device as the default one during the call (__ompicc_dispatch_begin/
 * end, which also frees the interop objects of append_args).  nowait:
 * the call runs at once, which a deferred task may. */
static Stmt *lower_dispatch(Stmt *s, bool appended)
{
  Vec items = {0}, none = {0};
  OmpDir *d = s->omp;
  depend_wait(d, s->loc, &items);
  OmpClause *dev = omp_find_clause(d, OMPC_DEVICE);
  bool bracket = dev || appended; /* the default device, the interop objects */
  Vec args = {0};
  if (bracket) {
    vec_push(&args, dispatch_device(d));
    vec_push(&items, mk_expr_stmt(s->loc, mk_call(s->loc, mk_ident(s->loc,
                                                                    "__ompicc_dispatch_begin"),
                                                  args)));
  }
  vec_push(&items, s->body);
  if (bracket)
    vec_push(&items, mk_expr_stmt(s->loc, mk_call(s->loc, mk_ident(s->loc,
                                                                    "__ompicc_dispatch_end"),
                                                  none)));
  return items.len == 1 ? s->body : mk_compound(s->loc, items);
}

/* ---- interop (5.2 14.1), whose objects give a program the foreign
 * runtime's handles of a device (the CUDA stream of targetsync) */

static Stmt *runtime_call(Loc loc, Expr *assign_to, const char *fn, Expr *a, Expr *b, Expr *c)
{
  Vec args = {0};
  vec_push(&args, where_string(loc));
  if (a)
    vec_push(&args, a);
  if (b)
    vec_push(&args, b);
  if (c)
    vec_push(&args, c);
  Expr *call = mk_call(loc, mk_ident(loc, fn), args);
  return mk_expr_stmt(loc, assign_to ? mk_assign(loc, OP_ASSIGN, assign_to, call) : call);
}

/* The interop construct as calls of the runtime, in the order of its
 * clauses, after a taskwait for its depend clauses (nowait: done at
 * once, which a deferred task may be): init(target, targetsync: obj)
 * makes obj (__ompicc_interop_init), use(obj) waits for what obj's
 * targetsync queue holds, destroy(obj) waits too and frees it, leaving
 * omp_interop_none. */
static Stmt *lower_interop(Pass *ps, Stmt *s)
{
  OmpDir *d = s->omp;
  if (ps->ctx.device)
    error(d->loc, "'interop' may not be in a target region (OpenMP 5.2 14.1)");
  Vec items = {0};
  depend_wait(d, s->loc, &items);
  OmpClause *cl;
  bool any = false;
  VEC_EACH(OmpClause *, cl, d->clauses) {
    if (cl->kind == OMPC_INIT) {
      int flags = 0;
      OmpModifier *m;
      VEC_EACH(OmpModifier *, m, cl->mods)
        flags |= m->word == OMPW_TARGET ? 1 : m->word == OMPW_TARGETSYNC ? 2 : 0;
      if (!flags)
        error(cl->loc, "'init' needs the interop type 'target' or 'targetsync' (OpenMP 5.2 "
                       "14.1.2)");
      char *f = xasprintf("%d", flags);
      vec_push(&items, runtime_call(cl->loc, cl->items.items[0], "__ompicc_interop_init",
                                    dispatch_device(d), mk_int(cl->loc, f), NULL));
      any = true;
    } else if (cl->kind == OMPC_USE || cl->kind == OMPC_DESTROY) {
      Expr *obj = cl->kind == OMPC_USE ? cl->items.items[0] : cl->expr;
      if (!obj) {
        error(cl->loc, "'destroy' on 'interop' names the interop object to destroy");
        continue;
      }
      vec_push(&items, cl->kind == OMPC_USE
                           ? runtime_call(cl->loc, NULL, "__ompicc_interop_use", obj, NULL, NULL)
                           : runtime_call(cl->loc, obj, "__ompicc_interop_destroy", obj, NULL,
                                          NULL));
      any = true;
    }
  }
  if (!any)
    error(d->loc, "'interop' needs an 'init', 'use' or 'destroy' clause (OpenMP 5.2 14.1)");
  return mk_compound(s->loc, items);
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
    if (s->omp->kind == OMPD_INTEROP) {
      *slot = lower_interop(ps, s);
      continue;
    }
    break;
  }
  Stmt *s = *slot;
  check_assumed(ps, s->omp);
  if (s->omp->kind == OMPD_DISPATCH) {
    if (!dispatch_statement(s->body))
      error(s->omp->loc, "the statement of a 'dispatch' construct must be a call of a function or "
                    "an assignment of one (OpenMP 5.2 7.6)");
    else
      ps->dispatch = s;
  }
  vec_push(&ps->entered, s);
  vec_push(&ps->saved, (void *)(intptr_t)(ps->ctx.ncons | (ps->ctx.device ? 1 << 30 : 0)));
  if (s->omp->kind == OMPD_ASSUME)
    vec_push(&ps->assume, s);
  OmpDirKind t[6];
  int n = construct_traits(s->omp->kind, t);
  if (s->omp->kind == OMPD_DISPATCH && clause_value(s->omp, OMPC_NOCONTEXT, 0) == 1)
    n = 0; /* nocontext(true): the call's context is the construct's */
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
  } else if ((*slot)->omp->kind == OMPD_DISPATCH) {
    ps->dispatch = NULL;
    *slot = lower_dispatch(*slot, ps->appended);
    ps->appended = false;
  }
}

/* Directives that state assumptions for the whole file or a part of it
 * (assumes, begin/end assumes), and those that declare variants, whose
 * calls this pass resolves, leave nothing in the output. */
static bool dropped_directive(const Decl *d)
{
  if (d->kind != D_OMP)
    return false;
  switch (d->omp->kind) {
  case OMPD_ASSUMES: case OMPD_BEGIN_ASSUMES: case OMPD_END_ASSUMES:
  case OMPD_DECLARE_VARIANT: case OMPD_BEGIN_DECLARE_VARIANT: case OMPD_END_DECLARE_VARIANT:
    return true;
  default:
    return false;
  }
}

/* The function declarator a declaration declares or defines, or NULL. */
static Declarator *declared_function(Decl *d)
{
  if (d->kind == D_FUNCDEF)
    return d->func->decl;
  if (d->kind != D_VAR || d->decls.len != 1)
    return NULL;
  Declarator *dd = ((InitDecl *)d->decls.items[0])->decl;
  return declarator_func(dd) ? dd : NULL;
}

static void add_variant(Pass *ps, const char *base, const char *name, OmpSelector *sel,
                        Vec adjust, Declarator *params)
{
  Variant *v;
  VEC_EACH(Variant *, v, ps->variants)
    if (v->base == base && v->name == name && v->sel == sel)
      return; /* a declaration, then the definition */
  v = xcalloc(1, sizeof *v);
  *v = (Variant){base, name, sel, adjust, params, NULL};
  vec_push(&ps->variants, v);
}

/* The variants the file declares: declare variant(v) match(...) before
 * the base function's declaration (7.5.1), and the functions of begin/
 * end declare variant blocks (7.5.2), which the parser renamed
 * NAME__ompicc_variant_B. */
static void collect_variants(Pass *ps, TransUnit *tu)
{
  Vec pending = {0};
  OmpSelector *block = NULL;
  int depth = 0;
  Decl *d;
  VEC_EACH(Decl *, d, tu->decls) {
    if (d->kind == D_OMP && d->omp->kind == OMPD_DECLARE_VARIANT)
      vec_push(&pending, d->omp);
    else if (d->kind == D_OMP && d->omp->kind == OMPD_BEGIN_DECLARE_VARIANT && !depth++)
      block = omp_find_clause(d->omp, OMPC_MATCH)->sel;
    else if (d->kind == D_OMP && d->omp->kind == OMPD_END_DECLARE_VARIANT && depth > 0)
      depth--;
    Declarator *fd = d->kind == D_OMP ? NULL : declared_function(d);
    const char *name = fd ? declarator_name(fd) : NULL;
    if (!name)
      continue;
    OmpDir *dv;
    VEC_EACH(OmpDir *, dv, pending) {
      Expr *v = dv->list.len == 1 ? expr_unparen(dv->list.items[0]) : NULL;
      OmpClause *match = omp_find_clause(dv, OMPC_MATCH);
      if (!v || v->kind != E_IDENT || !match) {
        error(dv->loc, "'declare variant' needs one function name and a 'match' clause "
                       "(OpenMP 5.2 7.5.1)");
        continue;
      }
      Vec adjust = {0};
      OmpClause *cl;
      VEC_EACH(OmpClause *, cl, dv->clauses)
        if (cl->kind == OMPC_ADJUST_ARGS)
          vec_push(&adjust, cl);
      add_variant(ps, name, v->text, match->sel, adjust, fd);
      ((Variant *)vec_last(&ps->variants))->append = omp_find_clause(dv, OMPC_APPEND_ARGS);
    }
    pending.len = 0;
    const char *mark = strstr(name, "__ompicc_variant_");
    if (mark && block)
      add_variant(ps, intern_n(name, (size_t)(mark - name)), name, block, (Vec){0}, fd);
  }
  if (pending.len)
    error(((OmpDir *)pending.items[0])->loc,
          "'declare variant' is not followed by the declaration of its base function");
}

void variants_resolve(TransUnit *tu)
{
  Pass ps = {0};
  collect_variants(&ps, tu);
  Walker w = {.stmt_pre = enter, .stmt_post = leave, .user = &ps};
  if (ps.variants.len)
    w.expr_pre = visit_expr;
  int kept = 0, open = 0;
  Loc open_loc = {0};
  for (int i = 0; i < tu->decls.len; i++) {
    Decl *d = tu->decls.items[i];
    if (dropped_directive(d)) {
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
