/* omp-blocks.h - the check that no branch enters or leaves an OpenMP
 * structured block: break, continue, return and goto out of one, goto,
 * case and default into one, and a break of a loop-associated construct's
 * loops (OpenMP 5.2 1.2.2, 4.4.1).  Errors go to diag, with the branch's
 * place and the construct's. */
#ifndef OMPICC_OMP_BLOCKS_H
#define OMPICC_OMP_BLOCKS_H

#include "ast.h"

void omp_check_blocks(TransUnit *tu);

#endif
