/* generic-mode.c - choosing generic kernels (DESIGN D4).
 *
 * A target region that is not SPMD (offload.c decided the SPMD ones) runs
 * as a generic kernel when it needs more than one thread: it contains a
 * parallel region or a worksharing/synchronisation construct (OpenMP 5.2
 * 10.2, 11, 15), or calls a function that does (orphaned constructs).
 * So do a teams construct with num_teams and serial code only (each
 * team runs it) and a target parallel over serial code that offload.c
 * could not make SPMD (team-loops.c: each of the region's threads runs
 * it, as gcc and clang give it num_threads or a block of threads; it was
 * a kernel of one thread, which num_threads as an upper bound allows,
 * but a program that shares its work by omp_get_thread_num() then ran on
 * one GPU thread).  Otherwise it stays a kernel of one thread.  The
 * reason goes into the region's remark.  SPMD regions get their memory-access
 * hint here too (coalesce.c), once every region is decided.
 */
#include "generic-mode.h"

#include "coalesce.h"
#include "variants.h"
#include "walk.h"

typedef struct Find {
  Offload *o;
  Stmt *found;  /* the first directive that needs threads */
  Decl *via;    /* the function it was found in, if any */
  Vec seen;     /* Decl*: functions already looked at */
} Find;

static bool needs_threads(OmpDirKind k)
{
  switch (k) {
  case OMPD_ATOMIC: case OMPD_SIMD: case OMPD_FLUSH: case OMPD_LOOP:
    return false;
  default:
    return true;
  }
}

static void find_in(Find *f, Stmt **body, Decl *via);

static WalkAction look_call(Expr **slot, void *user)
{
  Find *f = user;
  Expr *e = *slot;
  if (f->found || e->kind != E_CALL || !e->a || e->a->kind != E_IDENT)
    return WALK_CONTINUE;
  const char *device_callee = variants_device_callee(e->a);
  Decl *d = tu_find_funcdef(f->o->tu, device_callee ? device_callee : e->a->text);
  if (!d || !d->body)
    return WALK_CONTINUE;
  for (int i = 0; i < f->seen.len; i++)
    if (f->seen.items[i] == d)
      return WALK_CONTINUE;
  vec_push(&f->seen, d);
  find_in(f, &d->body, d);
  return WALK_CONTINUE;
}

static WalkAction look_stmt(Stmt **slot, void *user)
{
  Find *f = user;
  Stmt *s = *slot;
  if (!f->found && s->kind == S_OMP && needs_threads(s->omp->kind))
    f->found = s;
  return f->found ? WALK_SKIP : WALK_CONTINUE;
}

static void find_in(Find *f, Stmt **body, Decl *via)
{
  Stmt *before = f->found;
  walk_stmt(&(Walker){.stmt_pre = look_stmt, .expr_pre = look_call, .user = f}, body);
  if (!before && f->found && !f->via)
    f->via = via;
}

Stmt *generic_mode_threads_needed(Offload *o, Stmt **body)
{
  Find f = {.o = o};
  find_in(&f, body, NULL);
  return f.found;
}

/* target teams num_teams(n) with serial code only: n teams each run it
 * (OpenMP 5.1 and later create at least the lower bound of num_teams;
 * a kernel of one thread would be one team).  A generic kernel has a
 * master per block for that. */
static bool serial_teams(Region *r)
{
  unsigned leaves = omp_leaves(r->dir);
  return (leaves & OMP_LEAF_TEAMS) && omp_find_clause(r->dir, OMPC_NUM_TEAMS);
}

/* target parallel over serial code: the region's threads each run it
 * (OpenMP 5.2 10.1), which a kernel of one thread would do alone. */
static bool parallel_region(Region *r)
{
  unsigned leaves = omp_leaves(r->dir);
  return leaves & OMP_LEAF_PARALLEL;
}

static void choose(Offload *o, Region *r)
{
  Find f = {.o = o};
  find_in(&f, &r->stmt->body, NULL);
  if (!f.found && parallel_region(r)) {
    r->generic = true;
    r->why = xasprintf("'#pragma omp %s' over serial code: a generic kernel (its workers each "
                       "run the parallel region)", omp_dir_name(r->dir->kind));
    return;
  }
  if (!f.found && serial_teams(r)) {
    r->generic = true;
    r->why = xasprintf("'num_teams' with serial code: a generic kernel (each team's master "
                       "thread runs the serial code)");
    return;
  }
  if (!f.found)
    return;
  r->generic = true;
  Loc l = f.found->loc;
  r->why = xasprintf("'#pragma omp %s' at line %d%s%s: a generic kernel (a master thread "
                     "runs the serial code and forks worker threads for parallel regions)%s%s",
                     omp_dir_name(f.found->omp->kind), l.line, f.via ? " of called function " : "",
                     f.via && f.via->sym ? f.via->sym->name : "",
                     r->team_refused ? "; not SPMD over the team's threads: " : "",
                     r->team_refused ? r->team_refused : "");
}

void generic_mode_choose(Offload *o)
{
  Region *r;
  VEC_EACH(Region *, r, o->regions)
    if (r->shape == SPMD_NONE && !r->sequential)
      choose(o, r);
    else
      coalesce_hint(r);
}
