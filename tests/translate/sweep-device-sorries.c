// Device code that nvcc would reject or compile wrongly gets a sorry at
// its source place: function pointers (a host address means nothing on
// the GPU) and long double (nvcc treats it as double, so the device would
// read the host's 16-byte values as 8-byte ones).  A function pointer or
// a long double in host code only is fine.
// RUN: not %ompicc-tr --kernels=%t.cu %s -o /dev/null 2> %t.err
// RUN: FileCheck %s --implicit-check-not=error: < %t.err
typedef int (*op_t)(int);
struct acc { long double sum; int n; };
#pragma omp declare target
static int twice(int v) { return 2 * v; }
// CHECK-DAG: sweep-device-sorries.c:[[@LINE+1]]:42: sorry, unimplemented: a call through a function pointer in device code
static int apply(op_t f, int v) { return f(v); }
#pragma omp end declare target
int host_only(op_t f) { return f(1); }
int main(void)
{
  op_t f = twice;
  long double x = 1.5L;
  struct acc a = {0, 0};
  int r = host_only(twice);
#pragma omp target map(tofrom: r)
// CHECK-DAG: sweep-device-sorries.c:[[@LINE+1]]:13: sorry, unimplemented: 'twice', a function used as a value in device code (function pointers)
  r = apply(twice, 4);
#pragma omp target map(tofrom: r)
// CHECK-DAG: sweep-device-sorries.c:[[@LINE+1]]:7: sorry, unimplemented: a call through a function pointer in device code
  r = f(r);
#pragma omp target map(tofrom: x)
// CHECK-DAG: sweep-device-sorries.c:[[@LINE+1]]:5: sorry, unimplemented: 'long double' in device code (nvcc treats it as 'double')
  x *= 2;
// one sorry for long double per file: none here
#pragma omp target map(tofrom: a)
  a.n++;
  return r + (int)x + a.n;
}
