/* omp.h - OpenMP directives and clauses in the syntax tree, their parser
 * and their printer.
 *
 * A #pragma omp line is parsed by omp_parse_directive() when the scanner
 * meets it; the grammar then sees one token whose kind comes from
 * omp_directive_class(): a construct takes the statement that follows as
 * its body (S_OMP with body), a standalone directive is a statement of its
 * own, a declarative one may stand at file scope (D_OMP).
 */
#ifndef OMPICC_OMP_H
#define OMPICC_OMP_H

#include "ast.h"
#include "parse.h"

typedef struct OmpClause OmpClause;

typedef enum OmpDirClass {
  OMP_CLASS_CONSTRUCT,   /* followed by a structured block / loop / statement */
  OMP_CLASS_STANDALONE,  /* barrier, taskwait, flush, target update, ... */
  OMP_CLASS_DECLARATIVE, /* declare target, threadprivate, requires, ... */
} OmpDirClass;

/* OmpDir, OmpClause and their kinds: defined by omp.c's owner below. */
struct OmpDir;

OmpDir *omp_parse_directive(Parser *p, const char *text, Loc loc);
OmpDirClass omp_directive_class(const OmpDir *d);
/* Print "#pragma omp ..." (no newline) as the user could have written it. */
void omp_print_directive(StrBuf *out, const OmpDir *d);

#endif
