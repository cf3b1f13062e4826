// use_device_addr of a variable that is not an array: a sorry at its place
// (the host lowering would need to rewrite every use of it in the body).
// RUN: not %ompicc-tr --kernels=%t.cu %s -o /dev/null 2> %t.err
// RUN: FileCheck %s < %t.err
void f(void)
{
  int x = 0;
// CHECK: unsupported-addr.c:[[@LINE+1]]:{{[0-9]+}}: sorry, unimplemented: use_device_addr of 'x', which is not an array
#pragma omp target data map(tofrom: x) use_device_addr(x)
  x = 1;
}
