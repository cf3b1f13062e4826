/* generic.c - the body of generic kernels (DESIGN D4, doc/DEVLIB.md).
 *
 * The master thread runs the region's serial code; each parallel region
 * (OpenMP 5.2 10.2) becomes a __device__ function __omp_par_<line>_<id>
 * reached through struct __ompicc_regions's switch, called with a block
 * of pointers to its shared variables (void *[n]), or of their values
 * for the scalars it only reads and its firstprivate ones (by_value).
 * The other variables of the serial code that a parallel region uses
 * must live where every thread of the team can reach them: their
 * declarations become references to room in shared memory, ended at the
 * end of their block (shared_room: in a kernel's serial code a frame of
 * the place's own, __ompicc_frame; in a device function the shared stack,
 * __ompicc_gpush), and the by-value parameters they shadow are copied
 * there.
 *
 * Worksharing (11.5 for, 11.3 sections, 11.1 single, 10.5 masked, 11.6
 * distribute), synchronisation (15.1 critical, 15.3 barrier, 15.8.4
 * atomic, 15.10.1 ordered) and reductions (5.5.8) become library calls on
 * a normalised iteration space.  distribute parallel for is the master's
 * distribute loop forking the team for each of its chunks, which the
 * region's for shares (the chunk travels by value in the argument block).  The tree is changed in place while it is printed and
 * restored afterwards (the host fallback prints it too).
 */
#include "generic.h"

#include <string.h>

#include "atomic.h"
#include "decl-text.h"
#include "error-directive.h"
#include "nest.h"
#include "print.h"
#include "reconverge.h"
#include "reduction.h"
#include "walk.h"

typedef enum Mode {
  M_SERIAL, /* the master's code of a kernel */
  M_FUNC,   /* a function called from device code */
  M_REGION, /* inside a parallel region */
} Mode;

typedef struct Gen {
  Offload *o;
  StrBuf protos, defs;
  StrBuf cases;    /* run's: regions of device functions and nested ones */
  StrBuf dispatch; /* dispatch's: regions the master forks from a kernel's serial code */
  int nregions, ntemps;
  Vec undo;      /* Stmt**, Stmt* pairs */
  Vec crit;      /* const char*: critical names */
  Mode mode;
  bool in_teams;  /* M_SERIAL: the master's code of a teams region */
  /* M_REGION: the body of a region of the kernel's serial code, outside
   * the regions nested in it, which only the workers of the active team
   * run, at level 1 (the workers' loop dispatches it): the library's
   * loops, barriers and reductions there skip their tests of a team of
   * one, a serialised region and an SPMD block (", 1") */
  bool team;
  Vec team_shared; /* M_REGION: Symbol*, the variables the region's threads share */
  Vec relocate;  /* Symbol*: variables of the serial code shared with a region */
  bool used_end; /* a return became goto __ompicc_end */
  Region *region; /* the kernel being lowered (NULL in device functions) */
  Vec pushed;     /* const char*: the pops of the relocated variables in scope, in push order */
  int break_mark, continue_mark; /* pushed.len at the innermost loop or
                                    switch (break), loop (continue) of
                                    the serial code; -1: none (or one a
                                    construct's lowering makes) */
  Vec addressed;  /* Symbol*: variables whose address the kernel or function takes (&v) */
  Vec kept;       /* Symbol*: variables a region uses that stay the master's (by_value) */
  /* distribute parallel for: the team's chunk [lo, hi) of the loop, as the
   * fork passes it (range_lo/hi, master's expressions) and as the region's
   * first loop takes it (range_in: __ompicc_rlo, __ompicc_rhi) */
  const char *range_lo, *range_hi;
  bool range_in;
  /* the innermost for ordered being lowered: its __ompicc_ws and the
   * expression of the iteration's number (NULL outside one) */
  const char *ord_w, *ord_k;
  bool in_loop; /* in the iterations of a loop construct, no parallel in between */
  /* the for or sections of a combined parallel for or sections: the
   * region's end (the join, its reductions' barrier) is its barrier too,
   * so the construct ends without its own (one barrier less per region) */
  const Stmt *ends_region;
  Vec may_fork; /* Decl*: the file's device functions that may fork a team (find_forking_functions) */
} Gen;

static Gen G;

/* Room for a variable the master shares with a region, of `size` bytes
 * (a constant expression): the expression that makes it, and in *pop the
 * statement that ends it, given its address there (ptr) and the same
 * size in names the pop's place sees (pop_size).  In a kernel's serial
 * code, which the master alone runs, a frame of the place's own
 * (__ompicc_frame, numbered across the file), which costs nothing to make
 * or end; in a device function, __ompicc_gpush, which asks who calls it
 * (the master: the shared stack; a thread of a region: the heap). */
static const char *shared_room(const char *size, const char *ptr, const char *pop_size,
                               const char **pop)
{
  static int sites;
  if (G.mode != M_SERIAL) {
    *pop = xasprintf("__ompicc_pop(%s)", ptr);
    return xasprintf("__ompicc_gpush(%s)", size);
  }
  int site = ++sites;
  *pop = xasprintf("__ompicc_unframe<%d, (%s)>(%s)", site, pop_size, ptr);
  return xasprintf("__ompicc_frame<%d, (%s)>()", site, size);
}

/* shared_room for a variable v (a reference the caller declares) of the
 * type of src, ended as &v. */
static const char *var_room(const char *src, const char *v, const char **pop)
{
  return shared_room(xasprintf("sizeof %s", src), xasprintf("&%s", v), xasprintf("sizeof %s", v),
                     pop);
}

/* ---------------------------------------------------------------- trees */

/* The last argument of the library's loops and barriers in a region's
 * body that the workers' loop dispatches (G.team): they skip the tests
 * of a team of one, a serialised region and an SPMD block. */
static const char *team_arg(void)
{
  return G.team ? ", 1" : "";
}

/* A team barrier there, or anywhere else. */
static const char *barrier_call(void)
{
  return G.team ? "__ompicc_team_barrier()" : "__ompicc_barrier()";
}

static Stmt *raw(const char *text)
{
  Stmt *s = mk_stmt(S_ASM, (Loc){0});
  s->text = text;
  return s;
}

static Expr *rexpr(const char *text)
{
  return mk_ident((Loc){0}, text);
}

static Stmt *block(void)
{
  return mk_compound((Loc){0}, (Vec){0});
}

static void add(Stmt *c, Stmt *s)
{
  vec_push(&c->items, s);
}

static void take_out(Stmt **slot, Stmt *repl)
{
  vec_push(&G.undo, slot);
  vec_push(&G.undo, *slot);
  *slot = repl;
}

void generic_restore(void)
{
  for (int i = G.undo.len - 2; i >= 0; i -= 2)
    *(Stmt **)G.undo.items[i] = G.undo.items[i + 1];
  G.undo.len = 0;
}

static void lower(Stmt **slot);

/* Lower item i of a compound built here.  Its own slot needs no undo (the
 * original tree does not hold it) and must not be recorded: the compound's
 * items may still move as it grows.  Slots deeper down belong to the
 * original tree and are recorded as usual. */
static void lower_fresh(Stmt *c, int i)
{
  Stmt *tmp = c->items.items[i];
  int mark = G.undo.len;
  lower(&tmp);
  int w = mark;
  for (int k = mark; k < G.undo.len; k += 2) {
    if (G.undo.items[k] == (void *)&tmp)
      continue;
    G.undo.items[w++] = G.undo.items[k];
    G.undo.items[w++] = G.undo.items[k + 1];
  }
  G.undo.len = w;
  c->items.items[i] = tmp;
}

static bool has(Vec *v, const void *x)
{
  for (int i = 0; i < v->len; i++)
    if (v->items[i] == x)
      return true;
  return false;
}

static const char *name_of(Symbol *s)
{
  return print_cxx_name(s->name);
}

/* ---------------------------------------------------------------- free variables */

typedef struct Free {
  Vec inner; /* InitDecl*: declared inside */
  Vec syms;  /* Symbol*: used, declared outside, not at file scope */
} Free;

static WalkAction free_decl(Decl *d, void *user)
{
  Free *f = user;
  InitDecl *id;
  if (d->kind == D_VAR)
    VEC_EACH(InitDecl *, id, d->decls)
      vec_push(&f->inner, id);
  return WALK_CONTINUE;
}

static MapEntry *entry_of(Region *r, Symbol *s);

/* A variable-length array (a mapped one: a kernel parameter, in device
 * memory), or a parameter declared as an array (a pointer), reaches a
 * region as the pointer to its first element, by value: C++ has no type
 * for a reference to the first, and the second's declarator is not its
 * type. */
static bool shared_by_pointer(Symbol *v)
{
  return (v->ty && type_is_vla(v->ty)) || (v->param && v->param->decl && v->param->decl->kind == DK_ARRAY);
}

/* The dimensions of v when the kernel has it as a view (an array of more
 * than one variable dimension, mapped or declared in the kernel, or a
 * pointer to variable-length arrays, mapped: kernels.c, view_local;
 * parser/print.c, vla_decl), else 0.  A region gets the view's element
 * pointer in v's slot and its strides in slots after the variables
 * (view_slots). */
static int view_of(Symbol *v)
{
  if (!v->ty)
    return 0;
  if (type_is_vla(v->ty) && v->storage == ST_LOCAL) { /* declared in the kernel (vla_decl) */
    int dims = offload_view_dims(v->ty);
    return dims > 1 ? dims : 0;
  }
  if (!G.region)
    return 0;
  MapEntry *m = entry_of(G.region, v);
  if (!m || (m->cap != CAP_ARRAY && m->cap != CAP_PTR))
    return 0;
  int dims = offload_view_dims(v->ty);
  return dims > 1 ? dims : 0;
}

/* A variable a region reaches through its argument block: a local; a
 * static local of the host function that the region maps (a kernel
 * parameter); a static local declared in device code (one copy on the
 * device, but out of the region function's scope all the same). */
static bool kernel_local(Symbol *s)
{
  return s->storage != ST_EXTERN_LOCAL;
}

/* A static local declared in device code stays where it is: its regions
 * get its address, it is never moved to shared memory. */
static bool device_static(Symbol *s)
{
  return s->storage == ST_STATIC_LOCAL && !(G.region && entry_of(G.region, s));
}

static WalkAction free_use(Expr **slot, void *user)
{
  Free *f = user;
  Symbol *s = (*slot)->kind == E_IDENT ? (*slot)->sym : NULL;
  /* a mapped file-scope variable is a kernel parameter too, and one the
   * target construct privatizes a local of the kernel */
  bool local = s && (s->depth > 0 ? kernel_local(s)
                                  : G.region && (entry_of(G.region, s) || has(&G.region->privates, s)));
  if (local && (s->kind == SYM_VAR || s->kind == SYM_PARAM) && !has(&f->syms, s))
    vec_push(&f->syms, s);
  return WALK_CONTINUE;
}

/* The variables a construct's body uses that are declared outside it. */
static Vec free_vars(Stmt **body)
{
  Free f = {0};
  walk_stmt(&(Walker){.decl_pre = free_decl, .expr_pre = free_use, .user = &f}, body);
  Vec out = {0};
  Symbol *s;
  VEC_EACH(Symbol *, s, f.syms)
    if (!s->idecl || !has(&f.inner, s->idecl))
      vec_push(&out, s);
  return out;
}

/* Does the construct fork a team: a parallel construct, or a loop
 * construct but one bound to the encountering thread (bound to a teams
 * region, loop_construct makes it distribute parallel for)? */
static bool forks(const OmpDir *d)
{
  unsigned leaves = omp_dir_leaves(d->kind);
  OmpClause *bind = omp_find_clause((OmpDir *)d, OMPC_BIND);
  return (leaves & OMP_LEAF_PARALLEL) ||
         ((leaves & OMP_LEAF_LOOP) && !(bind && bind->word == OMPW_THREAD));
}

static bool by_value(OmpDir *d, Stmt **body, Symbol *v);
static bool in_clause(OmpDir *d, OmpClauseKind k, Symbol *s);

/* The variables of the parallel regions in body (not nested ones): the
 * workers reach them through pointers, so a local of the master's must
 * move to shared memory (a GPU thread's local memory is its own),
 * unless every region that uses it gets its value (by_value) or has its
 * own (private): those stay where they are (G.kept). */
static WalkAction shared_of(Stmt **slot, void *user)
{
  Stmt *s = *slot;
  if (s->kind != S_OMP || !forks(s->omp) || !s->body)
    return WALK_CONTINUE;
  Vec v = free_vars(&s->body);
  Symbol *sym;
  VEC_EACH(Symbol *, sym, v) {
    bool own = by_value(s->omp, &s->body, sym) || in_clause(s->omp, OMPC_PRIVATE, sym);
    Vec *into = own ? &G.kept : user;
    if (!has(into, sym))
      vec_push(into, sym);
  }
  return WALK_SKIP;
}

static Vec shared_vars(Stmt **body)
{
  Vec v = {0};
  G.kept.len = 0;
  walk_stmt(&(Walker){.stmt_pre = shared_of, .user = &v}, body);
  return v;
}

/* ---------------------------------------------------------------- variables passed by value
 *
 * A parallel region reaches a variable of the serial code through its
 * argument block: a pointer to it, and then the master keeps it in
 * shared memory (shared_room), where the workers can reach it.  A scalar that nothing
 * can change while the region runs travels by value instead, in its
 * slot: the region's copy lives in a register, where through a reference
 * nvcc reloads it after every store the loop makes (the store might alias
 * it), and the master keeps it in its own registers.  Nothing can change
 * it when it is the team's own storage (a local of the serial code or a
 * by-value parameter, not device memory that other teams or the host
 * reach), the kernel or function never takes its address (so no pointer
 * reaches it), and the region neither assigns it nor names it in a
 * clause (lastprivate, reduction, linear, copyprivate write it back).  A
 * firstprivate scalar travels by value too: the region's copy starts
 * from its value at the fork (OpenMP 5.2 5.4.4). */

/* a walk looking for v (its writes, or any mention) */
typedef struct Seek {
  const Symbol *v;
  bool found;
} Seek;

static bool names(Expr *e, const Symbol *v)
{
  e = expr_unparen(e);
  return e->kind == E_IDENT && e->sym == v;
}

static WalkAction note_address(Expr **slot, void *user)
{
  Expr *e = *slot;
  if (e->kind == E_UNARY && e->op == OP_ADDR) {
    Expr *a = expr_unparen(e->a);
    if (a->kind == E_IDENT && a->sym && !has(user, a->sym))
      vec_push(user, a->sym);
  }
  return WALK_CONTINUE;
}

static void addressed_in(Stmt **body)
{
  G.addressed.len = 0;
  walk_stmt(&(Walker){.expr_pre = note_address, .user = &G.addressed}, body);
}

/* ---------------------------------------------------------------- escaping locals
 *
 * A variable of the serial code whose address leaves it, by & or by an
 * array's decay (passed to a function, stored in a pointer), may be
 * reached by the workers: through a pointer that a region reads, or in a
 * called function's orphaned parallel construct.  It moves to the shared
 * stack like the variables the regions name (a GPU thread's local memory
 * is its own).  An array used only by subscript or sizeof stays. */

/* The variable whose own storage e is (a, a.m, a[i] of an array a), or
 * NULL (through a pointer: p->m, *p, p[i]). */
static Symbol *storage_of(Expr *e)
{
  for (e = expr_unparen(e); e; e = expr_unparen(e->a)) {
    if (e->kind == E_IDENT)
      return e->sym;
    if (e->kind == E_INDEX || e->kind == E_SECTION) {
      Expr *base = expr_unparen(e->a);
      if (!base->ty || !type_is_array(base->ty))
        return NULL;
    } else if (e->kind != E_MEMBER)
      return NULL;
  }
  return NULL;
}

typedef struct Escapes {
  Vec syms;          /* Symbol*: escaped */
  Vec arrays, kept;  /* Symbol*, one per use: an array-typed use of it, one
                        that does not decay (subscript, sizeof, &) */
} Escapes;

static WalkAction note_escape(Expr **slot, void *user)
{
  Escapes *x = user;
  Expr *e = *slot;
  Symbol *s;
  if (e->kind == E_UNARY && e->op == OP_ADDR) {
    if ((s = storage_of(e->a)) && !has(&x->syms, s))
      vec_push(&x->syms, s);
    if ((s = storage_of(e->a)) && e->a->ty && type_is_array(e->a->ty))
      vec_push(&x->kept, s);
  }
  if ((e->kind == E_IDENT || e->kind == E_MEMBER || e->kind == E_INDEX) && e->ty &&
      type_is_array(e->ty) && (s = storage_of(e)))
    vec_push(&x->arrays, s);
  if ((e->kind == E_INDEX || e->kind == E_SECTION || e->kind == E_SIZEOF_EXPR ||
       e->kind == E_ALIGNOF_EXPR) && e->a) {
    Expr *a = expr_unparen(e->a);
    if (a->ty && type_is_array(a->ty) && (s = storage_of(a)))
      vec_push(&x->kept, s);
  }
  return e->kind == E_SIZEOF_EXPR || e->kind == E_ALIGNOF_EXPR ? WALK_SKIP : WALK_CONTINUE;
}

static int count_of(Vec *v, Symbol *s)
{
  int n = 0;
  for (int i = 0; i < v->len; i++)
    n += v->items[i] == s;
  return n;
}

/* Adds to into the variables whose address escapes in body. */
static void escaping_vars(Stmt **body, Vec *into)
{
  Escapes x = {0};
  walk_stmt(&(Walker){.expr_pre = note_escape, .user = &x}, body);
  Symbol *s;
  VEC_EACH(Symbol *, s, x.arrays)
    if (count_of(&x.arrays, s) > count_of(&x.kept, s) && !has(&x.syms, s))
      vec_push(&x.syms, s);
  VEC_EACH(Symbol *, s, x.syms)
    if (!has(into, s))
      vec_push(into, s);
}

/* Does body hold a construct that forks a team (an orphaned one, in a
 * device function)? */
static WalkAction note_fork(Stmt **slot, void *user)
{
  Stmt *s = *slot;
  if (s->kind == S_OMP && s->omp && forks(s->omp)) {
    *(bool *)user = true;
    return WALK_STOP;
  }
  return WALK_CONTINUE;
}

static WalkAction write_expr(Expr **slot, void *user)
{
  Seek *w = user;
  Expr *e = *slot;
  if (e->kind == E_ASSIGN || e->kind == E_PREINC || e->kind == E_PREDEC || e->kind == E_POSTINC ||
      e->kind == E_POSTDEC)
    w->found |= names(e->a, w->v);
  return w->found ? WALK_STOP : WALK_CONTINUE;
}

static WalkAction mention(Expr **slot, void *user)
{
  Seek *w = user;
  w->found |= (*slot)->kind == E_IDENT && (*slot)->sym == w->v;
  return w->found ? WALK_STOP : WALK_CONTINUE;
}

/* Does a clause of d other than shared and firstprivate name v? */
static bool clause_names(OmpDir *d, const Symbol *v)
{
  OmpClause *c;
  Seek w = {.v = v};
  VEC_EACH(OmpClause *, c, d->clauses)
    if (c->kind != OMPC_SHARED && c->kind != OMPC_FIRSTPRIVATE)
      for (int i = 0; i < c->items.len; i++)
        walk_expr(&(Walker){.expr_pre = mention, .user = &w}, (Expr **)&c->items.items[i]);
  return w.found;
}

static WalkAction write_stmt(Stmt **slot, void *user)
{
  Seek *w = user;
  Stmt *s = *slot;
  if (s->kind == S_ASM || (s->kind == S_OMP && clause_names(s->omp, w->v)))
    w->found = true;
  return w->found ? WALK_STOP : WALK_CONTINUE;
}

/* Does the region of directive d with body *body only read v? */
static bool read_only_in(OmpDir *d, Stmt **body, Symbol *v)
{
  if (v->ty->quals & (Q_VOLATILE | Q_ATOMIC))
    return false;
  if (v->storage == ST_STATIC_LOCAL || v->storage == ST_EXTERN_LOCAL || v->depth == 0)
    return false; /* one copy on the device, which any thread may change */
  MapEntry *m = G.region ? entry_of(G.region, v) : NULL;
  if (m && (m->cap == CAP_REF || m->cap == CAP_ARRAY))
    return false; /* device memory */
  if (has(&G.addressed, v) || clause_names(d, v))
    return false;
  Seek w = {.v = v};
  walk_stmt(&(Walker){.expr_pre = write_expr, .stmt_pre = write_stmt, .user = &w}, body);
  return !w.found;
}

/* Does the region of directive d with body *body get v by value: a scalar
 * that fits a slot (a void *, 8 bytes on the 64-bit targets) that it
 * only reads or that is firstprivate on d? */
static bool by_value(OmpDir *d, Stmt **body, Symbol *v)
{
  const Type *t = v->ty;
  long size = t ? type_size(t) : -1;
  if (size <= 0 || size > 8 || !(type_is_arith(t) || type_is_pointer(t)) || shared_by_pointer(v))
    return false;
  return in_clause(d, OMPC_FIRSTPRIVATE, v) || read_only_in(d, body, v);
}

/* ---------------------------------------------------------------- clauses */

static bool in_clause(OmpDir *d, OmpClauseKind k, Symbol *s)
{
  OmpClause *c;
  Expr *e;
  VEC_EACH(OmpClause *, c, d->clauses)
    if (c->kind == k)
      VEC_EACH(Expr *, e, c->items)
        if (e->kind == E_IDENT && e->sym == s)
          return true;
  return false;
}

/* The reduction clause of d whose list item (*item) is s or a section
 * of it. */
static OmpClause *reduction_clause(OmpDir *d, Symbol *s, Expr **item)
{
  OmpClause *c;
  Expr *e;
  VEC_EACH(OmpClause *, c, d->clauses)
    if (c->kind == OMPC_REDUCTION)
      VEC_EACH(Expr *, e, c->items)
        if (sema_base_symbol(e) == s) {
          if (item)
            *item = e;
          return c;
        }
  return NULL;
}

static const char *clause_text(OmpDir *d, OmpClauseKind k)
{
  OmpClause *c = omp_find_clause(d, k);
  return c && c->expr ? print_expr_str(c->expr) : NULL;
}

/* The functor and the private copy of a reduction clause's item s. */
static const char *red_functor(OmpClause *c, Symbol *s)
{
  return reduction_functor(c->red_op, offload_udr(G.o, c, s->ty));
}

static const char *red_private(OmpClause *c, Symbol *s, const char *v, const char *orig)
{
  return reduction_private(s, v, c->red_op, offload_udr(G.o, c, s->ty), orig);
}

/* The private copy of reduction item e (of s) under the name v, its
 * original the identifier orig: its statements added to stmts, the
 * combining call (scalar or array) pushed on reds.  in_region: in a
 * parallel region's function, whose team is never an SPMD block
 * (__ompicc_region_reduce). */
static void red_copy(OmpClause *c, Expr *e, Symbol *s, const char *v, const char *orig, Stmt *stmts,
                     Vec *reds, bool in_region, bool stacked)
{
  const char *fn = in_region ? "__ompicc_region_reduce" : "__ompicc_team_reduce";
  RedArray a;
  if (offload_red_array(e, &a, false) != 1 && stacked) {
    /* made as a local, then moved to shared memory */
    const char *tmp = xasprintf("__ompicc_i_%s", s->name);
    add(stmts, raw(red_private(c, s, tmp, orig)));
    const char *pop, *room = var_room(tmp, v, &pop);
    add(stmts, raw(xasprintf("decltype(%s) &%s = *(decltype(%s) *)%s; __ompicc_assign(%s, %s)", tmp,
                             v, tmp, room, v, tmp)));
    vec_push(reds, xasprintf("%s(&%s, %s, %s()); %s", fn, orig, v, red_functor(c, s), pop));
    return;
  }
  if (offload_red_array(e, &a, false) != 1) {
    add(stmts, raw(red_private(c, s, v, orig)));
    vec_push(reds, xasprintf("%s(&%s, %s, %s()%s)", fn, orig, v, red_functor(c, s),
                             in_region ? team_arg() : ""));
    return;
  }
  char *fini;
  Vec st = reduction_array(s, &a, v, orig, c->red_op, offload_udr(G.o, c, a.elem),
                             xasprintf("%s_n", fn), stacked, NULL, &fini);
  const char *t;
  VEC_EACH(const char *, t, st)
    add(stmts, raw(t));
  vec_push(reds, fini);
}

/* Private copies of a worksharing construct or a region: private,
 * reduction (its original reached as __ompicc_r_x, declared before), and
 * lastprivate (__ompicc_l_x). */
/* linear(x: step) on a for (OpenMP 5.2 5.4.6): each thread keeps the
 * value at the construct and a reference to the original, and waits
 * until every thread has read it (the last iteration's thread writes the
 * original back); iteration() sets the private copy from that value, and
 * lastprivate_out() writes it back.  Returns the items and their steps,
 * Expr* pairs. */
static Vec linear_copies(OmpDir *d, Stmt *outer, Stmt *inner, Vec *loops)
{
  Vec linear = {0};
  OmpClause *c;
  Expr *e;
  VEC_EACH(OmpClause *, c, d->clauses) {
    if (c->kind != OMPC_LINEAR)
      continue;
    VEC_EACH(Expr *, e, c->items) {
      Symbol *s = e->kind == E_IDENT ? e->sym : NULL;
      OmpLoop *l;
      bool loop_var = false;
      VEC_EACH(OmpLoop *, l, *loops)
        loop_var |= l->var == s;
      if (!s || loop_var)
        continue;
      const char *v = name_of(s);
      add(outer, raw(xasprintf("%s = %s", decl_text(s, xasprintf("(&__ompicc_l_%s)", s->name), false), v)));
      add(outer, raw(xasprintf("const %s = %s", decl_text(s, xasprintf("__ompicc_l0_%s", s->name), false), v)));
      add(inner, raw(decl_text(s, v, false)));
      vec_push(&linear, e);
      vec_push(&linear, omp_linear_step(c));
    }
  }
  if (linear.len)
    add(outer, raw(barrier_call()));
  return linear;
}

static bool loop_var(Vec *loops, Symbol *s)
{
  OmpLoop *l;
  if (loops)
    VEC_EACH(OmpLoop *, l, *loops)
      if (l->var == s)
        return true;
  return false;
}

/* A private copy named v of s, declared in inner: where the master makes
 * it in the serial code (or a device function's) and a parallel region
 * there reaches s through a pointer (G.relocate), in shared memory,
 * as relocate_decl moves the serial code's locals (a GPU thread's local
 * memory is its own), its pop pushed on pops; else a local. */
static void private_decl(Stmt *inner, Symbol *s, const char *v, Vec *pops)
{
  if (G.mode == M_REGION || !has(&G.relocate, s) || (s->ty && type_is_vla(s->ty))) {
    add(inner, raw(decl_text(s, v, false)));
    return;
  }
  const char *tmp = xasprintf("__ompicc_i_%s", s->name);
  const char *pop, *room = var_room(tmp, v, &pop);
  add(inner, raw(xasprintf("%s; decltype(%s) &%s = *(decltype(%s) *)%s; (void)%s",
                           decl_text(s, tmp, false), tmp, v, tmp, room, tmp)));
  vec_push(pops, (void *)pop);
}

/* The pops of private_decl's copies and the reductions' combining calls
 * (with the pops of theirs in shared memory), last first, after the
 * statements that end the construct (reds). */
static void private_pops(Vec *reds, Vec *pops)
{
  for (int i = pops->len - 1; i >= 0; i--)
    vec_push(reds, pops->items[i]);
}

/* The copies of d's private, lastprivate, reduction and firstprivate
 * clauses.  loops: the nest of a loop construct, whose iterations declare
 * their own loop variables (NULL: none).  What ends each copy, the
 * combining call of a reduction and the pop of a copy on the shared
 * stack (a copy of the serial code that a nested region reaches), is
 * pushed on reds, the last copy's first, to end the construct.
 * teams_reds: the construct's reductions are not its own but its teams
 * leaf's (distribute takes no reduction clause, OpenMP 5.2 11.6, so on
 * teams distribute it is the teams construct's, 17.2), whose copy
 * teams_reductions made, where the team's parallel regions reach it. */
static void private_copies(OmpDir *d, Vec *loops, Stmt *outer, Stmt *inner, Vec *reds,
                           bool teams_reds)
{
  Vec pops = {0}; /* what ends each copy, in the order they were made */
  OmpClause *c;
  Expr *e;
  VEC_EACH(OmpClause *, c, d->clauses) {
    if (c->kind != OMPC_PRIVATE && c->kind != OMPC_REDUCTION && c->kind != OMPC_LASTPRIVATE)
      continue;
    VEC_EACH(Expr *, e, c->items) {
      Symbol *s = e->kind == E_IDENT || c->kind == OMPC_REDUCTION ? sema_base_symbol(e) : NULL;
      if (!s)
        continue;
      const char *v = name_of(s);
      if (c->kind == OMPC_PRIVATE) {
        if (!loop_var(loops, s))
          private_decl(inner, s, v, &pops);
      } else if (c->kind == OMPC_LASTPRIVATE) {
        add(outer, raw(xasprintf("%s = %s", decl_text(s, xasprintf("(&__ompicc_l_%s)", s->name), false), v)));
        if (!loop_var(loops, s))
          private_decl(inner, s, v, &pops);
      } else if (!teams_reds) {
        const char *ref = xasprintf("__ompicc_r_%s", s->name);
        add(outer, raw(xasprintf("%s = %s", decl_text(s, xasprintf("(&%s)", ref), false), v)));
        red_copy(c, e, s, v, ref, inner, &pops, G.mode == M_REGION,
                 G.mode != M_REGION && has(&G.relocate, s));
      }
    }
  }
  /* firstprivate: a copy made from the original, __ompicc_f_x (5.4.4);
   * with lastprivate too, the copy lastprivate made above */
  VEC_EACH(OmpClause *, c, d->clauses) {
    if (c->kind != OMPC_FIRSTPRIVATE)
      continue;
    VEC_EACH(Expr *, e, c->items) {
      Symbol *s = e->kind == E_IDENT ? e->sym : NULL;
      if (!s || loop_var(loops, s))
        continue;
      const char *v = name_of(s), *orig = xasprintf("__ompicc_f_%s", s->name);
      add(outer, raw(xasprintf("%s = %s", decl_text(s, xasprintf("(&%s)", orig), false), v)));
      if (!in_clause(d, OMPC_LASTPRIVATE, s))
        private_decl(inner, s, v, &pops);
      add(inner, raw(xasprintf("memcpy((void *)&%s, (const void *)&%s, sizeof %s)", v, orig, v)));
    }
  }
  private_pops(reds, &pops);
}

/* ---------------------------------------------------------------- lowering */

static void lower(Stmt **slot);

/* The construct of the leaves `rest` of s's combined directive (OpenMP
 * 5.2 17.4), with the clauses of s that it allows, over s's body:
 * parallel master is a parallel over a master, master taskloop a master
 * over a taskloop.  Without keep_reductions the reductions stay with the
 * enclosing leaf (a parallel's are its region's). */
static Stmt *inner_construct(Stmt *s, unsigned rest, bool keep_reductions)
{
  OmpDir *d = xmalloc(sizeof *d);
  *d = *s->omp;
  d->kind = omp_dir_of_leaves(rest);
  d->leaves = rest;
  d->clauses = (Vec){0};
  OmpClause *c;
  /* without keep_reductions, the enclosing parallel region's copies are
   * the threads' own: private and firstprivate stay with it too */
  VEC_EACH(OmpClause *, c, s->omp->clauses)
    if (omp_clause_allowed(d->kind, c->kind) &&
        (keep_reductions || (c->kind != OMPC_REDUCTION && c->kind != OMPC_PRIVATE &&
                             c->kind != OMPC_FIRSTPRIVATE)))
      vec_push(&d->clauses, c);
  Stmt *in = mk_stmt(S_OMP, s->loc);
  in->omp = d;
  in->body = s->body;
  return in;
}

static Stmt *lowered_body(Stmt *s)
{
  Stmt *c = block();
  add(c, s->body ? s->body : raw(""));
  lower_fresh(c, 0);
  return c;
}

static const char *const sched_kind[] = {
    [OMPW_STATIC] = "OMPICC_SCHED_STATIC", [OMPW_DYNAMIC] = "OMPICC_SCHED_DYNAMIC",
    [OMPW_GUIDED] = "OMPICC_SCHED_GUIDED", [OMPW_AUTO] = "OMPICC_SCHED_AUTO",
    [OMPW_RUNTIME] = "OMPICC_SCHED_RUNTIME",
};

/* for, distribute: the chunks of the normalised space, the user's loop
 * variables recomputed per iteration (OpenMP 5.2 4.4.2). */
static Stmt *parallel(Stmt *s);

/* for ordered (OpenMP 5.2 11.5; ordered(n), doacross, is a sorry). */
static bool ordered_loop(OmpDir *d)
{
  OmpClause *c = omp_find_clause(d, OMPC_ORDERED);
  if (c && c->expr)
    sorry(d->loc, "'ordered(n)' (doacross loops) in a target region");
  return c != NULL;
}

/* #pragma omp ordered in the iterations of the enclosing for ordered:
 * OMPICC_ORDERED(&w, k) { body } (OpenMP 5.2 15.10.1). */
static Stmt *ordered_block(Stmt *s)
{
  if (omp_find_clause(s->omp, OMPC_DEPEND) || omp_find_clause(s->omp, OMPC_DOACROSS))
    sorry(s->loc, "'#pragma omp ordered' with 'depend' or 'doacross' (doacross loops) in a target "
                  "region");
  bool threads = !omp_find_clause(s->omp, OMPC_SIMD) || omp_find_clause(s->omp, OMPC_THREADS);
  if (!threads) /* ordered simd: the loop's iterations already run in order on a thread */
    return lowered_body(s);
  if (!G.ord_w && G.in_loop) { /* its loop has no ordered clause */
    error(s->loc, "an 'ordered' region must be closely nested in a loop region with an 'ordered' "
                  "clause (OpenMP 5.2 15.10.1)");
    return lowered_body(s);
  }
  if (!G.ord_w) {
    sorry(s->loc, "'#pragma omp ordered' outside the body of a 'for ordered' of the same "
                  "function, in a target region");
    return lowered_body(s);
  }
  Stmt *c = block();
  add(c, raw(xasprintf("OMPICC_ORDERED(%s, %s) {", G.ord_w, G.ord_k)));
  add(c, lowered_body(s));
  add(c, raw("}"));
  return c;
}

/* distribute parallel for (OpenMP 5.2 11.6, 10.2): the team's master
 * forks its team for each distribute chunk [lo, hi), whose threads share
 * it as a for (doc/DEVLIB.md). */
static Stmt *fork_chunk(Stmt *s, int t)
{
  OmpDir *pd = xmalloc(sizeof *pd);
  *pd = *s->omp;
  pd->kind = OMPD_PARALLEL_FOR;
  Stmt *ps = mk_stmt(S_OMP, s->loc);
  ps->omp = pd;
  ps->body = s->body;
  G.range_lo = xasprintf("__ompicc_lo%d", t);
  G.range_hi = xasprintf("__ompicc_hi%d", t);
  Stmt *fork = parallel(ps);
  G.range_lo = G.range_hi = NULL;
  return fork;
}

/* lastprivate(x): the value of x after the sequentially last iteration;
 * for a loop variable of the nest (declared outside it), the value the
 * loop leaves it with (OpenMP 5.2 5.4.5), as the iteration's own copy is
 * gone by then. */
static const char *last_value(Vec *loops, Expr *e, int t)
{
  OmpLoop *l;
  VEC_EACH(OmpLoop *, l, *loops)
    if (e->kind == E_IDENT && l->var == e->sym)
      return offload_nest_rectangular(loops)
                 ? offload_loop_value(l, xasprintf("__ompicc_n%d_%d", t, l_i))
                 : nest_final_value(loops, l_i, xasprintf("%d", t));
  return print_cxx_name(e->text);
}

/* The schedule of a for (kind, chunk), or distribute's chunk: the
 * clause's, and where the implementation chooses (no schedule clause,
 * def-sched-var, OpenMP 5.2 11.5.3 and 2.4.2; schedule(auto)) the
 * iterations one by one round robin, as the SPMD kernels deal them
 * (kernels.c), so that a warp's threads touch consecutive elements:
 * contiguous blocks would make every load of a warp touch 32 blocks.  A
 * distribute without dist_schedule (11.6.1: the implementation's choice)
 * deals its iterations one by one round robin too, as the SPMD kernels'
 * grid stride does: no division, where the block of each team took the
 * out-of-line __ompicc_static_block (120 instructions, bench/sass
 * spmv-generic).  A distribute parallel for (forks) gives each team one
 * contiguous block instead: it forks its team once per chunk. */
static void loop_schedule(OmpDir *d, bool distribute, bool forks, const char **kind,
                          const char **chunk)
{
  *kind = "OMPICC_SCHED_STATIC", *chunk = forks ? "0" : "1";
  OmpClause *sc = omp_find_clause(d, distribute ? OMPC_DIST_SCHEDULE : OMPC_SCHEDULE);
  if (sc && distribute) /* dist_schedule(static): one block per team */
    *chunk = "0";
  if (sc && !distribute && sc->word != OMPW_AUTO &&
      sc->word < (int)(sizeof sched_kind / sizeof *sched_kind) && sched_kind[sc->word])
    *kind = sched_kind[sc->word], *chunk = "0";
  if (sc && sc->expr)
    *chunk = print_expr_str(sc->expr);
}

/* Iteration __ompicc_iv<t> of a for: the user's loop variables from it,
 * then the body; in a for ordered, between __ompicc_ordered_begin and
 * _end, the body in a do-while (0) so that a continue still ends the
 * iteration.  ranged: the loop's space is the chunk of distribute
 * parallel for, which starts at __ompicc_rlo. */
static Stmt *iteration(Stmt *s, Vec *loops, Vec *linear, Stmt *inner, int t, bool ordered,
                       bool ranged)
{
  Stmt *f = mk_stmt(S_FOR, s->loc);
  f->init = mk_expr_stmt(s->loc, rexpr(xasprintf("long long __ompicc_iv%d = __ompicc_lo%d", t, t)));
  f->expr = rexpr(xasprintf("__ompicc_iv%d < __ompicc_hi%d", t, t));
  int n = loops->len;
  bool digits = n > 1 && offload_nest_rectangular(loops); /* ws_loop declares them */
  f->expr2 = rexpr(digits ? xasprintf("__ompicc_iv%d++, __ompicc_digits_next(__ompicc_k%d, __ompicc_e%d)",
                                      t, t, t)
                          : xasprintf("__ompicc_iv%d++", t));
  Stmt *it = f->body = block();
  const char *saved_w = G.ord_w, *saved_k = G.ord_k;
  bool saved_in_loop = G.in_loop;
  G.ord_w = G.ord_k = NULL;
  G.in_loop = true;
  if (ordered) {
    G.ord_w = xasprintf("&__ompicc_w%d", t);
    G.ord_k = xasprintf("__ompicc_iv%d - %s", t, ranged ? "__ompicc_rlo" : "0");
    add(it, raw(xasprintf("__ompicc_ordered_begin(%s, %s)", G.ord_w, G.ord_k)));
    Stmt *dw = mk_stmt(S_DO, s->loc);
    dw->expr = mk_int(s->loc, "0");
    dw->body = block();
    add(it, dw);
    add(it, raw(xasprintf("__ompicc_ordered_end(%s, %s)", G.ord_w, G.ord_k)));
    it = dw->body;
  }
  OmpLoop *l;
  if (!offload_nest_rectangular(loops)) { /* nest.c */
    bool *used = xcalloc(n, sizeof *used);
    VEC_EACH(OmpLoop *, l, *loops)
      used[l_i] = l->used;
    const char *st;
    VEC_EACH(const char *, st, nest_iteration(loops, xasprintf("%d", t),
                                              xasprintf("__ompicc_iv%d", t), used))
      add(it, raw(st));
  }
  VEC_EACH(OmpLoop *, l, *loops) {
    if (!l->used || !offload_nest_rectangular(loops))
      continue;
    const char *iv = digits ? xasprintf("__ompicc_k%d[%d]", t, l_i) : xasprintf("__ompicc_iv%d", t);
    add(it, raw(xasprintf("%s = %s", decl_text(l->var, print_cxx_name(l->name), false),
                          offload_loop_value(l, xasprintf("(%s)", iv)))));
  }
  for (int i = 0; i + 1 < linear->len; i += 2) {
    Expr *e = linear->items[i], *step = linear->items[i + 1];
    add(it, raw(xasprintf("%s = __ompicc_l0_%s + __ompicc_iv%d * (%s)", name_of(e->sym), e->sym->name, t,
                          step ? print_expr_str(step) : "1")));
  }
  /* a loop variable that a parallel region inside shares: the master's
   * own local, which the workers cannot reach, so the body sees it in
   * shared memory (one slot for the chunk, set at each iteration) */
  Stmt *outer = NULL, *body_block = it;
  Vec slot_pops = {0}; /* the slots' pops, by loop (NULL: none) */
  VEC_EACH(OmpLoop *, l, *loops) {
    vec_push(&slot_pops, NULL);
    if (G.mode == M_REGION || !l->used || !has(&G.relocate, l->var))
      continue;
    const char *v = print_cxx_name(l->name), *slot = xasprintf("__ompicc_gv%d_%s", t, l->name);
    if (!outer) {
      outer = block();
      body_block = block();
    }
    const char *size = xasprintf("sizeof *%s", slot), *pop, *room = shared_room(size, slot, size, &pop);
    slot_pops.items[l_i] = (void *)pop;
    add(outer, raw(xasprintf("%s = (%s)%s", decl_text(l->var, xasprintf("(*%s)", slot), false),
                             decl_text(l->var, "(*)", false), room)));
    add(it, raw(xasprintf("*%s = %s", slot, v)));
    add(body_block, raw(xasprintf("%s = *%s", decl_text(l->var, xasprintf("(&%s)", v), false), slot)));
  }
  add(body_block, inner);
  int brk = G.break_mark, cont = G.continue_mark;
  G.break_mark = G.continue_mark = G.pushed.len; /* a continue of the body: the next iteration */
  lower_fresh(body_block, body_block->items.len - 1);
  G.break_mark = brk, G.continue_mark = cont;
  G.ord_w = saved_w, G.ord_k = saved_k;
  G.in_loop = saved_in_loop;
  if (!outer)
    return f;
  add(it, body_block);
  add(outer, f);
  for (int i = loops->len - 1; i >= 0; i--)
    if (slot_pops.items[i])
      add(outer, raw(slot_pops.items[i]));
  return outer;
}

/* lastprivate: after the chunk that holds the last iteration. */
static Stmt *lastprivate_out(OmpDir *d, Vec *loops, Vec *linear, int t)
{
  StrBuf lp = {0};
  OmpClause *c;
  Expr *e;
  VEC_EACH(OmpClause *, c, d->clauses)
    if (c->kind == OMPC_LASTPRIVATE)
      VEC_EACH(Expr *, e, c->items)
        sb_printf(&lp, " %s;",
                  e->sym ? assign_text(e->sym, xasprintf("__ompicc_l_%s", e->text),
                                       last_value(loops, e, t))
                         : xasprintf("__ompicc_l_%s = %s", e->text, last_value(loops, e, t)));
  for (int i = 0; i < linear->len; i += 2) {
    Expr *e = linear->items[i];
    sb_printf(&lp, " __ompicc_l_%s = %s;", e->sym->name, name_of(e->sym));
  }
  if (!lp.len)
    return NULL;
  return raw(xasprintf("if (__ompicc_is_last(__ompicc_hi%d, __ompicc_tot%d)) {%s }", t, t, lp.s));
}

static Stmt *ws_loop(Stmt *s, bool distribute)
{
  OmpDir *d = s->omp;
  /* the loop of a team's threads in distribute parallel for: the chunk */
  bool ranged = !distribute && G.range_in;
  bool forks = distribute && (omp_dir_leaves(d->kind) & OMP_LEAF_PARALLEL);
  bool ordered = !distribute && ordered_loop(d);
  G.range_in = false;
  Vec loops = {0};
  Stmt *inner = NULL;
  if (!offload_loop_nest(s->body, d, &loops, &inner))
    return s->body;
  int t = ++G.ntemps;
  Stmt *outer = block(), *in = block();
  StrBuf tot = {0};
  OmpLoop *l;
  if (!offload_nest_rectangular(&loops)) {
    /* the collapsed space numbered as in any nest, mapped back by nest.c;
     * a thread's place in it where the thread runs iterations */
    Vec decls = nest_decls(&loops, xasprintf("%d", t));
    add(outer, raw(decls.items[0]));
    if (!forks)
      add(outer, raw(decls.items[1]));
    sb_puts(&tot, nest_count(&loops, xasprintf("%d", t)));
  } else
    VEC_EACH(OmpLoop *, l, loops) {
      add(outer, raw(xasprintf("const long long __ompicc_n%d_%d = %s", t, l_i, offload_trip(l))));
      sb_printf(&tot, "%s__ompicc_n%d_%d", l_i ? " * " : "", t, l_i);
    }
  add(outer, raw(xasprintf("const long long __ompicc_tot%d = %s", t, tot.s)));
  Vec reds = {0};
  if (!forks) /* else the clauses are the region's */
    private_copies(d, &loops, outer, in, &reds, distribute);
  Vec linear = distribute ? (Vec){0} : linear_copies(d, outer, in, &loops);
  add(outer, in);
  const char *kind, *chunk;
  loop_schedule(d, distribute, forks, &kind, &chunk);
  add(in, raw(xasprintf("__ompicc_ws __ompicc_w%d; long long __ompicc_lo%d, __ompicc_hi%d", t, t, t)));
  if (distribute)
    add(in, raw(xasprintf("__ompicc_distribute_init(&__ompicc_w%d, __ompicc_tot%d, %s)", t, t, chunk)));
  else
    add(in, raw(xasprintf("__ompicc_for_init%s(&__ompicc_w%d, %s, %s, %s%s)", ordered ? "_ordered" : "",
                          t, ranged ? "__ompicc_rhi - __ompicc_rlo" : xasprintf("__ompicc_tot%d", t),
                          kind, chunk, ordered ? "" : team_arg())));
  if (ranged)
    add(in, raw(xasprintf("(void)__ompicc_tot%d", t)));
  Stmt *chunk_body = block();
  Stmt *w = mk_stmt(S_WHILE, s->loc);
  w->expr = rexpr(xasprintf("__ompicc_for_next(&__ompicc_w%d, &__ompicc_lo%d, &__ompicc_hi%d)", t, t, t));
  w->body = chunk_body;
  bool digits = !forks && loops.len > 1 && offload_nest_rectangular(&loops);
  if (digits) {
    /* the nest's indices: stepped through each chunk, and from one chunk
     * to the next by the gap between them, divided out once
     * (__ompicc_digits_at, omp-loop.h) */
    StrBuf e = {0};
    VEC_EACH(OmpLoop *, l, loops)
      sb_printf(&e, "%s__ompicc_n%d_%d", l_i ? ", " : "", t, l_i);
    add(in, raw(xasprintf("const long long __ompicc_e%d[] = {%s}", t, e.s)));
    add(in, raw(xasprintf("long long __ompicc_k%d[%d]", t, loops.len)));
    add(in, raw(xasprintf("__ompicc_dcursor<%d> __ompicc_c%d = {-1, 0, {0}}", loops.len, t)));
  }
  add(in, w);
  if (forks) {
    add(chunk_body, fork_chunk(s, t));
    return outer;
  }
  if (ranged) /* back to the iterations of the whole loop */
    add(chunk_body, raw(xasprintf("__ompicc_lo%d += __ompicc_rlo, __ompicc_hi%d += __ompicc_rlo", t, t)));
  if (digits)
    add(chunk_body, raw(xasprintf("__ompicc_digits_at(&__ompicc_c%d, __ompicc_lo%d, __ompicc_e%d, __ompicc_k%d)",
                                  t, t, t, t)));
  if (!distribute && (!strcmp(kind, "OMPICC_SCHED_DYNAMIC") || !strcmp(kind, "OMPICC_SCHED_GUIDED"))) {
    /* a dynamic or guided chunk is short (dynamic's one iteration by
     * default, guided's shrink to the chunk size): nvcc's 16-fold
     * unrolling of its loop, for a count it cannot see, ran for a long
     * chunk only, and its remainder code was 170 SASS instructions of
     * spmv-generic (bench/sass); g++ ignores the pragma */
    Stmt *pr = mk_stmt(S_PRAGMA, s->loc);
    pr->text = "unroll 4";
    add(chunk_body, pr);
  }
  add(chunk_body, iteration(s, &loops, &linear, inner, t, ordered, ranged));
  if (digits) /* the for left the indices at the chunk's end */
    add(chunk_body, raw(xasprintf("__ompicc_c%d.at = __ompicc_hi%d", t, t)));
  Stmt *lp = lastprivate_out(d, &loops, &linear, t);
  if (lp)
    add(chunk_body, lp);
  const char *red;
  VEC_EACH(const char *, red, reds)
    add(in, raw(red));
  bool nowait = omp_find_clause(d, OMPC_NOWAIT) || s == G.ends_region;
  if (!distribute)
    add(outer, raw(xasprintf("__ompicc_for_fini(%d%s)", nowait, team_arg())));
  return outer;
}

/* sections: one static chunk of one section per index. */
static Stmt *ws_sections(Stmt *s)
{
  Stmt *body = s->body;
  Vec secs = {0};
  if (body && body->kind == S_COMPOUND) {
    Stmt *it;
    VEC_EACH(Stmt *, it, body->items)
      vec_push(&secs, it->kind == S_OMP && it->omp->kind == OMPD_SECTION ? it->body : it);
  } else if (body)
    vec_push(&secs, body);
  int t = ++G.ntemps;
  Stmt *outer = block(), *in = block();
  Vec reds = {0};
  private_copies(s->omp, NULL, outer, in, &reds, false);
  add(outer, in);
  add(in, raw(xasprintf("__ompicc_ws __ompicc_w%d; long long __ompicc_lo%d, __ompicc_hi%d", t, t, t)));
  add(in, raw(xasprintf("__ompicc_for_init(&__ompicc_w%d, %d, OMPICC_SCHED_STATIC, 1%s)", t, secs.len,
                        team_arg())));
  /* lastprivate: the lexically last section's thread sets the original
   * (OpenMP 5.2 5.4.5) */
  StrBuf lp = {0};
  OmpClause *c;
  Expr *e;
  VEC_EACH(OmpClause *, c, s->omp->clauses)
    if (c->kind == OMPC_LASTPRIVATE)
      VEC_EACH(Expr *, e, c->items)
        if (e->kind == E_IDENT && e->sym)
          sb_printf(&lp, "%s%s", lp.len ? "; " : "",
                    assign_text(e->sym, xasprintf("__ompicc_l_%s", e->sym->name), name_of(e->sym)));
  Stmt *sw = block();
  Stmt *st;
  VEC_EACH(Stmt *, st, secs) {
    Stmt *cs = mk_stmt(S_CASE, st->loc);
    cs->expr = mk_int(st->loc, xasprintf("%d", st_i));
    cs->body = block();
    add(cs->body, st);
    lower_fresh(cs->body, 0);
    if (st_i == secs.len - 1 && lp.len)
      add(cs->body, raw(lp.s));
    add(sw, cs);
    add(sw, mk_stmt(S_BREAK, st->loc));
  }
  Stmt *swi = mk_stmt(S_SWITCH, s->loc);
  swi->expr = rexpr(xasprintf("(int)__ompicc_lo%d", t));
  swi->body = sw;
  Stmt *w = mk_stmt(S_WHILE, s->loc);
  w->expr = rexpr(xasprintf("__ompicc_for_next(&__ompicc_w%d, &__ompicc_lo%d, &__ompicc_hi%d)", t, t, t));
  w->body = swi;
  add(in, w);
  const char *red;
  VEC_EACH(const char *, red, reds)
    add(in, raw(red));
  add(outer, raw(xasprintf("__ompicc_for_fini(%d%s)",
                           omp_find_clause(s->omp, OMPC_NOWAIT) || s == G.ends_region, team_arg())));
  return outer;
}

/* s's block as a thread runs it with its copies of s's clauses
 * (private_copies): the references to the originals, then a block of the
 * copies, the lowered body and what ends the copies. */
static Stmt *body_with_copies(Stmt *s)
{
  Stmt *outer = block(), *in = block();
  Vec ends = {0};
  private_copies(s->omp, NULL, outer, in, &ends, false);
  add(outer, in);
  add(in, lowered_body(s));
  const char *end;
  VEC_EACH(const char *, end, ends)
    add(in, raw(end));
  return outer;
}

/* single (OpenMP 5.2 11.1): the thread that gets it runs the block with
 * its private and firstprivate copies; copyprivate broadcasts its values;
 * then the barrier, unless nowait. */
static Stmt *ws_single(Stmt *s)
{
  int t = ++G.ntemps;
  Stmt *c = block();
  add(c, raw(xasprintf("int __ompicc_ran%d = __ompicc_single()", t)));
  add(c, mk_if(s->loc, rexpr(xasprintf("__ompicc_ran%d", t)), body_with_copies(s), NULL));
  OmpClause *cl;
  Expr *e;
  bool copied = false;
  VEC_EACH(OmpClause *, cl, s->omp->clauses)
    if (cl->kind == OMPC_COPYPRIVATE)
      VEC_EACH(Expr *, e, cl->items) {
        const char *v = print_expr_str(e);
        add(c, raw(xasprintf("__ompicc_copyprivate(&(%s), sizeof(%s), __ompicc_ran%d)", v, v, t)));
        copied = true;
      }
  if (!copied)
    add(c, raw(xasprintf("__ompicc_for_fini(%d%s)", omp_find_clause(s->omp, OMPC_NOWAIT) != NULL,
                         team_arg())));
  return c;
}

/* scope (OpenMP 5.2 11.2): every thread of the team runs the block, with
 * its private, firstprivate (from the original, __ompicc_f_x) and
 * reduction copies, combined at the end, then the implicit barrier
 * unless nowait. */
static Stmt *ws_scope(Stmt *s)
{
  Stmt *outer = body_with_copies(s);
  add(outer, raw(xasprintf("__ompicc_for_fini(%d%s)", omp_find_clause(s->omp, OMPC_NOWAIT) != NULL,
                           team_arg())));
  return outer;
}

static Stmt *masked(Stmt *s)
{
  const char *f = s->omp->kind == OMPD_MASKED ? clause_text(s->omp, OMPC_FILTER) : NULL;
  return mk_if(s->loc, rexpr(xasprintf("__ompicc_masked(%s)", f ? f : "0")), lowered_body(s), NULL);
}

static Stmt *critical(Stmt *s)
{
  const char *lock = "__ompicc_crit_unnamed";
  if (s->omp->name) {
    lock = xasprintf("OMPICC_CRITICAL_LOCK(%s)", s->omp->name);
    if (!has(&G.crit, intern(s->omp->name)))
      vec_push(&G.crit, (void *)intern(s->omp->name));
  }
  /* OMPICC_CRITICAL(&lock) { body }: the macro ends in a for header */
  Stmt *c = block();
  add(c, raw(xasprintf("OMPICC_CRITICAL(&%s) {", lock)));
  Stmt *b = lowered_body(s);
  add(c, b);
  add(c, raw("}"));
  return c;
}


/* default(private) or default(firstprivate) on d (OpenMP 5.2 5.4.1): d
 * with a private or firstprivate clause added for each variable of vars
 * whose data-sharing attribute is implicitly determined (not named in a
 * data-sharing clause, without static storage duration); else d. */
static OmpDir *with_default(OmpDir *d, Vec *vars)
{
  OmpClause *def = omp_find_clause(d, OMPC_DEFAULT);
  if (!def || (def->word != OMPW_PRIVATE && def->word != OMPW_FIRSTPRIVATE))
    return d;
  static const OmpClauseKind named[] = {OMPC_PRIVATE, OMPC_FIRSTPRIVATE, OMPC_LASTPRIVATE,
                                        OMPC_SHARED, OMPC_LINEAR, OMPC_COPYIN};
  OmpClause *add_cl = xcalloc(1, sizeof *add_cl);
  add_cl->kind = def->word == OMPW_PRIVATE ? OMPC_PRIVATE : OMPC_FIRSTPRIVATE;
  add_cl->loc = def->loc;
  Symbol *v;
  VEC_EACH(Symbol *, v, *vars) {
    bool listed = reduction_clause(d, v, NULL) != NULL;
    for (size_t i = 0; i < sizeof named / sizeof *named; i++)
      listed |= in_clause(d, named[i], v);
    if (listed || v->depth == 0 || v->storage == ST_STATIC_LOCAL || v->storage == ST_EXTERN_LOCAL)
      continue;
    Expr *e = mk_ident(def->loc, v->name);
    e->sym = v, e->ty = v->ty;
    vec_push(&add_cl->items, e);
  }
  if (!add_cl->items.len)
    return d;
  OmpDir *c = xmalloc(sizeof *c);
  *c = *d;
  c->clauses = (Vec){0};
  OmpClause *cl;
  VEC_EACH(OmpClause *, cl, d->clauses)
    vec_push(&c->clauses, cl);
  vec_push(&c->clauses, add_cl);
  return c;
}

/* parallel: the region function and the fork. */
static Stmt *parallel(Stmt *s)
{
  int id = ++G.nregions;
  const char *rlo = G.range_lo, *rhi = G.range_hi;
  G.range_lo = G.range_hi = NULL;
  const char *fn = xasprintf("__omp_par_%d_%d", s->loc.line, id);
  Vec vars = free_vars(&s->body);
  OmpDir *d = with_default(s->omp, &vars);
  /* the region function */
  bool saved_team = G.team;
  G.team = G.mode == M_SERIAL; /* the workers' loop dispatches it */
  Stmt *body = block();
  Vec reds = {0};
  StrBuf refs = {0};
  Symbol *v;
  bool *val = xcalloc(vars.len + 1, sizeof *val);
  int stride_slot = vars.len + (rlo ? 2 : 0); /* the views' strides (view_of) */
  VEC_EACH(Symbol *, v, vars) {
    const char *n = name_of(v);
    int dims = view_of(v);
    if (dims) { /* the view, rebuilt from its element pointer and strides */
      sb_printf(&refs, "  %s = (%s)__ompicc_a[%d];\n",
                view_elem_text(v, xasprintf("(*__ompicc_vp_%s)", v->name), dims),
                view_elem_text(v, "(*)", dims), v_i);
      sb_printf(&refs, "  __ompicc_vla<__typeof__(*__ompicc_vp_%s), %d> %s = {__ompicc_vp_%s, {",
                v->name, dims, n, v->name);
      for (int k = 1; k < dims; k++)
        sb_printf(&refs, "%s(long long)__ompicc_a[%d]", k > 1 ? ", " : "", stride_slot++);
      sb_puts(&refs, "}};\n");
      continue;
    }
    const char *cast = decl_text(v, "(*)", false);
    Expr *item = NULL;
    OmpClause *rc = reduction_clause(d, v, &item);
    bool private = in_clause(d, OMPC_PRIVATE, v);
    if ((private || in_clause(d, OMPC_FIRSTPRIVATE, v)) && v->ty && type_is_vla(v->ty))
      sorry(d->loc, "'%s', a variable-length array, %s on a parallel region of a generic kernel "
                    "(each thread's copy would need storage of a size known at run time)",
            v->name, private ? "private" : "firstprivate");
    val[v_i] = !private && by_value(d, &s->body, v);
    if (!private && !val[v_i] && has(&G.kept, v) && !has(&G.relocate, v))
      ice("'%s' is the master's own but region %s takes its address", v->name, fn);
    if (private)
      sb_printf(&refs, "  %s;\n", decl_text(v, n, false));
    else if (val[v_i])
      sb_printf(&refs, "  %s; __ompicc_slot_get(&%s, &__ompicc_a[%d]); /* by value */\n",
                decl_text(v, n, false), n, v_i);
    else if (in_clause(d, OMPC_FIRSTPRIVATE, v) && v->ty && type_is_array(v->ty))
      sb_printf(&refs, "  %s; memcpy((void *)&%s, __ompicc_a[%d], sizeof %s);\n", decl_text(v, n, false), n,
                v_i, n); /* an array has no copy-initialization */
    else if (in_clause(d, OMPC_FIRSTPRIVATE, v))
      sb_printf(&refs, "  %s = *(%s)__ompicc_a[%d];\n", decl_text(v, n, false), cast, v_i);
    else if (rc) {
      const char *ref = xasprintf("__ompicc_r_%s", v->name);
      if (shared_by_pointer(v)) /* an array parameter: its elements */
        sb_printf(&refs, "  %s = (%s)__ompicc_a[%d];\n",
                  view_elem_text(v, xasprintf("(*%s)", ref), 1), view_elem_text(v, "(*)", 1), v_i);
      else
        sb_printf(&refs, "  %s = *(%s)__ompicc_a[%d];\n",
                  decl_text(v, xasprintf("(&%s)", ref), false), cast, v_i);
      Stmt *copy = block();
      red_copy(rc, item, v, n, ref, copy, &reds, true, false);
      Stmt *st;
      VEC_EACH(Stmt *, st, copy->items)
        sb_printf(&refs, "  %s;\n", st->text);
    } else if (shared_by_pointer(v))
      sb_printf(&refs, "  %s = (%s)__ompicc_a[%d];\n", view_elem_text(v, xasprintf("(*%s)", n), 1),
                view_elem_text(v, "(*)", 1), v_i);
    else
      sb_printf(&refs, "  %s = *(%s)__ompicc_a[%d];\n", decl_text(v, xasprintf("(&%s)", n), false),
                cast, v_i);
  }
  if (rlo) /* the chunk of distribute parallel for, by value after the variables */
    sb_printf(&refs, "  const long long __ompicc_rlo = (long long)__ompicc_a[%d], __ompicc_rhi = "
                     "(long long)__ompicc_a[%d];\n", vars.len, vars.len + 1);
  unsigned l = omp_dir_leaves(d->kind);
  Mode saved = G.mode;
  G.mode = M_REGION;
  G.range_in = rlo != NULL;
  const char *saved_w = G.ord_w, *saved_k = G.ord_k; /* not the region function's */
  bool saved_in_loop = G.in_loop;
  G.ord_w = G.ord_k = NULL;
  G.in_loop = false;
  if (l & (OMP_LEAF_FOR | OMP_LEAF_SECTIONS)) {
    OmpDir *ws = xmalloc(sizeof *ws);
    *ws = *d;
    ws->kind = l & OMP_LEAF_FOR ? OMPD_FOR : OMPD_SECTIONS;
    Stmt *w = mk_stmt(S_OMP, s->loc);
    w->omp = ws;
    w->body = s->body;
    /* the parallel's reductions are the region's: the loop shares them */
    ws->clauses = (Vec){0};
    OmpClause *c;
    VEC_EACH(OmpClause *, c, d->clauses)
      if (c->kind != OMPC_REDUCTION)
        vec_push(&ws->clauses, c);
    add(body, w);
    G.ends_region = w;
  } else if (l & ~OMP_LEAF_PARALLEL) /* parallel master, parallel loop, ... */
    add(body, inner_construct(s, l & ~OMP_LEAF_PARALLEL, false));
  else
    add(body, s->body);
  bool saved_teams = G.in_teams;
  Vec saved_shared = G.team_shared;
  G.in_teams = false;
  G.team_shared = (Vec){0};
  VEC_EACH(Symbol *, v, vars)
    if (!in_clause(d, OMPC_PRIVATE, v) && !in_clause(d, OMPC_FIRSTPRIVATE, v) &&
        !reduction_clause(d, v, NULL))
      vec_push(&G.team_shared, v);
  lower_fresh(body, 0);
  G.in_teams = saved_teams;
  G.team_shared = saved_shared;
  G.mode = saved;
  G.team = saved_team;
  G.range_in = false;
  G.ord_w = saved_w, G.ord_k = saved_k;
  G.in_loop = saved_in_loop;
  const char *red;
  VEC_EACH(const char *, red, reds)
    add(body, raw(red));
  StrBuf dtext = {0};
  print_directive(&dtext, d);
  sb_printf(&G.protos, "static __device__ void %s(void **__ompicc_a);\n", fn);
  /* a region of the kernel's serial code is forked by the master alone:
   * the workers' loop inlines it (dispatch); any other one is run through
   * run's pointer, or serialised (doc/DEVLIB.md) */
  bool from_master = saved == M_SERIAL;
  sb_printf(from_master ? &G.dispatch : &G.cases, "    case %d: %s((void **)args); break;\n", id,
            fn);
  const char *forker = from_master ? "__ompicc_fork" : "__ompicc_parallel";
  StrBuf *b = &G.defs;
  const char *file = s->loc.file ? s->loc.file : "?", *slash = strrchr(file, '/');
  sb_printf(b, "\n/* %s (%s:%d:%d) */\nstatic __device__ void %s(void **__ompicc_a)\n{\n%s%s", dtext.s,
            slash ? slash + 1 : file, s->loc.line, s->loc.col, fn, refs.len ? refs.s : "",
            vars.len || rlo ? "" : "  (void)__ompicc_a;\n");
  Printer *p = printer_new(b, &(PrintOpts){.line_markers = true, .after_source = KERNEL_SOURCE_END});
  reconverge_mark(&body, &G.undo); /* a compound: its own slot stays */
  printer_stmt(p, body, 1);
  sb_puts(b, "}\n");
  /* the fork */
  const char *nt = clause_text(d, OMPC_NUM_THREADS);
  const char *cond = NULL;
  OmpClause *c;
  VEC_EACH(OmpClause *, c, d->clauses)
    if (c->kind == OMPC_IF)
      cond = print_expr_str(c->expr);
  const char *n = nt ? xasprintf("(int)(%s)", nt) : "0";
  if (cond)
    n = xasprintf("(%s) ? %s : 1", cond, n);
  Stmt *fork = block();
  int t = ++G.ntemps;
  int slots = vars.len + (rlo ? 2 : 0);
  stride_slot = slots; /* the fork fills the slots the region function reads */
  VEC_EACH(Symbol *, v, vars)
    slots += view_of(v) ? view_of(v) - 1 : 0;
  if (!slots) {
    add(fork, raw(xasprintf("%s<__ompicc_regions>(%d, 0, %s)", forker, id, n)));
    return fork;
  }
  const char *args_pop = NULL;
  if (saved == M_REGION)
    add(fork, raw(xasprintf("void *__ompicc_a%d[%d]", t, slots)));
  else {
    const char *size = xasprintf("%d * sizeof(void *)", slots);
    add(fork, raw(xasprintf("void **__ompicc_a%d = (void **)%s", t,
                            shared_room(size, xasprintf("__ompicc_a%d", t), size, &args_pop))));
  }
  VEC_EACH(Symbol *, v, vars) {
    int dims = view_of(v);
    if (dims) { /* its element pointer, then its strides */
      add(fork, raw(xasprintf("__ompicc_a%d[%d] = (void *)%s.p", t, v_i, name_of(v))));
      for (int k = 1; k < dims; k++)
        add(fork, raw(xasprintf("__ompicc_a%d[%d] = (void *)%s.s[%d]", t, stride_slot++, name_of(v),
                                k - 1)));
    } else if (val[v_i])
      add(fork, raw(xasprintf("__ompicc_slot_set(&__ompicc_a%d[%d], %s)", t, v_i, name_of(v))));
    else
      add(fork, raw(xasprintf("__ompicc_a%d[%d] = (void *)%s%s", t, v_i, shared_by_pointer(v) ? "" : "&",
                              name_of(v))));
  }
  if (rlo)
    add(fork, raw(xasprintf("__ompicc_a%d[%d] = (void *)(%s), __ompicc_a%d[%d] = (void *)(%s)", t,
                            vars.len, rlo, t, vars.len + 1, rhi)));
  add(fork, raw(xasprintf("%s<__ompicc_regions>(%d, __ompicc_a%d, %s)", forker, id, t, n)));
  if (args_pop)
    add(fork, raw(args_pop));
  return fork;
}

/* loop (OpenMP 5.2 11.7): its iterations are shared as its binding
 * region says, the bind clause or else the construct it is closely
 * nested in: a parallel region's threads share them as for does, a
 * teams region's teams and threads as distribute parallel for does; a
 * thread (bind(thread), or a loop nested in neither) runs them all. */
static Stmt *loop_construct(Stmt *s)
{
  OmpClause *b = omp_find_clause(s->omp, OMPC_BIND);
  OmpWord bind = b                   ? b->word
                 : G.mode == M_REGION ? OMPW_PARALLEL
                 : G.mode == M_SERIAL && G.in_teams ? OMPW_TEAMS
                                                    : OMPW_THREAD;
  if (bind == OMPW_PARALLEL)
    return ws_loop(inner_construct(s, OMP_LEAF_FOR, true), false);
  if (bind == OMPW_TEAMS)
    return ws_loop(inner_construct(s, OMP_LEAF_DISTRIBUTE | OMP_LEAF_PARALLEL | OMP_LEAF_FOR, true),
                   true);
  return lowered_body(s);
}

/* task and taskloop in device code run at once on the encountering
 * thread (an undeferred task is a correct one, OpenMP 5.2 12.5); their
 * private and firstprivate variables, and those default(private) or
 * default(firstprivate) makes so, get block-local copies, so that what the
 * task writes stays its own (5.4.3, 5.4.4, 5.4.1).  Variables of file
 * scope (device globals) stay shared. */
static Stmt *task_construct(Stmt *s)
{
  OmpDir *d = s->omp;
  OmpClause *def = omp_find_clause(d, OMPC_DEFAULT);
  OmpWord dflt = def ? def->word : OMPW_NONE;
  static const OmpClauseKind listed[] = {OMPC_SHARED, OMPC_LASTPRIVATE, OMPC_REDUCTION,
                                         OMPC_IN_REDUCTION};
  Stmt *outer = block(), *inner = block();
  Symbol *v;
  Vec vars = free_vars(&s->body), pops = {0};
  VEC_EACH(Symbol *, v, vars) {
    bool fp = in_clause(d, OMPC_FIRSTPRIVATE, v), pv = in_clause(d, OMPC_PRIVATE, v);
    bool other = false;
    for (size_t i = 0; i < sizeof listed / sizeof *listed; i++)
      other |= in_clause(d, listed[i], v);
    /* without a clause or default: shared when the enclosing context
     * shares it among its team (a variable of a parallel region's team,
     * static storage), else firstprivate (5.2 5.1.1) */
    bool team_var = v->depth == 0 || v->storage == ST_STATIC_LOCAL ||
                    (G.mode == M_REGION && has(&G.team_shared, v));
    if (!fp && !pv && !other) {
      fp = dflt == OMPW_FIRSTPRIVATE || (dflt == OMPW_NONE && !team_var);
      pv = dflt == OMPW_PRIVATE;
    }
    const char *n = name_of(v), *tmp = xasprintf("__ompicc_tp_%s", v->name);
    if (fp) /* through a temporary, so that the copy can take the original's name */
      add(outer, raw(xasprintf("%s; memcpy(&%s, &%s, sizeof %s)", decl_text(v, tmp, false), tmp,
                               n, tmp)));
    if (fp || pv)
      private_decl(inner, v, n, &pops);
    if (fp)
      add(inner, raw(xasprintf("memcpy(&%s, &%s, sizeof %s)", n, tmp, n)));
  }
  add(inner, lowered_body(s));
  for (int i = pops.len - 1; i >= 0; i--)
    add(inner, raw(pops.items[i]));
  add(outer, inner);
  return outer;
}

/* teams nested in a target region, and teams loop: the team's master
 * runs the body, whose loop constructs bind to the teams region. */
static Stmt *teams(Stmt *s, unsigned l)
{
  bool saved = G.in_teams;
  G.in_teams = true;
  Stmt *c = l & OMP_LEAF_LOOP ? loop_construct(inner_construct(s, l & ~OMP_LEAF_TEAMS, true))
                              : lowered_body(s);
  G.in_teams = saved;
  return c;
}

static Stmt *lower_dir(Stmt *s)
{
  unsigned l = omp_dir_leaves(s->omp->kind);
  if (l & OMP_LEAF_DISTRIBUTE)
    return ws_loop(s, true); /* each team's master, forking for distribute parallel for */
  if (l & OMP_LEAF_PARALLEL)
    return parallel(s);
  if (l & OMP_LEAF_TEAMS)
    return teams(s, l);
  unsigned m = l & (OMP_LEAF_MASTER | OMP_LEAF_MASKED);
  if (m && l != m) { /* master taskloop: the master runs the taskloop */
    Stmt *outer = inner_construct(s, m, true);
    outer->body = inner_construct(s, l & ~m, true);
    return masked(outer);
  }
  switch (s->omp->kind) {
  case OMPD_FOR: case OMPD_FOR_SIMD: return ws_loop(s, false);
  case OMPD_SECTIONS: return ws_sections(s);
  case OMPD_SINGLE: return ws_single(s);
  case OMPD_SCOPE: return ws_scope(s);
  case OMPD_MASTER: case OMPD_MASKED: return masked(s);
  case OMPD_CRITICAL: return critical(s);
  case OMPD_ORDERED: return ordered_block(s);
  case OMPD_BARRIER: return raw(barrier_call());
  case OMPD_FLUSH: return raw("__threadfence()");
  case OMPD_ATOMIC: return atomic_stmt(s, false);
  case OMPD_ERROR: return error_directive_stmt(s);
  case OMPD_LOOP: return loop_construct(s);
  case OMPD_TASK: case OMPD_TASKLOOP: case OMPD_TASKLOOP_SIMD: return task_construct(s);
  case OMPD_SCAN:
    /* the threads of a team would each see their own partial values */
    sorry(s->loc, "'#pragma omp scan' in a generic target region (only the loop of an SPMD "
                  "kernel, such as 'target teams distribute parallel for', may have one)");
    return raw("");
  default: return lowered_body(s); /* simd, taskloop, ...: the body */
  }
}

/* A declarator of a declaration that stays where it is, as a declaration
 * of its own (int a, b; with b relocated: int a; then b's room). */
static void kept_declarator(StrBuf *b, Stmt *s, InitDecl *id)
{
  Spec *sp;
  VEC_EACH(Spec *, sp, s->decl->specs->specs)
    if (sp->kind == SPEC_STRUCT && sp->su->has_body && s->decl->decls.len > 1)
      sorry(s->loc, "a declaration defining a struct, union or enum and several variables one of "
                    "which a parallel region uses, in a generic kernel");
  print_decl_specs(b, s->decl->specs);
  sb_putc(b, ' ');
  print_declarator(b, id->decl);
  if (id->init && !print_init_assigned(id)) {
    sb_puts(b, " = ");
    print_init(b, id->sym ? id->sym->ty : NULL, id->init);
  }
  sb_puts(b, ";");
  print_init_assignments(b, id);
  sb_puts(b, " ");
}

/* A declaration of the serial code with variables shared with a region:
 * each such variable becomes a reference to room in shared memory,
 * holding its initial value; the others stay as they are, each declared
 * on its own, in the same order (a later initialiser may use an earlier
 * variable). */
/* The variable id declares when an allocate directive put it in team
 * memory and it belongs to the kernel's serial code, which one thread of
 * each team runs once at a time: shared memory (OpenMP 5.2 6.2, 6.4:
 * omp_pteam_mem_alloc, omp_cgroup_mem_alloc); else NULL. */
static Symbol *team_memory(InitDecl *id)
{
  Symbol *s;
  if (G.mode != M_SERIAL || !G.o)
    return NULL;
  VEC_EACH(Symbol *, s, G.o->team_memory)
    if (s->idecl == id && !(s->ty && type_is_vla(s->ty)))
      return s;
  return NULL;
}

static Stmt *relocate_decl(Stmt *s, Vec *pops)
{
  StrBuf b = {0}, kept = {0};
  InitDecl *id;
  bool any = false;
  VEC_EACH(InitDecl *, id, s->decl->decls) {
    Symbol *sym = NULL, *c;
    VEC_EACH(Symbol *, c, G.relocate)
      if (c->idecl == id && !device_static(c))
        sym = c;
    Symbol *team = team_memory(id);
    if (sym || team)
      any = true;
    const char *v = sym ? name_of(sym) : NULL;
    StrBuf init = {0};
    if (id->init) {
      sb_puts(&init, " = ");
      print_init(&init, id->sym ? id->sym->ty : NULL, id->init);
    }
    if (!sym && !team) {
      kept_declarator(&kept, s, id);
      continue;
    }
    if (kept.len) {
      sb_puts(&b, kept.s);
      kept.len = 0;
      kept.s[0] = 0;
    }
    if (team) { /* one per team, in shared memory, set by the master */
      const char *tv = name_of(team), *tmp = xasprintf("__ompicc_i_%s", team->name);
      sb_printf(&b, "__shared__ %s", decl_text(team, tv, false));
      Spec *at;
      VEC_EACH(Spec *, at, id->attrs) /* align(n) of the directive among them */
        if (at->kind == SPEC_ATTR && at->text)
          sb_printf(&b, " %s", at->text);
      sb_putc(&b, ';');
      if (id->init)
        sb_printf(&b, " %s%s; memcpy((void *)&%s, (const void *)&%s, sizeof %s);",
                  decl_text(team, tmp, false), init.s, tv, tmp, tv);
      sb_putc(&b, ' ');
      continue;
    }
    if (sym->ty && type_is_vla(sym->ty)) { /* its storage on the heap, which workers reach */
      Decl one = *s->decl;
      one.decls = (Vec){0};
      vec_push(&one.decls, id);
      print_set_vla_storage("__ompicc_vla_shared_storage");
      StrBuf text = {0};
      print_decl(&text, &one, 0);
      print_set_vla_storage(NULL);
      while (text.len && (text.s[text.len - 1] == '\n' || text.s[text.len - 1] == ' '))
        text.s[--text.len] = 0;
      sb_printf(&b, "%s ", text.s);
      continue;
    }
    const char *tmp = xasprintf("__ompicc_i_%s", sym->name), *pop;
    const char *room = var_room(tmp, v, &pop);
    sb_printf(&b, "%s%s; decltype(%s) &%s = *(decltype(%s) *)%s;", decl_text(sym, tmp, false),
              init.len ? init.s : "", tmp, v, tmp, room);
    if (id->init)
      sb_printf(&b, " memcpy((void *)&%s, (const void *)&%s, sizeof %s); ", v, tmp, v);
    else
      sb_printf(&b, " (void)%s; ", tmp);
    vec_push(pops, (void *)pop);
  }
  if (!any)
    return NULL;
  if (kept.len)
    sb_puts(&b, kept.s);
  while (b.len && b.s[b.len - 1] == ' ')
    b.s[--b.len] = 0;
  return raw(b.s);
}

/* The pops of the relocated variables pushed since mark, last first
 * (each, as those taken from the heap are freed one by one). */
static const char *pops_since(int mark)
{
  StrBuf b = {0};
  for (int i = G.pushed.len - 1; i >= mark; i--)
    sb_printf(&b, "%s%s", b.len ? "; " : "", (const char *)G.pushed.items[i]);
  return b.len ? sb_take(&b) : NULL;
}

static void lower_compound(Stmt **slot)
{
  Stmt *s = *slot;
  Stmt *c = xmalloc(sizeof *c);
  *c = *s;
  c->items = (Vec){0};
  int mark = G.pushed.len;
  Stmt *it;
  VEC_EACH(Stmt *, it, s->items) {
    Stmt *r = G.mode != M_REGION && it->kind == S_DECL && it->decl->kind == D_VAR
                  ? relocate_decl(it, &G.pushed) : NULL;
    vec_push(&c->items, r ? r : it);
    if (!r)
      lower_fresh(c, c->items.len - 1);
  }
  const char *pops = pops_since(mark);
  if (pops)
    vec_push(&c->items, raw(pops));
  G.pushed.len = mark;
  take_out(slot, c);
}

/* A return from a device function with variables on the shared stack:
 * they are popped first (the value computed before). */
static Stmt *function_return(Stmt *s)
{
  const char *pops = pops_since(0);
  if (!pops)
    return NULL;
  if (!s->expr)
    return raw(xasprintf("{ %s; return; }", pops));
  return raw(xasprintf("{ auto __ompicc_ret = (%s); %s; return __ompicc_ret; }", print_expr_str(s->expr),
                       pops));
}

static void lower(Stmt **slot)
{
  Stmt *s = *slot;
  if (!s)
    return;
  switch (s->kind) {
  case S_OMP: {
    int brk = G.break_mark, cont = G.continue_mark;
    G.break_mark = G.continue_mark = -1; /* its loops are the lowering's */
    take_out(slot, lower_dir(s));
    G.break_mark = brk, G.continue_mark = cont;
    return;
  }
  case S_COMPOUND:
    lower_compound(slot);
    return;
  case S_RETURN:
    if (G.mode == M_SERIAL) {
      G.used_end = true;
      take_out(slot, raw("goto __ompicc_end"));
    } else if (G.mode == M_FUNC) {
      Stmt *r = function_return(s);
      if (r)
        take_out(slot, r);
    }
    return;
  case S_BREAK: case S_CONTINUE: {
    /* out of the blocks since the loop or switch: their pops first */
    int mark = s->kind == S_BREAK ? G.break_mark : G.continue_mark;
    const char *pops = G.mode != M_REGION && mark >= 0 ? pops_since(mark) : NULL;
    if (pops)
      take_out(slot, raw(xasprintf("{ %s; %s; }", pops, s->kind == S_BREAK ? "break" : "continue")));
    return;
  }
  case S_WHILE: case S_DO: case S_SWITCH: {
    int brk = G.break_mark, cont = G.continue_mark;
    G.break_mark = G.pushed.len;
    if (s->kind != S_SWITCH)
      G.continue_mark = G.pushed.len;
    lower(&s->body);
    G.break_mark = brk, G.continue_mark = cont;
    return;
  }
  case S_FOR:
    if (G.mode != M_REGION && s->init && s->init->kind == S_DECL) {
      int mark = G.pushed.len;
      Stmt *r = relocate_decl(s->init, &G.pushed);
      if (r) {
        Stmt *c = block(), *f = xmalloc(sizeof *f);
        *f = *s;
        f->init = NULL;
        add(c, r);
        add(c, f);
        int brk = G.break_mark, cont = G.continue_mark;
        G.break_mark = G.continue_mark = G.pushed.len;
        lower(&f->body);
        G.break_mark = brk, G.continue_mark = cont;
        add(c, raw(pops_since(mark)));
        G.pushed.len = mark;
        take_out(slot, c);
        return;
      }
    }
    break;
  default:
    break;
  }
  int brk = G.break_mark, cont = G.continue_mark;
  if (s->kind == S_FOR)
    G.break_mark = G.continue_mark = G.pushed.len;
  lower(&s->body);
  G.break_mark = brk, G.continue_mark = cont;
  lower(&s->else_);
}

/* ---------------------------------------------------------------- kernels */

static WalkAction find_directive(Stmt **slot, void *user)
{
  if ((*slot)->kind == S_OMP)
    *(bool *)user = true;
  return *(bool *)user ? WALK_SKIP : WALK_CONTINUE;
}

/* Does a device function of the file hold an OpenMP construct?  (In a
 * linked unit, another file's kernel may call it.) */
static bool functions_have_directives(Offload *o)
{
  bool found = false;
  Decl *f;
  VEC_EACH(Decl *, f, o->funcs)
    walk_stmt(&(Walker){.stmt_pre = find_directive, .user = &found}, &f->body);
  return found;
}

/* Calls, in a function's body, of a function that may fork a team: one
 * of G.may_fork, another file's device function (extern_funcs), or one
 * reached through a pointer.  The device library's functions do not. */
static WalkAction note_forking_call(Expr **slot, void *user)
{
  Expr *e = *slot;
  if (e->kind != E_CALL)
    return WALK_CONTINUE;
  Expr *callee = expr_unparen(e->a);
  Symbol *f = callee->kind == E_IDENT ? callee->sym : NULL;
  bool forking = !f || f->kind != SYM_FUNC || has(&G.o->extern_funcs, f);
  Decl *d;
  VEC_EACH(Decl *, d, G.may_fork)
    forking |= d->sym == f;
  if (!forking)
    return WALK_CONTINUE;
  *(bool *)user = true;
  return WALK_STOP;
}

/* G.may_fork: the device functions that fork a team, and those that call
 * one (to a fixed point), whose locals reached through a pointer
 * (escaping_vars) may be used by the team's workers. */
static void find_forking_functions(void)
{
  for (bool grew = true; grew;) {
    grew = false;
    Decl *f;
    VEC_EACH(Decl *, f, G.o->funcs) {
      if (vec_has(&G.may_fork, f))
        continue;
      bool fork = false;
      walk_stmt(&(Walker){.stmt_pre = note_fork, .expr_pre = note_forking_call, .user = &fork},
                &f->body);
      if (fork) {
        vec_push(&G.may_fork, f);
        grew = true;
      }
    }
  }
}

bool generic_begin(Offload *o)
{
  memset(&G, 0, sizeof G);
  G.o = o;
  find_forking_functions();
  Region *r;
  VEC_EACH(Region *, r, o->regions)
    if (r->generic)
      return true;
  /* the library, for the routines it holds; for another file's device
   * functions, which may fork regions and use ICVs whatever this file's
   * kernels are; for this file's, which another file's kernel may call */
  return o->device_runtime || o->imports || (o->linked && functions_have_directives(o));
}

static MapEntry *entry_of(Region *r, Symbol *s)
{
  MapEntry *m;
  VEC_EACH(MapEntry *, m, r->maps)
    if (m->sym == s && m->cap != CAP_NONE)
      return m;
  return NULL;
}

/* Kernel parameters passed by value that a region shares: copied to
 * shared memory (shared_room) under their own names (a block shadows the
 * parameter); their pops pushed on pops. */
static void shadow_params(StrBuf *b, Region *r, Vec *shared, Vec *pops)
{
  Symbol *s;
  VEC_EACH(Symbol *, s, *shared) {
    MapEntry *m = entry_of(r, s);
    if (!m || m->cap == CAP_REF || m->cap == CAP_ARRAY || shared_by_pointer(s))
      continue; /* in device memory, or passed by value */
    if (s->ty && type_is_array(s->ty)) /* a firstprivate array: its bytes */
      sb_printf(b, "  unsigned char __ompicc_v_%s[sizeof %s]; memcpy(__ompicc_v_%s, &%s, sizeof %s);\n",
                s->name, name_of(s), s->name, name_of(s), name_of(s));
    else
      sb_printf(b, "  %s = %s;\n", decl_text(s, xasprintf("__ompicc_v_%s", s->name), false), name_of(s));
  }
  sb_puts(b, "  {\n");
  VEC_EACH(Symbol *, s, *shared) {
    MapEntry *m = entry_of(r, s);
    if (!m || m->cap == CAP_REF || m->cap == CAP_ARRAY || shared_by_pointer(s))
      continue;
    const char *v = name_of(s), *pop;
    const char *room = var_room(xasprintf("__ompicc_v_%s", s->name), v, &pop);
    sb_printf(b, "  %s = *(%s)%s;\n", decl_text(s, xasprintf("(&%s)", v), false),
              decl_text(s, "(*)", false), room);
    if (s->ty && type_is_array(s->ty))
      sb_printf(b, "  memcpy((void *)&%s, __ompicc_v_%s, sizeof %s);\n", v, s->name, v);
    else
      sb_printf(b, "  %s = __ompicc_v_%s;\n", v, s->name);
    vec_push(pops, (void *)pop);
  }
  /* the region's private variables (private on target) are locals of the
   * master thread, which the workers cannot reach: shared, they live in
   * shared memory */
  VEC_EACH(Symbol *, s, *shared) {
    if (!has(&r->privates, s) || shared_by_pointer(s))
      continue;
    const char *v = name_of(s), *pop, *room = var_room(v, v, &pop);
    sb_printf(b, "  (void)%s; /* the master's own, shadowed */\n", v);
    sb_printf(b, "  %s = *(%s)%s;\n", decl_text(s, xasprintf("(&%s)", v), false),
              decl_text(s, "(*)", false), room);
    vec_push(pops, (void *)pop);
  }
}

/* reduction on teams (OpenMP 5.2 5.5.8): the master of each team works
 * on a private copy, in shared memory as its regions may use it, and
 * combines it into the original once at the end (__ompicc_teams_reduce).
 * Returns the combining code, printed after the team's last region. */
static const char *teams_reductions(StrBuf *b, OmpDir *d)
{
  StrBuf fini = {0};
  OmpClause *c;
  Expr *e;
  VEC_EACH(OmpClause *, c, d->clauses) {
    if (c->kind != OMPC_REDUCTION)
      continue;
    VEC_EACH(Expr *, e, c->items) {
      Symbol *s = sema_base_symbol(e);
      if (!s)
        continue;
      const char *v = name_of(s), *orig = xasprintf("__ompicc_t_%s", s->name);
      /* omp_orig: the original at the launch, when it has a copy */
      const char *snap = offload_snapshot_of(G.region, s) ? xasprintf("__ompicc_s_%s", s->name)
                                                           : NULL;
      sb_printf(b, "  %s = %s;\n  {\n", decl_text(s, xasprintf("(&%s)", orig), false), v);
      RedArray a;
      if (offload_red_array(e, &a, false) == 1) {
        char *done;
        Vec st = reduction_array(s, &a, v, orig, c->red_op, offload_udr(G.o, c, a.elem),
                                   "__ompicc_teams_reduce_n", true, snap, &done);
        const char *t;
        VEC_EACH(const char *, t, st)
          sb_printf(b, "  %s;\n", t);
        const char *prev = fini.len ? sb_take(&fini) : "";
        sb_printf(&fini, "  %s;\n  }\n%s", done, prev);
        continue;
      }
      const char *at_launch =
          snap ? xasprintf("(*(%s)%s)", decl_text(s, "(*)", false), snap) : orig;
      const char *pop, *room = var_room(orig, v, &pop);
      sb_printf(b, "  %s = *(%s)%s;\n  %s;\n", decl_text(s, xasprintf("(&%s)", v), false),
                decl_text(s, "(*)", false), room,
                reduction_init_stmt(v, c->red_op, offload_udr(G.o, c, s->ty), at_launch));
      const char *prev = fini.len ? sb_take(&fini) : "";
      sb_printf(&fini, "  __ompicc_teams_reduce(&%s, %s, %s());\n  %s;\n  }\n%s", orig, v,
                red_functor(c, s), pop, prev);
    }
  }
  return fini.len ? sb_take(&fini) : "";
}

void generic_kernel_body(Printer *p, StrBuf *b, Region *r)
{
  G.mode = M_SERIAL;
  G.used_end = false;
  G.region = r;
  G.break_mark = G.continue_mark = -1;
  G.in_teams = omp_leaves(r->dir) & OMP_LEAF_TEAMS;
  /* target parallel ..., target teams distribute ...: the region's own
   * construct is lowered too */
  unsigned l = omp_leaves(r->dir);
  l &= ~(OMP_LEAF_TARGET | OMP_LEAF_TEAMS);
  addressed_in(&r->stmt);
  G.kept.len = 0;
  Vec shared = l & OMP_LEAF_PARALLEL ? free_vars(&r->stmt->body) : shared_vars(&r->stmt->body);
  if (!(l & OMP_LEAF_PARALLEL))
    escaping_vars(&r->stmt->body, &shared);
  G.relocate = shared;
  sb_puts(b, "  if (!__ompicc_generic_begin<__ompicc_regions>(OMPICC_SCHED_STATIC, 0, 0, "
             "__ompicc_thread_limit))\n    return;\n");
  /* teams distribute parallel for reduction: the parallel's reduction
   * combines each team's threads into the original */
  bool teams = omp_leaves(r->dir) & OMP_LEAF_TEAMS;
  const char *teams_fini = teams && !(l & OMP_LEAF_PARALLEL) ? teams_reductions(b, r->dir) : "";
  Vec pops = {0};
  shadow_params(b, r, &shared, &pops);
  Stmt *body = l ? r->stmt : r->stmt->body;
  Stmt *c = block();
  add(c, body);
  lower_fresh(c, 0);
  G.region = NULL;
  reconverge_mark(&c, &G.undo); /* a compound: its own slot stays */
  printer_stmt(p, c, 1);
  if (G.used_end)
    sb_puts(b, "  __ompicc_end:;\n");
  for (int i = pops.len - 1; i >= 0; i--)
    sb_printf(b, "  %s;\n", (const char *)pops.items[i]);
  sb_printf(b, "  }\n%s  __ompicc_generic_end();\n", teams_fini);
  generic_restore();
}

/* Parameters of a device function shared with a region: copied to the
 * shared stack under their own names, in a block inside the body (C++
 * forbids redeclaring a parameter in the outermost one). */
void generic_function(Decl *f)
{
  G.mode = M_FUNC;
  G.in_teams = false;
  G.break_mark = G.continue_mark = -1;
  addressed_in(&f->body);
  G.relocate = shared_vars(&f->body);
  /* else its locals' escapes stay in the calling thread */
  if (vec_has(&G.may_fork, f))
    escaping_vars(&f->body, &G.relocate);
  G.pushed.len = 0;
  StrBuf copies = {0}, refs = {0};
  Symbol *s;
  VEC_EACH(Symbol *, s, G.relocate) {
    if (!s->param || shared_by_pointer(s)) /* an array parameter reaches regions by value */
      continue;
    const char *v = name_of(s), *pop;
    const char *room = var_room(xasprintf("__ompicc_v_%s", s->name), v, &pop);
    sb_printf(&copies, "%s%s = %s", copies.len ? "; " : "", decl_text(s, xasprintf("__ompicc_v_%s", s->name), false),
              v);
    sb_printf(&refs, "%s%s = *(%s)%s; %s = __ompicc_v_%s", refs.len ? "; " : "",
              decl_text(s, xasprintf("(&%s)", v), false), decl_text(s, "(*)", false), room, v, s->name);
    vec_push(&G.pushed, (void *)pop);
  }
  lower(&f->body);
  if (!G.pushed.len)
    return;
  Stmt *outer = block(), *in = block();
  add(outer, raw(copies.s));
  add(outer, in);
  add(in, raw(refs.s));
  add(in, f->body);
  add(in, raw(pops_since(0)));
  G.pushed.len = 0;
  take_out(&f->body, outer);
}

const char *generic_switch_text(void)
{
  StrBuf b = {0};
  sb_puts(&b, "\n/* Room the master shares with a region: the shared stack from the master's "
              "serial code, else the heap. */\n"
              "static __device__ inline __attribute__((unused)) void *__ompicc_gpush(size_t n)\n{\n"
              "  __ompicc_gstate *g = __OMPICC_G;\n"
              "  unsigned t = __ompicc_tid();\n"
              "  if (g->generic && t == __ompicc_master_tid() && __ompicc_nested() == 0)\n"
              "    return __ompicc_push(n);\n"
              "  return __ompicc_heap(n, \"out of device memory for shared variables\");\n}\n");
  const char *n;
  VEC_EACH(const char *, n, G.crit)
    sb_printf(&b, "struct __ompicc_critical_%s; /* its lock: OMPICC_CRITICAL_LOCK */\n", n);
  /* the switch over the file's regions, for its generic kernels and its
   * parallel regions: the file's own (kernel files linked into one image
   * each keep theirs) */
  bool used = G.cases.len > 0 || G.dispatch.len > 0;
  Region *r;
  VEC_EACH(Region *, r, G.o->regions)
    used |= r->generic;
  if (!used)
    return sb_take(&b);
  /* dispatch, the regions of the kernels' serial code, has one caller,
   * the workers' loop: inlined there, the regions need no call, whose
   * saved registers were a tenth of spmv-generic's instructions and a
   * quarter of its registers (bench/sass).  run is not inlined: the
   * workers (through the pointer the fork leaves) and a serialised
   * region call one copy of the other regions, where inlined copies at
   * each call made a kernel twice as large, with 60% more registers. */
  sb_printf(&b, "%s\nnamespace {\nstruct __ompicc_regions {\n"
                "  /* the regions of the kernels' serial code: only the workers run them */\n"
                "  static __device__ __forceinline__ void dispatch(int id, void *args)\n"
                "  {\n    switch (id) {\n%s    default: (void)args;\n    }\n  }\n"
                "  /* the other regions: one copy, called by the workers and serialised regions */\n"
                "  static __device__ __noinline__ void run(int id, void *args)\n"
                "  {\n    switch (id) {\n%s    default: (void)args;\n    }\n  }\n};\n}\n",
            G.protos.len ? G.protos.s : "", G.dispatch.len ? G.dispatch.s : "",
            G.cases.len ? G.cases.s : "");
  return sb_take(&b);
}

const char *generic_regions_text(void)
{
  return G.defs.len ? G.defs.s : "";
}
