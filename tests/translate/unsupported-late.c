// The sorries of the later passes (host lowering, kernel writer), which
// run only when the analysis found no error.
// RUN: not %ompicc-tr --kernels=%t.cu %s -o /dev/null 2> %t.err
// RUN: FileCheck %s < %t.err
void f(int n, int m)
{
  int x = 0, v = 0;
  double vla2[n][m];
// CHECK: unsupported-late.c:[[@LINE+1]]:{{[0-9]+}}: sorry, unimplemented: 'vla2', an array of more than one variable dimension, in a generic target region
#pragma omp target map(tofrom: vla2)
  {
    vla2[0][0] = 2; /* serial code: a generic kernel (a guided schedule: not SPMD, team-loops.c) */
#pragma omp parallel for schedule(guided)
    for (int i = 0; i < n; i++)
      vla2[i][0] = 1;
  }
#pragma omp target map(tofrom: x, v)
  {
// CHECK: unsupported-late.c:[[@LINE+1]]:{{[0-9]+}}: sorry, unimplemented: this form of '#pragma omp atomic compare' in a target region
#pragma omp atomic compare
    x = x == v ? 5 : x;
  }
}
