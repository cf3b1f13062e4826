// What generic kernels do not support: each a sorry at its place.
// RUN: not %ompicc-tr --kernels=%t.cu %s -o /dev/null 2> %t.err
// RUN: FileCheck %s < %t.err
void g(int *a, int i)
{
// CHECK-DAG: generic-sorry.c:[[@LINE+1]]:{{[0-9]+}}: sorry, unimplemented: '#pragma omp ordered' outside the body of a 'for ordered' of the same function, in a target region
#pragma omp ordered
  a[i] = i;
}
#pragma omp declare target to(g)

void f(int *a, int n)
{
#pragma omp target map(tofrom: a[0:n])
  {
#pragma omp parallel
    {
// CHECK-DAG: generic-sorry.c:[[@LINE+1]]:{{[0-9]+}}: sorry, unimplemented: 'ordered(n)' (doacross loops) in a target region
#pragma omp for ordered(1)
      for (int i = 1; i < n; i++) {
// CHECK-DAG: generic-sorry.c:[[@LINE+1]]:{{[0-9]+}}: sorry, unimplemented: '#pragma omp ordered' with 'depend' or 'doacross' (doacross loops) in a target region
#pragma omp ordered depend(sink: i - 1)
        a[i] += a[i - 1];
#pragma omp ordered depend(source)
      }
#pragma omp for ordered
      for (int i = 0; i < n; i++)
        g(a, i);
// CHECK-DAG: generic-sorry.c:[[@LINE+1]]:{{[0-9]+}}: sorry, unimplemented: this form of '#pragma omp atomic compare' in a target region
#pragma omp atomic compare
      a[0] = a[0] != n ? 0 : a[0];
    }
  }
}
