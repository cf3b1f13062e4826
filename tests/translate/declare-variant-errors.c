// declare variant (OpenMP 5.2 7.5) and dispatch (7.6): a declare variant
// without a match clause, an adjust_args item that is not a parameter of
// the base function, a declare variant with no function after it, a
// dispatch whose statement is not a call or an assignment of one, a
// variant with append_args chosen outside a dispatch construct.
// RUN: rm -rf %t && split-file --leading-lines %s %t
// RUN: not %ompicc-tr --offload %t/match.c -o /dev/null 2>&1 | FileCheck --check-prefix=MATCH %s
// RUN: not %ompicc-tr --offload %t/param.c -o /dev/null 2>&1 | FileCheck --check-prefix=PARAM %s
// RUN: not %ompicc-tr --offload %t/alone.c -o /dev/null 2>&1 | FileCheck --check-prefix=ALONE %s
// RUN: not %ompicc-tr --offload %t/dispatch.c -o /dev/null 2>&1 | FileCheck --check-prefix=DISPATCH %s
// RUN: not %ompicc-tr --offload %t/append.c -o /dev/null 2>&1 | FileCheck --check-prefix=APPEND %s
//--- match.c
// MATCH: match.c:[[@LINE+2]]:{{[0-9]+}}: error: 'declare variant' needs one function name and a 'match' clause
int gpu(int x) { return x + 1; }
#pragma omp declare variant(gpu)
int base2(int x);
//--- param.c
// PARAM: param.c:[[@LINE+2]]:{{[0-9]+}}: error: 'r' undeclared in 'adjust_args' clause
void *p2(int *p);
#pragma omp declare variant(p2) match(construct={dispatch}) adjust_args(need_device_ptr: r)
void *p3(int *p);
//--- alone.c
// ALONE: alone.c:[[@LINE+2]]:{{[0-9]+}}: error: 'declare variant' is not followed by the declaration of its base function
int gpu(int x) { return x + 1; }
#pragma omp declare variant(gpu) match(device={kind(gpu)})
//--- dispatch.c
// DISPATCH: dispatch.c:[[@LINE+6]]:{{[0-9]+}}: error: the statement of a 'dispatch' construct must be a call of a function or an assignment of one (OpenMP 5.2 7.6)
void *p2(int *p);
#pragma omp declare variant(p2) match(construct={dispatch})
void *p3(int *p);
void g(int *p)
{
#pragma omp dispatch
  p = p ? p : 0;
}
//--- append.c
// APPEND: append.c:[[@LINE+8]]:{{[0-9]+}}: error: 'withobj' chosen for a call of 'plain' outside a 'dispatch' construct: its 'append_args' needs the construct's device
int withobj(int x, void *o);
#pragma omp declare variant(withobj) match(construct={parallel}) append_args(interop(target, targetsync))
int plain(int x);
void g(int *p)
{
#pragma omp parallel
  {
    p[0] = plain(1);
  }
}
