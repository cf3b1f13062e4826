/* team-loops.c - teams distribute loops with parallel loops inside, and
 * target [teams] regions over parallel loops, as SPMD kernels (issue 17,
 * item 4).
 *
 *   #pragma omp target teams distribute
 *   for (r = 0; r < rows; r++) {
 *     float sum = 0;                         serial: each team's initial thread
 *   #pragma omp parallel for reduction(+: sum)
 *     for (e = ptr[r]; e < ptr[r + 1]; e++)  the team's threads
 *       sum += val[e] * x[col[e]];
 *     y[r] = sum;                            serial
 *   }
 *
 * is a generic kernel by the book (a master thread per team runs the
 * serial code and forks the team's workers for each parallel loop,
 * doc/DEVLIB.md), which costs a fork, a join and a team reduction per
 * row: 2.5 us on an H100 (bench/overheads), 17 times the hand-written
 * CUDA of bench/kernels/spmv.  When the serial code lets it, every thread
 * of the team runs the body instead, and nothing is forked:
 *
 * - a serial statement that changes only the body's own variables (and
 *   the distribute loop's) runs on every thread, each on its copy: the
 *   copies stay equal, since such statements read only what every thread
 *   reads alike (no calls but pure math, no atomics);
 * - a serial statement that writes memory (y[r] = sum) runs on the
 *   team's first thread alone, between two barriers (the first orders it
 *   after what the others read, the second makes it visible to them);
 * - a parallel loop's iterations are dealt to the team's threads (its
 *   num_threads first, if given), each with private copies of its
 *   private, firstprivate and reduction variables; a reduction combines
 *   the team's copies into every thread's original (a block all-reduce,
 *   which is the loop's closing barrier; else a barrier);
 * - an if, a loop or a block around parallel loops runs on every thread
 *   alike: its tests may change only the body's variables, so every
 *   thread takes the same path and meets the same barriers;
 * - a parallel region's body runs on every thread, as the region's
 *   threads would run it (its own variables and private copies are the
 *   thread's); its for and loop constructs (nowait too), barrier, single,
 *   master and masked, at its top level, are the team's.
 *
 * A target or target teams region (no distribute loop) over parallel
 * loops is the same with the region's body for the loop's: one team, or
 * each of num_teams teams, runs it (OpenMP 5.2 10.2: every team's
 * initial thread runs the teams region).
 *
 * Anything else keeps the region generic, with the first reason in the
 * remark: a statement that writes both memory and the body's variables;
 * a call in the serial code of a function that is not pure math; a
 * directive other than those above (in a parallel loop: atomic and simd
 * only); a jump out of a statement the first thread runs alone; the
 * address of a body variable; a parallel loop or region that writes a
 * variable of the serial code it does not privatize; on a parallel loop,
 * clauses other than private, firstprivate, lastprivate (scalars of the
 * body, not the loop's variables), shared, default, reduction (built-in
 * operators on scalars of the body, or of mapped storage, which the
 * team's first thread combines into), num_threads, if (of parallel or
 * without a modifier: false, one thread; a simd one is dropped), proc_bind,
 * order, collapse of a rectangular nest and schedule(static, auto or
 * dynamic, without modifiers); on a parallel region, copyin (num_threads
 * and if: its statements run on the team's first threads, which share its
 * loops; no call then but omp_get_thread_num and omp_get_num_threads, nor
 * a declaration that writes memory); reduction (but target parallel's),
 * lastprivate, linear or allocate on the region's own
 * directives (every thread would contribute).  OpenMP 5.2 10.1
 * (parallel), 10.5 (masked), 11.1 (single), 11.5 (worksharing loops),
 * 11.6 (distribute), 13.8 (target), 15.3.1 (barrier).
 */
#include "team-loops.h"

#include <string.h>

#include "device-lib.h"
#include "generic-mode.h"
#include "walk.h"

typedef struct Check {
  Offload *o;
  Region *r;
  const Vec *dirs; /* OmpDir*: the region's directives */
  Vec locals;      /* Symbol*: the body's variables and the distribute loop's */
  const char *why; /* the first reason it cannot run SPMD */
  Loc where;
} Check;

/* What one statement of the body (a unit) does. */
typedef struct Unit {
  Check *c;
  Vec own;            /* Symbol*: declared inside the unit */
  const TeamLoop *tl; /* the parallel loop or region whose body this is, or NULL */
  const Vec *outer_own; /* Symbol*: declared in the parallel region around, or NULL */
  Vec subscripted;    /* Expr*: arrays under a subscript (not decayed) */
  bool local, memory; /* writes the body's variables / memory */
  int loops, switches; /* depth of loops and switches inside the unit */
  bool jumps;         /* continue or break out of the unit */
} Unit;

static void refuse(Check *c, Loc where, const char *why)
{
  if (!c->why)
    c->why = why, c->where = where;
}

/* The pure functions of the device library: math, no pointers written,
 * no OpenMP routine (whose answers differ between the serial code and
 * a parallel region). */
static bool pure_function(const char *name)
{
  static const char *const impure[] = {"printf", "malloc",  "free",  "memcpy", "memset",
                                       "assert", "__assert_fail", "frexp", "modf"};
  if (!device_lib_has(name) || !strncmp(name, "omp_", 4))
    return false;
  for (size_t i = 0; i < sizeof impure / sizeof *impure; i++)
    if (!strcmp(name, impure[i]))
      return false;
  return true;
}

/* Has the parallel loop or region tl (or the region around it) a copy
 * of s of its own? */
static bool privatized(const TeamLoop *tl, const Symbol *s)
{
  for (; tl; tl = tl->in) {
    OmpLoop *l;
    VEC_EACH(OmpLoop *, l, tl->loops)
      if (l->var == s)
        return true;
    if (vec_has(&tl->privates, s) || vec_has(&tl->firstprivates, s) ||
        vec_has(&tl->lastprivates, s))
      return true;
    Reduction *red;
    VEC_EACH(Reduction *, red, tl->reductions)
      if (red->sym == s)
        return true;
  }
  return false;
}

/* Is s a variable of this thread's own in the unit u? */
static bool thread_own(const Unit *u, const Symbol *s)
{
  return vec_has(&u->own, s) || (u->outer_own && vec_has(u->outer_own, s)) ||
         privatized(u->tl, s);
}

/* Does a clause of the region's directives name s? */
static bool region_clause_names(Check *c, const Symbol *s, OmpClauseKind k)
{
  OmpDir *d;
  VEC_EACH(OmpDir *, d, *c->dirs) {
    OmpClause *cl;
    VEC_EACH(OmpClause *, cl, d->clauses) {
      Expr *e;
      if (cl->kind == k)
        VEC_EACH(Expr *, e, cl->items)
          if (e->kind == E_IDENT && e->sym == s)
            return true;
    }
  }
  return false;
}

/* A variable declared outside the region whose storage the kernel
 * reaches in device memory that every thread shares, not a private copy
 * of the region (OpenMP 5.2 5.8.9, implicit data-mapping rules): an
 * array mapped by those rules or a map clause, a scalar a map clause
 * names (a scalar is firstprivate by default); with defaultmap, none. */
static bool shared_variable(Check *c, const Symbol *s)
{
  if (!s->ty || region_clause_names(c, s, OMPC_FIRSTPRIVATE) ||
      region_clause_names(c, s, OMPC_PRIVATE))
    return false;
  OmpDir *d;
  VEC_EACH(OmpDir *, d, *c->dirs)
    if (omp_find_clause(d, OMPC_DEFAULTMAP))
      return false;
  return type_is_array(s->ty) || region_clause_names(c, s, OMPC_MAP) ||
         region_clause_names(c, s, OMPC_REDUCTION); /* mapped tofrom (5.2 5.8.9) */
}

/* The variable whose storage an assignment to e changes, when that is a
 * variable of the thread's own (x, x.m, x[i] of an array x); NULL when
 * it is memory reached through a pointer (*p, p->m, p[i]). */
static Symbol *own_storage(Expr *e)
{
  for (;;) {
    e = expr_unparen(e);
    switch (e->kind) {
    case E_IDENT:
      return e->sym;
    case E_MEMBER:
      e = e->a;
      break;
    case E_INDEX: {
      Expr *base = expr_unparen(e->a);
      Type *t = base->ty ? base->ty : base->kind == E_IDENT && base->sym ? base->sym->ty : NULL;
      if (!t || !type_is_array(t))
        return NULL;
      e = base;
      break;
    }
    default:
      return NULL;
    }
  }
}

static void written(Unit *u, Expr *target, Loc loc)
{
  Check *c = u->c;
  Expr *t = expr_unparen(target);
  Symbol *s = own_storage(t);
  if (!s) {
    if (t->kind == E_IDENT) /* an identifier sema did not bind */
      refuse(c, loc, "a write the translator cannot place");
    u->memory = true;
    return;
  }
  if (thread_own(u, s))
    return;
  if (vec_has(&c->locals, s)) {
    if (u->tl)
      refuse(c, loc, xasprintf("the parallel loop writes '%s', which it shares with the team "
                               "(every thread has a copy)", s->name));
    u->local = true;
  } else if (s->depth == 0 || s->storage == ST_STATIC_LOCAL || s->storage == ST_EXTERN_LOCAL ||
             shared_variable(c, s))
    u->memory = true; /* storage every thread reaches */
  else if (u->tl)
    refuse(c, loc, xasprintf("the parallel loop writes '%s', which every thread of the team has "
                             "its own copy of", s->name));
  else
    refuse(c, loc, xasprintf("the serial code writes '%s', which every thread of the team has "
                             "its own copy of", s->name));
}

static WalkAction unit_expr(Expr **slot, void *user)
{
  Unit *u = user;
  Check *c = u->c;
  Expr *e = *slot;
  switch (e->kind) {
  case E_SIZEOF_EXPR: case E_ALIGNOF_EXPR:
    return WALK_SKIP; /* not evaluated */
  case E_ASSIGN:
    written(u, e->a, e->loc);
    break;
  case E_PREINC: case E_PREDEC: case E_POSTINC: case E_POSTDEC:
    written(u, e->a, e->loc);
    break;
  case E_UNARY:
    if (e->op == OP_ADDR) {
      Symbol *s = own_storage(e->a);
      if (s && vec_has(&c->locals, s) && !thread_own(u, s))
        refuse(c, e->loc, xasprintf("the address of '%s', which every thread of the team has "
                                    "its own copy of", s->name));
    }
    break;
  case E_INDEX: {
    Expr *base = expr_unparen(e->a);
    if (base->kind == E_IDENT)
      vec_push(&u->subscripted, base);
    break;
  }
  case E_IDENT:
    /* a body array used as a pointer: another thread's copy could be
     * reached through it */
    if (e->sym && e->sym->ty && type_is_array(e->sym->ty) && vec_has(&c->locals, e->sym) &&
        !vec_has(&u->subscripted, e) && !thread_own(u, e->sym))
      refuse(c, e->loc, xasprintf("'%s', which every thread of the team has its own copy of, "
                                  "used as a pointer", e->sym->name));
    break;
  case E_STMT_EXPR:
    refuse(c, e->loc, "a statement expression");
    break;
  case E_CALL: {
    Expr *f = expr_unparen(e->a);
    const char *name = f->kind == E_IDENT ? f->text : NULL;
    if (u->tl) {
      /* the kernel answers these two for the loop's or region's threads
       * (codegen-cuda/kernels.c); any other call would answer for the
       * block */
      bool team_routine = name && (!strcmp(name, "omp_get_thread_num") ||
                                   !strcmp(name, "omp_get_num_threads"));
      if ((u->tl->num_threads || u->tl->if_expr) && !team_routine)
        refuse(c, e->loc, xasprintf("a call in a parallel %s with %s",
                                    u->tl->region ? "region" : "loop",
                                    u->tl->num_threads ? "num_threads" : "if"));
    } else if (!name || !pure_function(name))
      refuse(c, e->loc, xasprintf("the serial code calls %s%s%s", name ? "'" : "a function",
                                  name ? name : " through a pointer", name ? "'" : ""));
    break;
  }
  default:
    break;
  }
  return WALK_CONTINUE;
}

/* A variable of static storage duration in the body is one object for
 * every thread, which the serial code would write from each. */
static void no_static_storage(Check *c, const Decl *d)
{
  InitDecl *id;
  if (d->kind == D_VAR)
    VEC_EACH(InitDecl *, id, d->decls)
      if (id->sym && (id->sym->storage == ST_STATIC_LOCAL || id->sym->storage == ST_EXTERN_LOCAL))
        refuse(c, d->loc, xasprintf("'%s' of static storage duration", id->sym->name));
}

static WalkAction unit_decl(Decl *d, void *user)
{
  Unit *u = user;
  no_static_storage(u->c, d);
  decl_vars(d, &u->own);
  return WALK_CONTINUE;
}

static WalkAction unit_stmt(Stmt **slot, void *user)
{
  Unit *u = user;
  Stmt *s = *slot;
  switch (s->kind) {
  case S_FOR: case S_WHILE: case S_DO:
    u->loops++;
    break;
  case S_SWITCH:
    u->switches++;
    break;
  case S_CONTINUE:
    u->jumps |= u->loops == 0;
    break;
  case S_BREAK:
    u->jumps |= u->loops == 0 && u->switches == 0;
    break;
  case S_GOTO: case S_RETURN: case S_ASM: case S_LABEL: case S_LOCAL_LABEL: case S_VERBATIM:
    refuse(u->c, s->loc, "a jump, label or asm statement");
    break;
  case S_OMP:
    if (!u->tl || (s->omp->kind != OMPD_ATOMIC && s->omp->kind != OMPD_SIMD))
      refuse(u->c, s->loc, xasprintf("'#pragma omp %s'%s", omp_dir_name(s->omp->kind),
                                     !u->tl ? " in the serial code"
                                     : u->tl->region ? " in a parallel region"
                                                     : " in a parallel loop"));
    break;
  default:
    break;
  }
  return WALK_CONTINUE;
}

static void unit_stmt_post(Stmt **slot, void *user)
{
  Unit *u = user;
  if ((*slot)->kind == S_FOR || (*slot)->kind == S_WHILE || (*slot)->kind == S_DO)
    u->loops--;
  else if ((*slot)->kind == S_SWITCH)
    u->switches--;
}

static Walker unit_walker(Unit *u)
{
  return (Walker){.expr_pre = unit_expr, .stmt_pre = unit_stmt, .stmt_post = unit_stmt_post,
                  .decl_pre = unit_decl, .user = u};
}

/* An expression every thread evaluates (a parallel loop's bounds,
 * num_threads): no writes, pure calls. */
static void check_uniform(Check *c, Expr **e)
{
  if (!*e)
    return;
  Unit u = {.c = c};
  Walker w = unit_walker(&u);
  walk_expr(&w, e);
  if (u.local || u.memory)
    refuse(c, (*e)->loc, "a parallel loop's bounds with a side effect");
}

/* ---------------------------------------------------------------- parallel loops */

static bool is_parallel_loop(const Stmt *s)
{
  return s->kind == S_OMP && s->body &&
         (s->omp->kind == OMPD_PARALLEL_FOR || s->omp->kind == OMPD_PARALLEL_FOR_SIMD ||
          s->omp->kind == OMPD_PARALLEL_LOOP);
}

/* A built-in operator on an integer or real floating scalar; complex
 * ones stay with the generic kernels, whose reductions are tested with
 * them (tests/run/complex.c). */
static bool reduction_ok(OmpRedOp op, const Type *t)
{
  const Type *b = t && t->kind == TY_ENUM ? t->base : t;
  return b && b->kind != TY_COMPLEX && omp_red_type_ok(op, t);
}

static void loop_clause(Check *c, TeamLoop *tl, OmpClause *cl)
{
  Expr *item;
  switch (cl->kind) {
  case OMPC_SHARED: case OMPC_DEFAULT: case OMPC_PROC_BIND: case OMPC_ORDER:
  case OMPC_ALIGNED: case OMPC_NONTEMPORAL: case OMPC_SIMDLEN: case OMPC_COLLAPSE:
    return; /* collapse: the nest must be rectangular (team_loop) */
  case OMPC_SCHEDULE:
    /* auto, and dynamic in chunks of one, leave the mapping to the
     * implementation; static fixes it (OpenMP 5.2 11.5.3); dynamic in
     * chunks of c hands them out in an order the program cannot rely on,
     * so the static order of chunks of c is one of its executions (each
     * thread's chunks in increasing order: monotonic too).  guided keeps
     * its shrinking chunks in a generic kernel. */
    if ((cl->word == OMPW_AUTO || cl->word == OMPW_DYNAMIC) && !cl->expr && !cl->mods.len)
      return;
    if ((cl->word == OMPW_STATIC || cl->word == OMPW_DYNAMIC) && !cl->mods.len) {
      tl->by_chunks = true;
      tl->chunk = cl->expr;
      check_uniform(c, &cl->expr);
      return;
    }
    break;
  case OMPC_BIND: /* a loop construct's: the parallel region's threads */
    if (cl->word == OMPW_PARALLEL)
      return;
    break;
  case OMPC_NOWAIT:
    if (tl->in) { /* a for of a parallel region */
      tl->nowait = true;
      return;
    }
    break;
  case OMPC_NUM_THREADS: /* of a region: its statements on the team's first threads */
    if (!cl->mods.len && cl->expr) {
      tl->num_threads = cl->expr;
      check_uniform(c, &cl->expr);
      return;
    }
    break;
  case OMPC_IF: /* 10.1.1: false, an inactive region of one thread */
    if (cl->dir_name == OMPD_SIMD && !tl->region)
      return; /* only whether to vectorise */
    if ((cl->dir_name == OMPD_NONE || cl->dir_name == OMPD_PARALLEL) && cl->expr) {
      tl->if_expr = cl->expr;
      check_uniform(c, &cl->expr);
      return;
    }
    break;
  case OMPC_PRIVATE: case OMPC_FIRSTPRIVATE:
    VEC_EACH(Expr *, item, cl->items) {
      if (item->kind != E_IDENT || !item->sym ||
          (cl->kind == OMPC_FIRSTPRIVATE && item->sym->ty && type_is_array(item->sym->ty)) ||
          (item->sym->ty && type_is_vla(item->sym->ty))) {
        refuse(c, item->loc, "a firstprivate array, a variable-length array or an item that is not a "
                             "variable");
        return;
      }
      vec_push(cl->kind == OMPC_PRIVATE ? &tl->privates : &tl->firstprivates, item->sym);
    }
    return;
  case OMPC_LASTPRIVATE: /* 5.4.5: the last iteration's value, to every thread's original */
    if (cl->mods.len || tl->region)
      break;
    VEC_EACH(Expr *, item, cl->items) {
      if (item->kind != E_IDENT || !item->sym || !item->sym->ty || !type_is_scalar(item->sym->ty) ||
          !vec_has(&c->locals, item->sym)) {
        refuse(c, item->loc, "a lastprivate item that is not a scalar variable of the body");
        return;
      }
      vec_push(&tl->lastprivates, item->sym);
    }
    return;
  case OMPC_REDUCTION:
    if (cl->mods.len)
      break;
    VEC_EACH(Expr *, item, cl->items) {
      if (item->kind != E_IDENT || !item->sym || !reduction_ok(cl->red_op, item->sym->ty)) {
        refuse(c, item->loc, "a reduction other than a built-in operator on a scalar variable");
        return;
      }
      /* target parallel's own reduction: each thread's copy of the
       * kernel (kernels.c region_reductions) is the region's private
       * copy, combined into the mapped original at the kernel's end;
       * there is no team-wide original to combine into before that (a
       * combine into that thread-local copy would be an atomic on local
       * memory, which faults on a GPU) */
      if (tl->stmt == c->r->body && region_clause_names(c, item->sym, OMPC_REDUCTION))
        continue;
      /* an original outside the body: the region's mapped object (or a
       * declare target variable), which the team's first thread alone
       * combines into; a private copy of the region's is refused */
      bool shared = !vec_has(&c->locals, item->sym);
      if (shared && item->sym->depth > 0 && !shared_variable(c, item->sym)) {
        refuse(c, item->loc, xasprintf("a reduction of '%s', which is neither a variable of the "
                                       "loop's body nor mapped", item->sym->name));
        return;
      }
      Reduction *red = xcalloc(1, sizeof *red);
      red->sym = item->sym, red->op = cl->red_op, red->loc = item->loc, red->item = item;
      red->shared_orig = shared;
      vec_push(&tl->reductions, red);
    }
    return;
  default:
    break;
  }
  refuse(c, cl->loc, xasprintf("'%s' on a parallel %s", omp_clause_name(cl->kind),
                               tl->region ? "region" : "loop"));
}

static void team_loop(Check *c, Stmt *s, TeamLoopsNest nest, TeamLoop *in, const Vec *outer_own)
{
  TeamLoop *tl = xcalloc(1, sizeof *tl);
  tl->stmt = s;
  tl->in = in;
  OmpClause *cl;
  VEC_EACH(OmpClause *, cl, s->omp->clauses)
    loop_clause(c, tl, cl);
  if (c->why)
    return;
  Vec loops = {0};
  Stmt *body = NULL;
  int errors = diag_errors;
  if (!nest(s->body, s->omp, &loops, &body)) {
    if (diag_errors == errors) /* not reported: the generic kernel handles it */
      refuse(c, s->loc, "a parallel loop the translator cannot take apart");
    else
      vec_push(&c->r->team_loops, tl); /* reported: the kernel file is not written */
    return;
  }
  OmpLoop *l;
  VEC_EACH(OmpLoop *, l, loops) {
    if (vec_has(&tl->lastprivates, l->var))
      refuse(c, s->loc, "a loop variable in lastprivate");
    if (l->outer >= 0) {
      refuse(c, s->loc, "a non-rectangular collapsed parallel loop");
      return;
    }
    check_uniform(c, &l->lb);
    check_uniform(c, &l->ub);
    check_uniform(c, &l->step);
  }
  tl->loops = loops;
  tl->loop = loops.items[0];
  tl->body = body;
  Stmt *needs = generic_mode_threads_needed(c->o, &body);
  if (needs)
    refuse(c, needs->loc, xasprintf("'#pragma omp %s' in a parallel loop",
                                    omp_dir_name(needs->omp->kind)));
  Unit u = {.c = c, .tl = tl, .outer_own = outer_own};
  Walker w = unit_walker(&u);
  walk_stmt(&w, &body);
  vec_push(&c->r->team_loops, tl);
}

/* ---------------------------------------------------------------- parallel regions */

static bool is_parallel_region(const Stmt *s)
{
  return s->kind == S_OMP && s->body && s->omp->kind == OMPD_PARALLEL;
}

/* A worksharing loop, barrier, single, master or masked directly in a
 * parallel region: the team's (OpenMP 5.2 11.5, 15.3.1, 11.1, 10.5). */
static bool region_construct(Check *c, TeamLoop *pr, Stmt *s, Unit *ru, TeamLoopsNest nest)
{
  OmpClause *cl;
  switch (s->omp->kind) {
  case OMPD_FOR: case OMPD_FOR_SIMD:
  case OMPD_LOOP: /* bound to the region (11.7): its threads share it */
    team_loop(c, s, nest, pr, &ru->own);
    return true;
  case OMPD_BARRIER:
    vec_push(&c->r->team_sync, s);
    return true;
  case OMPD_SINGLE: case OMPD_MASTER: case OMPD_MASKED:
    VEC_EACH(OmpClause *, cl, s->omp->clauses)
      if (cl->kind != OMPC_NOWAIT && cl->kind != OMPC_FILTER)
        refuse(c, cl->loc, xasprintf("'%s' on '#pragma omp %s'", omp_clause_name(cl->kind),
                                     omp_dir_name(s->omp->kind)));
      else if (cl->kind == OMPC_FILTER)
        check_uniform(c, &cl->expr);
    if (s->body) {
      Walker w = unit_walker(ru);
      walk_stmt(&w, &s->body);
    }
    vec_push(&c->r->team_sync, s);
    return true;
  default:
    return false;
  }
}

/* A parallel region in the serial code: every thread of the team runs
 * its body, as the region's threads would (OpenMP 5.2 10.1); its
 * worksharing loops and synchronisation constructs, at its top level,
 * are the team's. */
static void team_parallel(Check *c, Stmt *s, TeamLoopsNest nest)
{
  TeamLoop *pr = xcalloc(1, sizeof *pr);
  pr->stmt = s;
  pr->region = true;
  OmpClause *cl;
  VEC_EACH(OmpClause *, cl, s->omp->clauses)
    switch (cl->kind) {
    case OMPC_SHARED: case OMPC_DEFAULT: case OMPC_PROC_BIND:
      break;
    case OMPC_PRIVATE: case OMPC_FIRSTPRIVATE: case OMPC_REDUCTION:
    case OMPC_NUM_THREADS: case OMPC_IF:
      loop_clause(c, pr, cl);
      break;
    default:
      refuse(c, cl->loc, xasprintf("'%s' on a parallel region", omp_clause_name(cl->kind)));
    }
  int n;
  Stmt **items = stmt_list(&s->body, &n);
  Unit ru = {.c = c, .tl = pr};
  Walker w = unit_walker(&ru);
  for (int i = 0; i < n && !c->why; i++) {
    if (items[i]->kind == S_OMP && region_construct(c, pr, items[i], &ru, nest))
      continue;
    Stmt *needs = generic_mode_threads_needed(c->o, &items[i]);
    if (needs)
      refuse(c, needs->loc, xasprintf("'#pragma omp %s' in a parallel region",
                                      omp_dir_name(needs->omp->kind)));
    if ((pr->num_threads || pr->if_expr) && items[i]->kind == S_DECL) {
      /* run by every thread of the block (its scope is the region's) */
      Unit du = {.c = c, .tl = pr};
      Walker dw = unit_walker(&du);
      walk_stmt(&dw, &items[i]);
      if (du.memory)
        refuse(c, items[i]->loc, xasprintf("a declaration that writes memory in a parallel "
                                           "region with %s",
                                           pr->num_threads ? "num_threads" : "if"));
    }
    walk_stmt(&w, &items[i]);
  }
  vec_push(&c->r->team_loops, pr);
}

/* ---------------------------------------------------------------- the body */

static WalkAction find_parallel_loop(Stmt **slot, void *user)
{
  if (is_parallel_loop(*slot) || is_parallel_region(*slot)) {
    *(bool *)user = true;
    return WALK_STOP;
  }
  return WALK_CONTINUE;
}

static bool holds_parallel_loop(Stmt **slot)
{
  bool found = false;
  walk_stmt(&(Walker){.stmt_pre = find_parallel_loop, .user = &found}, slot);
  return found;
}

static void serial_block(Check *c, Stmt **items, int n, TeamLoopsNest nest);

static void sub_block(Check *c, Stmt **slot, TeamLoopsNest nest)
{
  int n;
  Stmt **items = stmt_list(slot, &n);
  serial_block(c, items, n, nest);
}

/* An if, a loop or a block around parallel loops: every thread runs it
 * alike, so its controlling expressions may change only the body's
 * variables (each thread's copy) and call only pure functions. */
static void uniform_control(Check *c, Stmt *s, TeamLoopsNest nest)
{
  Unit u = {.c = c};
  Walker w = unit_walker(&u);
  w.decl_pre = NULL; /* declared here: the body's variables */
  switch (s->kind) {
  case S_COMPOUND:
    break;
  case S_IF: case S_WHILE: case S_DO:
    walk_expr(&w, &s->expr);
    break;
  case S_FOR:
    if (s->init && s->init->kind == S_DECL) {
      decl_vars(s->init->decl, &c->locals);
      walk_decl(&w, s->init->decl);
    } else if (s->init)
      walk_expr(&w, &s->init->expr);
    walk_expr(&w, &s->expr);
    walk_expr(&w, &s->expr2);
    break;
  default:
    refuse(c, s->loc, "a parallel loop under a switch or a label");
    return;
  }
  if (u.memory)
    refuse(c, s->loc, "the control of a statement around a parallel loop writes memory");
  vec_push(&c->r->uniform, s);
  if (s->kind == S_COMPOUND)
    sub_block(c, &s, nest);
  else {
    sub_block(c, &s->body, nest);
    if (s->kind == S_IF)
      sub_block(c, &s->else_, nest);
  }
}

/* A statement of the body's top level: runs on every thread (false) or
 * on the first alone (true). */
static bool serial_unit(Check *c, Stmt **slot)
{
  Stmt *s = *slot;
  Unit u = {.c = c};
  Walker w = unit_walker(&u);
  if (s->kind == S_DECL) {
    /* the declared variables are the body's, each thread's own */
    no_static_storage(c, s->decl);
    decl_vars(s->decl, &c->locals);
    w.decl_pre = NULL;
    walk_decl(&w, s->decl);
    if (u.memory)
      refuse(c, s->loc, "a declaration whose initializer writes memory");
    return false;
  }
  walk_stmt(&w, slot);
  if (u.memory && u.local)
    refuse(c, s->loc, "a statement that writes both memory and the body's variables");
  if (u.memory && u.jumps)
    refuse(c, s->loc, "a continue or break in a statement that writes memory");
  return u.memory;
}

/* Statements every thread of a team runs in order. */
static void serial_block(Check *c, Stmt **items, int n, TeamLoopsNest nest)
{
  for (int i = 0; i < n && !c->why; i++) {
    if (is_parallel_loop(items[i]))
      team_loop(c, items[i], nest, NULL, NULL);
    else if (is_parallel_region(items[i]))
      team_parallel(c, items[i], nest);
    else if (holds_parallel_loop(&items[i]))
      uniform_control(c, items[i], nest);
    else if (serial_unit(c, &items[i]))
      vec_push(&c->r->guarded, items[i]);
  }
}

const char *team_loops_decide(Offload *o, Region *r, const Vec *dirs, TeamLoopsNest nest)
{
  Check c = {.o = o, .r = r, .dirs = dirs};
  /* target parallel: its reduction is the parallel region's, whose
   * threads each have a copy (offload.c parallel_of hands it over) */
  unsigned leaves = omp_leaves(r->dir);
  bool target_parallel = leaves == (OMP_LEAF_TARGET | OMP_LEAF_PARALLEL);
  OmpDir *d;
  VEC_EACH(OmpDir *, d, *dirs) {
    OmpClause *cl;
    VEC_EACH(OmpClause *, cl, d->clauses)
      if ((cl->kind == OMPC_REDUCTION && !(target_parallel && d == r->dir)) ||
          cl->kind == OMPC_LASTPRIVATE || cl->kind == OMPC_LINEAR || cl->kind == OMPC_ALLOCATE)
        refuse(&c, cl->loc, xasprintf("'%s' on the region", omp_clause_name(cl->kind)));
  }
  OmpLoop *l;
  VEC_EACH(OmpLoop *, l, r->loops)
    vec_push(&c.locals, l->var);
  sub_block(&c, &r->body, nest);
  if (!c.why && !r->team_loops.len)
    refuse(&c, r->loc, "no parallel loop");
  if (c.why) {
    r->team_loops.len = r->guarded.len = r->uniform.len = r->team_sync.len = 0;
    return xasprintf("%s (line %d)", c.why, c.where.line);
  }
  return NULL;
}
