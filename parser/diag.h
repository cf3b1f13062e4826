/* diag.h - diagnostics: every message carries the user's source place.
 *
 *   file:line:col: error: expected ';' after expression
 *
 * error() counts and continues (semantic checks report all, then stop);
 * fatal() reports and exits 1 (syntax errors: report and stop); sorry() is
 * valid input we do not support yet; ice() is an internal error, reported
 * with the translator's own place, exit 70.
 */
#ifndef OMPICC_DIAG_H
#define OMPICC_DIAG_H

#include <stdarg.h>
#include <stdnoreturn.h>

typedef struct Loc {
  const char *file; /* interned; NULL for generated code */
  int line, col;    /* 1-based; 0 when unknown */
} Loc;

extern int diag_errors;   /* errors reported so far */
extern int diag_warnings; /* warnings reported so far */

void error(Loc loc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void verror(Loc loc, const char *fmt, va_list ap) __attribute__((format(printf, 2, 0)));
void warning(Loc loc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void note(Loc loc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void remark(Loc loc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sorry(Loc loc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
noreturn void fatal(Loc loc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
noreturn void ice_at(const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
#define ice(...) ice_at(__FILE__, __LINE__, __VA_ARGS__)

/* Exit status when errors were reported: 1. */
void diag_exit_if_errors(void);

/* Source places.  A Loc's line and column count in the preprocessed file
 * (cpp's output, with its line markers): after a macro, its columns are
 * not the user's.  Given that file, each message's column is mapped to
 * the user's line (the tokens of both lines aligned: a token a macro made
 * is placed at the macro's name), and with diag_show_caret the user's
 * line follows the message with a caret under that column, as gcc
 * prints it:
 *
 *   t.c:3:9: error: ...
 *       3 |   int y = x;
 *         |           ^
 */
void diag_set_input(const char *path);
extern int diag_show_caret;

#endif
