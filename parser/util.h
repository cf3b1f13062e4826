/* util.h - memory, growable vectors and string builders for the translator.
 *
 * The translator is a short-lived process: allocation failures end it at
 * once (xmalloc), and most memory is never freed.  Vec is a growable array
 * of pointers; StrBuf a growable NUL-terminated string.
 */
#ifndef OMPICC_UTIL_H
#define OMPICC_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* A parameter a callback's signature requires but this one does not use. */
#define UNUSED __attribute__((unused))

void *xmalloc(size_t n);
void *xcalloc(size_t count, size_t n);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* The whole of f in one allocation (*len bytes), followed by two NUL
 * bytes (flex scans a buffer in place with them). */
char *read_stream(FILE *f, size_t *len);

/* Zeroed memory for syntax-tree nodes and other objects that live as long
 * as the translator: carved from large blocks, never freed (do not pass it
 * to free or realloc).  Saves malloc's per-allocation overhead, which
 * dominates for small nodes. */
void *node_alloc(size_t n);
#define NEW(T) ((T *)node_alloc(sizeof(T)))

/* Scratch nodes: node_release(m) gives back every node allocated since
 * node_mark() returned m (the lazy file-scope declarations of the parser
 * are parsed, looked at and dropped this way).  Marks do not nest: a
 * release goes back to the latest mark.  Anything that must outlive the
 * release (a vector of the parser's own state, say) must not come from
 * the node blocks in between: see vec_heap. */
typedef struct NodeMark {
  void *block;
  char *cur;
} NodeMark;
NodeMark node_mark(void);
void node_release(NodeMark m);

/* Interned strings: equal contents give the same pointer, so names can be
 * compared with ==.  Used for file names in locations and identifiers. */
const char *intern(const char *s);
const char *intern_n(const char *s, size_t n);

/* Is w one of the space-separated words of set ("private shared ...")? */
bool words_contain(const char *set, const char *w);

typedef struct Vec {
  void **items;
  int len, cap;
} Vec;

void vec_push(Vec *v, void *item);
/* Keep v's array in malloc'd memory from now on (never in the node
 * blocks), for vectors that live across node_release. */
void vec_heap(Vec *v);
void *vec_last(const Vec *v);
void *vec_pop(Vec *v);
/* Is x one of v's items (compared as pointers)? */
bool vec_has(const Vec *v, const void *x);
#define VEC_EACH(T, x, v) \
  for (int x##_i = 0; x##_i < (v).len && ((x = (T)(v).items[x##_i]), 1); x##_i++)

typedef struct StrBuf {
  char *s;
  size_t len, cap;
} StrBuf;

void sb_putc(StrBuf *b, char c);
void sb_puts(StrBuf *b, const char *s);
void sb_putn(StrBuf *b, const char *s, size_t n);
void sb_printf(StrBuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sb_vprintf(StrBuf *b, const char *fmt, va_list ap);
char *sb_take(StrBuf *b); /* the string (never NULL); the buffer is reset */

#endif
