/* atomic.c - #pragma omp atomic in device code (OpenMP 4.5 2.13.6, 5.2
 * 15.8.4), for SPMD, generic and one-thread kernels alike.
 *
 * Each form becomes one call of the device library (ompicc-device.h):
 *
 *   read     v = x;                    v = __ompicc_atomic_read(&(x));
 *   write    x = e;                    __ompicc_atomic_write(&(x), (T)(e));
 *   update   x++, x op= e, x = x op e, x = e op x,
 *            x = x < e ? x : e (min/max, also with 'compare'),
 *            if (e < x) x = e;         __ompicc_atomic(&(x), (T)(e), op());
 *   capture  v = x++; v = x op= e; v = x = x op e; {v = x; x op= e;}
 *            {x op= e; v = x;} {v = x; x = e;} {v = x; if (e < x) {x = e;}} ...
 *                                      v = __ompicc_atomic_capture(&(x), (T)(e), op(), after);
 *   compare  if (x == e) {x = d;}, x = x == e ? d : x;
 *                                      __ompicc_atomic_cas(&(x), (T)(e), (T)(d));
 *            with capture {v = x; if (x == e) {x = d;}}
 *                                      v = __ompicc_atomic_cas(...);
 *            {if (x == e) {x = d;} v = x;}
 *                                      v = __ompicc_atomic_cas_new(...);
 *            if (x == e) {x = d;} else {v = x;}, {r = x == e; if (r) {x = d;} [else {v = x;}]}
 *                                      [r =] __ompicc_atomic_cas_if(..., &(v) or a null T *);
 *
 * T is __typeof__(x); op is a functor (__ompicc_op_add, ...), reversed
 * with __ompicc_op_rev<> for x = e op x of a non-commutative op, and
 * `after` says whether v gets the value after the update (1) or before
 * (0).  An update is recognised as an Upd: x's text, the operand's text
 * and the functor.  Memory-order clauses add __threadfence() before the
 * access (seq_cst, acq_rel, release) and after it, in one comma
 * expression (seq_cst, acq_rel,
 * acquire), OpenMP 5.2 15.8.1; hint is a hint; weak and fail change
 * nothing (the compare-and-swap never fails spuriously, and fences
 * already order a failed one as the construct's order says).
 */
#include "atomic.h"

#include <string.h>

#include "diag.h"
#include "omp.h"
#include "print.h"
#include "types.h"
#include "walk.h"

typedef struct Upd {
  const char *x, *v, *op; /* x = op(x, v) */
} Upd;

/* x op= e (OpenMP binop: + * - / & ^ | << >>); '-' as += -e, so that the
 * native atomicAdd serves it. */
static const char *const assign_ops[OP_COUNT] = {
    [OP_ADD_ASSIGN] = "__ompicc_op_add",    [OP_SUB_ASSIGN] = "__ompicc_op_add",
    [OP_MUL_ASSIGN] = "__ompicc_op_mul",    [OP_DIV_ASSIGN] = "__ompicc_op_div",
    [OP_AND_ASSIGN] = "__ompicc_op_bitand", [OP_OR_ASSIGN] = "__ompicc_op_bitor",
    [OP_XOR_ASSIGN] = "__ompicc_op_bitxor", [OP_SHL_ASSIGN] = "__ompicc_op_shl",
    [OP_SHR_ASSIGN] = "__ompicc_op_shr",
};

static const char *const binary_ops[OP_COUNT] = {
    [OP_ADD] = "__ompicc_op_add",       [OP_SUB] = "__ompicc_op_sub",
    [OP_MUL] = "__ompicc_op_mul",       [OP_DIV] = "__ompicc_op_div",
    [OP_BITAND] = "__ompicc_op_bitand", [OP_BITOR] = "__ompicc_op_bitor",
    [OP_BITXOR] = "__ompicc_op_bitxor", [OP_SHL] = "__ompicc_op_shl",
    [OP_SHR] = "__ompicc_op_shr",       [OP_LOGAND] = "__ompicc_op_logand",
    [OP_LOGOR] = "__ompicc_op_logor",
};

/* Operators for which x = e op x is x = x op e. */
static const bool commutes[OP_COUNT] = {
    [OP_ADD] = true,    [OP_MUL] = true,    [OP_BITAND] = true, [OP_BITOR] = true,
    [OP_BITXOR] = true, [OP_LOGAND] = true, [OP_LOGOR] = true,
};

static const char *text(Expr *e)
{
  return print_expr_str(expr_unparen(e));
}

static bool is_assign(Expr *e)
{
  return e && e->kind == E_ASSIGN && e->op == OP_ASSIGN;
}

/* s without braces around one statement (the statement a directive
 * applies to, a branch of an if). */
static Stmt *single_stmt(Stmt *s)
{
  while (s && s->kind == S_COMPOUND && s->items.len == 1)
    s = s->items.items[0];
  return s;
}

/* x = x op e, x = e op x. */
static bool binary_update(Expr *e, Upd *u)
{
  Expr *b = expr_unparen(e->b);
  if (!b || b->kind != E_BINARY || !binary_ops[b->op])
    return false;
  const char *x = text(e->a), *l = text(b->a), *r = text(b->b);
  u->x = x;
  if (!strcmp(x, l)) {
    bool sub = b->op == OP_SUB; /* x - e is x + -e, for the native add */
    u->v = sub ? xasprintf("-(%s)", r) : xasprintf("(%s)", r);
    u->op = sub ? "__ompicc_op_add" : binary_ops[b->op];
    return true;
  }
  if (strcmp(x, r))
    return false;
  u->v = xasprintf("(%s)", l);
  u->op = commutes[b->op] ? binary_ops[b->op] : xasprintf("__ompicc_op_rev<%s>", binary_ops[b->op]);
  return true;
}

/* Is a cond b choosing the larger (1) or the smaller (0) of a and b when
 * it gives c, else d; -1 when it is not such a choice. */
static int picks_max(Expr *cond, Expr *c, Expr *d)
{
  cond = expr_unparen(cond);
  if (!cond || cond->kind != E_BINARY)
    return -1;
  bool gt = cond->op == OP_GT || cond->op == OP_GE;
  if (!gt && cond->op != OP_LT && cond->op != OP_LE)
    return -1;
  const char *a = text(cond->a), *b = text(cond->b), *ct = text(c), *dt = text(d);
  if (!strcmp(ct, a) && !strcmp(dt, b))
    return gt;
  if (!strcmp(ct, b) && !strcmp(dt, a))
    return !gt;
  return -1;
}

/* x with the other operand of cond: x = max/min(x, that). */
static bool minmax(const char *x, Expr *cond, int max, Upd *u)
{
  cond = expr_unparen(cond);
  const char *a = text(cond->a), *b = text(cond->b);
  if (max < 0 || (strcmp(x, a) && strcmp(x, b)))
    return false;
  u->x = x;
  u->v = xasprintf("(%s)", strcmp(x, a) ? a : b);
  u->op = max ? "__ompicc_op_max" : "__ompicc_op_min";
  return true;
}

/* x = x < e ? x : e and the other spellings of min and max (OpenMP 5.1
 * atomic compare, also accepted as an update). */
static bool cond_update(Expr *e, Upd *u)
{
  Expr *c = expr_unparen(e->b);
  if (!c || c->kind != E_COND || !c->b)
    return false;
  return minmax(text(e->a), c->a, picks_max(c->a, c->b, c->c), u);
}

/* An update expression; with write, x = e too (capture's swap). */
static bool update_expr(Expr *e, Upd *u, bool write)
{
  e = expr_unparen(e);
  if (!e)
    return false;
  if (e->kind == E_POSTINC || e->kind == E_PREINC || e->kind == E_POSTDEC || e->kind == E_PREDEC) {
    bool inc = e->kind == E_POSTINC || e->kind == E_PREINC;
    *u = (Upd){text(e->a), inc ? "1" : "-1", "__ompicc_op_add"};
    return true;
  }
  if (e->kind != E_ASSIGN)
    return false;
  if (e->op != OP_ASSIGN) {
    if (!assign_ops[e->op])
      return false;
    const char *r = text(e->b);
    *u = (Upd){text(e->a), e->op == OP_SUB_ASSIGN ? xasprintf("-(%s)", r) : xasprintf("(%s)", r),
               assign_ops[e->op]};
    return true;
  }
  if (binary_update(e, u) || cond_update(e, u))
    return true;
  if (!write)
    return false;
  *u = (Upd){text(e->a), xasprintf("(%s)", text(e->b)), "__ompicc_op_assign"};
  return true;
}

/* if (e < x) x = e;  (OpenMP 5.1 compare, min and max only). */
static bool if_update(Stmt *s, Upd *u)
{
  Stmt *b = s->body;
  while (b && b->kind == S_COMPOUND && b->items.len == 1)
    b = b->items.items[0];
  Expr *e = b && b->kind == S_EXPR ? expr_unparen(b->expr) : NULL;
  if (s->else_ || !is_assign(e))
    return false;
  Expr *x = e->a;
  return minmax(text(x), s->expr, picks_max(s->expr, e->b, x), u);
}

/* if (x == e) x = d;  (OpenMP 5.1 atomic compare: 5.2 15.8.4). */
typedef struct Cas {
  const char *x, *e, *d;
} Cas;

/* x == e or e == x: e, else NULL. */
static Expr *equal_operand(Expr *cond, const char *x)
{
  cond = expr_unparen(cond);
  if (!cond || cond->kind != E_BINARY || cond->op != OP_EQ)
    return NULL;
  return !strcmp(text(cond->a), x) ? cond->b : !strcmp(text(cond->b), x) ? cond->a : NULL;
}

/* The one expression statement of s (braces around it taken off). */
static Expr *only_expr(Stmt *s)
{
  s = single_stmt(s);
  return s && s->kind == S_EXPR ? expr_unparen(s->expr) : NULL;
}

/* if (x == e) { x = d; }, without else: cond is s's condition (or the
 * flag r stands for it: the caller's). */
static bool cas_if(Stmt *s, Expr *cond, Cas *c)
{
  Expr *a = only_expr(s->body);
  if (!is_assign(a))
    return false;
  const char *x = text(a->a);
  Expr *e = equal_operand(cond, x);
  if (!e)
    return false;
  *c = (Cas){x, text(e), text(a->b)};
  return true;
}

/* x = x == e ? d : x; */
static bool cas_cond(Expr *a, Cas *c)
{
  a = expr_unparen(a);
  if (!is_assign(a))
    return false;
  Expr *k = expr_unparen(a->b);
  const char *x = text(a->a);
  if (!k || k->kind != E_COND || !k->b || strcmp(text(k->c), x))
    return false;
  Expr *e = equal_operand(k->a, x);
  if (!e)
    return false;
  *c = (Cas){x, text(e), text(k->b)};
  return true;
}

/* A compare statement: if (x == e) {x = d;} or x = x == e ? d : x;. */
static bool cas_stmt(Stmt *s, Cas *c)
{
  s = single_stmt(s);
  if (s && s->kind == S_IF)
    return !s->else_ && cas_if(s, s->expr, c);
  return s && s->kind == S_EXPR && cas_cond(s->expr, c);
}

static const char *cas_call(const char *fn, Cas *c, const char *extra)
{
  return xasprintf("%s(&(%s), (__typeof__(%s))(%s), (__typeof__(%s))(%s)%s)", fn, c->x, c->x, c->e,
                   c->x, c->d, extra ? extra : "");
}

/* An update of a capture block: an expression, or if (e < x) x = e. */
static bool update_stmt(Stmt *s, Upd *u, bool write)
{
  s = single_stmt(s);
  if (s && s->kind == S_IF)
    return if_update(s, u);
  return s && s->kind == S_EXPR && update_expr(s->expr, u, write);
}

static const char *update_call(Upd *u)
{
  return xasprintf("__ompicc_atomic(&(%s), (__typeof__(%s))%s, %s())", u->x, u->x, u->v, u->op);
}

static const char *capture_call(Upd *u, bool after)
{
  return xasprintf("__ompicc_atomic_capture(&(%s), (__typeof__(%s))%s, %s(), %d)", u->x, u->x,
                   u->v, u->op, after);
}

/* v = x++; v = --x; v = x op= e; v = x = x op e; ... */
static const char *capture_expr(Expr *e)
{
  Upd u;
  e = expr_unparen(e);
  if (!is_assign(e))
    return NULL;
  Expr *r = expr_unparen(e->b);
  if (!r || !update_expr(r, &u, false))
    return NULL;
  bool after = r->kind != E_POSTINC && r->kind != E_POSTDEC;
  return xasprintf("%s = %s", text(e->a), capture_call(&u, after));
}

/* v = x: v's text, when the right side is x. */
static const char *reads_x(Stmt *s, const char *x)
{
  Expr *e = s && s->kind == S_EXPR ? expr_unparen(s->expr) : NULL;
  return is_assign(e) && !strcmp(text(e->b), x) ? text(e->a) : NULL;
}

/* {v = x; update of x} (the value before) or {update of x; v = x}
 * (after), the update also a compare; {r = x == e; if (r) {x = d;} [else
 * {v = x;}]}. */
static const char *capture_block(Stmt *b)
{
  if (!b || b->kind != S_COMPOUND || b->items.len != 2)
    return NULL;
  Stmt *s1 = b->items.items[0], *s2 = b->items.items[1];
  Upd u;
  Cas c;
  const char *v;
  if (update_stmt(s2, &u, true) && (v = reads_x(s1, u.x)))
    return xasprintf("%s = %s", v, capture_call(&u, false));
  if (update_stmt(s1, &u, false) && (v = reads_x(s2, u.x)))
    return xasprintf("%s = %s", v, capture_call(&u, true));
  if (cas_stmt(s2, &c) && (v = reads_x(s1, c.x)))
    return xasprintf("%s = %s", v, cas_call("__ompicc_atomic_cas", &c, NULL));
  if (cas_stmt(s1, &c) && (v = reads_x(s2, c.x)))
    return xasprintf("%s = %s", v, cas_call("__ompicc_atomic_cas_new", &c, NULL));
  /* r = x == e; if (r) { x = d; } [else { v = x; }] */
  Expr *r = s1->kind == S_EXPR ? expr_unparen(s1->expr) : NULL;
  if (!is_assign(r) || s2->kind != S_IF || strcmp(text(s2->expr), text(r->a)) ||
      !cas_if(s2, r->b, &c))
    return NULL;
  const char *else_v = s2->else_ ? reads_x(single_stmt(s2->else_), c.x) : NULL;
  if (s2->else_ && !else_v)
    return NULL;
  return xasprintf("%s = %s", text(r->a),
                   cas_call("__ompicc_atomic_cas_if", &c,
                            else_v ? xasprintf(", &(%s)", else_v)
                                   : xasprintf(", (__typeof__(%s) *)0", c.x)));
}

/* if (x == e) { x = d; } else { v = x; } */
static const char *capture_if_else(Stmt *s)
{
  Cas c;
  if (!s || s->kind != S_IF || !s->else_)
    return NULL;
  Stmt then = *s;
  then.else_ = NULL;
  const char *v;
  if (!cas_if(&then, s->expr, &c) || !(v = reads_x(single_stmt(s->else_), c.x)))
    return NULL;
  return xasprintf("(void)%s", cas_call("__ompicc_atomic_cas_if", &c, xasprintf(", &(%s)", v)));
}

static const char *read_form(Stmt *s)
{
  Expr *e = s && s->kind == S_EXPR ? expr_unparen(s->expr) : NULL;
  if (!is_assign(e))
    return NULL;
  return xasprintf("%s = __ompicc_atomic_read(&(%s))", text(e->a), text(e->b));
}

static const char *write_form(Stmt *s)
{
  Expr *e = s && s->kind == S_EXPR ? expr_unparen(s->expr) : NULL;
  if (!is_assign(e))
    return NULL;
  const char *x = text(e->a);
  return xasprintf("__ompicc_atomic_write(&(%s), (__typeof__(%s))(%s))", x, x, text(e->b));
}

/* An update of a team's copy: __ompicc_team_atomic, told whether the
 * kernel is the narrow one, whose copy is in shared memory. */
static const char *team_update_call(Upd *u)
{
  return xasprintf("__ompicc_team_atomic<sizeof(__ompicc_I) == 4>(&(%s), (__typeof__(%s))%s, %s())",
                   u->x, u->x, u->v, u->op);
}

static const char *update_form(Stmt *s, bool team_copy)
{
  Upd u;
  Cas c;
  if (update_stmt(s, &u, false))
    return team_copy ? team_update_call(&u) : update_call(&u);
  return cas_stmt(s, &c) ? xasprintf("(void)%s", cas_call("__ompicc_atomic_cas", &c, NULL)) : NULL;
}

static const char *capture_form(Stmt *s)
{
  if (s && s->kind == S_EXPR)
    return capture_expr(s->expr);
  if (s && s->kind == S_IF)
    return capture_if_else(s);
  return capture_block(s);
}

/* The kind the clauses give (update when none). */
static OmpClauseKind atomic_kind(OmpDir *d)
{
  static const OmpClauseKind kinds[] = {OMPC_READ, OMPC_WRITE, OMPC_CAPTURE, OMPC_UPDATE};
  for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++)
    if (omp_find_clause(d, kinds[i]))
      return kinds[i];
  return OMPC_UPDATE;
}

static bool has_any(OmpDir *d, OmpClauseKind a, OmpClauseKind b, OmpClauseKind c)
{
  return omp_find_clause(d, a) || omp_find_clause(d, b) || omp_find_clause(d, c);
}

/* The first object of C11 atomic type in an atomic construct's
 * statement, whose accesses are atomic already (parser/print.c
 * atomic_access): gcc and clang refuse it there. */
static WalkAction find_atomic_object(Expr **slot, void *user)
{
  Expr *e = *slot, **found = user;
  if (!*found && e->ty && (e->ty->quals & Q_ATOMIC))
    *found = e;
  return WALK_CONTINUE;
}

Stmt *atomic_stmt(Stmt *s, bool team_copy)
{
  OmpDir *d = s->omp;
  Expr *object = NULL;
  walk_stmt(&(Walker){.expr_pre = find_atomic_object, .user = &object}, &s->body);
  if (object) {
    error(object->loc, "'_Atomic' expression in '#pragma omp atomic'");
    return s->body;
  }
  OmpClauseKind k = atomic_kind(d);
  Stmt *body = single_stmt(s->body);
  const char *call = k == OMPC_READ    ? read_form(body)
                     : k == OMPC_WRITE ? write_form(body)
                     : k == OMPC_CAPTURE ? capture_form(body)
                                         : update_form(body, team_copy);
  if (!call) {
    const char *form = omp_find_clause(d, OMPC_COMPARE) ? "compare" : omp_clause_name(k);
    sorry(s->loc, "this form of '#pragma omp atomic %s' in a target region (supported: the "
                  "forms of OpenMP 5.2 15.8.4)", form);
    return s->body;
  }
  StrBuf b = {0};
  bool before = has_any(d, OMPC_SEQ_CST, OMPC_ACQ_REL, OMPC_RELEASE);
  bool after_fence = has_any(d, OMPC_SEQ_CST, OMPC_ACQ_REL, OMPC_ACQUIRE);
  /* one expression statement, so that it may stand where the directive
   * stood (if (c) #pragma omp atomic ... else ...) */
  sb_printf(&b, "%s%s%s", before ? "__ompicc_atomic_fence(), " : "", call,
            after_fence ? ", __ompicc_atomic_fence()" : "");
  Stmt *r = mk_stmt(S_ASM, s->loc);
  r->text = sb_take(&b);
  return r;
}
