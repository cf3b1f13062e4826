/* omp-parse.h - the parser of #pragma omp lines (omp-parse.c), called by
 * the token layer (parse.c) the moment the scanner meets one.  It uses the
 * parser's services of parse.h for the expressions inside clauses.
 */
#ifndef OMPICC_OMP_PARSE_H
#define OMPICC_OMP_PARSE_H

#include "omp.h"
#include "parse.h"

/* Parse text, the pragma's words from 'omp' on, which begins at loc.
 * A syntax error is reported at its place and gives NULL: the line stays
 * an unknown pragma, and the translator stops once the whole file is
 * parsed. */
OmpDir *omp_parse_directive(Parser *p, const char *text, Loc loc);

/* A syntax error, reported, in an expression of the directive being
 * parsed (parser_parse_expr): the directive is given up; outside one,
 * the run ends. */
noreturn void omp_parse_failed(void);

#endif
