/* driver-util.c - what every file of the driver uses: argument vectors
 * (push ...: the host compiler's command from $OMPICC_CC), messages that
 * stop the driver or warn (die, warn: "ompicc: error: ..."), reading a
 * tool's output file, and the parts of a path.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "driver.h"

/* ---------------------------------------------------------------- messages */

void die(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  fputs("ompicc: error: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  exit(1);
}

void warn(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  fputs("ompicc: warning: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
}

/* ---------------------------------------------------------------- argument vectors */

void push(Vec *v, const char *s) { vec_push(v, (void *)s); }


void push_all(Vec *v, const Vec *from)
{
  for (int i = 0; i < from->len; i++)
    vec_push(v, from->items[i]);
}

/* $OMPICC_CC split on blanks ("gcc -m64"), else the configured default. */
int push_words(Vec *v, const char *s)
{
  int words = 0;
  for (const char *p = s; *p;) {
    size_t n = strcspn(p, " \t");
    if (n)
      push(v, xstrndup(p, n)), words++;
    p += n;
    p += strspn(p, " \t");
  }
  return words;
}

void push_cc(Vec *v)
{
  const char *cc = getenv("OMPICC_CC");
  if (!cc || !push_words(v, cc))
    push_words(v, OMPICC_DEFAULT_CC);
}

/* ---------------------------------------------------------------- files and names */

char *read_file(const char *path)
{
  FILE *f = fopen(path, "r");
  StrBuf b = {0};
  if (f) {
    int c;
    while ((c = getc(f)) != EOF)
      sb_putc(&b, (char)c);
    fclose(f);
  }
  return sb_take(&b);
}

const char *base_name(const char *path)
{
  const char *slash = strrchr(path, '/');
  return slash ? slash + 1 : path;
}

char *dir_name(const char *path)
{
  const char *slash = strrchr(path, '/');
  if (!slash)
    return xstrdup(".");
  return slash == path ? xstrdup("/") : xstrndup(path, slash - path);
}
