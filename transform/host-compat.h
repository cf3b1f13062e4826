/* host-compat.h - the OpenMP directives of the host file that the host
 * compiler in use does not know, lowered to ones it does (host-compat.c). */
#ifndef OMPICC_HOST_COMPAT_H
#define OMPICC_HOST_COMPAT_H

#include "ast.h"

/* The host compiler, as the predefined macros of the preprocessed input
 * name it (cpp -dD): gcc's major version, or clang's.  Input that names
 * neither (the translator run on a file of its own, in tests) is taken
 * to be for a compiler that knows every directive. */
typedef struct HostCompiler {
  bool clang;
  int major;
} HostCompiler;

HostCompiler host_compiler(void);

/* Every directive of the host file that the host compiler would ignore
 * or refuse, lowered: masked and its combined forms, scope, loop and its
 * combined forms, order(concurrent), error, nothing; and for gcc the
 * linear clause of loop constructs, which it gets wrong.  Run last, on
 * the host file's tree. */
void lower_host_compat(TransUnit *tu);

/* default(firstprivate) and default(private) for a host compiler that
 * does not know them: default(none) and the clause listing the variables
 * it made so.  Run before the offloading passes, on the tree sema saw. */
void lower_host_compat_defaults(TransUnit *tu);

#endif
