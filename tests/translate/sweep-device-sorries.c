// Device code that nvcc would compile wrongly gets a sorry at its source
// place: long double (nvcc treats it as double, so the device would read
// the host's 16-byte values as 8-byte ones), once per file.  A long
// double in host code only is fine.  (Function pointers, once refused
// here too, are device code now: tests/translate/function-pointers.c.)
// RUN: not %ompicc-tr --kernels=%t.cu %s -o /dev/null 2> %t.err
// RUN: FileCheck %s --implicit-check-not=error: --implicit-check-not=sorry < %t.err
struct acc { long double sum; int n; };
int main(void)
{
  long double x = 1.5L;
  struct acc a = {0, 0};
  int r = 0;
#pragma omp target map(tofrom: x)
// CHECK: sweep-device-sorries.c:[[@LINE+1]]:5: sorry, unimplemented: 'long double' in device code (nvcc treats it as 'double')
  x *= 2;
// one sorry for long double per file: none here
#pragma omp target map(tofrom: a)
  a.n++;
  return r + (int)x + a.n;
}
