/* diag.c - see diag.h. */
#include "diag.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "srclines.h"

int diag_errors;
int diag_warnings;

static void show_line(Loc loc);
static int user_column(Loc loc);

static void report(Loc loc, const char *kind, const char *fmt, va_list ap)
{
  if (loc.file && loc.line > 0 && loc.col > 0)
    loc.col = user_column(loc);
  if (loc.file && loc.line > 0 && loc.col > 0)
    fprintf(stderr, "%s:%d:%d: %s: ", loc.file, loc.line, loc.col, kind);
  else if (loc.file && loc.line > 0)
    fprintf(stderr, "%s:%d: %s: ", loc.file, loc.line, kind);
  else if (loc.file)
    fprintf(stderr, "%s: %s: ", loc.file, kind);
  else
    fprintf(stderr, "ompicc: %s: ", kind);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  if (diag_show_caret && loc.file && loc.line > 0 && loc.col > 0)
    show_line(loc);
}

#define REPORT(kind)                                                           \
  do {                                                                         \
    va_list ap;                                                                \
    va_start(ap, fmt);                                                         \
    report(loc, kind, fmt, ap);                                                \
    va_end(ap);                                                                \
  } while (0)

void error(Loc loc, const char *fmt, ...)
{
  diag_errors++;
  REPORT("error");
}

void verror(Loc loc, const char *fmt, va_list ap)
{
  diag_errors++;
  report(loc, "error", fmt, ap);
}

void sorry(Loc loc, const char *fmt, ...)
{
  diag_errors++;
  REPORT("sorry, unimplemented");
}

/* Has this warning, at this place, been given already?  The token layer
 * parses a line more than once where it copies it (parser/rewrite.c's
 * metadirective copies); a warning says its thing once. */
static int seen_before(Loc loc, const char *fmt, va_list ap)
{
  enum { KEPT = 64 };
  static struct {
    Loc loc;
    char text[160];
  } seen[KEPT];
  static int next;
  char text[160];
  vsnprintf(text, sizeof text, fmt, ap);
  for (int i = 0; i < KEPT; i++)
    if (seen[i].loc.file == loc.file && seen[i].loc.line == loc.line &&
        seen[i].loc.col == loc.col && loc.file && !strcmp(seen[i].text, text))
      return 1;
  seen[next].loc = loc;
  snprintf(seen[next].text, sizeof seen[next].text, "%s", text);
  next = (next + 1) % KEPT;
  return 0;
}

void warning(Loc loc, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  int again = seen_before(loc, fmt, ap);
  va_end(ap);
  if (again)
    return;
  diag_warnings++;
  REPORT("warning");
}

void note(Loc loc, const char *fmt, ...) { REPORT("note"); }

void remark(Loc loc, const char *fmt, ...) { REPORT("remark"); }

void fatal(Loc loc, const char *fmt, ...)
{
  REPORT("error");
  exit(1);
}

void ice_at(const char *file, int line, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "ompicc: internal compiler error at %s:%d: ", file, line);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  exit(70);
}

void diag_exit_if_errors(void)
{
  if (diag_errors)
    exit(1);
}

/* ---------------------------------------------------------- source lines */

int diag_show_caret;

void diag_set_input(const char *path) { srclines_set_input(path); }

static int user_column(Loc loc)
{
  int col = srclines_user_column(loc.file, loc.line, loc.col);
  return col > 0 ? col : loc.col;
}

/* "    3 |   int y = x;" and "      |           ^", tabs shown as spaces
 * (to the next multiple of 8), as gcc shows them. */
static void show_line(Loc loc)
{
  size_t len;
  const char *text = srclines_user_line(loc.file, loc.line, &len);
  if (!text)
    return;
  int width = fprintf(stderr, " %4d", loc.line);
  fputs(" | ", stderr);
  int shown = 0, caret = -1;
  for (size_t i = 0; i < len; i++) {
    if ((int)i == loc.col - 1)
      caret = shown;
    if (text[i] == '\t')
      do
        fputc(' ', stderr);
      while (++shown % 8);
    else {
      fputc(text[i], stderr);
      shown++;
    }
  }
  if (caret < 0)
    caret = shown; /* the end of the line: what is missing goes there */
  fprintf(stderr, "\n%*s | %*s^\n", width, "", caret, "");
}
