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

#include <stdnoreturn.h>

typedef struct Loc {
  const char *file; /* interned; NULL for generated code */
  int line, col;    /* 1-based; 0 when unknown */
} Loc;

extern int diag_errors;   /* errors reported so far */
extern int diag_warnings; /* warnings reported so far */

void error(Loc loc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
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

#endif
