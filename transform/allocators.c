/* allocators.c - memory allocators in target regions (OpenMP 5.2 chapter
 * 6): the uses_allocators clause of target (6.8), the rules for the
 * allocators that allocate clauses (6.6) and directives (6.5) name in
 * target regions, and the allocate directive, which neither the host
 * compiler (GCC 12: "sorry, unimplemented") nor the kernel file takes.
 *
 * uses_allocators: a predefined allocator is usable in any region, so
 * listing it changes nothing; any other allocator a is made when the
 * region starts and destroyed when it ends: the region's body becomes
 *   { a = omp_init_allocator(memspace, N, traits); body omp_destroy_allocator(a); }
 * where N is the length of the traits array, and a, a scalar the region
 * names, is its own copy there (firstprivate), in the kernel (the device
 * library's omp_init_allocator, devlib-cuda/omp-alloc.h) and in the host
 * fallback alike; traits is mapped as any array the region uses.  Each
 * team of a kernel makes its own allocator (the master runs the serial
 * code of a generic kernel).
 *
 * allocate directives: the variables keep the storage C gives them, in
 * the host file and in the kernel file (every memory space of the device
 * is reachable by every thread that may reach the variable), aligned as
 * an align clause says; the directive is taken out of both.  With an
 * allocator other than a predefined one, in host code, the variables'
 * storage is the allocator's (allocate_other below); in device code that
 * is a sorry.
 */
#include "allocators.h"

#include <string.h>

#include "diag.h"
#include "print.h"
#include "symbol.h"
#include "types.h"
#include "util.h"
#include "walk.h"

/* The predefined allocators (5.2 6.4, table 6.3). */
static const char *const predefined[] = {
    "omp_default_mem_alloc", "omp_large_cap_mem_alloc", "omp_const_mem_alloc",
    "omp_high_bw_mem_alloc", "omp_low_lat_mem_alloc",   "omp_cgroup_mem_alloc",
    "omp_pteam_mem_alloc",   "omp_thread_mem_alloc",
};

bool allocator_is_predefined(const Expr *e)
{
  e = expr_unparen((Expr *)e);
  if (!e || e->kind != E_IDENT || !e->text)
    return false;
  for (size_t i = 0; i < sizeof predefined / sizeof *predefined; i++)
    if (!strcmp(e->text, predefined[i]))
      return true;
  return false;
}

static Expr *modifier_arg(const OmpClause *c, OmpWord w)
{
  OmpModifier *m;
  VEC_EACH(OmpModifier *, m, c->mods)
    if (m->word == w)
      return m->arg;
  return NULL;
}

/* a = omp_init_allocator(memspace, N, traits); */
static Stmt *init_allocator(Expr *a, Expr *memspace, Expr *traits, long n)
{
  Loc l = a->loc;
  Vec args = {0};
  vec_push(&args, memspace ? memspace : mk_ident(l, "omp_default_mem_space"));
  vec_push(&args, mk_int(l, xasprintf("%ld", n)));
  vec_push(&args, traits ? traits : mk_int(l, "0"));
  Expr *call = mk_call(l, mk_ident(l, "omp_init_allocator"), args);
  return mk_expr_stmt(l, mk_assign(l, OP_ASSIGN, a, call));
}

/* omp_destroy_allocator(a); */
static Stmt *destroy_allocator(Expr *a)
{
  Vec args = {0};
  vec_push(&args, a);
  return mk_expr_stmt(a->loc, mk_call(a->loc, mk_ident(a->loc, "omp_destroy_allocator"), args));
}

/* The length of a traits array, or -1 (with an error) when it is not an
 * array of known length. */
static long traits_length(Expr *traits)
{
  Expr *t = expr_unparen(traits);
  Symbol *s = t && t->kind == E_IDENT ? t->sym : NULL;
  if (!s || !s->ty || s->ty->kind != TY_ARRAY || s->ty->len < 0) {
    error(traits->loc, "the traits of an allocator in 'uses_allocators' must be an array "
                       "of known length (OpenMP 5.2 6.8)");
    return -1;
  }
  return s->ty->len;
}

/* One allocator of a uses_allocators clause: the statements that make it
 * (into *init) and destroy it (into *fini), or nothing for a predefined
 * one. */
static void uses_one(OmpClause *c, int i, bool combined, Vec *init, Vec *fini)
{
  Expr *a = c->items.items[i];
  Expr *traits = i < c->args.len && c->args.items[i] ? c->args.items[i]
                                                      : modifier_arg(c, OMPW_TRAITS);
  Expr *memspace = modifier_arg(c, OMPW_MEMSPACE);
  if (allocator_is_predefined(a)) {
    if (traits || memspace)
      error(a->loc, "the predefined allocator '%s' takes no traits or memory space in "
                    "'uses_allocators' (OpenMP 5.2 6.8)", a->text);
    return;
  }
  if (a->kind != E_IDENT || !a->sym || a->sym->kind != SYM_VAR) {
    error(a->loc, "'uses_allocators' takes the names of allocator variables (OpenMP 5.2 6.8)");
    return;
  }
  if (combined) {
    sorry(a->loc, "'uses_allocators(%s)' of an allocator the region makes, on a combined "
                  "construct: put it on a 'target' construct of its own", a->text);
    return;
  }
  long n = traits ? traits_length(traits) : 0;
  if (n < 0)
    return;
  vec_push(init, init_allocator(a, memspace, traits, n));
  vec_push(fini, destroy_allocator(a)); /* destroyed in reverse order */
}

void allocators_uses(Stmt *target)
{
  OmpDir *d = target->omp;
  unsigned leaves = omp_leaves(d);
  Vec init = {0}, fini = {0};
  OmpClause *c;
  VEC_EACH(OmpClause *, c, d->clauses)
    if (c->kind == OMPC_USES_ALLOCATORS)
      for (int i = 0; i < c->items.len; i++)
        uses_one(c, i, leaves != OMP_LEAF_TARGET, &init, &fini);
  if (!init.len)
    return;
  Vec items = init;
  vec_push(&items, target->body);
  for (int i = fini.len - 1; i >= 0; i--)
    vec_push(&items, fini.items[i]);
  target->body = mk_compound(target->body ? target->body->loc : d->loc, items);
}

/* ---------------------------------------------------------------- checks */

typedef struct Check {
  const OmpDir *target;   /* the region's directive */
  bool dynamic;           /* requires dynamic_allocators */
} Check;

/* Is allocator e listed in the target construct's uses_allocators? */
static bool in_uses(const OmpDir *target, const Expr *e)
{
  e = expr_unparen((Expr *)e);
  OmpClause *c;
  VEC_EACH(OmpClause *, c, target->clauses) {
    Expr *a;
    if (c->kind == OMPC_USES_ALLOCATORS)
      VEC_EACH(Expr *, a, c->items)
        if (e && e->kind == E_IDENT && a->kind == E_IDENT && a->sym && a->sym == e->sym)
          return true;
  }
  return false;
}

/* 5.2 6.6: in a target region, without requires dynamic_allocators, the
 * allocator of an allocate clause is predefined or one of the region's
 * uses_allocators; 6.5: an allocate directive names a predefined one. */
static void check_clause_allocator(const Check *k, const OmpDir *d, const OmpClause *c)
{
  Expr *a = modifier_arg(c, OMPW_ALLOCATOR);
  if (!a)
    a = c->expr;
  if (!a || allocator_is_predefined(a) || in_uses(k->target, a))
    return;
  StrBuf b = {0};
  print_expr(&b, a);
  error(a->loc, "the allocator '%s' of an 'allocate' clause on '#pragma omp %s' in a target "
                "region is neither predefined nor in the target construct's 'uses_allocators' "
                "(OpenMP 5.2 6.6; '#pragma omp requires dynamic_allocators' allows any)",
        b.s, omp_dir_name(d->kind));
}

static void check_directive(const OmpDir *d)
{
  OmpClause *c = omp_find_clause(d, OMPC_ALLOCATOR);
  if (!c) {
    error(d->loc, "an 'allocate' directive in a target region needs an 'allocator' clause "
                  "naming a predefined allocator (OpenMP 5.2 6.5; or "
                  "'#pragma omp requires dynamic_allocators')");
    return;
  }
  if (allocator_is_predefined(c->expr))
    return;
  StrBuf b = {0};
  print_expr(&b, c->expr);
  error(c->expr->loc, "the allocator '%s' of an 'allocate' directive in a target region is "
                      "not a predefined allocator (OpenMP 5.2 6.5; "
                      "'#pragma omp requires dynamic_allocators' allows any)", b.s);
}

static WalkAction check_dir(OmpDir *d, void *user)
{
  const Check *k = user;
  if (k->dynamic)
    return WALK_CONTINUE;
  if (d->kind == OMPD_ALLOCATE) {
    check_directive(d);
    return WALK_CONTINUE;
  }
  OmpClause *c;
  VEC_EACH(OmpClause *, c, d->clauses)
    if (c->kind == OMPC_ALLOCATE)
      check_clause_allocator(k, d, c);
  return WALK_CONTINUE;
}

void allocators_check(Stmt *target, bool dynamic_allocators)
{
  Check k = {target->omp, dynamic_allocators};
  check_dir(target->omp, &k);
  walk_stmt(&(Walker){.omp_pre = check_dir, .user = &k}, &target->body);
}

bool allocators_dynamic(TransUnit *tu)
{
  Decl *d;
  VEC_EACH(Decl *, d, tu->decls)
    if (d->kind == D_OMP && d->omp->kind == OMPD_REQUIRES &&
        omp_find_clause(d->omp, OMPC_DYNAMIC_ALLOCATORS))
      return true;
  return false;
}

/* ---------------------------------------------------------------- the directive */

/* align(n) (5.2 6.5): each variable's declaration gets the alignment, as
 * __attribute__((aligned(n))), which the host compiler and nvcc take. */
static void align_variables(const OmpDir *d)
{
  OmpClause *al = omp_find_clause(d, OMPC_ALIGN);
  if (!al)
    return;
  StrBuf n = {0};
  print_expr(&n, al->expr);
  Expr *e;
  VEC_EACH(Expr *, e, d->list) {
    Symbol *s = e->kind == E_IDENT ? e->sym : NULL;
    if (!s || !s->idecl)
      continue;
    Spec *a = xcalloc(1, sizeof *a);
    a->loc = al->loc, a->kind = SPEC_ATTR;
    a->text = xasprintf("__attribute__((aligned(%s)))", n.s);
    vec_push(&s->idecl->attrs, a);
  }
}

/* ------------------------------------------------- another allocator */

/* An allocate directive with an allocator that is not predefined, in host
 * code (OpenMP 5.2 6.5): each automatic variable's storage comes from the
 * allocator at the directive, with the variable's value there, and goes
 * back at the end of its scope (omp_free with omp_null_allocator, which
 * finds the allocator itself, 18.13.4):
 *
 *   int *x, y[n];
 *   #pragma omp allocate(x, y) allocator(a)
 * becomes
 *   int *x, y[n];
 *   __typeof__(x) *__ompicc_alloc_x __attribute__((cleanup(__ompicc_alloc_free))) =
 *       __ompicc_alloc_var(&x, sizeof x, 0, a, "t.c:2:9");
 *
 * (an align clause's value in place of the 0)
 *
 * and every later use of x in the block is (*__ompicc_alloc_x); in a
 * shared clause, the pointer; an aligned clause (a hint) forgets it.
 * What would give x a copy of its own (a data-sharing clause other than
 * shared, a task, a target construct, a default clause other than shared)
 * is a sorry, and so is such a directive in device code. */
typedef struct Moved {
  Symbol *sym;
  const char *ptr;   /* __ompicc_alloc_x */
  bool device;       /* in a function of device code */
  int targets;       /* target constructs around the walk's place */
} Moved;

static WalkAction moved_use(Expr **slot, void *user)
{
  Moved *m = user;
  Expr *e = *slot;
  if (e->kind != E_IDENT || e->sym != m->sym)
    return WALK_CONTINUE;
  Expr *n = mk_expr(E_IDENT, e->loc);
  n->text = xasprintf("(*%s)", m->ptr);
  n->ty = e->ty;
  *slot = n;
  return WALK_SKIP;
}

static bool names(Expr *e, const Symbol *s)
{
  e = expr_unparen(e);
  return e && e->kind == E_IDENT && e->sym == s;
}

/* The clauses of a construct in the variable's scope: shared(x) shares
 * the pointer, aligned(x) goes; what else names x, or would give it a
 * copy in the construct's body, is a sorry. */
static WalkAction moved_construct(Stmt **slot, void *user)
{
  Moved *m = user;
  Stmt *s = *slot;
  if (s->kind != S_OMP || !s->omp)
    return WALK_CONTINUE;
  OmpDir *d = s->omp;
  OmpClause *c;
  VEC_EACH(OmpClause *, c, d->clauses) {
    Vec kept = {0};
    Expr *item;
    VEC_EACH(Expr *, item, c->items) {
      if (!names(item, m->sym)) {
        vec_push(&kept, item);
        continue;
      }
      if (c->kind == OMPC_SHARED) {
        Expr *p = mk_ident(item->loc, m->ptr);
        vec_push(&kept, p);
      } else if (c->kind != OMPC_ALIGNED)
        sorry(item->loc, "'%s' in a '%s' clause, after an 'allocate' directive with an "
                         "allocator that is not predefined", m->sym->name,
              omp_clause_name(c->kind));
    }
    c->items = kept;
  }
  Vec clauses = {0};
  VEC_EACH(OmpClause *, c, d->clauses)
    if (c->kind != OMPC_ALIGNED || c->items.len)
      vec_push(&clauses, c);
  d->clauses = clauses;
  unsigned leaves = omp_leaves(d);
  OmpClause *def = omp_find_clause(d, OMPC_DEFAULT);
  const char *why = (leaves & OMP_LEAF_TARGET) || d->kind == OMPD_TARGET_DATA ? "a target construct"
                    : d->kind == OMPD_TASK || d->kind == OMPD_TASKLOOP ||
                            d->kind == OMPD_TASKLOOP_SIMD
                        ? "a task"
                    : def && (def->word == OMPW_PRIVATE || def->word == OMPW_FIRSTPRIVATE)
                        ? "a construct with a 'default' clause other than shared"
                        : NULL;
  if (why && s->body && walk_stmt_names(&s->body, m->sym))
    sorry(d->loc, "'%s' used in %s, after an 'allocate' directive with an allocator that is "
                  "not predefined", m->sym->name, why);
  return WALK_CONTINUE;
}

/* The items of block from index `from` on: x becomes (*ptr). */
static void move_uses(Stmt *block, int from, Moved *m)
{
  for (int i = from; i < block->items.len; i++) {
    Stmt **slot = (Stmt **)&block->items.items[i];
    walk_stmt(&(Walker){.stmt_pre = moved_construct, .user = m}, slot);
    walk_stmt(&(Walker){.expr_pre = moved_use, .user = m}, slot);
  }
}

/* The directive at block->items[at], allocator a: the declarations of
 * the pointers in its place (nothing after an error), the uses after it
 * moved; false when none is. */
static bool allocate_other(Stmt *block, int at, const OmpDir *d, Expr *a, bool device)
{
  const char *alloc = print_expr_str(a);
  OmpClause *al = omp_find_clause(d, OMPC_ALIGN);
  const char *align = al ? xasprintf("(%s)", print_expr_str(al->expr)) : "0";
  const char *file = d->loc.file ? strrchr(d->loc.file, '/') : NULL;
  file = file ? file + 1 : d->loc.file ? d->loc.file : "?";
  StrBuf place = {0}; /* "t.c:2:9", as a C string literal */
  sb_putc(&place, '"');
  for (const char *c = file; *c; c++) {
    if (*c == '"' || *c == '\\')
      sb_putc(&place, '\\');
    sb_putc(&place, *c);
  }
  sb_printf(&place, ":%d:%d\"", d->loc.line, d->loc.col);
  Vec decls = {0};
  if (device)
    sorry(a->loc, "an 'allocate' directive with the allocator '%s', which is not predefined, "
                  "in device code", alloc);
  Vec list = device ? (Vec){0} : d->list; /* in device code: none */
  Expr *e;
  VEC_EACH(Expr *, e, list) {
    Symbol *s = e->kind == E_IDENT ? e->sym : NULL;
    if (!s)
      continue;
    if (s->kind == SYM_VAR && (s->storage == ST_STATIC_LOCAL || s->depth == 0 ||
                               s->storage == ST_EXTERN_LOCAL)) {
      error(e->loc, "'%s' has static storage duration: the allocator of its 'allocate' "
                    "directive must be a predefined allocator (OpenMP 5.2 6.5)", s->name);
      continue;
    }
    if (s->kind != SYM_VAR || s->storage != ST_LOCAL) {
      sorry(e->loc, "an 'allocate' directive with an allocator that is not predefined, for "
                    "'%s', which is not a variable of the block", s->name);
      continue;
    }
    Moved *m = xcalloc(1, sizeof *m);
    m->sym = s, m->ptr = xasprintf("__ompicc_alloc_%s", s->name);
    Stmt *st = mk_stmt(S_ASM, d->loc);
    st->text = xasprintf("__typeof__(%s) *%s __attribute__((cleanup(__ompicc_alloc_free))) =\n"
                         "      __ompicc_alloc_var(&%s, sizeof %s, %s, %s, %s)",
                         s->name, m->ptr, s->name, s->name, align, alloc, place.s);
    vec_push(&decls, st);
    move_uses(block, at + 1, m);
  }
  /* the directive's place: the declarations, in the block itself */
  Vec items = {0};
  for (int i = 0; i < block->items.len; i++) {
    if (i != at) {
      vec_push(&items, block->items.items[i]);
      continue;
    }
    Stmt *st;
    VEC_EACH(Stmt *, st, decls)
      vec_push(&items, st);
  }
  block->items = items;
  return decls.len > 0;
}

/* Where the allocate directives are: in a function of device code or a
 * target region, whose allocators (requires dynamic_allocators) the
 * kernel file would need. */
typedef struct Place {
  Vec *team_memory;
  bool device;
  int targets;
  bool dynamic; /* requires dynamic_allocators */
  bool moved;   /* a variable got an allocator's storage */
} Place;

/* The variables keep C's storage: right for a predefined allocator
 * (memory every thread that reaches the variable can reach, any
 * alignment); another allocator's traits cannot be had that way.  Team
 * memory (omp_pteam_mem_alloc, omp_cgroup_mem_alloc: a team is its own
 * contention group on the device, 5.2 6.2) is what the kernel writer
 * makes shared memory of, for the automatic variables of a kernel's
 * serial code (generic.c); elsewhere they keep C's storage too. */
static void take_directive(const OmpDir *d, Vec *team_memory)
{
  OmpClause *c = omp_find_clause(d, OMPC_ALLOCATOR);
  Expr *a = c ? expr_unparen(c->expr) : NULL;
  if (a && a->kind == E_IDENT && a->text &&
      (!strcmp(a->text, "omp_pteam_mem_alloc") || !strcmp(a->text, "omp_cgroup_mem_alloc"))) {
    Expr *e;
    VEC_EACH(Expr *, e, d->list)
      if (e->kind == E_IDENT && e->sym && e->sym->depth > 0 && e->sym->storage == ST_LOCAL)
        vec_push(team_memory, e->sym);
  }
  if (!c || allocator_is_predefined(c->expr))
    align_variables(d); /* another allocator aligns its own storage */
}

static bool is_allocate(const Stmt *s)
{
  return s->kind == S_OMP && s->omp && s->omp->kind == OMPD_ALLOCATE;
}

static Expr *other_allocator(const OmpDir *d)
{
  OmpClause *c = omp_find_clause(d, OMPC_ALLOCATOR);
  return c && !allocator_is_predefined(c->expr) ? c->expr : NULL;
}

static WalkAction drop_stmt(Stmt **slot, void *user)
{
  Place *p = user;
  Stmt *s = *slot;
  if (s->kind == S_OMP && s->omp &&
      (omp_dir_leaves(s->omp->kind) & OMP_LEAF_TARGET))
    p->targets++;
  if (s->kind == S_COMPOUND)
    for (int i = 0; i < s->items.len; i++) {
      Stmt *x = s->items.items[i];
      Expr *a = is_allocate(x) ? other_allocator(x->omp) : NULL;
      if (!a)
        continue;
      take_directive(x->omp, p->team_memory);
      /* in a target region without dynamic_allocators: an error already */
      if (p->targets && !p->dynamic)
        s->items.items[i] = mk_expr_stmt(x->loc, NULL);
      else
        p->moved |= allocate_other(s, i, x->omp, a, p->device || p->targets);
      i--; /* the declarations that took its place are not directives */
    }
  if (is_allocate(s)) {
    Expr *a = other_allocator(s->omp);
    if (a)
      sorry(a->loc, "an 'allocate' directive with the allocator '%s', which is not "
                    "predefined, outside a block", print_expr_str(a));
    take_directive(s->omp, p->team_memory);
    *slot = mk_expr_stmt(s->loc, NULL);
  }
  return WALK_CONTINUE;
}

static void left_stmt(Stmt **slot, void *user)
{
  Place *p = user;
  Stmt *s = *slot;
  if (s->kind == S_OMP && s->omp && (omp_dir_leaves(s->omp->kind) & OMP_LEAF_TARGET))
    p->targets--;
}

bool allocators_drop_directives(TransUnit *tu, Vec *team_memory, const Vec *device_funcs,
                                bool dynamic)
{
  Vec kept = {0};
  Decl *d;
  VEC_EACH(Decl *, d, tu->decls) {
    if (d->kind == D_OMP && d->omp->kind == OMPD_ALLOCATE) {
      Expr *a = other_allocator(d->omp);
      if (a)
        error(a->loc, "the allocator of an 'allocate' directive at file scope must be a "
                      "predefined allocator: its variables have static storage duration "
                      "(OpenMP 5.2 6.5)");
      take_directive(d->omp, team_memory);
    } else
      vec_push(&kept, d);
  }
  tu->decls = kept;
  bool moved = false;
  VEC_EACH(Decl *, d, tu->decls) {
    Place p = {team_memory, vec_has((Vec *)device_funcs, d), 0, dynamic, false};
    walk_decl(&(Walker){.stmt_pre = drop_stmt, .stmt_post = left_stmt, .user = &p}, d);
    moved |= p.moved;
  }
  return moved;
}
