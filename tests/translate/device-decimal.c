// The decimal floating types of GNU C (_Decimal32/64/128) in device code
// get a sorry at their place, as long double does
// (sweep-device-sorries.c): neither nvcc nor the C++ compiler of the
// CPU device's images knows them.  In host code they are fine.
// RUN: not %ompicc-tr --kernels=%t.cu %s -o /dev/null 2> %t.err
// RUN: FileCheck %s --implicit-check-not=error: --implicit-check-not=sorry < %t.err
int main(void)
{
  _Decimal64 host = 2.5dd;
  _Decimal32 d = 1.5df;
  int r = 0;
#pragma omp target map(tofrom: d, r)
  {
    r = 1;
// CHECK: device-decimal.c:[[@LINE+1]]:7: sorry, unimplemented: '_Decimal32' in device code (CUDA has no decimal floating types)
    d = d * 2;
  }
  return r + (host > 2);
}
