/* macros.c - the C macros of the input, to expand in the OpenMP
 * directives that the host compiler's preprocessor left as written.
 *
 * gcc's preprocessor expands macros in a #pragma omp line only for the
 * directives gcc itself knows: gcc 12 leaves  tile sizes(TS),
 * metadirective when(user={condition(N > 4)}: ...), assume, dispatch
 * alone.  The driver therefore preprocesses with -dD, which keeps every
 * #define and #undef in the preprocessed file in its place; the scanner
 * hands them here (macros_define), and the directive parser has each
 * #pragma omp line expanded before reading it (macros_expand), as cpp
 * would have (C11 6.10.3): object-like and function-like macros, rescanned,
 * a macro not expanded again inside its own expansion, # and ## applied.
 * Identifiers of a line that gcc did expand are not macros any more, so
 * expanding every directive is safe.
 *
 * Main structures: Macro (a definition: parameters, replacement tokens),
 * the table (an open-addressing map from interned names), PTok (a
 * preprocessing token: its text and the blank before it).
 */
#include "macros.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

typedef struct PTok {
  const char *text; /* interned */
  bool space;       /* blank before it */
} PTok;

typedef struct PToks {
  PTok *t;
  int n, cap;
} PToks;

typedef struct Macro {
  const char *name;
  bool function_like, variadic;
  int nparams;
  const char **params; /* interned; __VA_ARGS__ last when variadic */
  PToks body;
} Macro;

/* ---------------------------------------------------------------- tokens */

static void push_tok(PToks *v, PTok t)
{
  if (v->n == v->cap) {
    v->cap = v->cap ? 2 * v->cap : 16;
    v->t = xrealloc(v->t, (size_t)v->cap * sizeof *v->t);
  }
  v->t[v->n++] = t;
}

static bool id_start(char c) { return isalpha((unsigned char)c) || c == '_' || c == '$'; }
static bool id_char(char c) { return isalnum((unsigned char)c) || c == '_' || c == '$'; }

/* Preprocessing tokens of s (C11 6.4): identifiers, pp-numbers, string
 * and character literals, punctuators (longest first), other characters. */
static PToks tokenize(const char *s)
{
  static const char *const punct[] = {"%:%:", "...", "<<=", ">>=", "->", "++", "--", "<<",
                                      ">>", "<=", ">=", "==", "!=", "&&", "||", "*=", "/=",
                                      "%=", "+=", "-=", "&=", "^=", "|=", "##", "<:", ":>",
                                      "<%", "%>", "%:"};
  PToks v = {0};
  bool space = false;
  while (*s) {
    if (isspace((unsigned char)*s)) {
      space = true;
      s++;
      continue;
    }
    const char *start = s;
    if (id_start(*s)) {
      while (id_char(*s))
        s++;
      /* a prefix of a string or character literal: L"..", u8'..' */
      if ((*s == '"' || *s == '\'') && (s - start <= 2) &&
          (!strncmp(start, "L", (size_t)(s - start)) || !strncmp(start, "u8", (size_t)(s - start)) ||
           !strncmp(start, "u", (size_t)(s - start)) || !strncmp(start, "U", (size_t)(s - start))))
        goto literal;
    } else if (isdigit((unsigned char)*s) || (*s == '.' && isdigit((unsigned char)s[1]))) {
      for (s++; id_char(*s) || *s == '.' ||
                ((*s == '+' || *s == '-') && strchr("eEpP", s[-1]));
           s++)
        ;
    } else if (*s == '"' || *s == '\'') {
    literal:;
      char q = *s++;
      while (*s && *s != q)
        s += *s == '\\' && s[1] ? 2 : 1;
      if (*s)
        s++;
    } else {
      size_t n = 1;
      for (size_t i = 0; i < sizeof punct / sizeof *punct; i++)
        if (!strncmp(s, punct[i], strlen(punct[i]))) {
          n = strlen(punct[i]);
          break;
        }
      s += n;
    }
    push_tok(&v, (PTok){intern_n(start, (size_t)(s - start)), space});
    space = false;
  }
  return v;
}

/* ---------------------------------------------------------------- the table */

static Macro **table;
static size_t table_cap, table_len;

static size_t slot_of(const char *name)
{
  size_t h = ((size_t)name >> 4) * 0x9E3779B97F4A7C15ull;
  size_t i = h & (table_cap - 1);
  while (table[i] && table[i]->name != name)
    i = (i + 1) & (table_cap - 1);
  return i;
}

static Macro *lookup(const char *name)
{
  if (!table_cap)
    return NULL;
  Macro *m = table[slot_of(name)];
  return m && m->params != (const char **)&table ? m : NULL; /* an #undef leaves a mark */
}

static void store(Macro *m)
{
  if (2 * (table_len + 1) > table_cap) {
    Macro **old = table;
    size_t old_cap = table_cap;
    table_cap = table_cap ? 2 * table_cap : 1024;
    table = xcalloc(table_cap, sizeof *table);
    for (size_t i = 0; i < old_cap; i++)
      if (old[i])
        table[slot_of(old[i]->name)] = old[i];
    free(old);
  }
  size_t i = slot_of(m->name);
  if (!table[i])
    table_len++;
  table[i] = m;
}

void macros_define(const char *line)
{
  const char *s = strchr(line, '#') + 1;
  while (*s == ' ' || *s == '\t')
    s++;
  bool undef = !strncmp(s, "undef", 5);
  s += undef ? 5 : 6;
  while (*s == ' ' || *s == '\t')
    s++;
  const char *name = s;
  while (id_char(*s))
    s++;
  if (s == name)
    return;
  Macro *m = xcalloc(1, sizeof *m);
  m->name = intern_n(name, (size_t)(s - name));
  if (undef) {
    m->params = (const char **)&table; /* the mark of an #undef */
    store(m);
    return;
  }
  if (*s == '(') { /* no blank between name and '(': function-like */
    m->function_like = true;
    const char *close = strchr(s, ')');
    if (!close)
      return;
    PToks ps = tokenize(xstrndup(s + 1, (size_t)(close - s - 1)));
    m->params = xcalloc((size_t)ps.n + 1, sizeof *m->params);
    for (int i = 0; i < ps.n; i++) {
      if (!strcmp(ps.t[i].text, ","))
        continue;
      if (!strcmp(ps.t[i].text, "...")) {
        m->variadic = true;
        m->params[m->nparams++] = intern("__VA_ARGS__");
      } else if (i + 1 < ps.n && !strcmp(ps.t[i + 1].text, "...")) {
        m->variadic = true; /* GNU named variadic parameter: args... */
        m->params[m->nparams++] = ps.t[i++].text;
      } else
        m->params[m->nparams++] = ps.t[i].text;
    }
    free(ps.t);
    s = close + 1;
  }
  m->body = tokenize(s);
  store(m);
}

/* ---------------------------------------------------------------- expansion */

enum { MAX_DEPTH = 200 };

typedef struct Expander {
  const char *active[MAX_DEPTH]; /* the macros being expanded */
  int nactive;
  bool changed;
} Expander;

static bool is_active(const Expander *x, const char *name)
{
  for (int i = 0; i < x->nactive; i++)
    if (x->active[i] == name)
      return true;
  return false;
}

static void expand_into(Expander *x, const PTok *t, int n, PToks *out);

/* "text" of the tokens t[0..n) (the # operator). */
static PTok stringize(const PTok *t, int n, bool space)
{
  StrBuf b = {0};
  sb_putc(&b, '"');
  for (int i = 0; i < n; i++) {
    if (i && t[i].space)
      sb_putc(&b, ' ');
    bool lit = t[i].text[0] == '"' || t[i].text[0] == '\'' || strchr(t[i].text, '"');
    for (const char *c = t[i].text; *c; c++) {
      if (lit && (*c == '"' || *c == '\\'))
        sb_putc(&b, '\\');
      sb_putc(&b, *c);
    }
  }
  sb_putc(&b, '"');
  return (PTok){intern(b.s), space};
}

/* The arguments of a call of m whose '(' is t[*i]: ranges of t, the
 * variadic ones joined; false when the call is not closed. */
static bool arguments(const Macro *m, const PTok *t, int n, int *i, int *start, int *len)
{
  int depth = 0, k = 0, from = *i + 1;
  for (int j = *i + 1; j < n; j++) {
    const char *s = t[j].text;
    bool last_param = k == m->nparams - 1 && m->variadic;
    if (!strcmp(s, "("))
      depth++;
    else if (!strcmp(s, ")") && depth-- == 0) {
      if (k < m->nparams) {
        start[k] = from, len[k] = j - from;
        k++;
      }
      while (k < m->nparams) /* an empty variadic part */
        start[k] = j, len[k] = 0, k++;
      *i = j;
      return true;
    } else if (!strcmp(s, ",") && depth == 0 && !last_param && k < m->nparams) {
      start[k] = from, len[k] = j - from;
      k++;
      from = j + 1;
    }
  }
  return false;
}

static int param_index(const Macro *m, const char *text)
{
  for (int i = 0; i < m->nparams; i++)
    if (m->params[i] == text)
      return i;
  return -1;
}

/* m's replacement list with the arguments put in (6.10.3.1-3). */
static PToks substitute(Expander *x, const Macro *m, const PTok *args, const int *start,
                        const int *len, bool space)
{
  PToks out = {0};
  const PToks *b = &m->body;
  for (int i = 0; i < b->n; i++) {
    PTok t = b->t[i];
    if (i == 0)
      t.space = space;
    int p;
    if (m->function_like && !strcmp(t.text, "#") && i + 1 < b->n &&
        (p = param_index(m, b->t[i + 1].text)) >= 0) {
      push_tok(&out, stringize(args + start[p], len[p], t.space));
      i++;
      continue;
    }
    bool pasted = (i + 1 < b->n && !strcmp(b->t[i + 1].text, "##")) ||
                  (i > 0 && !strcmp(b->t[i - 1].text, "##"));
    if (!strcmp(t.text, "##"))
      continue; /* glued below */
    p = m->function_like ? param_index(m, t.text) : -1;
    int at = out.n;
    if (p >= 0 && pasted)
      for (int j = 0; j < len[p]; j++)
        push_tok(&out, args[start[p] + j]);
    else if (p >= 0)
      expand_into(x, args + start[p], len[p], &out);
    else
      push_tok(&out, t);
    if (out.n > at)
      out.t[at].space = t.space;
    /* a ## before this piece: glue its first token to the last one */
    if (i > 0 && !strcmp(b->t[i - 1].text, "##") && at > 0 && out.n > at) {
      char *glued = xasprintf("%s%s", out.t[at - 1].text, out.t[at].text);
      out.t[at - 1].text = intern(glued);
      free(glued);
      memmove(out.t + at, out.t + at + 1, (size_t)(out.n - at - 1) * sizeof *out.t);
      out.n--;
    }
  }
  return out;
}

static void expand_into(Expander *x, const PTok *t, int n, PToks *out)
{
  for (int i = 0; i < n; i++) {
    Macro *m = id_start(t[i].text[0]) ? lookup(t[i].text) : NULL;
    if (!m || is_active(x, m->name) || x->nactive == MAX_DEPTH ||
        (m->function_like && (i + 1 >= n || strcmp(t[i + 1].text, "(")))) {
      push_tok(out, t[i]);
      continue;
    }
    int start[m->nparams + 1], len[m->nparams + 1];
    int end = i + 1;
    if (m->function_like && !arguments(m, t, n, &end, start, len)) {
      push_tok(out, t[i]);
      continue;
    }
    PToks r = substitute(x, m, t, start, len, t[i].space);
    x->changed = true;
    x->active[x->nactive++] = m->name;
    expand_into(x, r.t, r.n, out); /* rescan */
    x->nactive--;
    free(r.t);
    i = m->function_like ? end : i;
  }
}

char *macros_expand(const char *text)
{
  if (!table_len)
    return NULL;
  PToks in = tokenize(text), out = {0};
  Expander x = {0};
  expand_into(&x, in.t, in.n, &out);
  char *result = NULL;
  if (x.changed) {
    StrBuf b = {0};
    for (int i = 0; i < out.n; i++) {
      if (i && out.t[i].space)
        sb_putc(&b, ' ');
      sb_puts(&b, out.t[i].text);
    }
    result = sb_take(&b);
  }
  free(in.t);
  free(out.t);
  return result;
}
