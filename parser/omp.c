/* omp.c - parsing and printing #pragma omp directives (OpenMP 4.5 to 5.2).
 *
 * omp_parse_directive() gets the pragma's text from the word 'omp' on.  It
 * splits it into tokens (parser_tokenize), finds the longest directive
 * spelling of the table (omp-tables.h) that the words start with, reads
 * the directive's own parenthesised argument, then the clauses.  Each
 * clause argument is a token range that is cut at top-level commas and
 * colons (split()); every piece that is an expression goes to
 * parser_parse_expr, so variables stay Expr nodes for sema.
 *
 * Main structures: Ctx (the token cursor of one pragma), Range (a slice
 * of its tokens), ModTok (a modifier word with its optional argument);
 * the tables DIRS and CLAUSES built from omp-tables.h, and the allowed
 * clause sets computed from them once (allowed_init).
 *
 * Syntax errors are fatal at the offending token: the pragma text may be
 * anything, so every access to a token is bounds-checked.
 */
#include "omp.h"

#include <string.h>

#include "print.h"

/* What follows a directive's name (omp-tables.h's argument column). */
typedef enum DirArg {
  DA_NONE,
  DA_NAME,      /* critical [(name)] */
  DA_OPT_LIST,  /* flush [(list)], declare target [(list)] */
  DA_LIST,      /* threadprivate(list), allocate(list), depobj(o), declare variant(f) */
  DA_CANCEL,    /* cancel construct-type */
  DA_REDUCTION, /* declare reduction(id : types : combiner) */
  DA_MAPPER,    /* declare mapper([id :] type var) */
} DirArg;

/* The argument shapes of clauses: how the inside of the parentheses is
 * read (sh_* below) and printed (print_clause_args). */
typedef enum Shape {
  SH_NONE,       /* no argument: nowait, untied, seq_cst, ... */
  SH_EXPR,       /* (expr): num_threads, safelen, hint, ... */
  SH_OPT_EXPR,   /* [(expr)]: ordered, indirect, partial, destroy */
  SH_LIST,       /* (list): private, shared, uniform, ... */
  SH_WORD,       /* (word): default, proc_bind, bind, at, ... */
  SH_OPT_WORD,   /* [(word)]: update (depobj's dependence type) */
  SH_IF,         /* ([directive-name :] expr) */
  SH_REDUCTION,  /* ([modifier ,] identifier : list) */
  SH_MOD_LIST,   /* ([modifier :] list): lastprivate */
  SH_LINEAR,     /* linear's three spellings */
  SH_ALIGNED,    /* (list [: alignment]) */
  SH_SCHEDULE,   /* ([modifiers :] kind [, chunk]), dist_schedule */
  SH_RANGE,      /* ([lower :] upper): num_teams */
  SH_DEVICE,     /* ([ancestor | device_num :] expr) */
  SH_MAP,        /* ([modifiers] [type :] list) */
  SH_MOTION,     /* ([modifiers :] list): to, from, affinity */
  SH_DEFAULTMAP, /* (behavior [: category]) */
  SH_DEPEND,     /* ([iterator ,] type : list), (source), doacross */
  SH_MOD_EXPR,   /* ([strict :] expr): grainsize, num_tasks */
  SH_ORDER,      /* ([modifier :] concurrent) */
  SH_ALLOCATE,   /* ([allocator | modifiers :] list) */
  SH_RAW,        /* kept as written: match's context selectors */
} Shape;

#include "omp-tables.h"

/* ---------------------------------------------------------------- tables */
typedef struct DirInfo {
  const char *words;
  OmpDirClass cls;
  unsigned leaves;
  DirArg arg;
  const char *clauses;
} DirInfo;

static const DirInfo DIRS[OMPD_COUNT] = {
#define X(k, w, c, l, a, cl) [k] = {w, c, l, a, cl},
    OMP_DIRECTIVES(X)
#undef X
};

typedef struct ClauseInfo {
  const char *name;
  Shape shape;
  unsigned flags;
} ClauseInfo;

static const ClauseInfo CLAUSES[OMPC_COUNT] = {
#define X(k, n, s, f) [k] = {n, s, f},
    OMP_CLAUSES(X)
#undef X
};

typedef struct WordSet {
  OmpClauseKind clause;
  int pos; /* 0: the main word, 1: a modifier, 2: a second word */
  const char *words, *what;
} WordSet;

static const WordSet WORD_SETS[] = {
#define X(k, p, w, what) {k, p, w, what},
    OMP_WORD_SETS(X)
#undef X
};

static const char *const WORD_NAMES[OMPW_COUNT] = {
#define X(n, s) s,
    OMP_WORD_LIST(X)
#undef X
};

static const char *const RED_NAMES[] = {
#define X(n, s) s,
    OMP_RED_LIST(X)
#undef X
};

static const OmpDirKind LEAF_DIRS[OMP_LEAF_COUNT] = {
#define X(n, d) d,
    OMP_LEAF_LIST(X)
#undef X
};

const char *omp_dir_name(OmpDirKind k)
{
  return k > OMPD_NONE && k < OMPD_COUNT ? DIRS[k].words : "?";
}
const char *omp_clause_name(OmpClauseKind k) { return k < OMPC_COUNT ? CLAUSES[k].name : "?"; }
const char *omp_word_name(OmpWord w) { return w < OMPW_COUNT ? WORD_NAMES[w] : "?"; }
unsigned omp_dir_leaves(OmpDirKind k) { return k < OMPD_COUNT ? DIRS[k].leaves : 0; }

const char *omp_red_name(OmpRedOp op) { return op < OMP_RED_USER ? RED_NAMES[op] : "?"; }

OmpDirKind omp_leaf_dir(unsigned leaf_bit)
{
  for (int i = 0; i < OMP_LEAF_COUNT; i++)
    if (leaf_bit == 1u << i)
      return LEAF_DIRS[i];
  return OMPD_NONE;
}

/* Is w one of the space-separated words of set? */
static bool in_set(const char *set, const char *w)
{
  size_t n = strlen(w);
  if (!n)
    return false;
  for (const char *s = set; (s = strstr(s, w)); s += n)
    if ((s == set || s[-1] == ' ') && (s[n] == ' ' || !s[n]))
      return true;
  return false;
}

static int clause_lookup(const char *w)
{
  for (int k = 0; k < OMPC_COUNT; k++)
    if (!strcmp(CLAUSES[k].name, w))
      return k;
  return -1;
}

static OmpWord word_lookup(const char *w)
{
  for (int i = 1; i < OMPW_COUNT; i++)
    if (!strcmp(WORD_NAMES[i], w))
      return i;
  return OMPW_NONE;
}

/* The allowed clause sets, one bit per clause kind.  Combined directives
 * allow the union of their leaves' clauses, except that nowait belongs to
 * target when there is one, and is refused on parallel worksharing
 * combinations without it (5.2, 17.5). */
static bool allowed[OMPD_COUNT][OMPC_COUNT];
static bool allowed_ready;

static void allowed_from_string(OmpDirKind d, const char *set)
{
  for (int k = 0; k < OMPC_COUNT; k++)
    if (in_set(set, CLAUSES[k].name))
      allowed[d][k] = true;
}

static void allowed_init(void)
{
  for (int d = 1; d < OMPD_COUNT; d++)
    allowed_from_string(d, DIRS[d].clauses);
  for (int d = 1; d < OMPD_COUNT; d++) {
    unsigned l = DIRS[d].leaves;
    if (!(l & (l - 1)))
      continue; /* a single leaf: its own list */
    for (int i = 0; i < OMP_LEAF_COUNT; i++)
      if (l & (1u << i))
        allowed_from_string(d, DIRS[LEAF_DIRS[i]].clauses);
    if ((l & OMP_LEAF_PARALLEL) && !(l & OMP_LEAF_TARGET))
      allowed[d][OMPC_NOWAIT] = false;
  }
  allowed_ready = true;
}

bool omp_clause_allowed(OmpDirKind d, OmpClauseKind k)
{
  if (!allowed_ready)
    allowed_init();
  return d > OMPD_NONE && d < OMPD_COUNT && k < OMPC_COUNT && allowed[d][k];
}

OmpClause *omp_find_clause(const OmpDir *d, OmpClauseKind k)
{
  OmpClause *c;
  VEC_EACH(OmpClause *, c, d->clauses)
  if (c->kind == k)
    return c;
  return NULL;
}

/* ---------------------------------------------------------------- tokens */
typedef struct Ctx {
  Parser *p;
  OmpDir *dir;
  Token **t;
  int n, i;
  Loc eol; /* just after the last token */
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

/* The index of the ')' matching the '(' at open, or -1. */
static int match_paren(Token **t, int n, int open)
{
  int depth = 0;
  for (int i = open; i < n; i++) {
    if (is_open(t[i]))
      depth++;
    else if (is_close(t[i]) && --depth == 0)
      return is(t[i], ")") ? i : -1;
  }
  return -1;
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
    fatal(r.end, "expected an expression in %s", where);
  return parser_parse_expr(c->p, r.t, r.n);
}

static void parse_list(Ctx *c, Range r, Vec *out, const char *where)
{
  if (!r.n)
    fatal(r.end, "expected a list item in %s", where);
  Vec v = split(r, ",");
  for (int i = 0; i < v.len; i++)
    vec_push(out, parse_expr(c, piece(v, i), where));
}

/* Made once per clause kind: every clause parsed asks for it. */
static const char *clause_where(const OmpClause *cl)
{
  static const char *where[OMPC_COUNT];
  if (!where[cl->kind])
    where[cl->kind] = xasprintf("'%s' clause", CLAUSES[cl->kind].name);
  return where[cl->kind];
}

/* A range that must be one word. */
static Token *one_word(Range r, const char *what, const char *where)
{
  if (r.n == 1 && token_word(r.t[0]))
    return r.t[0];
  fatal(range_loc(r), "expected %s in %s", what, where);
}

static const WordSet *word_set(OmpClauseKind k, int pos)
{
  for (size_t i = 0; i < sizeof WORD_SETS / sizeof *WORD_SETS; i++)
    if (WORD_SETS[i].clause == k && WORD_SETS[i].pos == pos)
      return &WORD_SETS[i];
  return NULL;
}

/* The word t if it is allowed at position pos of clause k, else OMPW_NONE. */
static OmpWord try_word(OmpClauseKind k, int pos, const Token *t)
{
  const WordSet *s = word_set(k, pos);
  const char *w = t ? token_word(t) : NULL;
  return s && w && in_set(s->words, w) ? word_lookup(w) : OMPW_NONE;
}

static OmpWord want_word(OmpClause *cl, int pos, const Token *t)
{
  OmpWord w = try_word(cl->kind, pos, t);
  if (w != OMPW_NONE)
    return w;
  const WordSet *s = word_set(cl->kind, pos);
  fatal(t->loc, "unknown %s '%s' in '%s' clause", s ? s->what : "word", t->text,
        CLAUSES[cl->kind].name);
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
      fatal(r.t[i]->loc, "expected a modifier in %s, found '%s'", where, r.t[i]->text);
    ModTok *m = xcalloc(1, sizeof *m);
    m->word = r.t[i++];
    if (i < r.n && is(r.t[i], "(")) {
      int close = match_paren(r.t, r.n, i);
      if (close < 0)
        fatal(r.t[i]->loc, "expected ')' in %s", where);
      m->has_arg = true;
      m->arg = (Range){r.t + i + 1, close - i - 1, r.t[close]->loc};
      i = close + 1;
    }
    if (i < r.n && is(r.t[i], ","))
      i++;
    vec_push(&out, m);
  }
  if (!out.len)
    fatal(r.end, "expected a modifier in %s", where);
  return out;
}

static OmpIterator *parse_iterator(Ctx *c, Range r, const char *where)
{
  int eq = -1;
  for (int i = 0; i < r.n && eq < 0; i++)
    if (is(r.t[i], "="))
      eq = i;
  if (eq < 1 || !token_word(r.t[eq - 1]))
    fatal(range_loc(r), "expected 'name = begin : end' in iterator of %s", where);
  OmpIterator *it = xcalloc(1, sizeof *it);
  it->loc = r.t[0]->loc;
  it->name = intern(r.t[eq - 1]->text);
  if (eq > 1)
    it->type = parser_parse_type_name(c->p, r.t, eq - 1);
  Range rest = {r.t + eq + 1, r.n - eq - 1, r.end};
  Vec b = split(rest, ":");
  if (b.len < 2 || b.len > 3)
    fatal(rest.n ? rest.t[0]->loc : r.end, "expected 'begin : end [: step]' in iterator of %s",
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
               mod->word == OMPW_ALLOCATOR || mod->word == OMPW_ALIGN;
  if (takes != m->has_arg)
    fatal(m->word->loc, takes ? "expected '(' after '%s' in %s" : "unexpected '(' after '%s' in %s",
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
    fatal(piece(g, max - 1).end, "unexpected ':' in '%s' clause", CLAUSES[cl->kind].name);
  return g;
}

static void sh_expr(Ctx *c, OmpClause *cl, Range arg)
{
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
      fatal(r.end, "expected a directive name before ':' in 'if' clause");
    const char *name = range_text(r);
    for (int d = 1; d < OMPD_COUNT && !cl->dir_name; d++)
      if (!strcmp(DIRS[d].words, name))
        cl->dir_name = d;
    if (!cl->dir_name)
      fatal(range_loc(r), "unknown directive name '%s' in 'if' clause", name);
    OmpDirKind d = cl->dir_name, cur = c->dir->kind;
    bool leaf = DIRS[d].leaves && !(DIRS[d].leaves & (DIRS[d].leaves - 1)) &&
                (DIRS[cur].leaves & DIRS[d].leaves);
    if (d != cur && !(leaf && omp_clause_allowed(d, OMPC_IF)))
      fatal(range_loc(r), "'if' clause modifier '%s' does not apply to '%s'", name,
            DIRS[cur].words);
  }
  cl->expr = parse_expr(c, piece(g, g.len - 1), "'if' clause");
}

static void red_ident(OmpRedOp *op, const char **id, Range r, const char *where)
{
  if (r.n == 1) {
    for (int i = 0; i < OMP_RED_USER; i++)
      if (!strcmp(RED_NAMES[i], r.t[0]->text)) {
        *op = i;
        *id = RED_NAMES[i];
        return;
      }
    if (token_word(r.t[0])) {
      *op = OMP_RED_USER;
      *id = intern(r.t[0]->text);
      return;
    }
  }
  fatal(range_loc(r), "expected a reduction identifier in %s", where);
}

/* reduction([modifier ,] identifier : list) */
static void sh_reduction(Ctx *c, OmpClause *cl, Range arg)
{
  const char *where = clause_where(cl);
  Vec g = groups(cl, arg, 2);
  if (g.len < 2)
    fatal(arg.end, "expected ':' in %s", where);
  Vec head = split(piece(g, 0), ",");
  for (int i = 0; i + 1 < head.len; i++) {
    Token *t = one_word(piece(head, i), "a reduction modifier", where);
    OmpModifier *m = xcalloc(1, sizeof *m);
    m->loc = t->loc;
    m->word = cl->kind == OMPC_REDUCTION ? want_word(cl, 1, t) : OMPW_NONE;
    if (m->word == OMPW_NONE)
      fatal(t->loc, "unknown reduction modifier '%s' in %s", t->text, where);
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
    fatal(piece(v, 1).end, "unexpected ',' in %s", where);
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
      fatal(last->word->loc, "unknown map type '%s' in %s", last->word->text, where);
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
      fatal(piece(g, 0).end, "expected ':' in %s", where);
    return;
  }
  Vec mt = mod_tokens(piece(g, 0), where);
  ModTok *last = vec_last(&mt);
  if (last->has_arg)
    fatal(last->word->loc, "expected a dependence type in %s", where);
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

static void sh_raw(Ctx *c UNUSED, OmpClause *cl, Range arg)
{
  if (!arg.n)
    fatal(arg.end, "expected an argument in %s", clause_where(cl));
  cl->raw = range_text(arg);
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
    [SH_RAW] = sh_raw,
};

/* If a '(' follows, the range inside the parentheses; the cursor moves
 * past the ')'. */
static bool take_parens(Ctx *c, Range *inside, const char *where)
{
  if (!is(peek(c), "("))
    return false;
  int close = match_paren(c->t, c->n, c->i);
  if (close < 0)
    fatal(c->eol, "expected ')' in %s", where);
  *inside = (Range){c->t + c->i + 1, close - c->i - 1, c->t[close]->loc};
  c->i = close + 1;
  return true;
}

static void clause_args(Ctx *c, OmpClause *cl, const Token *name)
{
  Shape sh = CLAUSES[cl->kind].shape;
  Range arg;
  /* flush acq_rel (list): the parentheses are flush's, not the clause's */
  if (sh == SH_NONE && c->dir->kind != OMPD_FLUSH && is(peek(c), "("))
    fatal(here(c), "'%s' clause takes no arguments", name->text);
  cl->has_parens = sh != SH_NONE && take_parens(c, &arg, clause_where(cl));
  bool optional = sh == SH_OPT_EXPR || sh == SH_OPT_WORD;
  if (sh != SH_NONE && !optional && !cl->has_parens)
    fatal(here(c), "expected '(' after '%s'", name->text);
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
  unsigned f = CLAUSES[cl->kind].flags, g = f & CF_GROUPS;
  OmpClause *o;
  VEC_EACH(OmpClause *, o, d->clauses)
  {
    bool twice =
        o->kind == cl->kind && (f & CF_UNIQUE || cl->kind == OMPC_IF) && same_if_target(o, cl);
    bool group = g && (CLAUSES[o->kind].flags & g) && o->kind != cl->kind;
    if (twice)
      error(cl->loc, "'%s' clause appears more than once on '%s'", CLAUSES[cl->kind].name,
            DIRS[d->kind].words);
    else if (group)
      error(cl->loc, "'%s' clause cannot be combined with '%s' on '%s'", CLAUSES[cl->kind].name,
            CLAUSES[o->kind].name, DIRS[d->kind].words);
    if (twice || group) {
      note(o->loc, "'%s' given here", CLAUSES[o->kind].name);
      diag_exit_if_errors();
    }
  }
}

static OmpClause *parse_clause(Ctx *c)
{
  Token *t = peek(c);
  const char *w = token_word(t);
  if (!w)
    fatal(t->loc, "expected an OpenMP clause, found '%s'", t->text);
  int k = clause_lookup(w);
  if (k < 0)
    fatal(t->loc, "unknown OpenMP clause '%s'", w);
  if (!omp_clause_allowed(c->dir->kind, k))
    fatal(t->loc, "'%s' clause is not allowed on '%s'", w, DIRS[c->dir->kind].words);
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
    if (!strncmp(DIRS[d].words, w, n) && DIRS[d].words[n] == ' ')
      return true;
  return false;
}

static OmpDirKind parse_dir_name(Ctx *c)
{
  Token *t = peek(c);
  if (!t)
    fatal(c->eol, "expected an OpenMP directive after '#pragma omp'");
  if (!token_word(t))
    fatal(t->loc, "expected an OpenMP directive, found '%s'", t->text);
  OmpDirKind best = OMPD_NONE;
  int best_n = 0;
  for (int d = 1; d < OMPD_COUNT; d++) {
    int n = match_words(c, DIRS[d].words);
    if (n > best_n)
      best = d, best_n = n;
  }
  if (!best) {
    Token *n = c->i + 1 < c->n ? c->t[c->i + 1] : NULL;
    bool prefix = n && token_word(n) && starts_a_spelling(t->text);
    fatal(t->loc, "unknown OpenMP directive '%s%s%s'", t->text, prefix ? " " : "",
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
    if (token_word(t) && !strcmp(t->text, DIRS[types[i]].words))
      d->construct = types[i];
  if (!d->construct)
    fatal(here(c), "expected 'parallel', 'sections', 'for' or 'taskgroup' after '%s'",
          DIRS[d->kind].words);
  c->i++;
}

/* declare reduction(identifier : type-list : combiner) (5.2, 5.5.11) */
static void dir_reduction(Ctx *c, OmpDir *d, Range arg)
{
  const char *where = "'declare reduction'";
  Vec g = split(arg, ":");
  if (g.len != 3)
    fatal(g.len < 3 ? arg.end : piece(g, 2).end,
          g.len < 3 ? "expected ':' in %s" : "unexpected ':' in %s", where);
  red_ident(&d->red_op, &d->red_id, piece(g, 0), where);
  Vec types = split(piece(g, 1), ",");
  for (int i = 0; i < types.len; i++) {
    Range r = piece(types, i);
    if (!r.n)
      fatal(r.end, "expected a type name in %s", where);
    vec_push(&d->types, parser_parse_type_name(c->p, r.t, r.n));
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
    fatal(piece(g, 1).end, "unexpected ':' in %s", where);
  if (g.len == 2) {
    Token *t = one_word(piece(g, 0), "a mapper identifier", where);
    d->name = intern(t->text);
    d->name_loc = t->loc;
  }
  Range r = piece(g, g.len - 1);
  if (r.n < 2 || !token_word(r.t[r.n - 1]))
    fatal(r.n ? r.t[r.n - 1]->loc : r.end, "expected a type and a variable name in %s", where);
  vec_push(&d->types, parser_parse_type_name(c->p, r.t, r.n - 1));
  d->var = intern(r.t[r.n - 1]->text);
  d->var_loc = r.t[r.n - 1]->loc;
}

static void dir_args(Ctx *c, OmpDir *d)
{
  static const char *where_of[OMPD_COUNT]; /* made once per kind */
  DirArg a = DIRS[d->kind].arg;
  if (!where_of[d->kind])
    where_of[d->kind] = xasprintf("'%s'", DIRS[d->kind].words);
  const char *where = where_of[d->kind];
  Range r;
  if (a == DA_CANCEL) {
    dir_cancel(c, d);
    return;
  }
  if (a == DA_NONE || !take_parens(c, &r, where)) {
    if (a == DA_LIST || a == DA_REDUCTION || a == DA_MAPPER)
      fatal(here(c), "expected '(' after '%s'", DIRS[d->kind].words);
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
      fatal(c->t[c->i - 1]->loc, "expected an OpenMP clause after ','");
    vec_push(&d->clauses, parse_clause(c));
  }
}

OmpDir *omp_parse_directive(Parser *p, const char *text, Loc loc)
{
  Vec toks = parser_tokenize(p, text, loc);
  Ctx c = {p, NULL, (Token **)toks.items, toks.len, 0, loc};
  if (c.n)
    c.eol = loc_after(c.t[c.n - 1]);
  if (is(peek(&c), "omp"))
    c.i++;
  OmpDir *d = xcalloc(1, sizeof *d);
  d->loc = loc;
  c.dir = d;
  d->kind = parse_dir_name(&c);
  d->leaves = DIRS[d->kind].leaves;
  dir_args(&c, d);
  parse_clauses(&c, d);
  return d;
}

/* Most directives have one class; ordered with depend/doacross is
 * standalone (5.2, 15.10.1), and error is executable only with
 * at(execution) (5.2, 8.5). */
OmpDirClass omp_directive_class(const OmpDir *d)
{
  if (d->kind == OMPD_ORDERED &&
      (omp_find_clause(d, OMPC_DEPEND) || omp_find_clause(d, OMPC_DOACROSS)))
    return OMP_CLASS_STANDALONE;
  if (d->kind == OMPD_ERROR) {
    OmpClause *at = omp_find_clause(d, OMPC_AT);
    return at && at->word == OMPW_EXECUTION ? OMP_CLASS_STANDALONE : OMP_CLASS_DECLARATIVE;
  }
  return DIRS[d->kind].cls;
}

/* ---------------------------------------------------------------- printing */
static void print_items(StrBuf *b, Vec items)
{
  for (int i = 0; i < items.len; i++) {
    if (i)
      sb_puts(b, ", ");
    print_expr(b, items.items[i]);
  }
}

static void print_iterators(StrBuf *b, Vec its)
{
  for (int i = 0; i < its.len; i++) {
    OmpIterator *it = its.items[i];
    if (i)
      sb_puts(b, ", ");
    if (it->type) {
      print_type_name(b, it->type);
      sb_putc(b, ' ');
    }
    sb_printf(b, "%s = ", it->name);
    print_expr(b, it->begin);
    sb_puts(b, ":");
    print_expr(b, it->end);
    if (it->step) {
      sb_puts(b, ":");
      print_expr(b, it->step);
    }
  }
}

static void print_mod(StrBuf *b, const OmpModifier *m)
{
  sb_puts(b, WORD_NAMES[m->word]);
  if (m->id)
    sb_printf(b, "(%s)", m->id);
  else if (m->word == OMPW_ITERATOR) {
    sb_putc(b, '(');
    print_iterators(b, m->iterators);
    sb_putc(b, ')');
  } else if (m->arg) {
    sb_putc(b, '(');
    print_expr(b, m->arg);
    sb_putc(b, ')');
  }
}

static void print_mods(StrBuf *b, Vec mods, const char *after)
{
  for (int i = 0; i < mods.len; i++) {
    if (i)
      sb_puts(b, ", ");
    print_mod(b, mods.items[i]);
  }
  if (mods.len)
    sb_puts(b, after);
}

/* The 5.x linear forms and the 4.5 one, as written. */
static void print_linear(StrBuf *b, const OmpClause *cl)
{
  if (cl->linear_old) {
    print_mods(b, cl->mods, "(");
    print_items(b, cl->items);
    sb_puts(b, ")");
  } else
    print_items(b, cl->items);
  if (cl->expr) {
    sb_puts(b, ": ");
    print_expr(b, cl->expr);
  } else if (cl->mods.len && !cl->linear_old) {
    sb_puts(b, ": ");
    print_mods(b, cl->mods, "");
  }
}

static void print_word_expr(StrBuf *b, OmpWord w, const Expr *e, const char *sep)
{
  if (w)
    sb_puts(b, WORD_NAMES[w]);
  if (w && e)
    sb_puts(b, sep);
  if (e)
    print_expr(b, e);
}

static void print_clause_args(StrBuf *b, const OmpClause *cl)
{
  switch (CLAUSES[cl->kind].shape) {
  case SH_NONE: return;
  case SH_RAW: sb_puts(b, cl->raw); return;
  case SH_IF:
    if (cl->dir_name)
      sb_printf(b, "%s: ", DIRS[cl->dir_name].words);
    print_expr(b, cl->expr);
    return;
  case SH_REDUCTION:
    print_mods(b, cl->mods, ", ");
    sb_printf(b, "%s: ", cl->red_id);
    print_items(b, cl->items);
    return;
  case SH_LINEAR: print_linear(b, cl); return;
  case SH_ALIGNED:
    print_items(b, cl->items);
    if (cl->expr) {
      sb_puts(b, ": ");
      print_expr(b, cl->expr);
    }
    return;
  case SH_SCHEDULE:
    print_mods(b, cl->mods, ": ");
    print_word_expr(b, cl->word, cl->expr, ", ");
    return;
  case SH_RANGE:
    if (cl->expr2) {
      print_expr(b, cl->expr2);
      sb_puts(b, ": ");
    }
    print_expr(b, cl->expr);
    return;
  case SH_DEVICE: print_word_expr(b, cl->word, cl->expr, ": "); return;
  case SH_MOD_EXPR:
    print_mods(b, cl->mods, ": ");
    print_expr(b, cl->expr);
    return;
  case SH_DEFAULTMAP:
    sb_puts(b, WORD_NAMES[cl->word]);
    if (cl->word2)
      sb_printf(b, ": %s", WORD_NAMES[cl->word2]);
    return;
  case SH_ORDER:
    print_mods(b, cl->mods, ": ");
    sb_puts(b, WORD_NAMES[cl->word]);
    return;
  case SH_WORD:
  case SH_OPT_WORD: sb_puts(b, WORD_NAMES[cl->word]); return;
  case SH_EXPR:
  case SH_OPT_EXPR: print_expr(b, cl->expr); return;
  case SH_ALLOCATE:
    print_mods(b, cl->mods, ": ");
    if (cl->expr) {
      print_expr(b, cl->expr);
      sb_puts(b, ": ");
    }
    print_items(b, cl->items);
    return;
  case SH_MAP:
  case SH_DEPEND:
  case SH_MOTION:
  case SH_MOD_LIST:
  case SH_LIST:
    print_mods(b, cl->mods, cl->word ? ", " : ": ");
    if (cl->word)
      sb_printf(b, "%s%s", WORD_NAMES[cl->word],
                cl->items.len || CLAUSES[cl->kind].shape == SH_MAP ? ": " : "");
    if (cl->word == OMPW_SOURCE && cl->kind == OMPC_DOACROSS)
      sb_putc(b, ':');
    print_items(b, cl->items);
    return;
  }
}

static void print_clause(StrBuf *b, const OmpClause *cl)
{
  sb_puts(b, CLAUSES[cl->kind].name);
  if (!cl->has_parens)
    return;
  sb_putc(b, '(');
  print_clause_args(b, cl);
  sb_putc(b, ')');
}

static void print_dir_args(StrBuf *b, const OmpDir *d)
{
  if (d->construct)
    sb_printf(b, " %s", DIRS[d->construct].words);
  if (d->kind == OMPD_DECLARE_REDUCTION) {
    sb_printf(b, "(%s: ", d->red_id);
    for (int i = 0; i < d->types.len; i++) {
      if (i)
        sb_puts(b, ", ");
      print_type_name(b, d->types.items[i]);
    }
    sb_puts(b, ": ");
    print_expr(b, d->combiner);
    sb_putc(b, ')');
  } else if (d->kind == OMPD_DECLARE_MAPPER) {
    sb_putc(b, '(');
    if (d->name)
      sb_printf(b, "%s: ", d->name);
    print_type_name(b, d->types.items[0]);
    sb_printf(b, " %s)", d->var);
  } else if (d->name)
    sb_printf(b, "(%s)", d->name);
}

static void print_list(StrBuf *b, const OmpDir *d)
{
  sb_puts(b, d->list_late ? " (" : "(");
  print_items(b, d->list);
  sb_putc(b, ')');
}

/* A pragma is one line: the expression printer breaks long brace lists
 * (initializer(omp_priv = (T){...})) at a newline and an indentation,
 * which become one space.  No literal holds a raw newline. */
static void one_line(StrBuf *b, size_t from)
{
  size_t w = from;
  for (size_t r = from; r < b->len; r++) {
    if (b->s[r] != '\n') {
      b->s[w++] = b->s[r];
      continue;
    }
    while (r + 1 < b->len && (b->s[r + 1] == ' ' || b->s[r + 1] == '\t'))
      r++;
    b->s[w++] = ' ';
  }
  b->len = w;
  if (b->s)
    b->s[w] = 0;
}

void omp_print_directive(StrBuf *out, const OmpDir *d)
{
  size_t start = out->len;
  sb_printf(out, "#pragma omp %s", DIRS[d->kind].words);
  print_dir_args(out, d);
  if (d->has_list && !d->list_late)
    print_list(out, d);
  OmpClause *cl;
  VEC_EACH(OmpClause *, cl, d->clauses)
  {
    sb_putc(out, ' ');
    print_clause(out, cl);
  }
  if (d->has_list && d->list_late)
    print_list(out, d);
  one_line(out, start);
}
