/* omp-parse.h - the parser of #pragma omp lines (omp-parse.c), called by
 * the token layer (parse.c) the moment the scanner meets one.  It uses the
 * parser's services of parse.h for the expressions inside clauses.
 */
#ifndef OMPICC_OMP_PARSE_H
#define OMPICC_OMP_PARSE_H

#include "omp.h"
#include "parse.h"

/* Parse text, the pragma's words from 'omp' on, which begins at loc.
 * Syntax errors are fatal at their place. */
OmpDir *omp_parse_directive(Parser *p, const char *text, Loc loc);

#endif
