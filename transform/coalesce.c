/* coalesce.c - which SPMD loops read memory uncoalesced (the hint
 * OMPICC_REGION_UNCOALESCED of ompicc-rt.h).
 *
 * In an SPMD kernel of a combined `target teams distribute parallel for`
 * (OpenMP 5.2 10.4, 11.5, 11.6, with collapse 4.4.3), consecutive threads
 * of a warp run consecutive iterations of the innermost collapsed loop, so
 * that loop's variable (the thread index t) is what varies across a warp.
 * Every access to memory the threads share is classified by how its
 * address moves with t:
 *
 *   uniform      t does not appear (x[j], A[i*n + k] in GEMM's j loop);
 *   coalesced    t with coefficient +-1 in the element offset: a[t],
 *                a[j][t], p[k*n + t], *(p + t);
 *   uncoalesced  t scaled: in a subscript that is not the last (a[t][k])
 *                or multiplied in the last one (p[t*n + k], p[2*t]);
 *   unknown      anything else (p[col[t]], t / 2): ignored.
 *
 * A Stride (below) is that classification of an expression; local
 * variables (and loop variables of inner loops) take the join of the
 * values assigned to them, so `float *row = A + t*n; row[j]` and
 * `long p = (i*n + j)*n + k; B[p]` are seen through.
 *
 * The decision (decide(), one place): a loop is uncoalesced memory-bound,
 * and gets the hint, when
 *   - some uncoalesced access is inside an inner sequential loop: there
 *     each thread walks its own row, and a lower occupancy pays because
 *     the cache line one access brought in serves the thread's next
 *     iterations (an uncoalesced access outside any loop has no such
 *     reuse, and fewer threads would only hide less latency);
 *   - the weighted uncoalesced accesses outweigh the coalesced ones, an
 *     access inside an inner loop weighing LOOP_WEIGHT (it repeats) and
 *     one outside 1;
 *   - the body does at most OPS_PER_ACCESS arithmetic operations per
 *     access (weighted alike; index arithmetic in subscripts not
 *     counted, a call of a C library function CALL_OPS): the loop waits
 *     on memory rather than on arithmetic;
 *   - nothing makes the picture unsure: a call of a user function, inline
 *     assembly, a statement expression.
 * The runtime then gives the kernel fewer resident threads per SM
 * (runtime-host/rt-target.c, grid_size).
 */
#include "coalesce.h"

#include <string.h>
#include <strings.h>

#include "../runtime-host/ompicc-rt.h"
#include "device-lib.h"
#include "print.h"
#include "types.h"
#include "walk.h"

enum {
  LOOP_WEIGHT = 8,    /* an access inside an inner loop counts this much */
  OPS_PER_ACCESS = 4, /* more arithmetic per access: compute-bound */
  CALL_OPS = 8,       /* a call of sqrt, exp ... */
};

/* How an address (or an integer) moves from thread t to thread t+1. */
typedef enum Stride {
  ST_ZERO,    /* does not depend on t */
  ST_UNIT,    /* t + uniform, -t + uniform */
  ST_STRIDED, /* c*t + uniform, c not +-1 */
  ST_UNKNOWN, /* anything else */
} Stride;

/* A variable of the loop body, or one declared outside that the body
 * assigns (a private one), with the values assigned to it. */
typedef struct Local {
  Symbol *sym;
  Vec defs;   /* Expr*: initializer, right-hand sides of = += -= */
  bool other; /* changed in a way not understood (*=, &x ...) */
  int state;  /* 0: not computed, 1: being computed, 2: st is known */
  Stride st;
} Local;

typedef struct Scan {
  Symbol *tid;   /* the thread index: the innermost collapsed loop's variable */
  Vec locals;    /* Local* */
  int depth;     /* inner loops around the statement being scanned */
  int in_sub;    /* inside a subscript: index arithmetic, not counted */
  long coalesced, uncoalesced, in_loop, accesses, ops; /* weighted */
  bool unsure;
  Loc first;     /* the first uncoalesced access inside an inner loop */
  const char *first_text;
} Scan;

/* ---------------------------------------------------------------- strides */

static Stride join(Stride a, Stride b)
{
  return a == b || b == ST_ZERO ? a : a == ST_ZERO ? b : ST_UNKNOWN;
}

static Stride add(Stride a, Stride b)
{
  if (a == ST_ZERO || b == ST_ZERO)
    return a == ST_ZERO ? b : a;
  return a == ST_UNKNOWN || b == ST_UNKNOWN ? ST_UNKNOWN : ST_STRIDED;
}

/* A subscript that is not the last one moves by whole rows. */
static Stride scaled(Stride a)
{
  return a == ST_UNIT ? ST_STRIDED : a;
}

static Local *local_of(Scan *s, const Symbol *sym)
{
  Local *l;
  VEC_EACH(Local *, l, s->locals)
    if (l->sym == sym)
      return l;
  return NULL;
}

static Stride stride(Scan *s, Expr *e);

static Stride local_stride(Scan *s, Local *l)
{
  if (l->state == 2)
    return l->st;
  if (l->state == 1)
    return ST_ZERO; /* x = x + 1: the cycle adds nothing new */
  l->state = 1;
  Stride st = l->other ? ST_UNKNOWN : ST_ZERO;
  Expr *d;
  VEC_EACH(Expr *, d, l->defs)
    st = join(st, stride(s, d));
  l->st = st, l->state = 2;
  return st;
}

typedef struct Dep {
  Scan *s;
  bool found;
} Dep;

static WalkAction dep_ident(Expr **slot, void *user)
{
  Dep *d = user;
  Expr *e = *slot;
  if (e->kind == E_IDENT && e->sym && stride(d->s, e) != ST_ZERO)
    d->found = true;
  return d->found ? WALK_STOP : WALK_CONTINUE;
}

/* Any expression not understood: uniform unless it mentions t. */
static Stride opaque(Scan *s, Expr *e)
{
  Dep d = {.s = s};
  walk_expr(&(Walker){.expr_pre = dep_ident, .user = &d}, &e);
  return d.found ? ST_UNKNOWN : ST_ZERO;
}

static bool is_unit_literal(Expr *e)
{
  e = expr_unparen(e);
  if (e->kind == E_UNARY && (e->op == OP_NEG || e->op == OP_PLUS))
    e = expr_unparen(e->a);
  return e->kind == E_INT && e->text && (!strcmp(e->text, "1") || !strcasecmp(e->text, "1l") ||
                                         !strcasecmp(e->text, "1ll") || !strcasecmp(e->text, "1u"));
}

static Stride product(Scan *s, Expr *e)
{
  Stride a = stride(s, e->a), b = stride(s, e->b);
  if (a == ST_ZERO && b == ST_ZERO)
    return ST_ZERO;
  if (a != ST_ZERO && b != ST_ZERO)
    return ST_UNKNOWN;
  Stride dep = a == ST_ZERO ? b : a;
  Expr *factor = a == ST_ZERO ? e->a : e->b;
  if (dep == ST_UNKNOWN)
    return ST_UNKNOWN;
  return is_unit_literal(factor) ? dep : ST_STRIDED;
}

static Stride binary(Scan *s, Expr *e)
{
  switch (e->op) {
  case OP_ADD:
    return add(stride(s, e->a), stride(s, e->b));
  case OP_SUB: {
    Stride a = stride(s, e->a), b = stride(s, e->b);
    return a == ST_ZERO || b == ST_ZERO ? add(a, b) : ST_UNKNOWN; /* t - t: not a stride */
  }
  case OP_MUL:
    return product(s, e);
  default:
    return opaque(s, e);
  }
}

static Stride address(Scan *s, Expr *e);

static Stride ident(Scan *s, Expr *e)
{
  if (e->sym == s->tid)
    return ST_UNIT;
  Local *l = local_of(s, e->sym);
  return l ? local_stride(s, l) : ST_ZERO; /* captured, global: the same for all */
}

/* The stride of an integer or pointer value. */
static Stride stride(Scan *s, Expr *e)
{
  switch (e->kind) {
  case E_IDENT:
    return e->sym ? ident(s, e) : ST_ZERO;
  case E_INT: case E_FLOAT: case E_CHAR: case E_SIZEOF_EXPR: case E_SIZEOF_TYPE:
  case E_ALIGNOF_EXPR: case E_ALIGNOF_TYPE:
    return ST_ZERO;
  case E_PAREN: case E_CAST: case E_EXTENSION:
    return stride(s, e->a);
  case E_UNARY:
    if (e->op == OP_NEG || e->op == OP_PLUS)
      return stride(s, e->a);
    if (e->op == OP_ADDR)
      return address(s, e->a);
    return opaque(s, e);
  case E_BINARY:
    return binary(s, e);
  case E_COND: {
    Stride c = stride(s, e->a);
    Stride v = join(e->b ? stride(s, e->b) : c, stride(s, e->c));
    return c == ST_ZERO ? v : v == ST_ZERO && c != ST_UNKNOWN ? ST_ZERO : ST_UNKNOWN;
  }
  default:
    return opaque(s, e);
  }
}

/* ---------------------------------------------------------------- accesses */

/* The base of a[e1]...[ek] (parentheses dropped), its subscripts in subs. */
static Expr *chain(Expr *e, Vec *subs)
{
  if (e->kind == E_PAREN)
    return chain(e->a, subs);
  if (e->kind != E_INDEX)
    return e;
  Expr *base = chain(e->a, subs);
  vec_push(subs, e->b);
  return base;
}

/* A variable of the loop body that is an array: the thread's own. */
static bool private_array(Scan *s, Expr *base)
{
  return base->kind == E_IDENT && base->sym && local_of(s, base->sym) && base->sym->ty &&
         type_is_array(base->sym->ty);
}

/* The stride of the address of lvalue e (an element, *p, or a name). */
static Stride address(Scan *s, Expr *e)
{
  e = expr_unparen(e);
  if (e->kind == E_UNARY && e->op == OP_DEREF)
    return stride(s, e->a);
  if (e->kind != E_INDEX)
    return opaque(s, e);
  Vec subs = {0};
  Expr *base = chain(e, &subs);
  Stride st = private_array(s, base) ? ST_ZERO : stride(s, base);
  for (int i = 0; i < subs.len; i++) {
    Stride k = stride(s, subs.items[i]);
    st = add(st, i + 1 < subs.len ? scaled(k) : k);
  }
  return st;
}

/* Count one access of the given stride at e. */
static void count_access(Scan *s, Expr *e, Stride st)
{
  long w = s->depth ? LOOP_WEIGHT : 1;
  s->accesses += w;
  if (st == ST_UNIT)
    s->coalesced += w;
  if (st != ST_STRIDED)
    return;
  s->uncoalesced += w;
  if (!s->depth)
    return;
  if (!s->in_loop) {
    s->first = e->loc;
    s->first_text = print_expr_str(e);
  }
  s->in_loop += w;
}

/* a[e1]...[ek] read or written. */
static void index_access(Scan *s, Expr *e)
{
  Vec subs = {0};
  Expr *base = chain(e, &subs);
  if (private_array(s, base) || (e->ty && type_is_array(e->ty)))
    return; /* the thread's own array, or a row used as a pointer */
  count_access(s, e, address(s, e));
}

static void scan_expr(Scan *s, Expr *e);

static void scan_subscripts(Scan *s, Expr *e)
{
  Vec subs = {0};
  Expr *base = chain(e, &subs);
  s->in_sub++;
  Expr *k;
  VEC_EACH(Expr *, k, subs)
    scan_expr(s, k);
  s->in_sub--;
  if (base->kind != E_IDENT)
    scan_expr(s, base);
}

static bool arithmetic(OpKind op)
{
  static const OpKind ops[] = {OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_MOD,
                               OP_ADD_ASSIGN, OP_SUB_ASSIGN, OP_MUL_ASSIGN, OP_DIV_ASSIGN,
                               OP_MOD_ASSIGN};
  for (size_t i = 0; i < sizeof ops / sizeof *ops; i++)
    if (ops[i] == op)
      return true;
  return false;
}

static void count_ops(Scan *s, long n)
{
  if (!s->in_sub)
    s->ops += n * (s->depth ? LOOP_WEIGHT : 1);
}

static void scan_call(Scan *s, Expr *e)
{
  Expr *f = expr_unparen(e->a);
  if (f->kind == E_IDENT && device_lib_has(f->text))
    count_ops(s, CALL_OPS);
  else
    s->unsure = true; /* a user function: its accesses are not seen here */
  Expr *a;
  VEC_EACH(Expr *, a, e->args)
    scan_expr(s, a);
}

static void scan_unary(Scan *s, Expr *e)
{
  Expr *x = expr_unparen(e->a);
  if (e->op == OP_DEREF)
    count_access(s, e, stride(s, e->a));
  if (e->op == OP_ADDR && x->kind == E_INDEX)
    scan_subscripts(s, x); /* &a[i]: an address, no access */
  else
    scan_expr(s, e->a);
}

/* The loads and stores of e, and its arithmetic. */
static void scan_expr(Scan *s, Expr *e)
{
  if (!e)
    return;
  switch (e->kind) {
  case E_INDEX:
    index_access(s, e);
    scan_subscripts(s, e);
    return;
  case E_UNARY:
    scan_unary(s, e);
    return;
  case E_CALL:
    scan_call(s, e);
    return;
  case E_STMT_EXPR:
    s->unsure = true;
    return;
  case E_BINARY: case E_ASSIGN:
    if (arithmetic(e->op))
      count_ops(s, 1);
    break;
  default:
    break;
  }
  scan_expr(s, e->a);
  if (expr_union[e->kind] == EU_OPERANDS) {
    scan_expr(s, e->b);
    scan_expr(s, e->c);
    scan_expr(s, e->d);
  }
}

/* ---------------------------------------------------------------- statements */

static void scan_stmt(Scan *s, Stmt *st);

static void scan_decl(Scan *s, Decl *d)
{
  InitDecl *id;
  if (d && d->kind == D_VAR)
    VEC_EACH(InitDecl *, id, d->decls)
      if (id->init)
        scan_expr(s, id->init->expr);
}

/* for, while, do: the body and the condition repeat. */
static void scan_loop(Scan *s, Stmt *st)
{
  if (st->kind == S_FOR && st->init)
    scan_stmt(s, st->init);
  s->depth++;
  scan_expr(s, st->expr);
  if (st->kind == S_FOR)
    scan_expr(s, st->expr2);
  scan_stmt(s, st->body);
  s->depth--;
}

static void scan_stmt(Scan *s, Stmt *st)
{
  if (!st)
    return;
  switch (st->kind) {
  case S_COMPOUND: {
    Stmt *it;
    VEC_EACH(Stmt *, it, st->items)
      scan_stmt(s, it);
    return;
  }
  case S_DECL:
    scan_decl(s, st->decl);
    return;
  case S_FOR: case S_WHILE: case S_DO:
    scan_loop(s, st);
    return;
  case S_ASM: case S_VERBATIM: case S_GOTO:
    s->unsure = true; /* a loop made of goto is a loop we cannot weigh */
    return;
  default:
    scan_expr(s, st->expr);
    scan_stmt(s, st->body);
    scan_stmt(s, st->else_);
    return;
  }
}

/* ---------------------------------------------------------------- locals */

static Local *add_local(Scan *s, Symbol *sym)
{
  Local *l = local_of(s, sym);
  if (!l) {
    l = xcalloc(1, sizeof *l);
    l->sym = sym;
    vec_push(&s->locals, l);
  }
  return l;
}

static WalkAction note_decl(Decl *d, void *user)
{
  InitDecl *id;
  if (d->kind == D_VAR)
    VEC_EACH(InitDecl *, id, d->decls)
      if (id->sym && id->sym->kind == SYM_VAR) {
        Local *l = add_local(user, id->sym);
        if (id->init && id->init->expr)
          vec_push(&l->defs, id->init->expr);
        else if (id->init)
          l->other = true; /* a brace list */
      }
  return WALK_CONTINUE;
}

/* The variable an assignment changes, or NULL: a variable of the body,
 * or one declared outside that the loop assigns (a private one, as
 * `for (k = t; ...)` with k declared before the construct). */
static Local *changed(Scan *s, Expr *lhs)
{
  lhs = expr_unparen(lhs);
  if (lhs->kind != E_IDENT || !lhs->sym || lhs->sym->kind != SYM_VAR || lhs->sym == s->tid)
    return NULL;
  return add_local(s, lhs->sym);
}

/* x = v, x += v, x -= v: a value of x; other changes (x *= 2, &x) are
 * not followed.  ++ and -- keep the stride. */
static WalkAction note_change(Expr **slot, void *user)
{
  Scan *s = user;
  Expr *e = *slot;
  Local *l = NULL;
  if (e->kind == E_ASSIGN && (l = changed(s, e->a))) {
    if (e->op == OP_ASSIGN || e->op == OP_ADD_ASSIGN || e->op == OP_SUB_ASSIGN)
      vec_push(&l->defs, e->b);
    else
      l->other = true;
  } else if (e->kind == E_UNARY && e->op == OP_ADDR && (l = changed(s, e->a)))
    l->other = true;
  return WALK_CONTINUE;
}

/* Locals are declared in the body; the assignments that reach them may
 * come before the declaration is seen, hence two walks. */
static void find_locals(Scan *s, Stmt **body)
{
  walk_stmt(&(Walker){.decl_pre = note_decl, .user = s}, body);
  walk_stmt(&(Walker){.expr_pre = note_change, .user = s}, body);
}

/* ---------------------------------------------------------------- decision */

static bool decide(const Scan *s)
{
  return !s->unsure && s->in_loop > 0 && s->uncoalesced > s->coalesced &&
         s->ops <= OPS_PER_ACCESS * s->accesses;
}

void coalesce_hint(Region *r)
{
  if (r->shape != SPMD_GRID || !r->loops.len)
    return;
  OmpLoop *inner = r->loops.items[r->loops.len - 1];
  Scan s = {.tid = inner->var};
  find_locals(&s, &r->body);
  scan_stmt(&s, r->body);
  if (!decide(&s))
    return;
  r->hints |= OMPICC_REGION_UNCOALESCED;
  r->why = xasprintf("%s; '%s' at line %d is uncoalesced in an inner loop: the kernel runs at "
                     "lower occupancy",
                     r->why, s.first_text, s.first.line);
}
