/* omp-blocks.c - no branch into or out of an OpenMP structured block
 * (see omp-blocks.h).
 *
 * A structured block has one entry, at its top, and one exit, at its
 * bottom (OpenMP 5.2 1.2.2, "structured block"; 3.1): a break, continue,
 * return or goto that leaves it, or a goto, case or default label that
 * enters it from outside, is an error.  The loop of a loop-associated
 * construct may be left only by completing its iterations (4.4.1): a
 * break of one of its associated loops is an error, a continue is not.
 * Without this check the translator's output failed later, in the host
 * compiler or in g++ on the kernel file, with messages about generated
 * functions and lambdas.
 *
 * Each construct is checked on its own: the walk of its block skips the
 * blocks of the constructs nested in it (each checks its own), except to
 * collect their labels and gotos, which belong to the enclosing block
 * too.
 */
#include "omp-blocks.h"

#include "diag.h"
#include "omp.h"
#include "sema.h"
#include "util.h"
#include "walk.h"

#include <string.h>

/* What a break or a continue at the walk's place would leave or end. */
typedef enum Target { T_NONE, T_INSIDE, T_ASSOCIATED } Target;

typedef struct Walk {
  const OmpDir *dir;  /* the construct whose block is walked */
  Target brk, cont;
  int associated;     /* loops of the nest still to meet, outermost first */
  Vec labels, gotos;  /* in the block: label names; S_GOTO Stmt* */
} Walk;

static const char *dir_text(const OmpDir *d)
{
  return omp_dir_name(d->kind);
}

/* The loops a loop-associated directive takes: collapse(n), ordered(n)
 * (sema_loop_depth), tile(sizes(...)); 0 for a directive that is not
 * loop-associated. */
static int associated_loops(const OmpDir *d)
{
  unsigned l = omp_leaves(d);
  if (d->kind == OMPD_TILE || d->kind == OMPD_UNROLL) {
    OmpClause *sizes = omp_find_clause(d, OMPC_SIZES);
    return sizes && sizes->items.len > 1 ? sizes->items.len : 1;
  }
  if (!(l & (OMP_LEAF_FOR | OMP_LEAF_SIMD | OMP_LEAF_TASKLOOP | OMP_LEAF_DISTRIBUTE |
             OMP_LEAF_LOOP)))
    return 0;
  int n = sema_loop_depth(d);
  return n < 64 ? n : 64;
}

static void walk_block(Walk *w, Stmt *s);

/* A nested construct: its labels and gotos are the block's too. */
static void collect(Walk *w, Stmt *s)
{
  if (!s)
    return;
  switch (s->kind) {
  case S_COMPOUND: {
    Stmt *it;
    VEC_EACH(Stmt *, it, s->items)
      collect(w, it);
    return;
  }
  case S_LABEL:
    vec_push(&w->labels, (void *)s->text);
    break;
  case S_GOTO:
    if (s->text)
      vec_push(&w->gotos, s);
    return;
  case S_FOR:
    collect(w, s->init);
    break;
  default:
    break;
  }
  collect(w, s->body);
  collect(w, s->else_);
}

static void leaves(Walk *w, const Stmt *s, const char *what)
{
  error(s->loc, "'%s' leaves the structured block of '#pragma omp %s' at %s:%d: a structured "
                "block is entered only at its top and left only at its bottom (OpenMP 5.2 1.2.2)",
        what, dir_text(w->dir), w->dir->loc.file, w->dir->loc.line);
}

static void walk_loop(Walk *w, Stmt *s)
{
  Target brk = w->brk, cont = w->cont;
  bool associated = s->kind == S_FOR && w->associated > 0;
  if (associated)
    w->associated--;
  else
    w->associated = 0; /* a loop of the body: the nest ends above it */
  w->brk = associated ? T_ASSOCIATED : T_INSIDE;
  w->cont = T_INSIDE;
  if (s->kind == S_FOR)
    walk_block(w, s->init);
  walk_block(w, s->body);
  w->brk = brk, w->cont = cont;
}

static void walk_block(Walk *w, Stmt *s)
{
  if (!s)
    return;
  switch (s->kind) {
  case S_COMPOUND: {
    Stmt *it;
    int associated = w->associated;
    VEC_EACH(Stmt *, it, s->items) {
      walk_block(w, it);
      w->associated = associated;
    }
    return;
  }
  case S_FOR: case S_WHILE: case S_DO:
    walk_loop(w, s);
    return;
  case S_SWITCH: {
    Target brk = w->brk;
    w->brk = T_INSIDE;
    w->associated = 0;
    walk_block(w, s->body);
    w->brk = brk;
    return;
  }
  case S_BREAK:
    if (w->brk == T_NONE)
      leaves(w, s, "break");
    else if (w->brk == T_ASSOCIATED)
      error(s->loc, "'break' ends the loop of '#pragma omp %s' at %s:%d early: the iterations of "
                    "a loop-associated construct all run (OpenMP 5.2 4.4.1; 'continue' may end "
                    "one)",
            dir_text(w->dir), w->dir->loc.file, w->dir->loc.line);
    return;
  case S_CONTINUE:
    if (w->cont == T_NONE)
      leaves(w, s, "continue");
    return;
  case S_RETURN:
    leaves(w, s, "return");
    return;
  case S_GOTO:
    if (s->text)
      vec_push(&w->gotos, s);
    return;
  case S_LABEL:
    vec_push(&w->labels, (void *)s->text);
    walk_block(w, s->body);
    return;
  case S_CASE: case S_DEFAULT:
    if (w->brk == T_NONE || w->brk == T_ASSOCIATED) /* no switch inside the block holds it */
      error(s->loc, "'%s' label enters the structured block of '#pragma omp %s' at %s:%d from "
                    "its switch outside it (OpenMP 5.2 1.2.2)",
            s->kind == S_CASE ? "case" : "default", dir_text(w->dir), w->dir->loc.file,
            w->dir->loc.line);
    walk_block(w, s->body);
    return;
  case S_OMP:
    collect(w, s->body); /* checked on its own */
    return;
  case S_IF:
    w->associated = 0;
    walk_block(w, s->body);
    walk_block(w, s->else_);
    return;
  default:
    return;
  }
}

static bool has_name(const Vec *v, const char *name)
{
  for (int i = 0; i < v->len; i++)
    if (!strcmp(v->items[i], name))
      return true;
  return false;
}

static bool has_stmt(const Vec *v, const Stmt *s)
{
  for (int i = 0; i < v->len; i++)
    if (v->items[i] == s)
      return true;
  return false;
}

typedef struct Func {
  Vec gotos; /* S_GOTO Stmt* of the whole function */
} Func;

static void check_construct(Func *f, Stmt *s)
{
  Walk w = {.dir = s->omp, .brk = T_NONE, .cont = T_NONE, .associated = associated_loops(s->omp)};
  walk_block(&w, s->body);
  Stmt *g;
  VEC_EACH(Stmt *, g, f->gotos)
    if (!has_stmt(&w.gotos, g) && has_name(&w.labels, g->text))
      error(g->loc, "'goto %s' enters the structured block of '#pragma omp %s' at %s:%d from "
                    "outside it (OpenMP 5.2 1.2.2)",
            g->text, dir_text(w.dir), w.dir->loc.file, w.dir->loc.line);
  VEC_EACH(Stmt *, g, w.gotos)
    if (!has_name(&w.labels, g->text))
      leaves(&w, g, "goto");
}

static WalkAction note_goto(Stmt **slot, void *user)
{
  Stmt *s = *slot;
  if (s->kind == S_GOTO && s->text)
    vec_push(&((Func *)user)->gotos, s);
  return WALK_CONTINUE;
}

static WalkAction check_stmt(Stmt **slot, void *user)
{
  Stmt *s = *slot;
  if (s->kind == S_OMP && s->omp && s->body)
    check_construct(user, s);
  return WALK_CONTINUE;
}

void omp_check_blocks(TransUnit *tu)
{
  Decl *d;
  VEC_EACH(Decl *, d, tu->decls) {
    if (d->kind != D_FUNCDEF || !d->body || d->body->kind == S_VERBATIM)
      continue;
    Func f = {0};
    walk_stmt(&(Walker){.stmt_pre = note_goto, .user = &f}, &d->body);
    walk_stmt(&(Walker){.stmt_pre = check_stmt, .user = &f}, &d->body);
  }
}
