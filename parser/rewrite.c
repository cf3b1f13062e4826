/* rewrite.c - directives whose statement the token layer rewrites before
 * the grammar sees it, so that what the grammar builds is plain C and
 * plain directives, parsed in the scope of the place:
 *
 *  - metadirective copies: a metadirective whose choice may depend on
 *    run time (OpenMP 5.2 7.4: a user condition that is not a literal, or
 *    a target_device selector) needs one statement per candidate, which
 *    transform/variants.c makes an if-else chain of.  The grammar gets
 *      { DIRECTIVE STATEMENT DIRECTIVE STATEMENT ... }
 *    with the directive's line and its statement's tokens repeated once
 *    per candidate (when clauses, then the default), each copy numbered
 *    (OmpDir.meta_copy).
 *  - tile sizes(s1, ..., sn) (5.2 9.1) and unroll partial(f) (9.2): the
 *    loop nest becomes the nest of the generated loops, as C: n floor
 *    loops that step over the tiles of the logical iteration spaces, n
 *    tile loops inside them, and the original loop variables computed
 *    from the tile loops' logical iterations at the start of the body.
 *    The floor loops are canonical and rectangular, so a construct
 *    around the tile construct (a worksharing loop, collapse(n)) takes
 *    them, in host and device code alike (gcc 12 knows neither
 *    directive).  unroll and unroll full leave the loop as it is: the
 *    compilers unroll what they choose, and no loop is generated that a
 *    construct could take.
 *
 * Main structures: RawBuf (a growable array of raw tokens), Loop (the
 * parts of a canonical loop's header, 5.2 4.4.1, as token ranges).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tokens.h" /* first: the grammar's types, which lexer.h uses */

#include "diag.h"
#include "lexer.h"
#include "print.h"

typedef struct RawBuf {
  Raw *items;
  int len, cap;
} RawBuf;

static void push(RawBuf *b, Raw r)
{
  if (b->len == b->cap) {
    b->cap = b->cap ? 2 * b->cap : 64;
    b->items = xrealloc(b->items, (size_t)b->cap * sizeof *b->items);
  }
  b->items[b->len++] = r;
}

static Raw take(Parser *p, RawBuf *b, Loc start, const char *what)
{
  Raw r = raw_next(p);
  if (r.kind == 0)
    fatal(start, "end of input in the statement of '%s'", what);
  push(b, r);
  return r;
}

static bool raw_is(Raw r, const char *w) { return r.text && !strcmp(r.text, w); }
static bool opens(Raw r) { return r.kind == '(' || r.kind == '[' || r.kind == '{'; }
static bool closes(Raw r) { return r.kind == ')' || r.kind == ']' || r.kind == '}'; }

/* The tokens up to the closer of the opener just taken. */
static void take_group(Parser *p, RawBuf *b, Loc start, const char *what)
{
  for (int depth = 1; depth > 0;) {
    Raw r = take(p, b, start, what);
    depth += opens(r) - closes(r);
  }
}

/* The raw tokens of one statement (C11 6.8), at the level of brackets:
 * a compound statement, a selection or iteration statement with its
 * body, a pragma with the statement it applies to, or tokens up to a ';'
 * outside brackets. */
static void take_stmt(Parser *p, RawBuf *b, Loc start, const char *what)
{
  Raw r = take(p, b, start, what);
  if (r.kind == PRAGMA)
    take_stmt(p, b, start, what);
  else if (r.kind == '{')
    take_group(p, b, start, what);
  else if (raw_is(r, "for") || raw_is(r, "while") || raw_is(r, "switch") || raw_is(r, "if")) {
    if (take(p, b, start, what).kind != '(')
      fatal(r.loc, "expected '(' after '%s'", r.text);
    take_group(p, b, start, what);
    take_stmt(p, b, start, what);
    if (raw_is(r, "if")) {
      Raw e = raw_next(p);
      if (raw_is(e, "else")) {
        push(b, e);
        take_stmt(p, b, start, what);
      } else
        raw_unread(p, e);
    }
  } else if (raw_is(r, "do")) {
    take_stmt(p, b, start, what);
    while (take(p, b, start, what).kind != ';')
      ;
  } else
    for (int depth = 0; !(r.kind == ';' && depth == 0); r = take(p, b, start, what))
      depth += opens(r) - closes(r);
}

/* ---------------------------------------------------------------- metadirective copies */

static bool meta_dynamic(const OmpDir *d)
{
  OmpWhen *w;
  VEC_EACH(OmpWhen *, w, d->whens)
    if (omp_selector_dynamic(w->sel))
      return true;
  return false;
}

static Raw punct(Raw at, int kind, const char *text)
{
  return (Raw){.kind = kind, .loc = at.loc, .start = at.start, .end = at.end, .text = text};
}

static void queue_meta_copies(Parser *p, Raw r, OmpDir *d)
{
  RawBuf stmt = {0}, all = {0};
  if (omp_directive_class(d) == OMP_CLASS_CONSTRUCT)
    take_stmt(p, &stmt, d->loc, "metadirective");
  push(&all, punct(r, '{', "{"));
  for (int i = 0; i < d->whens.len; i++) {
    push(&all, r);
    for (int j = 0; j < stmt.len; j++)
      push(&all, stmt.items[j]);
  }
  push(&all, punct(r, '}', "}"));
  raw_queue_front(p, all.items, all.len);
  free(all.items);
  free(stmt.items);
  p->meta_pending = p->meta_copies = d->whens.len;
  p->meta_group = NULL;
}

static void number_meta_copy(Parser *p, OmpDir *d)
{
  d->meta_copies = p->meta_copies;
  d->meta_copy = p->meta_copies - p->meta_pending--;
  if (!p->meta_group)
    p->meta_group = d;
  d->meta_group = p->meta_group;
}

/* ---------------------------------------------------------------- tile and unroll */

/* A canonical loop's header (5.2 4.4.1) as ranges of the nest's tokens:
 * for (TYPE VAR = LB; VAR OP UB; VAR += STEP).  type_n 0: VAR declared
 * before the loop.  down: the variable decreases (OP > or >=, or != with
 * a decrement). */
typedef struct Loop {
  int type_at, type_n;
  Raw var;
  int lb_at, lb_n, ub_at, ub_n, step_at, step_n; /* step_n 0: 1 */
  const char *op;
  bool down;
  int body_at; /* the token after the header's ')' */
} Loop;

/* The index of the first token of t[from..to) spelled s outside
 * brackets, or -1. */
static int find_top(const Raw *t, int from, int to, const char *s)
{
  int depth = 0;
  for (int i = from; i < to; i++) {
    if (depth == 0 && raw_is(t[i], s))
      return i;
    depth += opens(t[i]) - closes(t[i]);
  }
  return -1;
}

static void not_canonical(Raw at, const char *what, const char *dir)
{
  fatal(at.loc, "the loop of '%s' must have the canonical form of OpenMP 5.2 4.4.1: %s", dir,
        what);
}

/* The header of the for loop at t[i]; its body begins at loop->body_at. */
static Loop loop_header(const Raw *t, int n, int i, const char *dir)
{
  Loop l = {0};
  if (i >= n || !raw_is(t[i], "for") || i + 1 >= n || t[i + 1].kind != '(')
    not_canonical(t[i < n ? i : n - 1], "a 'for' loop is expected here", dir);
  int open = i + 1, close = open, depth = 0;
  for (; close < n; close++) {
    depth += opens(t[close]) - closes(t[close]);
    if (depth == 0)
      break;
  }
  int s1 = find_top(t, open + 1, close, ";");
  int s2 = s1 < 0 ? -1 : find_top(t, s1 + 1, close, ";");
  if (s2 < 0)
    not_canonical(t[open], "'for (init; test; increment)'", dir);
  /* init: [TYPE] VAR = LB */
  int eq = find_top(t, open + 1, s1, "=");
  if (eq < 0 || eq == open + 1 || t[eq - 1].kind != IDENTIFIER)
    not_canonical(t[open + 1], "the loop must start from 'var = lb' or 'type var = lb'", dir);
  l.var = t[eq - 1];
  l.type_at = open + 1, l.type_n = eq - 1 - (open + 1);
  l.lb_at = eq + 1, l.lb_n = s1 - eq - 1;
  /* test: VAR OP UB or UB OP VAR */
  static const char *const ops[] = {"<", "<=", ">", ">=", "!="};
  int at = -1;
  for (size_t k = 0; k < sizeof ops / sizeof *ops && at < 0; k++)
    if ((at = find_top(t, s1 + 1, s2, ops[k])) >= 0)
      l.op = ops[k];
  if (at < 0 || !l.lb_n)
    not_canonical(t[s1], "the test must compare the loop variable with <, <=, >, >= or !=",
                  dir);
  if (at == s1 + 2 && raw_is(t[s1 + 1], l.var.text))
    l.ub_at = at + 1, l.ub_n = s2 - at - 1;
  else if (at == s2 - 2 && raw_is(t[s2 - 1], l.var.text)) {
    l.ub_at = s1 + 1, l.ub_n = at - s1 - 1;
    l.op = !strcmp(l.op, "<") ? ">" : !strcmp(l.op, "<=") ? ">=" : !strcmp(l.op, ">") ? "<"
           : !strcmp(l.op, ">=")                           ? "<="
                                                           : "!=";
  } else
    not_canonical(t[s1 + 1], "the test must compare the loop variable itself", dir);
  /* increment */
  int a = s2 + 1, m = close - a;
  bool var_first = m > 0 && raw_is(t[a], l.var.text);
  if (m == 2 && ((var_first && raw_is(t[a + 1], "++")) || (raw_is(t[a], "++") &&
                                                             raw_is(t[a + 1], l.var.text))))
    l.down = false;
  else if (m == 2 && ((var_first && raw_is(t[a + 1], "--")) ||
                      (raw_is(t[a], "--") && raw_is(t[a + 1], l.var.text))))
    l.down = true;
  else if (m > 2 && var_first && (raw_is(t[a + 1], "+=") || raw_is(t[a + 1], "-=")))
    l.down = raw_is(t[a + 1], "-="), l.step_at = a + 2, l.step_n = m - 2;
  else if (m > 4 && var_first && raw_is(t[a + 1], "=") && raw_is(t[a + 2], l.var.text) &&
           (raw_is(t[a + 3], "+") || raw_is(t[a + 3], "-")))
    l.down = raw_is(t[a + 3], "-"), l.step_at = a + 4, l.step_n = m - 4;
  else
    not_canonical(t[a < n ? a : s2], "the increment must be var++, var--, var += step, "
                                     "var -= step or var = var + step", dir);
  bool falls = !strcmp(l.op, ">") || !strcmp(l.op, ">=");
  if (strcmp(l.op, "!=") && falls != l.down)
    not_canonical(t[s1 + 1], "the test and the increment go in opposite directions", dir);
  if (!strcmp(l.op, "!=") && l.step_n)
    not_canonical(t[s1 + 1], "with '!=' the step must be 1 or -1 (++ or --)", dir);
  l.body_at = close + 1;
  return l;
}

/* The output: raw tokens of the user's and of generated text. */
typedef struct Out {
  RawBuf b;
  Raw at; /* the directive: the place and input offsets of generated tokens */
} Out;

static void emit_range(Out *o, const Raw *t, int at, int n)
{
  for (int i = 0; i < n; i++)
    push(&o->b, t[at + i]);
}

/* Generated C text as raw tokens (words unclassified, as the scanner
 * gives them). */
static void emit(Out *o, const char *text)
{
  Parser t = {.data = text, .len = strlen(text), .cur = o->at.loc};
  void *sc;
  if (yylex_init_extra(&t, &sc))
    ice("cannot start the scanner");
  t.scanner = sc;
  YY_BUFFER_STATE buf = yy_scan_bytes(text, (int)t.len, sc);
  for (;;) {
    Raw r = raw_next(&t);
    if (r.kind == 0)
      break;
    push(&o->b, (Raw){r.kind, o->at.loc, o->at.start, o->at.end, r.text});
  }
  yy_delete_buffer(buf, sc);
  yylex_destroy(sc);
}

static void emitf(Out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void emitf(Out *o, const char *fmt, ...)
{
  char s[512];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(s, sizeof s, fmt, ap);
  va_end(ap);
  if (n < 0 || (size_t)n >= sizeof s)
    ice("generated loop text too long");
  emit(o, s);
}

/* (long long)(x) of a token range */
static void emit_ll(Out *o, const Raw *t, int at, int n)
{
  emit(o, "((long long)(");
  emit_range(o, t, at, n);
  emit(o, "))");
}

/* The step's magnitude: (s) or 1. */
static void emit_step(Out *o, const Raw *t, const Loop *l)
{
  emit(o, "(");
  if (l->step_n)
    emit_ll(o, t, l->step_at, l->step_n);
  else
    emit(o, "1LL");
  emit(o, ")");
}

/* The number of iterations of loop l (5.2 4.4.2's logical iteration
 * space), as a long long expression of its header's expressions. */
static void emit_trip(Out *o, const Raw *t, const Loop *l)
{
  bool incl = !strcmp(l->op, "<=") || !strcmp(l->op, ">=");
  int from = l->down ? l->lb_at : l->ub_at, from_n = l->down ? l->lb_n : l->ub_n;
  int to = l->down ? l->ub_at : l->lb_at, to_n = l->down ? l->ub_n : l->lb_n;
  /* hi - lo (+1 if inclusive) rounded up to steps, 0 when empty */
  emit(o, "(");
  emit_ll(o, t, from, from_n);
  emit(o, incl ? ">=" : ">");
  emit_ll(o, t, to, to_n);
  emit(o, "? (");
  emit_ll(o, t, from, from_n);
  emit(o, "-");
  emit_ll(o, t, to, to_n);
  emit(o, incl ? "+" : "- 1 +");
  emit_step(o, t, l);
  emit(o, ") /");
  emit_step(o, t, l);
  emit(o, ": 0)");
}

/* The index just after the statement that starts at t[i] (as take_stmt
 * reads it). */
static int stmt_end(const Raw *t, int n, int i)
{
  if (i >= n)
    return n;
  if (t[i].kind == PRAGMA)
    return stmt_end(t, n, i + 1);
  int depth = 0;
  if (t[i].kind == '{' || raw_is(t[i], "for") || raw_is(t[i], "while") ||
      raw_is(t[i], "switch") || raw_is(t[i], "if")) {
    int j = t[i].kind == '{' ? i : i + 1;
    for (; j < n; j++) {
      depth += opens(t[j]) - closes(t[j]);
      if (depth == 0)
        break;
    }
    if (t[i].kind == '{')
      return j + 1;
    j = stmt_end(t, n, j + 1);
    if (raw_is(t[i], "if") && j < n && raw_is(t[j], "else"))
      j = stmt_end(t, n, j + 1);
    return j;
  }
  if (raw_is(t[i], "do")) {
    int j = stmt_end(t, n, i + 1);
    while (j < n && t[j].kind != ';')
      j++;
    return j + 1;
  }
  for (int j = i; j < n; j++) {
    if (depth == 0 && t[j].kind == ';')
      return j + 1;
    depth += opens(t[j]) - closes(t[j]);
  }
  return n;
}

static int tile_serial;

/* tile sizes(...) / unroll partial(f) over the nest t[0..n): the
 * generated loops (see the header).  Each loop but the innermost has
 * the next for its body, alone, in braces or not. */
static void tile_nest(Out *o, const Raw *t, int n, Vec sizes, const char *dir)
{
  int depth = sizes.len, id = tile_serial++;
  Loop loops[depth];
  int at = 0, end = n;
  for (int k = 0; k < depth; k++) {
    loops[k] = loop_header(t, end, at, dir);
    at = loops[k].body_at;
    if (k + 1 == depth)
      break;
    while (at < end && t[at].kind == '{') {
      if (stmt_end(t, end, at) != end)
        not_canonical(t[at], "the loops must be perfectly nested", dir);
      at++, end--;
    }
    if (stmt_end(t, end, at) != end)
      not_canonical(t[at], "the loops must be perfectly nested", dir);
  }
  int body_at = at, body_end = end;
  const char **size_text = xcalloc((size_t)depth, sizeof *size_text);
  for (int k = 0; k < depth; k++)
    size_text[k] = xasprintf("((long long)(%s))", print_expr_str(sizes.items[k]));
  for (int k = 0; k < depth; k++) { /* the floor loops */
    emitf(o, "for (long long __ompicc_tile%d_f%d = 0; __ompicc_tile%d_f%d <", id, k, id, k);
    emit_trip(o, t, &loops[k]);
    emitf(o, "; __ompicc_tile%d_f%d += %s)", id, k, size_text[k]);
  }
  for (int k = 0; k < depth; k++) { /* the tile loops */
    emitf(o, "for (long long __ompicc_tile%d_t%d = __ompicc_tile%d_f%d; __ompicc_tile%d_t%d < "
             "(__ompicc_tile%d_f%d + %s <",
          id, k, id, k, id, k, id, k, size_text[k]);
    emit_trip(o, t, &loops[k]);
    emitf(o, "? __ompicc_tile%d_f%d + %s :", id, k, size_text[k]);
    emit_trip(o, t, &loops[k]);
    emitf(o, "); __ompicc_tile%d_t%d++)", id, k);
  }
  emit(o, "{");
  for (int k = 0; k < depth; k++) { /* VAR = LB + it * STEP, as its type */
    const Loop *l = &loops[k];
    emit_range(o, t, l->type_at, l->type_n);
    push(&o->b, l->var);
    emit(o, "= (");
    emit_range(o, t, l->lb_at, l->lb_n);
    emitf(o, ") %s __ompicc_tile%d_t%d *", l->down ? "-" : "+", id, k);
    emit_step(o, t, l);
    emit(o, ";");
  }
  emit_range(o, t, body_at, body_end - body_at);
  emit(o, "}");
}

/* The loop transformations: tile, unroll partial; unroll and unroll full
 * leave the loop (true: the directive is gone). */
static bool transform_loops(Parser *p, Raw r, OmpDir *d)
{
  const char *dir = omp_dir_name(d->kind);
  Vec sizes = {0};
  if (d->kind == OMPD_TILE) {
    OmpClause *cl = omp_find_clause(d, OMPC_SIZES);
    if (!cl)
      fatal(d->loc, "'tile' needs a 'sizes' clause (OpenMP 5.2 9.1)");
    sizes = cl->items;
    Expr *e;
    VEC_EACH(Expr *, e, sizes) {
      Expr *v = e;
      while (v->kind == E_PAREN)
        v = v->a;
      if ((v->kind == E_INT && strtoll(v->text, NULL, 0) <= 0) ||
          (v->kind == E_UNARY && v->op == OP_NEG))
        fatal(e->loc, "the sizes of 'tile' must be positive (OpenMP 5.2 9.1)");
    }
  } else {
    OmpClause *partial = omp_find_clause(d, OMPC_PARTIAL);
    if (omp_find_clause(d, OMPC_FULL) && partial)
      fatal(partial->loc, "'full' and 'partial' cannot both be on 'unroll'");
    if (!partial)
      return true; /* the loop as it is */
    /* partial without a factor: 4, this implementation's choice */
    vec_push(&sizes, partial->expr ? partial->expr : mk_int(d->loc, "4"));
  }
  RawBuf nest = {0};
  take_stmt(p, &nest, d->loc, dir);
  Out o = {.at = r};
  tile_nest(&o, nest.items, nest.len, sizes, dir);
  raw_queue_front(p, o.b.items, o.b.len);
  free(o.b.items);
  free(nest.items);
  return true;
}

bool rewrite_directive(Parser *p, Raw r, OmpDir *d)
{
  if (d->kind == OMPD_METADIRECTIVE) {
    if (p->meta_pending) {
      number_meta_copy(p, d);
      return false;
    }
    if (!meta_dynamic(d))
      return false;
    queue_meta_copies(p, r, d);
    return true;
  }
  if (d->kind == OMPD_TILE || d->kind == OMPD_UNROLL)
    return transform_loops(p, r, d);
  return false;
}
