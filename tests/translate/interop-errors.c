// The interop construct (OpenMP 5.2 14.1): an init without an interop
// type, an interop without init, use or destroy, an interop in a target
// region (the construct is the host's), an init naming two variables.
// RUN: rm -rf %t && split-file --leading-lines %s %t
// RUN: not %ompicc-tr --offload %t/type.c -o /dev/null 2>&1 | FileCheck --check-prefix=TYPE %s
// RUN: not %ompicc-tr --offload %t/none.c -o /dev/null 2>&1 | FileCheck --check-prefix=NONE %s
// RUN: not %ompicc-tr --offload %t/device.c -o /dev/null 2>&1 | FileCheck --check-prefix=DEVICE %s
// RUN: not %ompicc-tr --offload %t/two.c -o /dev/null 2>&1 | FileCheck --check-prefix=TWO %s
//--- type.c
// TYPE: type.c:[[@LINE+3]]:{{[0-9]+}}: error: 'init' needs the interop type 'target' or 'targetsync'
void f(void *o)
{
#pragma omp interop init(o)
}
//--- none.c
// NONE: none.c:[[@LINE+3]]:{{[0-9]+}}: error: 'interop' needs an 'init', 'use' or 'destroy' clause
void f(void *o)
{
#pragma omp interop nowait
}
//--- device.c
// DEVICE: device.c:[[@LINE+4]]:{{[0-9]+}}: error: 'interop' may not be in a target region
void f(void *o)
{
#pragma omp target
#pragma omp interop use(o)
  ;
}
//--- two.c
// TWO: two.c:[[@LINE+3]]:{{[0-9]+}}: error: expected one variable in 'init' clause
void f(void *o, void *p)
{
#pragma omp interop init(targetsync: o, p)
}
