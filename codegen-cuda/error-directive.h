/* error-directive.h - #pragma omp error at(execution) in device code
 * (error-directive.c).
 */
#ifndef OMPICC_ERROR_DIRECTIVE_H
#define OMPICC_ERROR_DIRECTIVE_H

#include "ast.h"

/* The S_OMP error directive s as a call of the device library. */
Stmt *error_directive_stmt(Stmt *s);

#endif
