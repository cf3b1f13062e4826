/* depend.h - the task dependences of OpenMP 5.1 that the host compiler
 * does not know, lowered to ones it does (depend.c). */
#ifndef OMPICC_DEPEND_H
#define OMPICC_DEPEND_H

#include "ast.h"

/* Every directive of the host file: depend(inoutset: ...) as inout,
 * omp_all_memory as taskwaits around the task, taskwait nowait with
 * depend as an empty task.  Run after lower_host, on the host file's
 * tree. */
void lower_depend(TransUnit *tu);

#endif
