/* omp-parse.c - parsing #pragma omp directives (OpenMP 4.5 to 5.2).
 *
 * omp_parse_directive() gets the pragma's text from the word 'omp' on.  It
 * splits it into tokens (parser_tokenize), finds the longest directive
 * spelling of the table (omp-tables.h, through omp.c's queries) that the
 * words start with, reads the directive's own parenthesised argument,
 * then the clauses.  Each clause argument is a token range that is cut at
 * top-level commas and colons (split()); every piece that is an
 * expression goes to parser_parse_expr, so variables stay Expr nodes for
 * sema.
 *
 * Main structures: Ctx (the token cursor of one pragma), Range (a slice
 * of its tokens), ModTok (a modifier word with its optional argument).
 *
 * A syntax error is reported at the offending token and drops the
 * directive (syntax_error: omp_parse_directive returns NULL and the line
 * stays an unknown pragma), so that one run reports the errors of every
 * directive; the translator stops after parsing when there were any.  The
 * pragma text may be anything, so every access to a token is
 * bounds-checked.  Errors inside a clause's expressions (the C grammar's)
 * still end the run.
 */
#include "omp-parse.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "omp-tables.h"

/* Where a syntax error goes: the directive being parsed (NULL outside
 * omp_parse_directive: the run ends). */
static jmp_buf *bad_directive;

static noreturn void syntax_error(Loc loc, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* The directive is dropped, its errors reported. */
static noreturn void drop_directive(void)
{
  if (bad_directive)
    longjmp(*bad_directive, 1);
  exit(1);
}

void omp_parse_failed(void) { drop_directive(); }

static noreturn void syntax_error(Loc loc, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  verror(loc, fmt, ap);
  va_end(ap);
  drop_directive();
}

/* The words a clause takes at each position (omp-tables.h). */
typedef struct OmpWordSet {
  OmpClauseKind clause;
  int pos; /* 0: the main word, 1: a modifier, 2: a second word */
  const char *words, *what;
} OmpWordSet;

static const OmpWordSet WORD_SETS[] = {
#define X(k, p, w, what) {k, p, w, what},
    OMP_WORD_SETS(X)
#undef X
};

static int clause_lookup(const char *w)
{
  for (int k = 0; k < OMPC_COUNT; k++)
    if (!strcmp(omp_clause_name(k), w))
      return k;
  return -1;
}

static OmpWord word_lookup(const char *w)
{
  for (int i = 1; i < OMPW_COUNT; i++)
    if (!strcmp(omp_word_name(i), w))
      return i;
  return OMPW_NONE;
}

/* ---------------------------------------------------------------- tokens */
typedef struct Ctx {
  Parser *p;
  OmpDir *dir;
  Token **t;
  int n, i;
  Loc eol; /* just after the last token */
  Token **red_type; /* declare reduction of one type: its tokens */
  int red_type_n;
} Ctx;

/* A slice of the pragma's tokens; end is the place of the token that ends
 * it (a separator or the closing parenthesis), for "expected" messages. */
typedef struct Range {
  Token **t;
  int n;
  Loc end;
} Range;

static Loc loc_after(const Token *t)
{
  Loc l = t->loc;
  l.col += (int)strlen(t->text);
  return l;
}

static bool is(const Token *t, const char *s) { return t && !strcmp(t->text, s); }
static Token *peek(Ctx *c) { return c->i < c->n ? c->t[c->i] : NULL; }
static Loc here(Ctx *c) { return c->i < c->n ? c->t[c->i]->loc : c->eol; }
static Loc range_loc(Range r) { return r.n ? r.t[0]->loc : r.end; }

static bool is_open(const Token *t) { return is(t, "(") || is(t, "[") || is(t, "{"); }
static bool is_close(const Token *t) { return is(t, ")") || is(t, "]") || is(t, "}"); }

/* The index of the closer matching the opener at open, or -1. */
static int match_close(Token **t, int n, int open)
{
  int depth = 0;
  for (int i = open; i < n; i++) {
    if (is_open(t[i]))
      depth++;
    else if (is_close(t[i]) && --depth == 0)
      return i;
  }
  return -1;
}

/* The index of the ')' matching the '(' at open, or -1. */
static int match_paren(Token **t, int n, int open)
{
  int close = match_close(t, n, open);
  return close >= 0 && is(t[close], ")") ? close : -1;
}

/* Cut r at the top-level tokens spelled sep (a ',' or ':').  For ':' a
 * pending '?' of a conditional expression takes the ':' first, so
 * if(a ? b : c) is one piece.  Returns Range*, empty pieces included. */
static Vec split(Range r, const char *sep)
{
  Vec out = {0};
  int depth = 0, cond = 0, start = 0;
  for (int i = 0; i <= r.n; i++) {
    Token *t = i < r.n ? r.t[i] : NULL;
    if (t && is_open(t))
      depth++;
    else if (t && is_close(t))
      depth--;
    else if (t && depth == 0 && is(t, "?"))
      cond++;
    else if (t && depth == 0 && is(t, ":") && cond > 0 && !strcmp(sep, ":"))
      cond--;
    else if (!t || (depth == 0 && is(t, sep))) {
      Range *p = xmalloc(sizeof *p);
      *p = (Range){r.t + start, i - start, t ? t->loc : r.end};
      vec_push(&out, p);
      start = i + 1;
    }
  }
  return out;
}

static Range piece(Vec v, int i) { return *(Range *)v.items[i]; }

/* The spelling of r's tokens, with a space where the source had one. */
static const char *range_text(Range r)
{
  StrBuf b = {0};
  for (int i = 0; i < r.n; i++) {
    if (i) {
      Loc prev = loc_after(r.t[i - 1]);
      if (prev.line != r.t[i]->loc.line || prev.col != r.t[i]->loc.col)
        sb_putc(&b, ' ');
    }
    sb_puts(&b, r.t[i]->text);
  }
  return intern(b.s ? b.s : "");
}

/* ---------------------------------------------------------------- pieces */
static Expr *parse_expr(Ctx *c, Range r, const char *where)
{
  if (!r.n)
    syntax_error(r.end, "expected an expression in %s", where);
  return parser_parse_expr(c->p, r.t, r.n);
}

static void parse_list(Ctx *c, Range r, Vec *out, const char *where)
{
  if (!r.n)
    syntax_error(r.end, "expected a list item in %s", where);
  Vec v = split(r, ",");
  for (int i = 0; i < v.len; i++)
    vec_push(out, parse_expr(c, piece(v, i), where));
}

/* Made once per clause kind: every clause parsed asks for it. */
static const char *clause_where(const OmpClause *cl)
{
  static const char *where[OMPC_COUNT];
  if (!where[cl->kind])
    where[cl->kind] = xasprintf("'%s' clause", omp_clause_name(cl->kind));
  return where[cl->kind];
}

/* A range that must be one word. */
static Token *one_word(Range r, const char *what, const char *where)
{
  if (r.n == 1 && token_word(r.t[0]))
    return r.t[0];
  syntax_error(range_loc(r), "expected %s in %s", what, where);
}

static const OmpWordSet *word_set(OmpClauseKind k, int pos)
{
  for (size_t i = 0; i < sizeof WORD_SETS / sizeof *WORD_SETS; i++)
    if (WORD_SETS[i].clause == k && WORD_SETS[i].pos == pos)
      return &WORD_SETS[i];
  return NULL;
}

/* The word t if it is allowed at position pos of clause k, else OMPW_NONE. */
static OmpWord try_word(OmpClauseKind k, int pos, const Token *t)
{
  const OmpWordSet *s = word_set(k, pos);
  const char *w = t ? token_word(t) : NULL;
  return s && w && words_contain(s->words, w) ? word_lookup(w) : OMPW_NONE;
}

static OmpWord want_word(OmpClause *cl, int pos, const Token *t)
{
  OmpWord w = try_word(cl->kind, pos, t);
  if (w != OMPW_NONE)
    return w;
  const OmpWordSet *s = word_set(cl->kind, pos);
  syntax_error(t->loc, "unknown %s '%s' in '%s' clause", s ? s->what : "word", t->text,
        omp_clause_name(cl->kind));
}

/* ---------------------------------------------------------------- modifiers
 * A sequence of modifiers: words, some with a parenthesised argument,
 * separated by commas or spaces:  always, close mapper(m) iterator(...) */
typedef struct ModTok {
  Token *word;
  bool has_arg;
  Range arg;
} ModTok;

static Vec mod_tokens(Range r, const char *where)
{
  Vec out = {0};
  for (int i = 0; i < r.n;) {
    if (!token_word(r.t[i]))
      syntax_error(r.t[i]->loc, "expected a modifier in %s, found '%s'", where, r.t[i]->text);
    ModTok *m = xcalloc(1, sizeof *m);
    m->word = r.t[i++];
    if (i < r.n && is(r.t[i], "(")) {
      int close = match_paren(r.t, r.n, i);
      if (close < 0)
        syntax_error(r.t[i]->loc, "expected ')' in %s", where);
      m->has_arg = true;
      m->arg = (Range){r.t + i + 1, close - i - 1, r.t[close]->loc};
      i = close + 1;
    }
    if (i < r.n && is(r.t[i], ","))
      i++;
    vec_push(&out, m);
  }
  if (!out.len)
    syntax_error(r.end, "expected a modifier in %s", where);
  return out;
}

static OmpIterator *parse_iterator(Ctx *c, Range r, const char *where)
{
  int eq = -1;
  for (int i = 0; i < r.n && eq < 0; i++)
    if (is(r.t[i], "="))
      eq = i;
  if (eq < 1 || !token_word(r.t[eq - 1]))
    syntax_error(range_loc(r), "expected 'name = begin : end' in iterator of %s", where);
  OmpIterator *it = xcalloc(1, sizeof *it);
  it->loc = r.t[0]->loc;
  it->name = intern(r.t[eq - 1]->text);
  if (eq > 1)
    it->type = parser_parse_type_name(c->p, r.t, eq - 1);
  Range rest = {r.t + eq + 1, r.n - eq - 1, r.end};
  Vec b = split(rest, ":");
  if (b.len < 2 || b.len > 3)
    syntax_error(rest.n ? rest.t[0]->loc : r.end, "expected 'begin : end [: step]' in iterator of %s",
          where);
  it->begin = parse_expr(c, piece(b, 0), where);
  it->end = parse_expr(c, piece(b, 1), where);
  if (b.len == 3)
    it->step = parse_expr(c, piece(b, 2), where);
  return it;
}

/* Check a modifier word and read its argument, which depends on the word:
 * mapper(id), iterator(defs), step(e), allocator(e), align(e). */
static OmpModifier *make_modifier(Ctx *c, OmpClause *cl, ModTok *m)
{
  const char *where = clause_where(cl);
  OmpModifier *mod = xcalloc(1, sizeof *mod);
  mod->loc = m->word->loc;
  mod->word = want_word(cl, 1, m->word);
  bool takes = mod->word == OMPW_MAPPER || mod->word == OMPW_ITERATOR || mod->word == OMPW_STEP ||
               mod->word == OMPW_ALLOCATOR || mod->word == OMPW_ALIGN ||
               mod->word == OMPW_MEMSPACE || mod->word == OMPW_TRAITS ||
               mod->word == OMPW_PREFER_TYPE;
  if (takes != m->has_arg)
    syntax_error(m->word->loc, takes ? "expected '(' after '%s' in %s" : "unexpected '(' after '%s' in %s",
          m->word->text, where);
  if (mod->word == OMPW_MAPPER)
    mod->id = intern(one_word(m->arg, "a mapper identifier", where)->text);
  else if (mod->word == OMPW_ITERATOR) {
    Vec defs = split(m->arg, ",");
    for (int i = 0; i < defs.len; i++)
      vec_push(&mod->iterators, parse_iterator(c, piece(defs, i), where));
  } else if (takes)
    mod->arg = parse_expr(c, m->arg, where);
  return mod;
}

static void add_modifiers(Ctx *c, OmpClause *cl, Vec mt, int from, int to)
{
  for (int i = from; i < to; i++)
    vec_push(&cl->mods, make_modifier(c, cl, mt.items[i]));
}

/* A single modifier word before a ':' (lastprivate, order, grainsize). */
static void one_modifier(Ctx *c, OmpClause *cl, Range r)
{
  Token *t = one_word(r, "one modifier", clause_where(cl));
  ModTok m = {t, false, {0}};
  vec_push(&cl->mods, make_modifier(c, cl, &m));
}

/* ---------------------------------------------------------------- clauses
 * One function per argument shape.  Each gets the argument's tokens (the
 * inside of the parentheses); groups are the pieces between top-level
 * colons. */
typedef void ShapeFn(Ctx *c, OmpClause *cl, Range arg);

static Vec groups(OmpClause *cl, Range arg, int max)
{
  Vec g = split(arg, ":");
  if (g.len > max)
    syntax_error(piece(g, max - 1).end, "unexpected ':' in '%s' clause", omp_clause_name(cl->kind));
  return g;
}

static Token *made_token(int kind, const char *text, Loc loc)
{
  Token *t = xcalloc(1, sizeof *t);
  t->kind = kind, t->text = intern(text), t->loc = loc;
  return t;
}

/* initializer(omp_priv = { ... }) of declare reduction (OpenMP 5.2
 * 5.5.11: omp_priv = initializer): the braces are C's initializer, which
 * no expression has, so the clause is read as the compound literal of the
 * reduction's type, omp_priv = (T){ ... }, which means the same. */
static Range brace_initializer(Ctx *c, Range arg)
{
  if (arg.n < 3 || !is(arg.t[1], "=") || !is(arg.t[2], "{") || !c->red_type)
    return arg;
  Token **t = xmalloc((size_t)(arg.n + c->red_type_n + 2) * sizeof *t);
  int n = 0;
  t[n++] = arg.t[0], t[n++] = arg.t[1];
  t[n++] = made_token('(', "(", arg.t[2]->loc);
  for (int i = 0; i < c->red_type_n; i++)
    t[n++] = c->red_type[i];
  t[n++] = made_token(')', ")", arg.t[2]->loc);
  for (int i = 2; i < arg.n; i++)
    t[n++] = arg.t[i];
  return (Range){t, n, arg.end};
}

static void sh_expr(Ctx *c, OmpClause *cl, Range arg)
{
  if (cl->kind == OMPC_INITIALIZER)
    arg = brace_initializer(c, arg);
  cl->expr = parse_expr(c, arg, clause_where(cl));
}

static void sh_list(Ctx *c, OmpClause *cl, Range arg)
{
  parse_list(c, arg, &cl->items, clause_where(cl));
}

static void sh_word(Ctx *c UNUSED, OmpClause *cl, Range arg)
{
  Token *t = one_word(arg, "a keyword", clause_where(cl));
  cl->word = want_word(cl, 0, t);
  cl->word_loc = t->loc;
}

/* if([directive-name :] expr), 5.2 section 3.4. */
static void sh_if(Ctx *c, OmpClause *cl, Range arg)
{
  Vec g = groups(cl, arg, 2);
  if (g.len == 2) {
    Range r = piece(g, 0);
    if (!r.n)
      syntax_error(r.end, "expected a directive name before ':' in 'if' clause");
    const char *name = range_text(r);
    for (int d = 1; d < OMPD_COUNT && !cl->dir_name; d++)
      if (!strcmp(omp_dir_name(d), name))
        cl->dir_name = d;
    if (!cl->dir_name)
      syntax_error(range_loc(r), "unknown directive name '%s' in 'if' clause", name);
    OmpDirKind d = cl->dir_name, cur = c->dir->kind;
    bool leaf = omp_dir_leaves(d) && !(omp_dir_leaves(d) & (omp_dir_leaves(d) - 1)) &&
                (omp_dir_leaves(cur) & omp_dir_leaves(d));
    if (d != cur && !(leaf && omp_clause_allowed(d, OMPC_IF)))
      syntax_error(range_loc(r), "'if' clause modifier '%s' does not apply to '%s'", name,
            omp_dir_name(cur));
  }
  cl->expr = parse_expr(c, piece(g, g.len - 1), "'if' clause");
}

static void red_ident(OmpRedOp *op, const char **id, Range r, const char *where)
{
  if (r.n == 1) {
    for (int i = 0; i < OMP_RED_USER; i++)
      if (!strcmp(omp_red_name(i), r.t[0]->text)) {
        *op = i;
        *id = omp_red_name(i);
        return;
      }
    if (token_word(r.t[0])) {
      *op = OMP_RED_USER;
      *id = intern(r.t[0]->text);
      return;
    }
  }
  syntax_error(range_loc(r), "expected a reduction identifier in %s", where);
}

/* reduction([modifier ,] identifier : list) */
static void sh_reduction(Ctx *c, OmpClause *cl, Range arg)
{
  const char *where = clause_where(cl);
  Vec g = groups(cl, arg, 2);
  if (g.len < 2)
    syntax_error(arg.end, "expected ':' in %s", where);
  Vec head = split(piece(g, 0), ",");
  for (int i = 0; i + 1 < head.len; i++) {
    Token *t = one_word(piece(head, i), "a reduction modifier", where);
    OmpModifier *m = xcalloc(1, sizeof *m);
    m->loc = t->loc;
    m->word = cl->kind == OMPC_REDUCTION ? want_word(cl, 1, t) : OMPW_NONE;
    if (m->word == OMPW_NONE)
      syntax_error(t->loc, "unknown reduction modifier '%s' in %s", t->text, where);
    vec_push(&cl->mods, m);
  }
  red_ident(&cl->red_op, &cl->red_id, piece(head, head.len - 1), where);
  parse_list(c, piece(g, 1), &cl->items, where);
}

/* lastprivate([conditional :] list) */
static void sh_mod_list(Ctx *c, OmpClause *cl, Range arg)
{
  Vec g = groups(cl, arg, 2);
  if (g.len == 2)
    one_modifier(c, cl, piece(g, 0));
  parse_list(c, piece(g, g.len - 1), &cl->items, clause_where(cl));
}

/* Is r  val(list)  (linear's 4.5 modifier form)?  Returns the inside. */
static bool linear_old_form(OmpClause *cl UNUSED, Range r, Range *inside)
{
  if (r.n < 3 || !is(r.t[1], "(") || match_paren(r.t, r.n, 1) != r.n - 1)
    return false;
  OmpWord w = try_word(OMPC_LINEAR, 1, r.t[0]);
  if (w != OMPW_VAL && w != OMPW_REF && w != OMPW_UVAL)
    return false;
  *inside = (Range){r.t + 2, r.n - 3, r.t[r.n - 1]->loc};
  return true;
}

/* Is every piece of r a linear modifier (val, ref, uval, step(e))? */
static bool all_linear_mods(Range r)
{
  Vec v = split(r, ",");
  for (int i = 0; i < v.len; i++) {
    Range p = piece(v, i);
    OmpWord w = p.n ? try_word(OMPC_LINEAR, 1, p.t[0]) : OMPW_NONE;
    if (w == OMPW_NONE || (w == OMPW_STEP) != (p.n > 1))
      return false;
  }
  return true;
}

/* linear(list [: step]), linear(val(list) [: step]) (4.5),
 * linear(list : val, step(s)) (5.2, 5.4.6) */
static void sh_linear(Ctx *c, OmpClause *cl, Range arg)
{
  const char *where = clause_where(cl);
  Vec g = groups(cl, arg, 2);
  Range list = piece(g, 0), inside;
  if (linear_old_form(cl, list, &inside)) {
    cl->linear_old = true;
    add_modifiers(c, cl, mod_tokens((Range){list.t, 1, list.end}, where), 0, 1);
    list = inside;
  }
  parse_list(c, list, &cl->items, where);
  if (g.len < 2)
    return;
  Range tail = piece(g, 1);
  if (!cl->linear_old && all_linear_mods(tail)) {
    Vec mt = mod_tokens(tail, where);
    add_modifiers(c, cl, mt, 0, mt.len);
  } else
    cl->expr = parse_expr(c, tail, where);
}

/* aligned(list [: alignment]) */
static void sh_aligned(Ctx *c, OmpClause *cl, Range arg)
{
  Vec g = groups(cl, arg, 2);
  parse_list(c, piece(g, 0), &cl->items, clause_where(cl));
  if (g.len == 2)
    cl->expr = parse_expr(c, piece(g, 1), clause_where(cl));
}

/* schedule([modifier [, modifier] :] kind [, chunk]), dist_schedule(kind [, chunk]) */
static void sh_schedule(Ctx *c, OmpClause *cl, Range arg)
{
  const char *where = clause_where(cl);
  Vec g = groups(cl, arg, cl->kind == OMPC_SCHEDULE ? 2 : 1);
  if (g.len == 2) {
    Vec mt = mod_tokens(piece(g, 0), where);
    add_modifiers(c, cl, mt, 0, mt.len);
  }
  Vec v = split(piece(g, g.len - 1), ",");
  if (v.len > 2)
    syntax_error(piece(v, 1).end, "unexpected ',' in %s", where);
  Token *t = one_word(piece(v, 0), "a schedule kind", where);
  cl->word = want_word(cl, 0, t);
  cl->word_loc = t->loc;
  if (v.len == 2)
    cl->expr = parse_expr(c, piece(v, 1), where);
}

/* num_teams([lower :] upper) */
static void sh_range(Ctx *c, OmpClause *cl, Range arg)
{
  Vec g = groups(cl, arg, 2);
  if (g.len == 2)
    cl->expr2 = parse_expr(c, piece(g, 0), clause_where(cl));
  cl->expr = parse_expr(c, piece(g, g.len - 1), clause_where(cl));
}

/* device([ancestor | device_num :] expr);  grainsize/num_tasks([strict :] expr) */
static void sh_mod_expr(Ctx *c, OmpClause *cl, Range arg)
{
  Vec g = groups(cl, arg, 2);
  if (g.len == 2) {
    Token *t = one_word(piece(g, 0), "a modifier", clause_where(cl));
    if (cl->kind == OMPC_DEVICE) {
      cl->word = want_word(cl, 1, t);
      cl->word_loc = t->loc;
    } else
      one_modifier(c, cl, piece(g, 0));
  }
  cl->expr = parse_expr(c, piece(g, g.len - 1), clause_where(cl));
}

/* map([modifiers] [type :] list); modifiers: always close present
 * mapper(id) iterator(...), separated by commas or spaces (5.2, 5.8.3). */
static void sh_map(Ctx *c, OmpClause *cl, Range arg)
{
  const char *where = clause_where(cl);
  Vec g = groups(cl, arg, 2);
  if (g.len == 2) {
    Vec mt = mod_tokens(piece(g, 0), where);
    ModTok *last = vec_last(&mt);
    OmpWord type = last->has_arg ? OMPW_NONE : try_word(OMPC_MAP, 0, last->word);
    if (type == OMPW_NONE && try_word(OMPC_MAP, 1, last->word) == OMPW_NONE)
      syntax_error(last->word->loc, "unknown map type '%s' in %s", last->word->text, where);
    add_modifiers(c, cl, mt, 0, type ? mt.len - 1 : mt.len);
    cl->word = type;
    cl->word_loc = last->word->loc;
  }
  parse_list(c, piece(g, g.len - 1), &cl->items, where);
}

/* to/from([present] [mapper(id)] [iterator(...)] : list), declare
 * target's to(list), affinity([iterator(...) :] list) */
static void sh_motion(Ctx *c, OmpClause *cl, Range arg)
{
  Vec g = groups(cl, arg, 2);
  if (g.len == 2) {
    Vec mt = mod_tokens(piece(g, 0), clause_where(cl));
    add_modifiers(c, cl, mt, 0, mt.len);
  }
  parse_list(c, piece(g, g.len - 1), &cl->items, clause_where(cl));
}

/* defaultmap(behavior [: category]); 4.5: defaultmap(tofrom: scalar) */
static void sh_defaultmap(Ctx *c UNUSED, OmpClause *cl, Range arg)
{
  Vec g = groups(cl, arg, 2);
  Token *t = one_word(piece(g, 0), "an implicit behavior", clause_where(cl));
  cl->word = want_word(cl, 0, t);
  cl->word_loc = t->loc;
  if (g.len == 2)
    cl->word2 = want_word(cl, 2, one_word(piece(g, 1), "a variable category", clause_where(cl)));
}

/* depend([iterator(...) ,] type : list), depend(source), depend(sink : vec),
 * doacross(source :), doacross(sink : vec) */
static void sh_depend(Ctx *c, OmpClause *cl, Range arg)
{
  const char *where = clause_where(cl);
  Vec g = groups(cl, arg, 2);
  if (g.len == 1) {
    Token *t = one_word(piece(g, 0), "'source' or ':'", where);
    cl->word = want_word(cl, 0, t);
    cl->word_loc = t->loc;
    if (cl->word != OMPW_SOURCE)
      syntax_error(piece(g, 0).end, "expected ':' in %s", where);
    return;
  }
  Vec mt = mod_tokens(piece(g, 0), where);
  ModTok *last = vec_last(&mt);
  if (last->has_arg)
    syntax_error(last->word->loc, "expected a dependence type in %s", where);
  cl->word = want_word(cl, 0, last->word);
  cl->word_loc = last->word->loc;
  add_modifiers(c, cl, mt, 0, mt.len - 1);
  if (cl->word != OMPW_SOURCE || piece(g, 1).n)
    parse_list(c, piece(g, 1), &cl->items, where);
}

/* order([reproducible | unconstrained :] concurrent) */
static void sh_order(Ctx *c, OmpClause *cl, Range arg)
{
  Vec g = groups(cl, arg, 2);
  if (g.len == 2)
    one_modifier(c, cl, piece(g, 0));
  Token *t = one_word(piece(g, g.len - 1), "'concurrent'", clause_where(cl));
  cl->word = want_word(cl, 0, t);
  cl->word_loc = t->loc;
}

/* allocate([allocator :] list), allocate(allocator(a), align(n) : list) */
static void sh_allocate(Ctx *c, OmpClause *cl, Range arg)
{
  Vec g = groups(cl, arg, 2);
  if (g.len == 2) {
    Range h = piece(g, 0);
    if (h.n > 1 && is(h.t[1], "(") && try_word(OMPC_ALLOCATE, 1, h.t[0])) {
      Vec mt = mod_tokens(h, clause_where(cl));
      add_modifiers(c, cl, mt, 0, mt.len);
    } else
      cl->expr = parse_expr(c, h, clause_where(cl));
  }
  parse_list(c, piece(g, g.len - 1), &cl->items, clause_where(cl));
}

/* uses_allocators (OpenMP 5.2 6.8): [memspace(m), traits(t) :] list of
 * allocators, or the 5.0 form, a list of allocator[(traits)]. */
static void sh_uses_allocators(Ctx *c, OmpClause *cl, Range arg)
{
  Vec g = groups(cl, arg, 2);
  if (g.len == 2) {
    Vec mt = mod_tokens(piece(g, 0), clause_where(cl));
    add_modifiers(c, cl, mt, 0, mt.len);
  }
  Range list = piece(g, g.len - 1);
  if (!list.n)
    syntax_error(list.end, "expected an allocator in %s", clause_where(cl));
  Vec v = split(list, ",");
  for (int i = 0; i < v.len; i++) {
    Range r = piece(v, i);
    Expr *traits = NULL;
    if (r.n > 2 && token_word(r.t[0]) && is(r.t[1], "(") && is(r.t[r.n - 1], ")") &&
        match_paren(r.t, r.n, 1) == r.n - 1) {
      traits = parse_expr(c, (Range){r.t + 2, r.n - 3, r.t[r.n - 1]->loc}, clause_where(cl));
      r.n = 1;
    }
    vec_push(&cl->items, parse_expr(c, r, clause_where(cl)));
    vec_push(&cl->args, traits);
  }
}

/* interop's init([target,] [targetsync,] [prefer_type(...),] var)
 * (5.1; 5.2 14.1.2 puts a ':' before the var) */
static void sh_init(Ctx *c, OmpClause *cl, Range arg)
{
  Vec g = split(arg, ":");
  Range mods = {0}, var = arg;
  if (g.len == 2)
    mods = piece(g, 0), var = piece(g, 1);
  else { /* 5.1 form: the modifiers and the var separated by commas */
    Vec v = split(arg, ",");
    var = piece(v, v.len - 1);
    if (v.len > 1)
      mods = (Range){arg.t, (int)(var.t - arg.t) - 1, var.t[-1]->loc};
  }
  if (mods.n) {
    Vec mt = mod_tokens(mods, clause_where(cl));
    for (int i = 0; i < mt.len; i++) {
      OmpModifier *m = make_modifier(c, cl, mt.items[i]);
      if (m->word != OMPW_PREFER_TYPE) /* this implementation has CUDA only */
        vec_push(&cl->mods, m);
    }
  }
  parse_list(c, var, &cl->items, clause_where(cl));
  if (cl->items.len != 1)
    syntax_error(range_loc(var), "expected one variable in %s", clause_where(cl));
}

/* append_args(interop(type, ...), ...) (5.2 7.5.1) */
static void sh_append(Ctx *c UNUSED, OmpClause *cl, Range arg)
{
  Vec v = split(arg, ",");
  for (int i = 0; i < v.len; i++) {
    Range r = piece(v, i);
    if (r.n < 3 || !is(r.t[0], "interop") || !is(r.t[1], "(") ||
        match_paren(r.t, r.n, 1) != r.n - 1)
      syntax_error(range_loc(r), "expected 'interop(types)' in %s", clause_where(cl));
    intptr_t flags = 0;
    for (int k = 2; k < r.n - 1; k++) {
      if (is(r.t[k], ",") || is(r.t[k], "target") || is(r.t[k], "targetsync"))
        flags |= is(r.t[k], "target") ? 1 : is(r.t[k], "targetsync") ? 2 : 0;
      else if (is(r.t[k], "prefer_type") && k + 1 < r.n && is(r.t[k + 1], "("))
        k = match_paren(r.t, r.n, k + 1); /* this implementation has CUDA only */
      else
        syntax_error(r.t[k]->loc, "unknown interop type '%s' in %s", r.t[k]->text, clause_where(cl));
      if (k < 0)
        syntax_error(range_loc(r), "expected ')' in %s", clause_where(cl));
    }
    if (!flags)
      syntax_error(range_loc(r), "'interop' needs 'target' or 'targetsync' in %s", clause_where(cl));
    vec_push(&cl->dirs, (void *)flags);
  }
}

/* ---------------------------------------------------------------- selectors
 * context-selector (OpenMP 5.2 7.2):
 *   set-name = { trait [, trait ...] } [, ...]
 *   trait:     name [( [score(expr) :] property [, property ...] )]
 * A property is a name, a string, or (condition, device_num) an
 * expression. */

static const char *const SELECTOR_SETS[] = {"construct", "device", "target_device",
                                            "implementation", "user"};

/* The trait names each set knows; others are warned about and never match. */
static bool known_trait(const char *set, const char *name)
{
  static const char *const known[][2] = {
      {"device", "kind isa arch"},
      {"target_device", "kind isa arch device_num"},
      {"implementation", "vendor extension requires unified_address unified_shared_memory "
                         "reverse_offload dynamic_allocators atomic_default_mem_order"},
      {"user", "condition"},
  };
  for (size_t i = 0; i < sizeof known / sizeof *known; i++)
    if (!strcmp(known[i][0], set))
      return words_contain(known[i][1], name);
  return false;
}

static bool expression_trait(const char *name)
{
  return !strcmp(name, "condition") || !strcmp(name, "device_num");
}

static OmpTrait *parse_trait(Ctx *c, OmpTraitSet *set, Range r, const char *where)
{
  Token *name = r.n ? r.t[0] : NULL;
  if (!name || !token_word(name))
    syntax_error(range_loc(r), "expected a trait selector in %s", where);
  OmpTrait *t = xcalloc(1, sizeof *t);
  t->loc = name->loc;
  t->name = intern(name->text);
  bool construct = !strcmp(set->name, "construct");
  if (construct) {
    t->dir = OMPD_NONE;
    for (int d = 1; d < OMPD_COUNT; d++)
      if (!strcmp(omp_dir_name(d), t->name))
        t->dir = d;
    static const OmpDirKind allowed[] = {OMPD_TARGET, OMPD_TEAMS, OMPD_PARALLEL, OMPD_FOR,
                                         OMPD_SIMD, OMPD_DISPATCH};
    bool ok = false;
    for (size_t i = 0; i < sizeof allowed / sizeof *allowed; i++)
      ok |= t->dir == allowed[i];
    if (!ok)
      syntax_error(t->loc, "'%s' is not a construct trait (target, teams, parallel, for, simd, "
                    "dispatch) in %s", t->name, where);
  } else if (!known_trait(set->name, t->name))
    warning(t->loc, "unknown trait '%s' of the '%s' selector set in %s: it never matches",
            t->name, set->name, where);
  if (r.n == 1)
    return t;
  if (!is(r.t[1], "(") || match_close(r.t, r.n, 1) != r.n - 1)
    syntax_error(r.t[1]->loc, "expected '(' and the properties of '%s' in %s", t->name, where);
  Range in = {r.t + 2, r.n - 3, r.t[r.n - 1]->loc};
  if (construct)
    return t; /* simd(simdlen(4)): the clauses are not compared */
  Vec g = split(in, ":");
  if (g.len > 2)
    syntax_error(piece(g, 1).end, "unexpected ':' in %s", where);
  if (g.len == 2) {
    Range sc = piece(g, 0);
    if (sc.n < 3 || !is(sc.t[0], "score") || !is(sc.t[1], "(") ||
        match_close(sc.t, sc.n, 1) != sc.n - 1)
      syntax_error(range_loc(sc), "expected 'score(expression)' before ':' in %s", where);
    t->score = parse_expr(c, (Range){sc.t + 2, sc.n - 3, sc.t[sc.n - 1]->loc}, where);
  }
  Vec props = split(piece(g, g.len - 1), ",");
  for (int i = 0; i < props.len; i++) {
    Range pr = piece(props, i);
    OmpTraitProp *p = xcalloc(1, sizeof *p);
    p->loc = range_loc(pr);
    if (expression_trait(t->name))
      p->expr = parse_expr(c, pr, where);
    else if (pr.n == 1 && pr.t[0]->text[0] == '"') {
      const char *q = pr.t[0]->text;
      p->name = intern_n(q + 1, strlen(q) - 2);
    } else if (pr.n == 1 && token_word(pr.t[0]))
      p->name = intern(pr.t[0]->text);
    else
      syntax_error(p->loc, "expected a name or a string as a property of '%s' in %s", t->name, where);
    vec_push(&t->props, p);
  }
  if (expression_trait(t->name) && t->props.len != 1)
    syntax_error(t->loc, "'%s' takes one expression in %s", t->name, where);
  return t;
}

static OmpSelector *parse_selector(Ctx *c, Range r, const char *where)
{
  OmpSelector *sel = xcalloc(1, sizeof *sel);
  sel->loc = range_loc(r);
  Vec sets = split(r, ",");
  for (int i = 0; i < sets.len; i++) {
    Range sr = piece(sets, i);
    if (sr.n < 4 || !token_word(sr.t[0]) || !is(sr.t[1], "=") || !is(sr.t[2], "{") ||
        match_close(sr.t, sr.n, 2) != sr.n - 1)
      syntax_error(range_loc(sr), "expected 'set-name={traits}' in %s", where);
    OmpTraitSet *set = xcalloc(1, sizeof *set);
    set->loc = sr.t[0]->loc;
    set->name = intern(sr.t[0]->text);
    bool known = false;
    for (size_t k = 0; k < sizeof SELECTOR_SETS / sizeof *SELECTOR_SETS; k++)
      known |= !strcmp(SELECTOR_SETS[k], set->name);
    if (!known)
      syntax_error(set->loc, "unknown selector set '%s' in %s (construct, device, target_device, "
                      "implementation or user)", set->name, where);
    OmpTraitSet *o;
    VEC_EACH(OmpTraitSet *, o, sel->sets)
      if (o->name == set->name)
        syntax_error(set->loc, "selector set '%s' appears twice in %s", set->name, where);
    Vec traits = split((Range){sr.t + 3, sr.n - 4, sr.t[sr.n - 1]->loc}, ",");
    for (int j = 0; j < traits.len; j++)
      vec_push(&set->traits, parse_trait(c, set, piece(traits, j), where));
    vec_push(&sel->sets, set);
  }
  return sel;
}

static void sh_selector(Ctx *c, OmpClause *cl, Range arg)
{
  if (!arg.n)
    syntax_error(arg.end, "expected a context selector in %s", clause_where(cl));
  cl->raw = range_text(arg);
  cl->sel = parse_selector(c, arg, clause_where(cl));
}

/* The directive names of absent(...) and contains(...) (5.2, 8.3.1). */
static OmpDirKind parse_dir_name(Ctx *c);

static void sh_dirs(Ctx *c, OmpClause *cl, Range arg)
{
  Vec v = split(arg, ",");
  for (int i = 0; i < v.len; i++) {
    Range r = piece(v, i);
    if (!r.n)
      syntax_error(r.end, "expected a directive name in %s", clause_where(cl));
    Ctx sub = *c;
    sub.t = r.t, sub.n = r.n, sub.i = 0, sub.eol = r.end;
    OmpDirKind k = parse_dir_name(&sub);
    if (sub.i != r.n)
      syntax_error(r.t[sub.i]->loc, "expected ',' or ')' after '%s' in %s", omp_dir_name(k),
            clause_where(cl));
    vec_push(&cl->dirs, (void *)(intptr_t)k);
  }
}

static ShapeFn *const SHAPE_FNS[] = {
    [SH_EXPR] = sh_expr,
    [SH_OPT_EXPR] = sh_expr,
    [SH_LIST] = sh_list,
    [SH_WORD] = sh_word,
    [SH_OPT_WORD] = sh_word,
    [SH_IF] = sh_if,
    [SH_REDUCTION] = sh_reduction,
    [SH_MOD_LIST] = sh_mod_list,
    [SH_LINEAR] = sh_linear,
    [SH_ALIGNED] = sh_aligned,
    [SH_SCHEDULE] = sh_schedule,
    [SH_RANGE] = sh_range,
    [SH_DEVICE] = sh_mod_expr,
    [SH_MAP] = sh_map,
    [SH_MOTION] = sh_motion,
    [SH_DEFAULTMAP] = sh_defaultmap,
    [SH_DEPEND] = sh_depend,
    [SH_MOD_EXPR] = sh_mod_expr,
    [SH_ORDER] = sh_order,
    [SH_ALLOCATE] = sh_allocate,
    [SH_USES_ALLOCATORS] = sh_uses_allocators,
    [SH_SELECTOR] = sh_selector,
    [SH_DIRS] = sh_dirs,
    [SH_INIT] = sh_init,
    [SH_APPEND] = sh_append,
};

/* If a '(' follows, the range inside the parentheses; the cursor moves
 * past the ')'. */
static bool take_parens(Ctx *c, Range *inside, const char *where)
{
  if (!is(peek(c), "("))
    return false;
  int close = match_paren(c->t, c->n, c->i);
  if (close < 0)
    syntax_error(c->eol, "expected ')' in %s", where);
  *inside = (Range){c->t + c->i + 1, close - c->i - 1, c->t[close]->loc};
  c->i = close + 1;
  return true;
}

static void clause_args(Ctx *c, OmpClause *cl, const Token *name)
{
  Shape sh = omp_clause_shape(cl->kind);
  Range arg;
  /* flush acq_rel (list): the parentheses are flush's, not the clause's */
  if (sh == SH_NONE && c->dir->kind != OMPD_FLUSH && is(peek(c), "("))
    syntax_error(here(c), "'%s' clause takes no arguments", name->text);
  cl->has_parens = sh != SH_NONE && take_parens(c, &arg, clause_where(cl));
  bool optional = sh == SH_OPT_EXPR || sh == SH_OPT_WORD;
  if (sh != SH_NONE && !optional && !cl->has_parens)
    syntax_error(here(c), "expected '(' after '%s'", name->text);
  if (cl->has_parens)
    SHAPE_FNS[sh](c, cl, arg);
}

static bool same_if_target(const OmpClause *a, const OmpClause *b)
{
  return a->kind != OMPC_IF || a->dir_name == b->dir_name;
}

/* At most once per directive, at most one of a group (5.2, 15.8.4 for
 * atomic, 7.7 for declare simd's inbranch/notinbranch). */
static void check_repeats(OmpDir *d, OmpClause *cl)
{
  unsigned f = omp_clause_flags(cl->kind), g = f & CF_GROUPS;
  OmpClause *o;
  VEC_EACH(OmpClause *, o, d->clauses)
  {
    bool twice =
        o->kind == cl->kind && (f & CF_UNIQUE || cl->kind == OMPC_IF) && same_if_target(o, cl);
    bool group = g && (omp_clause_flags(o->kind) & g) && o->kind != cl->kind;
    if (twice)
      error(cl->loc, "'%s' clause appears more than once on '%s'", omp_clause_name(cl->kind),
            omp_dir_name(d->kind));
    else if (group)
      error(cl->loc, "'%s' clause cannot be combined with '%s' on '%s'", omp_clause_name(cl->kind),
            omp_clause_name(o->kind), omp_dir_name(d->kind));
    if (twice || group) {
      note(o->loc, "'%s' given here", omp_clause_name(o->kind));
      drop_directive();
    }
  }
}

static OmpClause *parse_clause(Ctx *c)
{
  Token *t = peek(c);
  const char *w = token_word(t);
  if (!w)
    syntax_error(t->loc, "expected an OpenMP clause, found '%s'", t->text);
  int k = clause_lookup(w);
  if (k < 0)
    syntax_error(t->loc, "unknown OpenMP clause '%s'", w);
  if (!omp_clause_allowed(c->dir->kind, k))
    syntax_error(t->loc, "'%s' clause is not allowed on '%s'", w, omp_dir_name(c->dir->kind));
  c->i++;
  OmpClause *cl = xcalloc(1, sizeof *cl);
  cl->kind = k;
  cl->loc = t->loc;
  clause_args(c, cl, t);
  check_repeats(c->dir, cl);
  return cl;
}

/* ---------------------------------------------------------------- directive */

/* Do the words of spelling match the tokens from c->i?  Returns how many. */
static int match_words(Ctx *c, const char *spelling)
{
  int n = 0, i = c->i;
  for (const char *s = spelling; *s; n++, i++) {
    size_t len = strcspn(s, " ");
    const char *w = i < c->n ? token_word(c->t[i]) : NULL;
    if (!w || strlen(w) != len || strncmp(w, s, len))
      return 0;
    s += len + (s[len] == ' ');
  }
  return n;
}

/* Is w the first of several words of a directive (declare, target, end)? */
static bool starts_a_spelling(const char *w)
{
  size_t n = strlen(w);
  for (int d = 1; d < OMPD_COUNT; d++)
    if (!strncmp(omp_dir_name(d), w, n) && omp_dir_name(d)[n] == ' ')
      return true;
  return false;
}

static OmpDirKind parse_dir_name(Ctx *c)
{
  Token *t = peek(c);
  if (!t)
    syntax_error(c->eol, "expected an OpenMP directive after '#pragma omp'");
  if (!token_word(t))
    syntax_error(t->loc, "expected an OpenMP directive, found '%s'", t->text);
  OmpDirKind best = OMPD_NONE;
  int best_n = 0;
  for (int d = 1; d < OMPD_COUNT; d++) {
    int n = match_words(c, omp_dir_name(d));
    if (n > best_n)
      best = d, best_n = n;
  }
  if (!best) {
    Token *n = c->i + 1 < c->n ? c->t[c->i + 1] : NULL;
    bool prefix = n && token_word(n) && starts_a_spelling(t->text);
    syntax_error(t->loc, "unknown OpenMP directive '%s%s%s'", t->text, prefix ? " " : "",
          prefix ? n->text : "");
  }
  c->i += best_n;
  return best;
}

/* cancel / cancellation point construct-type (5.2, 16.1). */
static void dir_cancel(Ctx *c, OmpDir *d)
{
  static const OmpDirKind types[] = {OMPD_PARALLEL, OMPD_SECTIONS, OMPD_FOR, OMPD_TASKGROUP};
  Token *t = peek(c);
  for (size_t i = 0; t && i < sizeof types / sizeof *types; i++)
    if (token_word(t) && !strcmp(t->text, omp_dir_name(types[i])))
      d->construct = types[i];
  if (!d->construct)
    syntax_error(here(c), "expected 'parallel', 'sections', 'for' or 'taskgroup' after '%s'",
          omp_dir_name(d->kind));
  c->i++;
}

/* declare reduction(identifier : type-list : combiner) (5.2, 5.5.11) */
static void dir_reduction(Ctx *c, OmpDir *d, Range arg)
{
  const char *where = "'declare reduction'";
  Vec g = split(arg, ":");
  if (g.len != 3)
    syntax_error(g.len < 3 ? arg.end : piece(g, 2).end,
          g.len < 3 ? "expected ':' in %s" : "unexpected ':' in %s", where);
  red_ident(&d->red_op, &d->red_id, piece(g, 0), where);
  Vec types = split(piece(g, 1), ",");
  for (int i = 0; i < types.len; i++) {
    Range r = piece(types, i);
    if (!r.n)
      syntax_error(r.end, "expected a type name in %s", where);
    vec_push(&d->types, parser_parse_type_name(c->p, r.t, r.n));
    c->red_type = types.len == 1 ? r.t : NULL, c->red_type_n = r.n;
  }
  /* the combiner is an expression: the comma operator included */
  Vec parts = split(piece(g, 2), ",");
  d->combiner = parse_expr(c, piece(parts, 0), where);
  for (int i = 1; i < parts.len; i++)
    d->combiner = mk_binary(d->combiner->loc, OP_COMMA, d->combiner,
                            parse_expr(c, piece(parts, i), where));
}

/* declare mapper([mapper-identifier :] type var) (5.2, 5.8.8) */
static void dir_mapper(Ctx *c, OmpDir *d, Range arg)
{
  const char *where = "'declare mapper'";
  Vec g = split(arg, ":");
  if (g.len > 2)
    syntax_error(piece(g, 1).end, "unexpected ':' in %s", where);
  if (g.len == 2) {
    Token *t = one_word(piece(g, 0), "a mapper identifier", where);
    d->name = intern(t->text);
    d->name_loc = t->loc;
  }
  Range r = piece(g, g.len - 1);
  if (r.n < 2 || !token_word(r.t[r.n - 1]))
    syntax_error(r.n ? r.t[r.n - 1]->loc : r.end, "expected a type and a variable name in %s", where);
  vec_push(&d->types, parser_parse_type_name(c->p, r.t, r.n - 1));
  d->var = intern(r.t[r.n - 1]->text);
  d->var_loc = r.t[r.n - 1]->loc;
}

static void dir_args(Ctx *c, OmpDir *d)
{
  static const char *where_of[OMPD_COUNT]; /* made once per kind */
  DirArg a = omp_dir_arg(d->kind);
  if (!where_of[d->kind])
    where_of[d->kind] = xasprintf("'%s'", omp_dir_name(d->kind));
  const char *where = where_of[d->kind];
  Range r;
  if (a == DA_CANCEL) {
    dir_cancel(c, d);
    return;
  }
  if (a == DA_NONE || !take_parens(c, &r, where)) {
    if (a == DA_LIST || a == DA_REDUCTION || a == DA_MAPPER)
      syntax_error(here(c), "expected '(' after '%s'", omp_dir_name(d->kind));
    return;
  }
  d->has_list = a == DA_OPT_LIST || a == DA_LIST;
  if (a == DA_NAME) {
    Token *t = one_word(r, "a name", where);
    d->name = intern(t->text);
    d->name_loc = t->loc;
  } else if (a == DA_REDUCTION)
    dir_reduction(c, d, r);
  else if (a == DA_MAPPER)
    dir_mapper(c, d, r);
  else
    parse_list(c, r, &d->list, where);
}

static void parse_clauses(Ctx *c, OmpDir *d)
{
  while (c->i < c->n) {
    Range r;
    if (d->kind == OMPD_FLUSH && !d->has_list && take_parens(c, &r, "'flush'")) {
      d->has_list = d->list_late = true;
      parse_list(c, r, &d->list, "'flush'");
      continue;
    }
    if (d->clauses.len && is(peek(c), ",")) /* clauses may be separated by commas */
      c->i++;
    if (c->i >= c->n)
      syntax_error(c->t[c->i - 1]->loc, "expected an OpenMP clause after ','");
    vec_push(&d->clauses, parse_clause(c));
  }
}

static OmpDir *parse_directive(Ctx *c, Loc loc);

/* metadirective when(selector : [directive-variant]) ... default(...) /
 * otherwise(...) (OpenMP 5.2 7.4): each variant is parsed as a directive
 * of its own; the default comes last in whens, 'nothing' when absent. */
static void meta_clauses(Ctx *c, OmpDir *d)
{
  OmpWhen *dflt = NULL;
  while (c->i < c->n) {
    if (d->whens.len && is(peek(c), ","))
      c->i++;
    Token *t = peek(c);
    const char *w = t ? token_word(t) : NULL;
    bool when = w && !strcmp(w, "when");
    if (!w || !(when || !strcmp(w, "default") || !strcmp(w, "otherwise")))
      syntax_error(t ? t->loc : c->eol, "expected 'when', 'otherwise' or 'default' in 'metadirective'");
    if (!when && dflt)
      syntax_error(t->loc, "'%s' appears twice on 'metadirective'", w);
    c->i++;
    Range in;
    if (!take_parens(c, &in, "'metadirective'"))
      syntax_error(here(c), "expected '(' after '%s'", w);
    OmpWhen *wh = xcalloc(1, sizeof *wh);
    wh->loc = t->loc;
    wh->raw = range_text(in);
    Range var = in;
    if (when) {
      Vec g = split(in, ":");
      int cut = -1; /* the ':' after the selector: the first at depth 0 */
      if (g.len >= 2)
        cut = piece(g, 0).n;
      if (cut < 0)
        syntax_error(in.end, "expected ':' after the context selector in 'when'");
      wh->sel = parse_selector(c, (Range){in.t, cut, in.t[cut]->loc}, "'when' clause");
      var = (Range){in.t + cut + 1, in.n - cut - 1, in.end};
    }
    if (var.n) {
      Ctx sub = *c;
      sub.t = var.t, sub.n = var.n, sub.i = 0, sub.eol = var.end;
      OmpDir *v = parse_directive(&sub, var.t[0]->loc);
      if (v->kind == OMPD_METADIRECTIVE || (omp_directive_class(v) == OMP_CLASS_DECLARATIVE &&
                                            v->kind != OMPD_NOTHING))
        syntax_error(v->loc, "'%s' cannot be a directive variant of 'metadirective'",
              omp_dir_name(v->kind));
      if (v->kind != OMPD_NOTHING)
        wh->variant = v;
    }
    if (when)
      vec_push(&d->whens, wh);
    else
      dflt = wh;
  }
  if (!dflt) {
    dflt = xcalloc(1, sizeof *dflt);
    dflt->loc = d->loc;
  }
  vec_push(&d->whens, dflt);
}

static OmpDir *parse_directive(Ctx *c, Loc loc)
{
  OmpDir *d = xcalloc(1, sizeof *d);
  OmpDir *outer = c->dir;
  d->loc = loc;
  c->dir = d;
  d->kind = parse_dir_name(c);
  d->leaves = omp_dir_leaves(d->kind);
  if (d->kind == OMPD_METADIRECTIVE)
    meta_clauses(c, d);
  else {
    dir_args(c, d);
    parse_clauses(c, d);
  }
  c->dir = outer;
  return d;
}

OmpDir *omp_parse_directive(Parser *p, const char *text, Loc loc)
{
  Vec toks = parser_tokenize(p, text, loc);
  Ctx c = {.p = p, .t = (Token **)toks.items, .n = toks.len, .eol = loc};
  if (c.n)
    c.eol = loc_after(c.t[c.n - 1]);
  if (is(peek(&c), "omp"))
    c.i++;
  jmp_buf here, *outer = bad_directive;
  bad_directive = &here;
  OmpDir *volatile d = NULL;
  if (!setjmp(here))
    d = parse_directive(&c, loc);
  bad_directive = outer;
  return d;
}
