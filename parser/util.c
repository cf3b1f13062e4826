/* util.c - see util.h. */
#include "util.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static void out_of_memory(void)
{
  fputs("ompicc: fatal error: out of memory\n", stderr);
  exit(1);
}

void *xmalloc(size_t n)
{
  void *p = malloc(n ? n : 1);
  if (!p)
    out_of_memory();
  return p;
}

void *xcalloc(size_t count, size_t n)
{
  void *p = calloc(count ? count : 1, n ? n : 1);
  if (!p)
    out_of_memory();
  return p;
}

void *xrealloc(void *p, size_t n)
{
  p = realloc(p, n ? n : 1);
  if (!p)
    out_of_memory();
  return p;
}

char *xstrndup(const char *s, size_t n)
{
  char *p = xmalloc(n + 1);
  memcpy(p, s, n);
  p[n] = 0;
  return p;
}

char *xstrdup(const char *s) { return xstrndup(s, strlen(s)); }

char *xasprintf(const char *fmt, ...)
{
  StrBuf b = {0};
  va_list ap;
  va_start(ap, fmt);
  sb_vprintf(&b, fmt, ap);
  va_end(ap);
  return sb_take(&b);
}

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UTIL_ASAN 1
#endif
#endif
#ifdef __SANITIZE_ADDRESS__
#define UTIL_ASAN 1
#endif

/* Nodes: bump allocation in 1 MiB blocks, 8-byte aligned (no node holds
 * a type with a larger alignment).  Each block starts with a pointer to
 * the one before, so node_release() can give back the blocks begun since
 * a mark.  Under ASan every node is its own allocation (so ASan sees
 * overruns), and the nodes made since the last mark are listed so that a
 * release frees them (and ASan sees any use after it). */
enum { BLOCK = 1 << 20, BLOCK_HEAD = 8 };
static char *cur, *end, *block;
#ifdef UTIL_ASAN
static void **since_mark;
static size_t since_len, since_cap;
static bool marked;
#endif

void *node_alloc(size_t n)
{
  n = (n + 7) & ~(size_t)7;
#ifdef UTIL_ASAN
  void *a = xcalloc(1, n);
  if (!marked)
    return a;
  if (since_len == since_cap)
    since_mark = xrealloc(since_mark, (since_cap = since_cap ? 2 * since_cap : 1024) * sizeof *since_mark);
  since_mark[since_len++] = a;
  return a;
#endif
  if (n > BLOCK / 4)
    return xcalloc(1, n);
  if ((size_t)(end - cur) < n) {
    char *b = xcalloc(1, BLOCK);
    *(char **)b = block;
    block = b;
    cur = b + BLOCK_HEAD;
    end = b + BLOCK;
  }
  void *p = cur;
  cur += n;
  return p;
}

NodeMark node_mark(void)
{
#ifdef UTIL_ASAN
  since_len = 0;
  marked = true;
#endif
  return (NodeMark){block, cur};
}

void node_release(NodeMark m)
{
#ifdef UTIL_ASAN
  for (size_t i = 0; i < since_len; i++)
    free(since_mark[i]);
  since_len = 0;
  return;
#endif
  char *high = cur;
  while (block != m.block) {
    char *prev = *(char **)block;
    free(block);
    block = prev;
    high = block ? block + BLOCK : NULL;
  }
  if (!block) {
    cur = end = NULL;
    return;
  }
  memset(m.cur, 0, (size_t)(high - m.cur)); /* node_alloc gives zeroed memory */
  cur = m.cur;
  end = block + BLOCK;
}

/* Interning: an open-addressing hash set of strings, grown at 50% load. */
static const char **itab;
static size_t itab_cap, itab_len;

static uint64_t hash_bytes(const char *s, size_t n)
{
  uint64_t h = 1469598103934665603ull; /* FNV-1a */
  for (size_t i = 0; i < n; i++)
    h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
  return h;
}

static void itab_grow(void)
{
  size_t old_cap = itab_cap;
  const char **old = itab;
  itab_cap = old_cap ? old_cap * 2 : 4096;
  itab = xcalloc(itab_cap, sizeof *itab);
  for (size_t i = 0; i < old_cap; i++) {
    if (!old[i])
      continue;
    size_t j = hash_bytes(old[i], strlen(old[i])) & (itab_cap - 1);
    while (itab[j])
      j = (j + 1) & (itab_cap - 1);
    itab[j] = old[i];
  }
  free(old);
}

const char *intern_n(const char *s, size_t n)
{
  if (2 * (itab_len + 1) > itab_cap)
    itab_grow();
  size_t j = hash_bytes(s, n) & (itab_cap - 1);
  for (; itab[j]; j = (j + 1) & (itab_cap - 1))
    if (strncmp(itab[j], s, n) == 0 && itab[j][n] == 0)
      return itab[j];
  itab_len++;
  return itab[j] = xstrndup(s, n);
}

const char *intern(const char *s) { return intern_n(s, strlen(s)); }

bool words_contain(const char *set, const char *w)
{
  size_t n = strlen(w);
  if (!n)
    return false;
  for (const char *s = set; (s = strstr(s, w)); s += n)
    if ((s == set || s[-1] == ' ') && (s[n] == ' ' || !s[n]))
      return true;
  return false;
}

/* Most vectors of the tree hold one to three items: small arrays come
 * from the node blocks (no malloc overhead; the array a vector outgrows is
 * left there, at most as much as it now holds), large ones from malloc. */
enum { VEC_SMALL = 256 };

void vec_heap(Vec *v)
{
  if (v->cap > VEC_SMALL)
    return;
  void **items = xmalloc(2 * VEC_SMALL * sizeof *items);
  if (v->len)
    memcpy(items, v->items, v->len * sizeof *items);
  v->items = items;
  v->cap = 2 * VEC_SMALL;
}

static void vec_grow(Vec *v)
{
  int cap = v->cap ? v->cap * 2 : 2;
  void **items;
  if (v->cap > VEC_SMALL)
    items = xrealloc(v->items, cap * sizeof *items);
  else {
    items = cap > VEC_SMALL ? xmalloc(cap * sizeof *items) : node_alloc(cap * sizeof *items);
    if (v->len)
      memcpy(items, v->items, v->len * sizeof *items);
  }
  v->items = items;
  v->cap = cap;
}

void vec_push(Vec *v, void *item)
{
  if (v->len == v->cap)
    vec_grow(v);
  v->items[v->len++] = item;
}

void *vec_last(const Vec *v) { return v->len ? v->items[v->len - 1] : NULL; }

bool vec_has(const Vec *v, const void *x)
{
  for (int i = 0; i < v->len; i++)
    if (v->items[i] == x)
      return true;
  return false;
}

void *vec_pop(Vec *v) { return v->len ? v->items[--v->len] : NULL; }

static void sb_reserve(StrBuf *b, size_t extra)
{
  if (b->len + extra + 1 <= b->cap)
    return;
  size_t cap = b->cap ? b->cap : 64;
  while (cap < b->len + extra + 1)
    cap *= 2;
  b->s = xrealloc(b->s, cap);
  b->cap = cap;
}

void sb_putn(StrBuf *b, const char *s, size_t n)
{
  sb_reserve(b, n);
  memcpy(b->s + b->len, s, n);
  b->len += n;
  b->s[b->len] = 0;
}

void sb_putc(StrBuf *b, char c) { sb_putn(b, &c, 1); }

void sb_puts(StrBuf *b, const char *s) { sb_putn(b, s, strlen(s)); }

void sb_vprintf(StrBuf *b, const char *fmt, va_list ap)
{
  va_list ap2;
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, fmt, ap2);
  va_end(ap2);
  if (n < 0)
    return;
  sb_reserve(b, (size_t)n);
  vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
  b->len += (size_t)n;
}

void sb_printf(StrBuf *b, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  sb_vprintf(b, fmt, ap);
  va_end(ap);
}

char *sb_take(StrBuf *b)
{
  char *s = b->s ? b->s : xstrdup("");
  b->s = NULL;
  b->len = b->cap = 0;
  return s;
}

/* The whole of f in one allocation, with the two NUL bytes flex wants
 * after a buffer it scans in place: a regular file's size is known, so
 * no growing copy is made. */
char *read_stream(FILE *f, size_t *len)
{
  struct stat st;
  size_t cap = fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) ? (size_t)st.st_size + 3 : 65536;
  char *s = xmalloc(cap);
  size_t n = 0, got;
  while ((got = fread(s + n, 1, cap - n - 2, f)) > 0) {
    n += got;
    if (cap - n - 2 == 0)
      s = xrealloc(s, cap *= 2);
  }
  s[n] = s[n + 1] = 0;
  *len = n;
  return s;
}
