/* depend.c - the task dependences of OpenMP 5.1 that the host compiler
 * does not know (gcc 12), lowered to ones it does, on every directive
 * with a depend clause left in the host file: task, the host tasks of the
 * target constructs (lower-host.c's as_task, which runs first), taskwait
 * and depobj.  Device code needs nothing: its tasks run at once, in the
 * order they are met, which keeps every dependence.
 *
 * The OpenMP 5.2 sections cited: 15.9.5 (depend clause: dependence types,
 * omp_all_memory), 15.5 (taskwait), 15.9.1 (task scheduling, for what a
 * taskwait waits for), 15.9.4 (depobj).
 *
 *   depend(inoutset: x)   ->  depend(inout: x)
 *       inoutset tasks on x are ordered against every other type on x
 *       and not among themselves; inout orders them among themselves
 *       too.  More order is always correct: no two tasks are ever
 *       guaranteed to run at the same time (15.9.5 only forbids running a
 *       task before its predecessors).  mutexinoutset would not do: it
 *       leaves an inoutset task and a mutexinoutset task on the same item
 *       unordered, where inoutset orders them.
 *
 *   #pragma omp task depend(out: omp_all_memory, x)      (or any directive
 *   { body }                                              lowered to a task)
 *       ->
 *   {
 *     #pragma omp taskwait
 *     #pragma omp task depend(out: x)
 *     { body }
 *     #pragma omp taskwait
 *   }
 *       The task depends on every earlier sibling task with a depend
 *       clause, and every later one depends on it (15.9.5).  The first
 *       taskwait waits for every earlier child of the current task, a
 *       superset of those siblings; the second waits for the task itself,
 *       before any later sibling is even generated.  The other items
 *       stay (they order nothing more, but their expressions are still
 *       evaluated as written).
 *
 *   #pragma omp taskwait depend(inout: omp_all_memory) [nowait]
 *       ->  #pragma omp taskwait
 *       waits for every earlier child: a superset of the predecessors;
 *       with nowait, later tasks are generated once they are all done,
 *       so none can start before them.
 *
 *   #pragma omp taskwait depend(...) nowait   ->   #pragma omp task depend(...)
 *                                                  {}
 *       15.5: as if the depend clauses were on a task construct with an
 *       empty structured block whose execution may be deferred.  nowait
 *       without depend breaks a restriction of 15.5: an error.
 *
 *   #pragma omp depobj(o) depend(inoutset: x) / update(inoutset): inout.
 *   omp_all_memory in a depobj is a sorry (the object's uses are not
 *   known here); so is a task with omp_all_memory and detach, which may
 *   complete long after its body, when the event is fulfilled.
 */
#include "depend.h"

#include <string.h>

#include "diag.h"
#include "omp.h"
#include "walk.h"

/* Is e the reserved locator omp_all_memory (15.9.5)? */
static bool all_memory(Expr *e)
{
  e = expr_unparen(e);
  return e && e->kind == E_IDENT && e->text && !strcmp(e->text, "omp_all_memory");
}

/* inoutset -> inout, on depend(inoutset: ...) and depobj's update(inoutset). */
static void inoutset_as_inout(OmpDir *d)
{
  OmpClause *c;
  VEC_EACH(OmpClause *, c, d->clauses)
    if ((c->kind == OMPC_DEPEND || c->kind == OMPC_UPDATE) && c->word == OMPW_INOUTSET)
      c->word = OMPW_INOUT;
}

/* Take omp_all_memory out of d's depend clauses (a clause left with no
 * item goes); returns its first item, or NULL.  It is an error in a
 * clause of any type but out and inout (15.9.5, restrictions). */
static Expr *take_all_memory(OmpDir *d)
{
  Expr *found = NULL;
  int kept = 0;
  for (int i = 0; i < d->clauses.len; i++) {
    OmpClause *c = d->clauses.items[i];
    int n = 0;
    for (int j = 0; c->kind == OMPC_DEPEND && j < c->items.len; j++) {
      Expr *e = c->items.items[j];
      if (!all_memory(e)) {
        c->items.items[n++] = e;
        continue;
      }
      found = found ? found : e;
      if (c->word != OMPW_OUT && c->word != OMPW_INOUT)
        error(e->loc, "'omp_all_memory' in a 'depend' clause of type '%s': only 'out' and 'inout' "
                      "take it (OpenMP 5.2 15.9.5)", omp_word_name(c->word));
    }
    if (c->kind == OMPC_DEPEND)
      c->items.len = n;
    if (c->kind != OMPC_DEPEND || n)
      d->clauses.items[kept++] = c;
  }
  d->clauses.len = kept;
  return found;
}

static bool has_depend(const OmpDir *d) { return omp_find_clause(d, OMPC_DEPEND) != NULL; }


/* #pragma omp taskwait, at loc. */
static Stmt *taskwait(Loc loc)
{
  OmpDir *d = xcalloc(1, sizeof *d);
  d->kind = OMPD_TASKWAIT, d->loc = loc, d->leaves = omp_dir_leaves(OMPD_TASKWAIT);
  Stmt *s = mk_stmt(S_OMP, loc);
  s->omp = d;
  return s;
}

/* { taskwait  task  taskwait }: the task after every earlier sibling and
 * before every later one. */
static Stmt *between_taskwaits(Stmt *task)
{
  Vec items = {0};
  vec_push(&items, taskwait(task->loc));
  vec_push(&items, task);
  vec_push(&items, taskwait(task->loc));
  return mk_compound(task->loc, items);
}

/* taskwait depend(...) nowait: a deferrable task with an empty body
 * (15.5). */
static void taskwait_as_task(Stmt *s)
{
  OmpDir *d = s->omp;
  omp_drop_clauses(d, OMPC_NOWAIT);
  d->kind = OMPD_TASK, d->leaves = omp_dir_leaves(OMPD_TASK);
  s->body = mk_compound(s->loc, (Vec){0});
}

static void lower_taskwait(Stmt *s)
{
  OmpDir *d = s->omp;
  OmpClause *nowait = omp_find_clause(d, OMPC_NOWAIT);
  if (nowait && !has_depend(d)) {
    error(nowait->loc, "'nowait' clause on 'taskwait' without a 'depend' clause (OpenMP 5.2 "
                       "15.5: nowait may only appear with depend)");
    return;
  }
  if (take_all_memory(d)) { /* a wait for every child, nowait or not */
    omp_drop_clauses(d, OMPC_DEPEND);
    omp_drop_clauses(d, OMPC_NOWAIT);
    return;
  }
  if (nowait)
    taskwait_as_task(s);
}

static void lower_task(Stmt **slot)
{
  OmpDir *d = (*slot)->omp;
  if (!take_all_memory(d))
    return;
  OmpClause *detach = omp_find_clause(d, OMPC_DETACH);
  if (detach) {
    sorry(detach->loc, "'omp_all_memory' in a 'depend' clause of a task with a 'detach' clause");
    return;
  }
  *slot = between_taskwaits(*slot);
}

static void lower_stmt(Stmt **slot, void *user UNUSED)
{
  Stmt *s = *slot;
  if (s->kind != S_OMP || !s->omp)
    return;
  OmpDir *d = s->omp;
  inoutset_as_inout(d);
  switch (d->kind) {
  case OMPD_TASKWAIT:
    lower_taskwait(s);
    return;
  case OMPD_TASK: lower_task(slot); return;
  case OMPD_DEPOBJ: {
    Expr *all = take_all_memory(d);
    if (all)
      sorry(all->loc, "'omp_all_memory' in a 'depend' clause of 'depobj'");
    return;
  }
  default:
    /* other directives with depend (ordered depend(sink/source)) keep it;
     * the target constructs are host tasks by now (lower-host.c) */
    return;
  }
}

void lower_depend(TransUnit *tu)
{
  walk_trans_unit(&(Walker){.stmt_post = lower_stmt}, tu);
}
