// The sorries of the later passes (host lowering, kernel writer), which
// run only when the analysis found no error.
// RUN: not %ompicc-tr --kernels=%t.cu %s -o /dev/null 2> %t.err
// RUN: FileCheck %s < %t.err
void f(int n, int m)
{
  int x = 0, v = 0;
  (void)n, (void)m;
#pragma omp target map(tofrom: x, v)
  {
// CHECK: unsupported-late.c:[[@LINE+1]]:{{[0-9]+}}: sorry, unimplemented: this form of '#pragma omp atomic compare' in a target region
#pragma omp atomic compare
    x = x != v ? 5 : x;
  }
}
