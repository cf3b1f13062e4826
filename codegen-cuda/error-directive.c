/* error-directive.c - #pragma omp error at(execution) in device code
 * (OpenMP 5.2 8.5), for every kind of kernel:
 *
 *   #pragma omp error at(execution) severity(warning) message("m")
 *     __ompicc_error("t.c:12:1", "m", 0);
 *
 * Each thread that meets it prints the message with the directive's place
 * (device printf); severity(fatal), the default, then stops the kernel
 * (__trap), whose launch the runtime reports as failed with the target
 * construct's place.
 */
#include "error-directive.h"

#include <string.h>

#include "omp.h"
#include "print.h"

Stmt *error_directive_stmt(Stmt *s)
{
  OmpClause *sev = omp_find_clause(s->omp, OMPC_SEVERITY);
  OmpClause *msg = omp_find_clause(s->omp, OMPC_MESSAGE);
  const char *file = s->loc.file ? s->loc.file : "?", *slash = strrchr(file, '/');
  Vec args = {0};
  vec_push(&args, mk_ident(s->loc, xasprintf("\"%s:%d:%d\"", slash ? slash + 1 : file, s->loc.line,
                                             s->loc.col)));
  vec_push(&args, msg && msg->expr ? msg->expr : mk_ident(s->loc, "0"));
  vec_push(&args, mk_int(s->loc, sev && sev->word == OMPW_WARNING ? "0" : "1"));
  return mk_expr_stmt(s->loc, mk_call(s->loc, mk_ident(s->loc, "__ompicc_error"), args));
}
