// A worksharing loop with a scan in a generic target region is a sorry:
// the threads of a team would each see their own partial values.
// RUN: not %ompicc-tr --kernels=%t.cu %s -o /dev/null 2> %t.err
// RUN: FileCheck %s < %t.err
void f(const int *a, int *b, int n)
{
  int s = 0;
#pragma omp target map(to: a[0:n]) map(from: b[0:n])
#pragma omp parallel
  {
#pragma omp for reduction(inscan, +: s)
    for (int i = 0; i < n; i++) {
      s += a[i];
// CHECK: scan-generic.c:[[@LINE+1]]:{{[0-9]+}}: sorry, unimplemented: '#pragma omp scan' in a generic target region
#pragma omp scan inclusive(s)
      b[i] = s;
    }
  }
}
