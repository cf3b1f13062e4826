/* team-private.c - arrays that a region of team loops only adds into with
 * atomic constructs: each team adds into its own copy in CUDA shared
 * memory, then adds its copy into the array once (issue 17: histo).
 *
 *   #pragma omp target teams distribute map(tofrom: hist) map(to: data[0:n])
 *   for (b = 0; b < nblocks; b++)
 *   #pragma omp parallel for
 *     for (i = b * block; i < end; i++)
 *   #pragma omp atomic
 *       hist[data[i] % 256] += 1;
 *
 * As written, every thread of every team updates hist in global memory:
 * 47 times the time of the hand-written CUDA on an H200 (bench/run,
 * histo), which counts a block's values in shared memory and adds each
 * bin to the global one once.  The translator does the same where
 * nothing can tell the difference.  OpenMP 5.2 15.8.4: an atomic update
 * of x reads and writes x indivisibly, and updates by different threads
 * happen in an unspecified order; additions commute, so the sums are the
 * same once every team has added its copy, at the latest when the region
 * ends; nothing may look before:
 *
 * - the array is a mapped array variable (its own object) of constant
 *   size, at most TEAM_COPY_MAX bytes, of elements of 4 or 8 bytes of
 *   an arithmetic type (floating sums may round otherwise, as they may
 *   between any two orders of the updates);
 * - every use of its name in the region is the x of an atomic update (no
 *   clause but update and hint) that adds to it, with x an element:
 *   x += e, x -= e, x++, ++x, x--, --x, x = x + e, x = e + x, x = x - e;
 *   so the region neither reads it nor makes a pointer into it;
 * - the region is a teams distribute loop over team loops (team-loops.c),
 *   where every thread of a block runs to the kernel's end (it zeroes the
 *   copy before and adds it after, between barriers), of two widths
 *   (offload_two_widths: a target teams region without a distribute loop
 *   has one, and keeps its arrays), and every
 *   parameter it reaches memory through but the array is read-only
 *   (readonly.c, which also found no call of a user function and no
 *   write through a pointer of its own): nothing else in the region can
 *   reach the array.  The kernel that uses the copies is the narrow one,
 *   which the runtime launches only when the read-only mappings meet no
 *   other (rt-target.c); the wide one updates the array itself.
 *
 * The atomic constructs that add into a copy (Region.team_atomics)
 * become __ompicc_team_atomic (codegen-cuda/atomic.c), which in the
 * narrow kernel adds a 64-bit integer in two 32-bit words: nothing reads
 * the copy before its last update.
 */
#include "team-private.h"

#include <string.h>

#include "print.h"
#include "walk.h"

/* Bytes of shared memory a region's copies may take together. */
#define TEAM_COPY_MAX 4096

typedef struct Uses {
  Symbol *sym;
  int all, added; /* names of sym in the region; those that are an x */
} Uses;

/* The variable an element expression (a[i], m[i][j]) is of; NULL when e
 * is not one. */
static Symbol *element_of(Expr *e)
{
  while (e->kind == E_PAREN)
    e = e->a;
  if (e->kind != E_INDEX)
    return NULL;
  while (e->kind == E_INDEX || e->kind == E_PAREN)
    e = e->a;
  return e->kind == E_IDENT && e->ty && type_is_array(e->ty) ? e->sym : NULL;
}

/* The x of an atomic update statement that adds to it, and how many
 * times the statement names x (2 for x = x + e); NULL otherwise. */
static Expr *added_x(Stmt *s, int *names)
{
  if (s->kind != S_OMP || s->omp->kind != OMPD_ATOMIC || !s->body)
    return NULL;
  OmpClause *cl;
  VEC_EACH(OmpClause *, cl, s->omp->clauses)
    if (cl->kind != OMPC_UPDATE && cl->kind != OMPC_HINT)
      return NULL;
  Stmt *b = s->body;
  while (b->kind == S_COMPOUND && b->items.len == 1)
    b = b->items.items[0];
  if (b->kind != S_EXPR || !b->expr)
    return NULL;
  Expr *e = b->expr;
  *names = 1;
  switch (e->kind) {
  case E_POSTINC: case E_POSTDEC: case E_PREINC: case E_PREDEC:
    return e->a;
  case E_ASSIGN:
    if (e->op == OP_ADD_ASSIGN || e->op == OP_SUB_ASSIGN)
      return e->a;
    if (e->op != OP_ASSIGN)
      return NULL;
    Expr *v = e->b;
    while (v->kind == E_PAREN)
      v = v->a;
    if (v->kind != E_BINARY || (v->op != OP_ADD && v->op != OP_SUB))
      return NULL;
    *names = 2;
    if (print_same_expr(v->a, e->a))
      return e->a;
    if (v->op == OP_ADD && print_same_expr(v->b, e->a))
      return e->a;
    return NULL;
  default:
    return NULL;
  }
}

static WalkAction count_names(Expr **slot, void *user)
{
  Uses *u = user;
  if ((*slot)->kind == E_IDENT && (*slot)->sym == u->sym)
    u->all++;
  return WALK_CONTINUE;
}

/* The atomic constructs that add into the region's team copies. */
static WalkAction note_team_atomic(Stmt **slot, void *user)
{
  Region *r = user;
  int names;
  Expr *x = added_x(*slot, &names);
  if (x && vec_has(&r->team_copies, element_of(x)))
    vec_push(&r->team_atomics, *slot);
  return WALK_CONTINUE;
}

static WalkAction count_added(Stmt **slot, void *user)
{
  Uses *u = user;
  int names;
  Expr *x = added_x(*slot, &names);
  if (x && element_of(x) == u->sym)
    u->added += names;
  return WALK_CONTINUE;
}

/* Is m's array one the teams may keep copies of, by its type? */
static bool copyable(const MapEntry *m, long long *bytes)
{
  const Type *t = m->sym->ty;
  if (m->cap != CAP_ARRAY || !t || !type_is_array(t) || type_is_vla(t) ||
      m->sym->storage != ST_LOCAL)
    return false;
  const Type *e = t;
  while (type_is_array(e))
    e = type_elem(e);
  long size = type_size(t), esize = type_size(e);
  if (!(type_is_integer(e) || type_is_float(e)) || (esize != 4 && esize != 8) || size <= 0)
    return false;
  *bytes = size;
  return true;
}

void team_private_arrays(Region *r)
{
  r->team_copies = r->team_atomics = (Vec){0};
  if (r->generic || !r->team_loops.len) /* of two widths: the caller's test */
    return;
  /* every other parameter that reaches memory is read-only */
  MapEntry *m;
  VEC_EACH(MapEntry *, m, r->maps) {
    long long bytes;
    bool memory = m->cap == CAP_PTR || m->cap == CAP_ARRAY ||
                  (m->sym->ty && type_is_pointer(m->sym->ty) && m->cap != CAP_NONE);
    if (memory && !(r->readonly >> m_i & 1) && !copyable(m, &bytes))
      return;
  }
  long long total = 0;
  VEC_EACH(MapEntry *, m, r->maps) {
    long long bytes;
    if (!copyable(m, &bytes) || vec_has(&r->team_copies, m->sym) ||
        vec_has(&r->lastprivates, m->sym))
      continue;
    Reduction *red;
    bool reduced = false;
    VEC_EACH(Reduction *, red, r->reductions)
      reduced |= red->sym == m->sym;
    Uses u = {.sym = m->sym};
    walk_stmt(&(Walker){.expr_pre = count_names, .user = &u}, &r->body);
    walk_stmt(&(Walker){.stmt_pre = count_added, .user = &u}, &r->body);
    if (reduced || !u.all || u.added != u.all || total + bytes > TEAM_COPY_MAX)
      continue;
    total += bytes;
    vec_push(&r->team_copies, m->sym);
  }
  /* copies without a read-only parameter to gate the narrow kernel: the
   * region reaches no other memory (readonly.c found no write it cannot
   * place only when it marked something); else nothing */
  if (r->team_copies.len && !r->readonly)
    r->team_copies = (Vec){0};
  if (r->team_copies.len)
    walk_stmt(&(Walker){.stmt_pre = note_team_atomic, .user = r}, &r->body);
}
