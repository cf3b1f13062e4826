/* srclines.c - see srclines.h.
 *
 * Files are read whole, once, on the first message that needs them, and
 * kept with the offsets of their lines.  The preprocessed file is indexed
 * by its line markers (# N "file") into runs of consecutive lines of one
 * user file.
 *
 * Columns: the tokens of the preprocessed line and of the user's line are
 * aligned (their longest common subsequence): a token both have maps to
 * the user's token, at the same offset into it; a token only the
 * preprocessed line has (a macro's expansion) maps to the first token of
 * the user's line after the last one both share (the macro's name).
 */
#include "srclines.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

typedef struct Text {
  char *path;
  char *data; /* NULL: could not be read */
  size_t len;
  size_t *starts; /* offset of line k+1 */
  int nlines;
  struct Text *next;
} Text;

static Text *texts;

static Text *load(const char *path)
{
  for (Text *t = texts; t; t = t->next)
    if (!strcmp(t->path, path))
      return t;
  Text *t = xcalloc(1, sizeof *t);
  t->path = xstrdup(path);
  t->next = texts;
  texts = t;
  FILE *f = fopen(path, "rb");
  if (!f)
    return t; /* no data: no line */
  size_t n;
  char *data = read_stream(f, &n);
  fclose(f);
  int lines = 1;
  for (size_t i = 0; i < n; i++)
    lines += data[i] == '\n';
  t->starts = xmalloc((size_t)lines * sizeof *t->starts);
  t->starts[0] = 0;
  t->nlines = 1;
  for (size_t i = 0; i < n; i++)
    if (data[i] == '\n')
      t->starts[t->nlines++] = i + 1;
  if (n && data[n - 1] == '\n')
    t->nlines--; /* no line after the last newline */
  t->data = data;
  t->len = n;
  return t;
}

/* Line k (1-based) of t, its length without the newline in *len. */
static const char *line_of(const Text *t, int k, size_t *len)
{
  if (!t || !t->data || k < 1 || k > t->nlines)
    return NULL;
  size_t at = t->starts[k - 1];
  size_t end = k < t->nlines ? t->starts[k] - 1 : t->len;
  if (end > at && t->data[end - 1] == '\r')
    end--;
  *len = end - at;
  return t->data + at;
}

const char *srclines_user_line(const char *file, int line, size_t *len)
{
  return file ? line_of(load(file), line, len) : NULL;
}

/* ------------------------------------------------- the preprocessed file */

/* Lines first..first+count-1 of `file` are lines at..at+count-1 of the
 * preprocessed file. */
typedef struct Run {
  char *file;
  int first, count, at;
} Run;

static const char *input_path;
static Text *input;
static Run *runs;
static int nruns;

void srclines_set_input(const char *path)
{
  input_path = path;
  input = NULL;
}

/* A line marker: "# N "file" flags" or "#line N "file""; the file in
 * *file (its escapes undone, malloc'ed), or NULL when the marker names
 * none. */
static int marker(const char *s, size_t n, int *line, char **file)
{
  size_t i = 0;
  if (i >= n || s[i++] != '#')
    return 0;
  while (i < n && (s[i] == ' ' || s[i] == '\t'))
    i++;
  if (n - i >= 4 && !strncmp(s + i, "line", 4))
    i += 4;
  while (i < n && (s[i] == ' ' || s[i] == '\t'))
    i++;
  if (i >= n || s[i] < '0' || s[i] > '9')
    return 0;
  *line = atoi(s + i);
  while (i < n && s[i] >= '0' && s[i] <= '9')
    i++;
  while (i < n && s[i] == ' ')
    i++;
  *file = NULL;
  if (i < n && s[i] == '"') {
    char *f = xmalloc(n - i + 1), *o = f;
    for (i++; i < n && s[i] != '"'; i++) {
      if (s[i] == '\\' && i + 1 < n)
        i++;
      *o++ = s[i];
    }
    *o = '\0';
    *file = f;
  }
  return 1;
}

static void index_input(void)
{
  input = load(input_path);
  if (!input || !input->data)
    return;
  char *file = NULL;
  int line = 1, cap = 0;
  for (int k = 1; k <= input->nlines; k++) {
    size_t n;
    const char *s = line_of(input, k, &n);
    int at_line;
    char *named;
    if (n && s[0] == '#' && marker(s, n, &at_line, &named)) {
      if (named)
        file = named; /* kept: the runs point to it */
      line = at_line;
      continue;
    }
    if (!file) {
      line++;
      continue;
    }
    Run *r = nruns ? &runs[nruns - 1] : NULL;
    if (r && r->file == file && r->first + r->count == line && r->at + r->count == k)
      r->count++;
    else {
      if (nruns == cap)
        runs = xrealloc(runs, (size_t)(cap = cap ? 2 * cap : 64) * sizeof *runs);
      runs[nruns++] = (Run){file, line, 1, k};
    }
    line++;
  }
}

/* The preprocessed line of line `line` of `file`: the first that is not
 * blank (cpp leaves the indentation of a #pragma line on a line of its
 * own, the directive on the next, with a marker between them). */
static const char *expanded_line(const char *file, int line, size_t *len)
{
  if (!input_path)
    return NULL;
  if (!input)
    index_input();
  for (int i = 0; i < nruns; i++)
    if (line >= runs[i].first && line < runs[i].first + runs[i].count &&
        !strcmp(runs[i].file, file)) {
      const char *s = line_of(input, runs[i].at + (line - runs[i].first), len);
      if (s && strspn(s, " \t") < *len)
        return s;
    }
  return NULL;
}

/* -------------------------------------------------------------- columns */

typedef struct Tok {
  int start, len;
} Tok;

enum { MAX_TOKS = 400 };

static int is_word(char c)
{
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         c == '_' || c == '$';
}

/* The tokens of s[0..n) (comments skipped), at most MAX_TOKS; -1 when
 * there are more. */
static int tokens(const char *s, int n, Tok *out)
{
  int k = 0;
  for (int i = 0; i < n;) {
    char c = s[i];
    if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
      i++;
      continue;
    }
    if (c == '/' && i + 1 < n && s[i + 1] == '/')
      break;
    if (c == '/' && i + 1 < n && s[i + 1] == '*') {
      for (i += 2; i < n && !(s[i] == '*' && i + 1 < n && s[i + 1] == '/'); i++)
        ;
      i += 2;
      continue;
    }
    if (k == MAX_TOKS)
      return -1;
    int start = i;
    if (is_word(c))
      while (i < n && is_word(s[i]))
        i++;
    else if (c == '"' || c == '\'') {
      for (i++; i < n && s[i] != c; i++)
        if (s[i] == '\\')
          i++;
      i = i < n ? i + 1 : n;
    } else
      i++;
    out[k++] = (Tok){start, i - start};
  }
  return k;
}

static int same(const char *a, Tok x, const char *b, Tok y)
{
  return x.len == y.len && !memcmp(a + x.start, b + y.start, (size_t)x.len);
}

int srclines_user_column(const char *file, int line, int col)
{
  size_t plen, ulen;
  const char *pre = file ? expanded_line(file, line, &plen) : NULL;
  const char *user = pre ? srclines_user_line(file, line, &ulen) : NULL;
  if (!user || (plen == ulen && !memcmp(pre, user, plen)))
    return 0;
  static Tok p[MAX_TOKS], u[MAX_TOKS];
  static short lcs[MAX_TOKS + 1][MAX_TOKS + 1];
  int np = tokens(pre, (int)plen, p), nu = tokens(user, (int)ulen, u);
  if (np < 0 || nu < 0)
    return 0;
  /* lcs[i][j]: of p[i..] and u[j..] */
  for (int i = np; i >= 0; i--)
    for (int j = nu; j >= 0; j--)
      lcs[i][j] = i == np || j == nu ? 0
                  : same(pre, p[i], user, u[j])
                      ? (short)(lcs[i + 1][j + 1] + 1)
                      : (lcs[i + 1][j] > lcs[i][j + 1] ? lcs[i + 1][j] : lcs[i][j + 1]);
  /* the token at col (or the first after it) */
  int at = col - 1, k = 0;
  while (k < np && p[k].start + p[k].len <= at)
    k++;
  int last_u = -1, last_p = -1; /* the last pair both have, before k */
  for (int i = 0, j = 0; i < np && j < nu;) {
    if (same(pre, p[i], user, u[j]) && lcs[i][j] == lcs[i + 1][j + 1] + 1) {
      if (i == k)
        return u[j].start + (at > p[i].start ? at - p[i].start : 0) + 1;
      if (i > k)
        break;
      last_p = i, last_u = j;
      i++, j++;
    } else if (lcs[i + 1][j] >= lcs[i][j + 1])
      i++;
    else
      j++;
  }
  if (k == np) { /* past the last token: as far past the user's */
    int pend = last_p >= 0 ? p[last_p].start + p[last_p].len : 0;
    int uend = last_u >= 0 ? u[last_u].start + u[last_u].len : 0;
    int c = uend + (at - pend) + 1;
    return c < 1 ? 1 : c > (int)ulen + 1 ? (int)ulen + 1 : c;
  }
  /* a token of an expansion: the macro's name */
  if (last_u + 1 < nu)
    return u[last_u + 1].start + 1;
  return 0;
}
