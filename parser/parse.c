/* parse.c - the parser's driver: reading a file, the token layer between
 * the scanner and the grammar, the scope table of typedef names, and the
 * services of parse.h for the OpenMP directive parser.
 *
 * The Parser struct is declared in c.y (%code requires), since the
 * grammar's actions, the scanner and this file all use it.
 *
 * Token layer (parser_next_token): the grammar's yylex.  It takes raw
 * tokens from the flex scanner (or from a Token array when omp.c parses a
 * clause), and
 *  - turns words into keywords (keyword_table), typedef names (scope
 *    lookup) or identifiers, and numbers into integer or floating constants;
 *  - groups  __attribute__ (( ... ))  and  asm quals ( ... )  into single
 *    ATTRIBUTE / ASM tokens whose text is the source as written;
 *  - hands  #pragma omp  lines to omp_parse_directive() and returns one
 *    OMP_CONSTRUCT / OMP_STANDALONE / OMP_DECLARATIVE token; other pragmas
 *    are PRAGMA tokens with the line as text;
 *  - in lazy mode, gives a function body that needs no tree as one
 *    LAZY_BODY token (see "Lazy bodies" below).
 *
 * The input is scanned in place (yy_scan_buffer), so it is never looked
 * at beyond the last token read: the scanner keeps a NUL there.  Peeking
 * goes through the raw token queue instead.
 *
 * Scope table: an open-addressing map from interned names to the innermost
 * Binding; an undo list restores shadowed bindings when a scope ends.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

#include <sys/stat.h>

#include "c.tab.h"
#include "lexer.h"
#include "macros.h"
#include "omp-parse.h"
#include "print.h"
#include "sema.h"
#include "tokens.h"

/* ---------------------------------------------------------------- keywords */

/* spelling, token, canonical keyword */
#define KEYWORD_TABLE(X)                                                       \
  X("typedef", STORAGE, KW_TYPEDEF) X("extern", STORAGE, KW_EXTERN)            \
  X("static", STATIC, KW_STATIC) X("auto", STORAGE, KW_AUTO)                   \
  X("register", STORAGE, KW_REGISTER)                                          \
  X("_Thread_local", STORAGE, KW_THREAD_LOCAL)                                 \
  X("__thread", STORAGE, KW_THREAD_LOCAL)                                      \
  X("const", QUAL, KW_CONST) X("__const", QUAL, KW_CONST)                      \
  X("__const__", QUAL, KW_CONST) X("volatile", QUAL, KW_VOLATILE)              \
  X("__volatile", QUAL, KW_VOLATILE) X("__volatile__", QUAL, KW_VOLATILE)      \
  X("restrict", QUAL, KW_RESTRICT) X("__restrict", QUAL, KW_RESTRICT)          \
  X("__restrict__", QUAL, KW_RESTRICT) X("_Atomic", ATOMIC, KW_ATOMIC)         \
  X("inline", FUNC_SPEC, KW_INLINE) X("__inline", FUNC_SPEC, KW_INLINE)        \
  X("__inline__", FUNC_SPEC, KW_INLINE)                                        \
  X("_Noreturn", FUNC_SPEC, KW_NORETURN)                                       \
  X("void", TYPE_KW, KW_VOID) X("char", TYPE_KW, KW_CHAR)                      \
  X("short", TYPE_KW, KW_SHORT) X("int", TYPE_KW, KW_INT)                      \
  X("long", TYPE_KW, KW_LONG) X("float", TYPE_KW, KW_FLOAT)                    \
  X("double", TYPE_KW, KW_DOUBLE) X("signed", TYPE_KW, KW_SIGNED)              \
  X("__signed", TYPE_KW, KW_SIGNED) X("__signed__", TYPE_KW, KW_SIGNED)        \
  X("unsigned", TYPE_KW, KW_UNSIGNED) X("_Bool", TYPE_KW, KW_BOOL)             \
  X("_Complex", TYPE_KW, KW_COMPLEX) X("__complex", TYPE_KW, KW_COMPLEX)       \
  X("__complex__", TYPE_KW, KW_COMPLEX)                                        \
  X("_Imaginary", TYPE_KW, KW_IMAGINARY)                                       \
  X("__int128", TYPE_KW, KW_INT128) X("_Float16", TYPE_KW, KW_FLOAT16)         \
  X("_Float32", TYPE_KW, KW_FLOAT32) X("_Float64", TYPE_KW, KW_FLOAT64)        \
  X("_Float128", TYPE_KW, KW_FLOAT128) X("_Float32x", TYPE_KW, KW_FLOAT32X)    \
  X("_Float64x", TYPE_KW, KW_FLOAT64X) X("_Float128x", TYPE_KW, KW_FLOAT128X)  \
  X("__float128", TYPE_KW, KW_FLOAT128) X("__bf16", TYPE_KW, KW_BFLOAT16)      \
  X("__float80", TYPE_KW, KW_FLOAT80)                                          \
  X("_Decimal32", TYPE_KW, KW_DECIMAL32)                                       \
  X("_Decimal64", TYPE_KW, KW_DECIMAL64)                                       \
  X("_Decimal128", TYPE_KW, KW_DECIMAL128)                                     \
  X("__builtin_va_list", TYPE_KW, KW_VA_LIST)                                  \
  X("__auto_type", TYPE_KW, KW_AUTO_TYPE)                                      \
  X("struct", STRUCT, KW_STRUCT) X("union", STRUCT, KW_UNION)                  \
  X("enum", ENUM, KW_ENUM)                                                     \
  X("typeof", TYPEOF, KW_NONE) X("__typeof", TYPEOF, KW_NONE)                  \
  X("__typeof__", TYPEOF, KW_NONE) X("_Alignas", ALIGNAS, KW_NONE)             \
  X("_Alignof", ALIGNOF, KW_NONE) X("__alignof", ALIGNOF, KW_NONE)             \
  X("__alignof__", ALIGNOF, KW_NONE) X("sizeof", SIZEOF, KW_NONE)              \
  X("__extension__", EXTENSION, KW_NONE)                                       \
  X("__attribute__", ATTRIBUTE, KW_NONE) X("__attribute", ATTRIBUTE, KW_NONE)  \
  X("asm", ASM, KW_NONE) X("__asm", ASM, KW_NONE) X("__asm__", ASM, KW_NONE)   \
  X("_Static_assert", STATIC_ASSERT, KW_NONE)                                  \
  X("_Generic", GENERIC, KW_NONE) X("__real__", REAL, KW_NONE)                 \
  X("__real", REAL, KW_NONE) X("__imag__", IMAG, KW_NONE)                      \
  X("__imag", IMAG, KW_NONE) X("__label__", LABEL_KW, KW_NONE)                 \
  X("__builtin_va_arg", BUILTIN_VA_ARG, KW_NONE)                               \
  X("__builtin_offsetof", BUILTIN_OFFSETOF, KW_NONE)                           \
  X("__builtin_types_compatible_p", BUILTIN_TYPES_COMPAT, KW_NONE)             \
  X("__builtin_convertvector", BUILTIN_TYPE_ARG, KW_NONE)                      \
  X("if", IF, KW_NONE) X("else", ELSE, KW_NONE) X("switch", SWITCH, KW_NONE)   \
  X("while", WHILE, KW_NONE) X("do", DO, KW_NONE) X("for", FOR, KW_NONE)       \
  X("goto", GOTO, KW_NONE) X("continue", CONTINUE, KW_NONE)                    \
  X("break", BREAK, KW_NONE) X("return", RETURN, KW_NONE)                      \
  X("case", CASE, KW_NONE) X("default", DEFAULT, KW_NONE)

typedef struct KeywordEntry {
  const char *text;
  int token;
  Keyword kw;
} KeywordEntry;

static KeywordEntry keyword_table[] = {
#define X(s, t, k) {s, t, k},
    KEYWORD_TABLE(X)
#undef X
};

/* ---------------------------------------------------------------- pointer maps
 * Open addressing on interned pointers; used for keywords and scopes. */
typedef struct PtrMap {
  const void **keys;
  void **vals;
  int n, cap;
} PtrMap;

static unsigned ptr_hash(const void *k)
{
  unsigned long long x = (unsigned long long)(size_t)k;
  x ^= x >> 29;
  x *= 0xbf58476d1ce4e5b9ULL;
  return (unsigned)(x ^ (x >> 32));
}

static int map_slot(const PtrMap *m, const void *k)
{
  int i = (int)(ptr_hash(k) & (unsigned)(m->cap - 1));
  while (m->keys[i] && m->keys[i] != k)
    i = (i + 1) & (m->cap - 1);
  return i;
}

static void map_put(PtrMap *m, const void *k, void *v);

static void map_grow(PtrMap *m)
{
  PtrMap old = *m;
  m->cap = old.cap ? old.cap * 2 : 256;
  m->n = 0;
  m->keys = xcalloc((size_t)m->cap, sizeof *m->keys);
  m->vals = xcalloc((size_t)m->cap, sizeof *m->vals);
  for (int i = 0; i < old.cap; i++)
    if (old.keys[i])
      map_put(m, old.keys[i], old.vals[i]);
  free(old.keys);
  free(old.vals);
}

static void map_put(PtrMap *m, const void *k, void *v)
{
  if (2 * (m->n + 1) > m->cap)
    map_grow(m);
  int i = map_slot(m, k);
  if (!m->keys[i]) {
    m->keys[i] = k;
    m->n++;
  }
  m->vals[i] = v;
}

static void *map_get(const PtrMap *m, const void *k)
{
  if (!m->cap)
    return NULL;
  int i = map_slot(m, k);
  return m->keys[i] ? m->vals[i] : NULL;
}

static PtrMap keywords;

static const KeywordEntry *keyword_lookup(const char *interned)
{
  if (!keywords.cap)
    for (size_t i = 0; i < sizeof keyword_table / sizeof *keyword_table; i++)
      map_put(&keywords, intern(keyword_table[i].text), &keyword_table[i]);
  return map_get(&keywords, interned);
}

/* ---------------------------------------------------------------- scopes */

static PtrMap *scope_map(Parser *p)
{
  if (!p->scopes)
    p->scopes = xcalloc(1, sizeof *p->scopes);
  return p->scopes;
}

/* Only whether a name is a typedef name matters here, so an ordinary
 * name that hides no typedef name needs no binding: most declarations.
 * Bindings outlive the node blocks of a lazy declaration (malloc). */
void parser_declare(Parser *p, const char *name, bool is_type)
{
  Binding *prev = map_get(scope_map(p), name);
  if (!is_type && (!prev || !prev->is_type))
    return;
  Binding *b = xmalloc(sizeof *b);
  b->name = name;
  b->is_type = is_type;
  b->depth = p->depth;
  b->seq = p->decl_seq;
  b->prev = prev;
  map_put(scope_map(p), name, b);
  vec_push(&p->undo, b);
}

void parser_push_scope(Parser *p) { p->depth++; }

void parser_pop_scope(Parser *p)
{
  while (p->undo.len) {
    Binding *b = vec_last(&p->undo);
    if (b->depth < p->depth)
      break;
    vec_pop(&p->undo);
    map_put(scope_map(p), b->name, b->prev);
  }
  if (p->depth > 0)
    p->depth--;
}

/* Re-parsing a lazy declaration (seq_limit), the bindings made by it and
 * after it are not seen (those of the new parse have seq 0): its names
 * are classified as they were the first time. */
static bool names_type(Parser *p, const char *name)
{
  Binding *b = map_get(scope_map(p), name);
  while (b && p->seq_limit && b->seq >= p->seq_limit)
    b = b->prev;
  return b && b->is_type;
}

/* ---------------------------------------------------------------- positions */

void lex_advance(Parser *p, const char *text, int len, Loc *loc)
{
  *loc = p->cur;
  p->tok_start = p->offset;
  p->offset += (size_t)len;
  for (int i = 0; i < len; i++) {
    if (text[i] != '\n') {
      p->cur.col++;
      continue;
    }
    p->cur.col = 1;
    if (p->pending_file) {
      p->cur.line = p->pending_line;
      p->cur.file = p->pending_file;
      p->pending_file = NULL;
    } else
      p->cur.line++;
  }
}

/* The file name of a line marker, with its escapes undone. */
static const char *marker_file(const char *s)
{
  StrBuf b = {0};
  for (s++; *s && *s != '"'; s++) {
    if (*s == '\\' && s[1] >= '0' && s[1] <= '7') {
      int v = 0, n = 0;
      while (n < 3 && s[1] >= '0' && s[1] <= '7')
        v = v * 8 + (*++s - '0'), n++;
      sb_putc(&b, (char)v);
      continue;
    }
    if (*s == '\\' && s[1])
      s++;
    sb_putc(&b, *s);
  }
  const char *r = intern(b.s ? b.s : "");
  free(b.s);
  return r;
}

/* # N "file" flags   or   #line N "file": the next line is line N. */
/* Does a marker's flag list, after the quoted file name, include flag
 * (cpp: 1 enter, 2 return, 3 system header, 4 extern "C")? */
static bool marker_has_flag(const char *s, char flag)
{
  for (s++; *s && *s != '"'; s++)
    if (*s == '\\' && s[1])
      s++;
  for (; *s; s++)
    if (*s == flag && (s[-1] == ' ' || s[-1] == '\t') && (!s[1] || s[1] == ' ' || s[1] == '\t'))
      return true;
  return false;
}

void lex_line_marker(Parser *p, const char *text, bool is_line)
{
  const char *s = strchr(text, '#') + 1;
  while (*s == ' ' || *s == '\t')
    s++;
  if (is_line)
    s += 4;
  while (*s == ' ' || *s == '\t')
    s++;
  errno = 0;
  long n = strtol(s, (char **)&s, 10);
  if (n < 0 || n > INT_MAX || errno)
    fatal(p->cur, "invalid line number in line directive");
  while (*s == ' ' || *s == '\t')
    s++;
  const char *from = p->pending_file ? p->pending_file : p->cur.file;
  p->pending_line = (int)n;
  p->pending_file = *s == '"' ? marker_file(s) : p->cur.file;
  /* a system header is one cpp enters or returns to with flag 3, or
   * that a marker with flag 3 names first (a translator's output); a user
   * file's lines around the expansion of a system header's macro (NULL)
   * get flag 3 too, with neither: the file stays the user's, and the
   * host compiler's warnings about it reach the user */
  if (!p->marked_files) { /* outlives node_release */
    p->marked_files = xcalloc(1, sizeof *p->marked_files);
    vec_heap(p->marked_files);
  }
  bool first = *s == '"' && !vec_has(p->marked_files, p->pending_file);
  if (first)
    vec_push(p->marked_files, (void *)p->pending_file);
  if (!is_line && *s == '"' && marker_has_flag(s, '3') &&
      (first || marker_has_flag(s, '1') || marker_has_flag(s, '2'))) {
    print_set_system_header(p->pending_file);
    if (marker_has_flag(s, '1')) {
      const char *root = print_system_root(from);
      print_set_system_root(p->pending_file, root ? root : p->pending_file);
    }
  }
}

/* ---------------------------------------------------------------- raw tokens */

/* Raw (tokens.h): a token as the scanner gives it. */

/* Raw tokens read ahead of the grammar: a peeked token, or the tokens of
 * a pre-scanned body that has to be parsed after all.  They are given
 * out before the scanner is asked again.  scan is the pre-scan's buffer,
 * kept for the next body. */
typedef struct RawQueue {
  Raw *items;
  int len, pos, cap;
  Raw *scan;
  int scan_len, scan_cap;
} RawQueue;

static RawQueue *queue(Parser *p)
{
  if (!p->queue)
    p->queue = xcalloc(1, sizeof *p->queue);
  return p->queue;
}

static void raws_push(Raw **items, int *len, int *cap, Raw r)
{
  if (*len == *cap) {
    *cap = *cap ? 2 * *cap : 256;
    *items = xrealloc(*items, (size_t)*cap * sizeof **items);
  }
  (*items)[(*len)++] = r;
}

/* The next token of the flex scanner; its text is interned only when
 * asked, so a lazy body's tokens cost no memory once skipped. */
static Raw raw_scan(Parser *p, bool want_text)
{
  Raw r = {0};
  YYSTYPE v;
  r.kind = yylex(&v, &r.loc, p->scanner);
  if (r.kind == 0) {
    r.loc = p->cur;
    r.text = "";
    return r;
  }
  r.start = p->tok_start;
  r.end = p->offset;
  if (want_text)
    r.text = intern_n(p->data + r.start, r.end - r.start);
  return r;
}

/* The next queued token, if any. */
static bool raw_dequeue(Parser *p, Raw *r, bool want_text)
{
  RawQueue *q = p->queue;
  if (!q || q->pos == q->len)
    return false;
  *r = q->items[q->pos++];
  if (q->pos == q->len)
    q->pos = q->len = 0;
  if (!r->text && want_text)
    r->text = intern_n(p->data + r->start, r->end - r->start);
  return true;
}

Raw raw_next(Parser *p)
{
  Raw r = {0};
  if (raw_dequeue(p, &r, true))
    return r;
  if (p->toks) {
    if (p->tokpos < p->ntoks) {
      Token *t = p->toks[p->tokpos++];
      r.kind = t->kind;
      r.loc = t->loc;
      r.text = t->text;
    } else {
      r.loc = p->ntoks ? p->toks[p->ntoks - 1]->loc : p->cur;
      r.text = "";
    }
    return r;
  }
  return raw_scan(p, true);
}

/* Give r back: it is the next token again. */
void raw_unread(Parser *p, Raw r)
{
  RawQueue *q = queue(p);
  if (q->pos > 0) {
    q->items[--q->pos] = r;
    return;
  }
  raws_push(&q->items, &q->len, &q->cap, r);
  memmove(q->items + 1, q->items, (size_t)(q->len - 1) * sizeof *q->items);
  q->items[0] = r;
}

void raw_queue_front(Parser *p, const Raw *r, int n)
{
  RawQueue *q = queue(p);
  Raw *all = xmalloc((size_t)(n + q->len - q->pos + 1) * sizeof *all);
  if (n)
    memcpy(all, r, (size_t)n * sizeof *all);
  if (q->len > q->pos)
    memcpy(all + n, q->items + q->pos, (size_t)(q->len - q->pos) * sizeof *all);
  free(q->items);
  q->len = n + q->len - q->pos, q->cap = q->len + 1, q->pos = 0;
  q->items = all;
}

static bool is_float_spelling(const char *s)
{
  bool hex = s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
  for (const char *c = s; *c; c++)
    if (*c == '.' || (hex ? (*c == 'p' || *c == 'P') : (*c == 'e' || *c == 'E')))
      return true;
  return false;
}

/* _Atomic ( is always the type specifier (C11 6.7.2.4p4).  The input
 * cannot be looked at directly: the scanner works in it in place. */
static bool next_is_lparen(Parser *p)
{
  if (p->toks)
    return p->tokpos < p->ntoks && p->toks[p->tokpos]->kind == '(';
  Raw r = raw_next(p);
  raw_unread(p, r);
  return r.kind == '(';
}

/* Words become keywords, typedef names or identifiers. */
static int classify_word(Parser *p, const char *text)
{
  const KeywordEntry *k = keyword_lookup(text);
  if (k)
    return k->token;
  return names_type(p, text) ? TYPEDEF_NAME : IDENTIFIER;
}

static Raw classify(Parser *p, Raw r)
{
  if (r.kind == IDENTIFIER)
    r.kind = classify_word(p, r.text);
  else if (r.kind == INT_LIT && is_float_spelling(r.text))
    r.kind = FLOAT_LIT;
  return r;
}

/* ---------------------------------------------------------------- grouping */

/* The source text from the token `first` to the last token read. */
static const char *group_text(Parser *p, Raw first, Raw last, StrBuf *joined)
{
  if (!p->toks)
    return intern_n(p->data + first.start, last.end - first.start);
  return intern(joined->s ? joined->s : "");
}

/* Read a balanced ( ... ) group; `first` is the keyword that owns it. */
static Raw balanced(Parser *p, Raw first, Raw r, StrBuf *joined, const char *what)
{
  if (r.kind != '(')
    fatal(r.loc, "expected '(' after '%s'", what);
  int depth = 0;
  for (;;) {
    sb_printf(joined, "%s%s", joined->len ? " " : "", r.text);
    if (r.kind == '(')
      depth++;
    else if (r.kind == ')' && --depth == 0)
      return r;
    r = raw_next(p);
    if (r.kind == 0)
      fatal(first.loc, "unterminated '%s'", what);
  }
}

static bool is_asm_qualifier(const char *w)
{
  static const char *const q[] = {"volatile", "__volatile__", "__volatile", "inline",
                                  "__inline", "__inline__", "goto"};
  for (size_t i = 0; i < sizeof q / sizeof *q; i++)
    if (!strcmp(w, q[i]))
      return true;
  return false;
}

/* __attribute__ ((...)) and asm quals (...) as one token each. */
static const char *group(Parser *p, Raw first)
{
  StrBuf joined = {0};
  sb_puts(&joined, first.text);
  Raw r = raw_next(p);
  if (first.kind == ASM)
    while (r.kind == IDENTIFIER && is_asm_qualifier(r.text)) {
      sb_printf(&joined, " %s", r.text);
      r = raw_next(p);
    }
  Raw last = balanced(p, first, r, &joined, first.text);
  return group_text(p, first, last, &joined);
}

/* ---------------------------------------------------------------- pragmas */

static bool word_at(const char *s, const char *w)
{
  size_t n = strlen(w);
  return !strncmp(s, w, n) && !(isalnum((unsigned char)s[n]) || s[n] == '_');
}

/* A #pragma line: OpenMP directives are parsed now; others keep their
 * text, from '#' to the end of the line, trailing blanks removed. */
static int pragma_token(Parser *p, Raw r, YYSTYPE *val, Loc *loc)
{
  const char *s = r.text;
  size_t lead = strspn(s, " \t\v\f\r");
  loc->col += (int)lead;
  s += lead;
  size_t n = strlen(s);
  while (n && isspace((unsigned char)s[n - 1]))
    n--;
  const char *after = s + 1 + strspn(s + 1, " \t");
  after += strlen("pragma");
  after += strspn(after, " \t\v\f\r");
  if (after > s + n)
    after = s + n;
  if (word_at(after, "omp")) {
    Loc wloc = *loc;
    wloc.col += (int)(after - s);
    char *text = xstrndup(after, n - (size_t)(after - s));
    char *expanded = macros_expand(text); /* gcc expands only the directives it knows */
    if (expanded) {
      free(text);
      text = expanded;
    }
    OmpDir *d = omp_parse_directive(p, text, wloc);
    free(text); /* the directive keeps interned copies */
    if (d) {
      val->omp = d;
      switch (omp_directive_class(d)) {
      case OMP_CLASS_CONSTRUCT: return OMP_CONSTRUCT;
      case OMP_CLASS_STANDALONE: return OMP_STANDALONE;
      default: return OMP_DECLARATIVE;
      }
    }
  }
  val->text = intern_n(s, n);
  return PRAGMA;
}

/* ---------------------------------------------------------------- lazy bodies
 * A source-to-source translator needs the tree of a function body only
 * when the body holds device directives or is called from device code.
 * In lazy mode (ParseOpts.lazy_bodies), a '{' that begins a function body
 * at file scope starts a pre-scan: raw tokens are read through the same
 * scanner (lexical errors stay errors at their place) up to the matching
 * '}', without classifying them or interning their text.  A body with no
 * OpenMP directive the translator itself handles (those of the device,
 * and host directives it may lower for the host compiler,
 * host_directive_lowered; other host OpenMP is printed back unchanged,
 * see host_directives) and no
 * #pragma pack reaches the grammar as one LAZY_BODY token whose value is
 * an S_VERBATIM statement pointing into the input; otherwise the tokens read
 * are queued and given to the grammar as if never read ahead, so such
 * bodies parse exactly as in full mode (typedef names are classified when
 * the grammar takes each token, in the scope of that moment).
 *
 * A body begins where a '{' comes at brace and parenthesis depth 0, after
 * the ')' of a declarator or the ';' of K&R parameter declarations, and
 * no '=' came since the last ';' at that depth (so the '{' is not that of
 * a file-scope compound literal,  int *p = (int[]){1};).
 *
 * parser_expand_body() parses a verbatim body later, with the file-scope
 * typedef names of the end of the input: the Parser and the input stay
 * alive for that (kept_parsers). */

static Vec kept_parsers; /* Parser* of lazily parsed inputs */

static const char *skip_blanks(const char *s, const char *e)
{
  while (s < e && (*s == ' ' || *s == '\t' || *s == '\v' || *s == '\f' || *s == '\r'))
    s++;
  return s;
}

static bool word_in(const char *s, const char *e, const char *w)
{
  size_t n = strlen(w);
  return (size_t)(e - s) >= n && !memcmp(s, w, n) &&
         (s + n == e || !(isalnum((unsigned char)s[n]) || s[n] == '_'));
}

/* OpenMP directives the translator leaves to the host compiler (D1 of
 * the design: host OpenMP is printed back unchanged), by their first word.
 * Every combined construct with a device part begins with 'target'; the
 * declarative directives (declare ..., begin/end ..., threadprivate,
 * requires, allocate) are not here either, so their functions are parsed,
 * nor are those the translator rewrites for gcc, which does not know them
 * (tile, unroll, metadirective, assume, dispatch: rewrite.c, variants.c). */
static const char *const host_directives[] = {
    "parallel", "for", "sections", "section", "single", "master", "masked",
    "critical", "barrier", "taskwait", "taskyield", "taskgroup", "task",
    "taskloop", "atomic", "flush", "ordered", "simd", "loop", "cancel",
    "cancellation", "scope", "teams", "distribute", "depobj",
};

static bool host_directive(const char *s, const char *e)
{
  for (size_t i = 0; i < sizeof host_directives / sizeof *host_directives; i++)
    if (word_in(s, e, host_directives[i]))
      return true;
  return false;
}

/* Is the word w anywhere in s[0..e) (not inside a longer name)? */
static bool has_word(const char *s, const char *e, const char *w)
{
  for (const char *p = s; p < e; p++)
    if ((p == s || !(isalnum((unsigned char)p[-1]) || p[-1] == '_')) && word_in(p, e, w))
      return true;
  return false;
}

/* A host directive that the host compiler may not know, which the
 * translator lowers: task dependences of OpenMP 5.1 (transform/depend.c:
 * inoutset, omp_all_memory, taskwait nowait), and masked, scope, loop,
 * the order, affinity and default clauses and flush seq_cst
 * (transform/host-compat.c, for older compilers), and the linear clause
 * (host-compat.c, for gcc, which gets it wrong). */
static bool host_directive_lowered(const char *s, const char *e)
{
  return has_word(s, e, "inoutset") || has_word(s, e, "omp_all_memory") ||
         (word_in(s, e, "taskwait") && has_word(s, e, "nowait")) || has_word(s, e, "masked") ||
         has_word(s, e, "scope") || has_word(s, e, "loop") || has_word(s, e, "order") ||
         has_word(s, e, "affinity") || (word_in(s, e, "flush") && has_word(s, e, "seq_cst")) ||
         has_word(s, e, "default") || has_word(s, e, "linear");
}

/* Does the #pragma line s[0..n) need its function's tree: an OpenMP
 * directive the translator handles, or #pragma pack, whose state sema
 * follows from one function to the next? */
static bool pragma_needs_tree(const char *s, size_t n)
{
  const char *e = s + n;
  s = skip_blanks(s, e);
  s = skip_blanks(s + (s < e && *s == '#'), e);
  if (!word_in(s, e, "pragma"))
    return true;
  s = skip_blanks(s + strlen("pragma"), e);
  if (word_in(s, e, "pack"))
    return true;
  if (!word_in(s, e, "omp"))
    return false;
  s = skip_blanks(s + strlen("omp"), e);
  return !host_directive(s, e) || host_directive_lowered(s, e);
}

static bool starts_lazy_body(const Parser *p)
{
  return p->lazy && !p->variants_seen && !p->toks && p->braces == 0 && p->parens == 0 &&
         !p->seen_eq && (p->last_kind == ')' || p->last_kind == ';');
}

/* Nesting of the tokens the grammar gets, for starts_lazy_body. */
static void track_nesting(Parser *p, int kind)
{
  switch (kind) {
  case '(': case '[': p->parens++; break;
  case ')': case ']': p->parens -= p->parens > 0; break;
  case '{': p->braces++; break;
  case '}': p->braces -= p->braces > 0; break;
  case ';': p->seen_eq &= !(p->braces == 0 && p->parens == 0); break;
  case '=': p->seen_eq |= p->braces == 0 && p->parens == 0; break;
  default: break;
  }
}

/* The pre-scan's tokens (and any still queued after them) become the
 * queue: the grammar gets them after open. */
static void replay(RawQueue *q)
{
  while (q->pos < q->len)
    raws_push(&q->scan, &q->scan_len, &q->scan_cap, q->items[q->pos++]);
  Raw *items = q->items;
  int cap = q->cap;
  q->items = q->scan, q->cap = q->scan_cap, q->len = q->scan_len, q->pos = 0;
  q->scan = items, q->scan_cap = cap, q->scan_len = 0;
}

/* open is the '{' of a function body: the S_VERBATIM of a body that need
 * not be parsed, or NULL with its tokens queued. */
static Stmt *lazy_body(Parser *p, Raw open)
{
  RawQueue *q = queue(p);
  q->scan_len = 0;
  int depth = 1;
  for (;;) {
    Raw r;
    if (!raw_dequeue(p, &r, false))
      r = raw_scan(p, false);
    raws_push(&q->scan, &q->scan_len, &q->scan_cap, r);
    if (r.kind == 0 || (r.kind == PRAGMA && pragma_needs_tree(p->data + r.start, r.end - r.start)))
      break;
    if (r.kind == '{')
      depth++;
    else if (r.kind == '}' && --depth == 0) {
      Stmt *s = mk_stmt(S_VERBATIM, open.loc);
      s->end = r.loc;
      s->text = p->data + open.start;
      s->len = (int)(r.end - open.start);
      q->scan_len = 0;
      return s;
    }
  }
  replay(q);
  return NULL;
}

/* ---------------------------------------------------------------- lazy declarations
 * Most file-scope declarations (those of system headers above all) are
 * never needed by a pass: nothing in a parsed body or directive names
 * them.  In lazy mode (ParseOpts.lazy_decls) such a declaration is
 * parsed as usual, for the grammar must see it (the typedef names it
 * declares are bindings of the scope table, which are malloc'd), then
 * its tree is dropped: it is parsed in node blocks taken after a mark
 * (node_mark, before its first token is read) and given back
 * (node_release) once the little it leaves is copied out: a D_LAZY Decl
 * (ast.h) with its text in the input, and an index entry for each name
 * it declares (ordinary identifiers, tags and enumerators, one name space
 * here: a lookup may expand a few declarations more than needed).
 *
 * A declaration stays whole when a directive is near it (a #pragma in
 * it, an OpenMP directive just before it: declare simd and declare
 * variant name the next function's parameters, inside begin/end declare
 * target), when it is not a plain declaration or a function definition
 * with a verbatim body, once a #pragma pack came (sema lays structs out
 * in pack's state of the moment), when the parser warned about it (the
 * printer mends what it warns about, and the warning is said once), and
 * when bison read the token after it
 * before reducing it (that token's value was made after the mark).
 *
 * parser_expand_name(), called by sema for every file-scope lookup,
 * parses the declarations that declare a name again (START_DECL), with
 * the typedef names of their own time (Binding.seq), makes each Decl in
 * place what it was, and has sema analyse it in the file scope. */

typedef struct LazyList {
  Vec decls; /* Decl* (D_LAZY until expanded), in source order */
  int done;  /* how many of them have been expanded */
  int last;  /* the number (seq) of the last one */
} LazyList;

static PtrMap lazy_names; /* interned name -> LazyList* */
static Vec lazy_all;      /* every D_LAZY, in source order */
static int *lazy_seqs;    /* and their numbers (Decl.lazy goes when expanded) */

/* The names a lazy declaration declares, collected before its tree goes
 * (a malloc'd array: node memory is given back). */
static const char **lazy_found;
static int lazy_found_len, lazy_found_cap;

static void found(const char *name)
{
  if (!name)
    return;
  if (lazy_found_len == lazy_found_cap)
    lazy_found = xrealloc(lazy_found, (size_t)(lazy_found_cap = lazy_found_cap ? 2 * lazy_found_cap : 64) *
                                          sizeof *lazy_found);
  lazy_found[lazy_found_len++] = name;
}

static void specs_names(const DeclSpecs *ds);

static void type_name_names(const TypeName *t)
{
  if (t)
    specs_names(t->specs);
}

/* Tags and enumerators, also those of structs nested in members (they
 * belong to the file scope too, C11 6.2.1p4). */
static void specs_names(const DeclSpecs *ds)
{
  Spec *sp;
  if (!ds)
    return;
  VEC_EACH(Spec *, sp, ds->specs) {
    if (sp->kind == SPEC_TYPEOF || sp->kind == SPEC_ATOMIC || sp->kind == SPEC_ALIGNAS)
      type_name_names(sp->type);
    if (sp->kind != SPEC_STRUCT || !sp->su)
      continue;
    found(sp->su->tag);
    Enumerator *en;
    VEC_EACH(Enumerator *, en, sp->su->enumerators)
      found(en->name);
    Decl *md;
    VEC_EACH(Decl *, md, sp->su->members)
      if (md->kind == D_VAR)
        specs_names(md->specs);
  }
}

static void decl_names(const Decl *d)
{
  lazy_found_len = 0;
  specs_names(d->specs);
  InitDecl *id;
  VEC_EACH(InitDecl *, id, d->decls)
    found(declarator_name(id->decl));
  if (d->kind == D_FUNCDEF && d->func)
    found(declarator_name(d->func->decl));
}

static bool pragma_is_pack(const Parser *p, Raw r)
{
  const char *s = r.text ? r.text : p->data + r.start;
  const char *e = s + strlen(s);
  s = skip_blanks(s, e);
  s = skip_blanks(s + (s < e && *s == '#'), e);
  if (!word_in(s, e, "pragma"))
    return false;
  return word_in(skip_blanks(s + strlen("pragma"), e), e, "pack");
}

/* Where the declaration being parsed begins and the last token ends. */
static void note_place(Parser *p, Raw r, const Stmt *lazy)
{
  if (p->toks)
    return;
  if (p->want_start) {
    p->want_start = false;
    p->decl_start = r.start;
    p->decl_loc = r.loc;
  }
  p->last_end = lazy ? r.start + (size_t)lazy->len : r.end;
}

static bool lazy_candidate(const Parser *p, const Decl *d)
{
  if (p->target_depth > 0 || p->variants_seen || p->after_omp || p->decl_pragma ||
      p->seen_pack || !p->mark_ok || diag_warnings != p->decl_warnings)
    return false;
  return d->kind == D_VAR || (d->kind == D_FUNCDEF && d->body && d->body->kind == S_VERBATIM);
}

static void index_lazy(const char *name, Decl *d)
{
  LazyList *l = map_get(&lazy_names, name);
  if (!l) {
    l = NEW(LazyList);
    map_put(&lazy_names, name, l);
  }
  if (vec_last(&l->decls) != d) /* struct s { ... } s; */
    vec_push(&l->decls, d);
  l->last = d->lazy.seq;
}

/* d's tree is dropped: the D_LAZY that stands for it. */
static Decl *lazy_decl(Parser *p, Decl *d)
{
  decl_names(d);
  LazyText lt = {p->data + p->decl_start, (int)(p->last_end - p->decl_start), p->decl_seq,
                 d->kind == D_FUNCDEF ? d->body->end : p->last_loc, d->kind == D_FUNCDEF};
  node_release(p->mark);
  Decl *l = mk_decl(D_LAZY, p->decl_loc);
  l->lazy = lt;
  vec_push(&lazy_all, l);
  lazy_seqs = xrealloc(lazy_seqs, (size_t)lazy_all.len * sizeof *lazy_seqs);
  lazy_seqs[lazy_all.len - 1] = lt.seq;
  for (int i = 0; i < lazy_found_len; i++)
    index_lazy(lazy_found[i], l);
  return l;
}

static bool begins_declare_target(const OmpDir *d)
{
  return d->kind == OMPD_BEGIN_DECLARE_TARGET ||
         (d->kind == OMPD_DECLARE_TARGET && !d->list.len && !d->clauses.len);
}

/* What a directive between declarations says about the next ones.  Once
 * a declare variant directive has come, calls of later functions may
 * call a variant instead of the function they name (transform/
 * variants.c): every later body and declaration is parsed. */
static void note_directive(Parser *p, const Decl *d)
{
  p->after_omp = d && d->kind == D_OMP && d->omp;
  if (!p->after_omp)
    return;
  OmpDirKind k = d->omp->kind;
  if (begins_declare_target(d->omp))
    p->target_depth++;
  else if (k == OMPD_END_DECLARE_TARGET && p->target_depth > 0)
    p->target_depth--;
  if (k == OMPD_DECLARE_VARIANT || k == OMPD_BEGIN_DECLARE_VARIANT)
    p->variants_seen = true;
  if (k == OMPD_BEGIN_DECLARE_VARIANT && !p->variant_depth++)
    p->variant_block++;
  else if (k == OMPD_END_DECLARE_VARIANT && p->variant_depth > 0)
    p->variant_depth--;
}

/* A function declared or defined between begin and end declare variant
 * is a variant of the function of its name (OpenMP 5.2 7.5.2): it gets a
 * name of its own, NAME__ompicc_variant_B for block B. */
static void rename_variant(Parser *p, Decl *d)
{
  InitDecl *id;
  Vec one = {0};
  if (!p->variant_depth || !d || (d->kind != D_FUNCDEF && d->kind != D_VAR))
    return;
  if (d->kind == D_FUNCDEF)
    vec_push(&one, d->func);
  Vec *ids = d->kind == D_FUNCDEF ? &one : &d->decls;
  VEC_EACH(InitDecl *, id, *ids) {
    Declarator *f = declarator_func(id->decl);
    Declarator *name = f ? declarator_ident(f) : NULL;
    if (name && !strstr(name->name, "__ompicc_variant_"))
      name->name = intern(xasprintf("%s__ompicc_variant_%d", name->name, p->variant_block));
  }
}

void parser_decl_begin(Parser *p, bool clean)
{
  p->decl_seq++;
  p->decl_pragma = false;
  p->decl_warnings = diag_warnings;
  p->mark_ok = clean && p->lazy_decls;
  p->want_start = true;
  if (p->mark_ok)
    p->mark = node_mark();
}

void parser_decl_end(Parser *p, Decl *d, bool clean)
{
  rename_variant(p, d);
  if (d && p->lazy_decls && lazy_candidate(p, d) && clean)
    d = lazy_decl(p, d);
  if (d)
    vec_push(&p->tu->decls, d);
  note_directive(p, d);
  parser_decl_begin(p, clean);
}

/* ---------------------------------------------------------------- the layer */

static SpecKind spec_kind_of(int token)
{
  switch (token) {
  case STORAGE: case STATIC: return SPEC_STORAGE;
  case QUAL: case ATOMIC: case ATOMIC_LP: return SPEC_QUAL;
  case FUNC_SPEC: return SPEC_FUNC;
  case ATTRIBUTE: return SPEC_ATTR;
  case EXTENSION: return SPEC_EXTENSION;
  default: return SPEC_TYPE;
  }
}

static bool is_spec_token(int t)
{
  return t == STORAGE || t == STATIC || t == QUAL || t == ATOMIC || t == ATOMIC_LP ||
         t == FUNC_SPEC || t == TYPE_KW || t == STRUCT || t == ENUM || t == ATTRIBUTE ||
         t == EXTENSION;
}

/* The semantic value of a token from its kind and spelling. */
static void token_value(int kind, const char *text, Loc loc, YYSTYPE *val)
{
  if (!is_spec_token(kind)) {
    val->text = text;
    return;
  }
  const KeywordEntry *k = keyword_lookup(intern(text));
  val->spec = mk_spec(spec_kind_of(kind), loc, k ? k->kw : KW_NONE, text);
}

int parser_next_token(YYSTYPE *val, YYLTYPE *loc, Parser *p)
{
  if (p->start_token) {
    int t = p->start_token;
    p->start_token = 0;
    *loc = p->toks && p->ntoks ? p->toks[0]->loc : p->cur;
    return t;
  }
  Raw r = raw_next(p);
  *loc = r.loc;
  Stmt *lazy = r.kind == '{' && starts_lazy_body(p) ? lazy_body(p, r) : NULL;
  p->prev2_kind = p->prev_kind;
  p->prev_kind = p->last_kind;
  p->prev_text = p->last_text;
  p->prev_loc = p->last_loc;
  p->last_kind = r.kind;
  p->last_loc = r.loc;
  note_place(p, r, lazy);
  if (lazy) {
    p->last_text = "{";
    val->stmt = lazy;
    return LAZY_BODY;
  }
  if (!p->toks)
    track_nesting(p, r.kind);
  if (r.kind == PRAGMA) {
    p->decl_pragma = true;
    p->seen_pack |= pragma_is_pack(p, r);
    int k = pragma_token(p, r, val, loc);
    p->last_text = "#pragma";
    /* a directive whose statement the token layer rewrites (rewrite.c):
     * the grammar gets the new tokens instead */
    if (k != PRAGMA && !p->toks && rewrite_directive(p, r, val->omp))
      return parser_next_token(val, loc, p);
    return k;
  }
  if (!p->toks)
    r = classify(p, r);
  if (r.kind == ATOMIC && next_is_lparen(p))
    r.kind = ATOMIC_LP;
  p->last_text = r.kind ? r.text : "end of input";
  p->last_kind = r.kind;
  if (r.kind == ATTRIBUTE || r.kind == ASM)
    r.text = group(p, r);
  token_value(r.kind, r.text, r.loc, val);
  return r.kind;
}

/* ---------------------------------------------------------------- entry points */

static Parser *parser_new(const char *name, const char *data, size_t len)
{
  Parser *p = xcalloc(1, sizeof *p);
  p->name = intern(name);
  p->data = data;
  p->len = len;
  p->cur = (Loc){p->name, 1, 1};
  p->tu = xcalloc(1, sizeof *p->tu);
  vec_heap(&p->undo); /* they live across node_release */
  vec_heap(&p->td_stack);
  /* GCC's predefined typedef names. */
  parser_declare(p, intern("__int128_t"), true);
  parser_declare(p, intern("__uint128_t"), true);
  return p;
}

/* Run the grammar from START_TU over the scanner buffer buf. */
static void parse_with_scanner(Parser *p, yyscan_t sc, YY_BUFFER_STATE buf)
{
  p->scanner = sc;
  p->start_token = START_TU;
  yyparse(p);
  yy_delete_buffer(buf, sc);
  yylex_destroy(sc);
  p->scanner = NULL;
}

static yyscan_t new_scanner(Parser *p)
{
  yyscan_t sc;
  if (yylex_init_extra(p, &sc))
    ice("cannot start the scanner");
  return sc;
}

static void check_size(const char *name, size_t len)
{
  if (len > INT_MAX - 2)
    fatal((Loc){intern(name), 0, 0}, "input too large");
}

TransUnit *parse_buffer(const char *name, const char *data, size_t len)
{
  check_size(name, len);
  Parser *p = parser_new(name, data, len);
  yyscan_t sc = new_scanner(p);
  parse_with_scanner(p, sc, yy_scan_bytes(data, (int)len, sc));
  return p->tu;
}

TransUnit *parse_file(const char *path)
{
  return parse_file_opts(path, &(ParseOpts){0});
}

TransUnit *parse_file_opts(const char *path, const ParseOpts *opts)
{
  const char *name = path ? path : "<stdin>";
  FILE *f = path ? fopen(path, "rb") : stdin;
  if (!f)
    fatal((Loc){intern(name), 0, 0}, "cannot open file: %s", strerror(errno));
  size_t len;
  char *data = read_stream(f, &len);
  if (ferror(f))
    fatal((Loc){intern(name), 0, 0}, "cannot read file");
  if (f != stdin)
    fclose(f);
  check_size(name, len);
  diag_set_input(path); /* messages map their columns through it */
  Parser *p = parser_new(name, data, len);
  p->lazy = opts && opts->lazy_bodies;
  p->lazy_decls = p->lazy && opts->lazy_decls;
  if (p->lazy_decls)
    sema_set_lookup_hook(parser_expand_name);
  yyscan_t sc = new_scanner(p);
  parse_with_scanner(p, sc, yy_scan_buffer(data, len + 2, sc));
  p->lazy_decls = false;
  if (p->lazy)
    vec_push(&kept_parsers, p); /* verbatim bodies point into data */
  else
    free(data); /* the tree holds interned copies only */
  return p->tu;
}

/* ---------------------------------------------------------------- expanding */

static Parser *owner_of(const char *text)
{
  Parser *p;
  VEC_EACH(Parser *, p, kept_parsers)
    if (text >= p->data && text < p->data + p->len)
      return p;
  return NULL;
}

/* Run the grammar from start on the len bytes at text, with a scanner of
 * its own (the caller has set up p for what the text is). */
static void parse_text(Parser *p, const char *text, size_t len, int start)
{
  yyscan_t sc = new_scanner(p);
  YY_BUFFER_STATE buf = yy_scan_bytes(text, len, sc);
  p->scanner = sc;
  p->start_token = start;
  yyparse(p);
  yy_delete_buffer(buf, sc);
  yylex_destroy(sc);
}

/* Parse body (an S_VERBATIM) with START_BODY, in the scope of the end of
 * the input plus the parameters of the declarator fn. */
static Stmt *parse_verbatim(Parser *p, const Stmt *body, Declarator *fn)
{
  Parser saved = *p;
  p->cur = body->loc;
  p->offset = (size_t)(body->text - p->data);
  p->pending_file = NULL;
  p->lazy = false;
  p->queue = NULL;
  p->fn_dtor = fn;
  p->body = NULL;
  p->braces = p->parens = 0;
  vec_push(&p->td_stack, NULL); /* the function's name is no typedef */
  parse_text(p, body->text, body->len, START_BODY);
  Stmt *parsed = p->body;
  vec_pop(&p->td_stack);
  Vec undo = p->undo, td = p->td_stack;
  *p = saved;
  p->undo = undo, p->td_stack = td; /* they may have moved */
  return parsed;
}

Decl *parser_expand_body(Decl *d)
{
  if (!d || d->kind != D_FUNCDEF || !d->body || d->body->kind != S_VERBATIM)
    return d;
  Parser *p = owner_of(d->body->text);
  if (!p)
    ice("function body with no input");
  Stmt *body = parse_verbatim(p, d->body, d->func->decl);
  if (!body)
    ice("function body did not parse");
  d->body = body;
  sema_expand_funcdef(d);
  return d;
}

/* Parse the text of a D_LAZY again (START_DECL) as at its own place:
 * typedef names declared by it or after it are identifiers (seq_limit),
 * and the bindings it makes again are undone after; bodies without
 * device directives stay verbatim. */
static Decl *parse_lazy(Parser *p, const Decl *d)
{
  Parser saved = *p;
  int bindings = p->undo.len;
  p->cur = d->loc;
  p->offset = (size_t)(d->lazy.text - p->data);
  p->pending_file = NULL;
  p->lazy = true;
  p->lazy_decls = false;
  p->queue = NULL;
  p->braces = p->parens = 0;
  p->seen_eq = false;
  p->last_kind = 0;
  p->decl_seq = 0;
  p->seq_limit = d->lazy.seq;
  p->decl = NULL;
  parse_text(p, d->lazy.text, d->lazy.len, START_DECL);
  Decl *parsed = p->decl;
  while (p->undo.len > bindings) {
    Binding *b = vec_pop(&p->undo);
    map_put(scope_map(p), b->name, b->prev);
  }
  if (p->queue) {
    free(p->queue->items);
    free(p->queue->scan);
    free(p->queue);
  }
  Vec undo = p->undo, td = p->td_stack;
  *p = saved;
  p->undo = undo, p->td_stack = td; /* they may have moved */
  return parsed;
}

/* Expansions nest (a declaration names others), each level some stack:
 * past EXPAND_DEPTH levels, what comes before the wanted declarations is
 * expanded in source order, so that their own lookups find it done, and
 * any further one (a tag referred to before its definition) waits in
 * `deferred` until the outermost expansion is over. */
enum { EXPAND_DEPTH = 48 };
static int expand_depth;
static int caught_up;  /* lazy_all before it is expanded */
static Vec deferred;   /* names to expand when the stack has unwound */

static void expand_lazy(Decl *d)
{
  Parser *p = owner_of(d->lazy.text);
  if (!p)
    ice("lazy declaration with no input");
  expand_depth++;
  Decl *parsed = parse_lazy(p, d);
  if (!parsed)
    ice("lazy declaration did not parse");
  *d = *parsed;
  d->lazy_done = true;
  sema_expand_decl(d);
  expand_depth--;
}

static void expand_list(LazyList *l)
{
  while (l->done < l->decls.len) {
    Decl *d = l->decls.items[l->done++];
    if (d->kind == D_LAZY)
      expand_lazy(d);
  }
}

static void catch_up(const LazyList *l)
{
  for (; caught_up < lazy_all.len && lazy_seqs[caught_up] <= l->last; caught_up++) {
    Decl *d = lazy_all.items[caught_up];
    if (d->kind == D_LAZY)
      expand_lazy(d);
  }
}

bool parser_expand_name(const char *name)
{
  LazyList *l = lazy_names.cap ? map_get(&lazy_names, name) : NULL;
  if (!l || l->done == l->decls.len)
    return false;
  if (expand_depth > EXPAND_DEPTH) {
    vec_push(&deferred, (void *)name);
    return false;
  }
  if (expand_depth == EXPAND_DEPTH)
    catch_up(l);
  expand_list(l);
  while (expand_depth == 0 && deferred.len) {
    LazyList *w = map_get(&lazy_names, vec_pop(&deferred));
    expand_list(w);
  }
  return true;
}

/* The tokens live in the Parser's pool until the next call: a directive's
 * tree keeps their texts (interned) and places, never the tokens. */
Vec parser_tokenize(Parser *p, const char *text, Loc loc)
{
  Parser t = {.data = text, .len = strlen(text), .cur = loc};
  yyscan_t sc = new_scanner(&t);
  t.scanner = sc;
  YY_BUFFER_STATE buf = yy_scan_bytes(text, (int)t.len, sc);
  int n = 0;
  for (;; n++) {
    Raw r = raw_next(&t);
    if (r.kind == 0)
      break;
    r = r.kind == IDENTIFIER ? (Raw){classify_word(p, r.text), r.loc, 0, 0, r.text} : classify(p, r);
    if (n == p->tok_cap)
      p->tok_pool = xrealloc(p->tok_pool, (size_t)(p->tok_cap = p->tok_cap ? 2 * p->tok_cap : 64) *
                                              sizeof *p->tok_pool);
    p->tok_pool[n] = (Token){r.kind == ATOMIC_LP ? ATOMIC : r.kind, r.text, r.loc};
  }
  yy_delete_buffer(buf, sc);
  yylex_destroy(sc);
  p->tok_ptrs.len = 0;
  for (int i = 0; i < n; i++)
    vec_push(&p->tok_ptrs, &p->tok_pool[i]);
  return p->tok_ptrs;
}

/* Run the grammar over a token array from the start symbol `start`. */
static void parse_tokens(Parser *p, Token **toks, int n, int start)
{
  Parser saved = *p;
  jmp_buf error;
  volatile bool failed = false;
  p->queue = NULL; /* the file's read-ahead waits */
  p->toks = toks;
  p->ntoks = n;
  p->tokpos = 0;
  p->start_token = start;
  p->omp_expr = start == START_EXPR;
  p->token_error = &error;
  if (setjmp(error))
    failed = true; /* reported: the directive is given up below */
  else
    yyparse(p);
  p->token_error = saved.token_error;
  p->toks = saved.toks;
  p->ntoks = saved.ntoks;
  p->tokpos = saved.tokpos;
  p->start_token = saved.start_token;
  p->omp_expr = saved.omp_expr;
  p->last_text = saved.last_text;
  if (p->queue) {
    free(p->queue->items);
    free(p->queue->scan);
    free(p->queue);
  }
  p->queue = saved.queue;
  if (failed)
    omp_parse_failed();
}

Expr *parser_parse_expr(Parser *p, Token **toks, int n)
{
  Expr *saved = p->expr;
  parse_tokens(p, toks, n, START_EXPR);
  Expr *e = p->expr;
  p->expr = saved;
  return e;
}

TypeName *parser_parse_type_name(Parser *p, Token **toks, int n)
{
  TypeName *saved = p->type;
  parse_tokens(p, toks, n, START_TYPE);
  TypeName *t = p->type;
  p->type = saved;
  return t;
}

const char *token_word(const Token *t)
{
  if (!t || !t->text)
    return NULL;
  unsigned char c = (unsigned char)t->text[0];
  return isalpha(c) || c == '_' || c == '$' || c >= 0x80 ? t->text : NULL;
}
