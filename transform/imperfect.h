/* imperfect.h - imperfectly nested loop nests made perfect (imperfect.c).
 */
#ifndef OMPICC_IMPERFECT_H
#define OMPICC_IMPERFECT_H

#include "ast.h"

/* Every collapse(n) nest of the unit whose loops have intervening code
 * between them gets that code moved into the innermost loop's body. */
void imperfect_nests(TransUnit *tu);

#endif
