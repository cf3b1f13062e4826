/* reconverge.c - the statements of device code at whose end a warp's
 * lanes meet again, marked where a spin lock could hang the warp.
 *
 * Before Volta (sm_70) a warp runs one path at a time and its lanes meet
 * again where the paths join: after an if or a switch, after a loop.  A
 * lane that takes a lock with a compare-and-swap (or an exchange) and
 * waits there for its warp-mates, while they spin for that lock, hangs
 * the GPU:
 *
 *   while (atomicCAS(&lock, 0, 1) != 0)   // the winner leaves the loop,
 *     ;                                   // waits here for the others,
 *   count++;                              // who spin for ever
 *   atomicExch(&lock, 0);
 *
 * The CPU device runs each lane alone, so it has to be told where the
 * paths meet.  Every if, switch and loop that may run a compare-and-swap
 * (atomicCAS, the GCC and OpenMP compare-and-swap forms, omp_test_lock),
 * an exchange (atomicExch, GCC's test-and-set and exchange builtins, an
 * atomic capture that writes x = e), or a call of a device function of
 * this file that may, becomes
 *
 *   { OMPICC_RECONVERGE; while (...) { OMPICC_RECONVERGE; body } }
 *
 * (the body too, since the lanes of a loop meet after each iteration),
 * a mark that means nothing on a GPU and on the CPU device before sm_70
 * makes the lanes that entered the block leave it together
 * (devlib-cuda/ompicc-device.h, runtime-host/emu-sched.c).  Other
 * statements need no mark: the CPU device sees a lane wait for a
 * warp-mate only through a compare-and-swap or an exchange (a barrier or
 * a warp operation is a meeting of its own; a spin on a plain flag is not
 * seen).  Not marked: a statement holding a label, which a jump from
 * outside may enter (C++ forbids jumping past the mark's object), and
 * calls of other files' functions, which are not seen here.
 */
#include "reconverge.h"

#include <string.h>

#include "walk.h"

static Vec cas_funcs; /* Decl*: this file's device functions that may run a compare-and-swap */

/* Names whose call is a compare-and-swap or an exchange (the device
 * library's atomic forms, codegen-cuda/atomic.c, are in the text of
 * S_ASM). */
static const char *const cas_names[] = {
    "atomicCAS", "__ompicc_atomic_cas", "compare_and_swap", "compare_exchange",
    "omp_test_lock", "omp_test_nest_lock",
    /* exchanges: a test-and-set lock (an atomic capture {v = x; x = e;}
     * is __ompicc_op_assign) */
    "atomicExch", "test_and_set", "atomic_exchange", "__ompicc_op_assign",
};

static bool names_cas(const char *text)
{
  for (size_t i = 0; text && i < sizeof cas_names / sizeof *cas_names; i++)
    if (strstr(text, cas_names[i]))
      return true;
  return false;
}

static WalkAction find_cas_call(Expr **slot, void *user)
{
  Expr *e = *slot;
  if (e->kind != E_CALL)
    return WALK_CONTINUE;
  Expr *callee = expr_unparen(e->a);
  if (callee->kind != E_IDENT)
    return WALK_CONTINUE;
  bool cas = names_cas(callee->text);
  Decl *d;
  VEC_EACH(Decl *, d, cas_funcs)
    cas |= callee->sym && d->sym == callee->sym;
  if (!cas)
    return WALK_CONTINUE;
  *(bool *)user = true;
  return WALK_STOP;
}

static WalkAction find_cas_text(Stmt **slot, void *user)
{
  if ((*slot)->kind != S_ASM || !names_cas((*slot)->text))
    return WALK_CONTINUE;
  *(bool *)user = true;
  return WALK_STOP;
}

static bool may_cas(Stmt **slot)
{
  bool cas = false;
  walk_stmt(&(Walker){.stmt_pre = find_cas_text, .expr_pre = find_cas_call, .user = &cas}, slot);
  return cas;
}

void reconverge_begin(const Vec *funcs)
{
  cas_funcs.len = 0;
  for (bool grew = true; grew;) {
    grew = false;
    Decl *f;
    VEC_EACH(Decl *, f, *funcs) {
      if (vec_has(&cas_funcs, f) || !f->body || !may_cas(&f->body))
        continue;
      vec_push(&cas_funcs, f);
      grew = true;
    }
  }
}

/* Does the statement hold a label, or (unless it is a switch, whose
 * cases are its own) a case of a switch around it? */
typedef struct Labels {
  bool found, cases; /* cases: a case outside a nested switch counts */
  int switches;      /* switches entered below the statement */
} Labels;

static WalkAction find_label(Stmt **slot, void *user)
{
  Labels *l = user;
  Stmt *s = *slot;
  if (s->kind == S_SWITCH)
    l->switches++;
  if (s->kind == S_LABEL || (l->cases && l->switches == 0 && (s->kind == S_CASE || s->kind == S_DEFAULT))) {
    l->found = true;
    return WALK_STOP;
  }
  return WALK_CONTINUE;
}

static void leave_switch(Stmt **slot, void *user)
{
  if ((*slot)->kind == S_SWITCH)
    ((Labels *)user)->switches--;
}

static bool has_label(Stmt **slot)
{
  Labels l = {.cases = (*slot)->kind != S_SWITCH};
  walk_stmt(&(Walker){.stmt_pre = find_label, .stmt_post = leave_switch, .user = &l}, slot);
  return l.found;
}

typedef struct Marker {
  Vec *undo;
  Vec marked; /* Stmt*: statements already inside their mark */
} Marker;

static void replace(Marker *m, Stmt **slot, Stmt *repl)
{
  vec_push(m->undo, slot);
  vec_push(m->undo, *slot);
  *slot = repl;
}

/* { OMPICC_RECONVERGE; s } */
static Stmt *in_mark(Stmt *s)
{
  Stmt *mark = mk_stmt(S_ASM, s->loc);
  mark->text = "OMPICC_RECONVERGE";
  Stmt *c = mk_compound(s->loc, (Vec){0});
  vec_push(&c->items, mark);
  vec_push(&c->items, s);
  return c;
}

static WalkAction mark(Stmt **slot, void *user)
{
  Marker *m = user;
  Stmt *s = *slot;
  if (s->kind == S_OMP)
    return WALK_SKIP; /* a directive's loops keep their form */
  bool loop = s->kind == S_WHILE || s->kind == S_DO || s->kind == S_FOR;
  if ((!loop && s->kind != S_IF && s->kind != S_SWITCH) || vec_has(&m->marked, s) || !may_cas(slot) ||
      has_label(slot))
    return WALK_CONTINUE;
  vec_push(&m->marked, s);
  if (loop)
    replace(m, &s->body, in_mark(s->body));
  replace(m, slot, in_mark(s)); /* walked next: its statement, then the body's */
  return WALK_CONTINUE;
}

void reconverge_mark(Stmt **body, Vec *undo)
{
  Marker m = {.undo = undo};
  walk_stmt(&(Walker){.stmt_pre = mark, .user = &m}, body);
}
