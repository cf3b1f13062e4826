// Valid OpenMP the translator does not support in target regions: each a
// "sorry" at its place, never silent wrong code.
// RUN: not %ompicc-tr --kernels=%t.cu %s -o /dev/null 2> %t.err
// RUN: FileCheck %s < %t.err
struct Vec { int n; double *d; };
#pragma omp declare mapper(struct Vec v) map(v, v.d[0:v.n])
void g(int **rows, int n, int m, struct Vec *vs)
{
  {
// A mapper of block scope applied to each element of an array of
// structures (one of file scope has a host function the runtime calls).
#pragma omp declare mapper(struct Vec w) map(w, w.d[0:1])
// CHECK: unsupported.c:[[@LINE+1]]:{{[0-9]+}}: sorry, unimplemented: a 'declare mapper' declared in a block applied to the elements of an array of 'struct Vec'
#pragma omp target map(tofrom: vs[0:n])
    n++;
  }
}

void f(int n, int m, double *p)
{
  double sum = 0;
  int fa[4] = {1, 2, 3, 4}, x = 0, v = 0;
#pragma omp declare reduction(mymax: double: omp_out = omp_out > omp_in ? omp_out : omp_in) initializer(omp_priv = 0)
// An array reduction's private copies are arrays of constant size.
// CHECK: unsupported.c:[[@LINE+1]]:{{[0-9]+}}: sorry, unimplemented: reduction of 'p[0:n]' in a target region: the section's bounds must be constant
#pragma omp target teams distribute parallel for reduction(mymax: p[0:n])
  for (int i = 0; i < n; i++)
    p[i] = p[i] > sum ? p[i] : sum;
  int acc = 0;
// A scan's input phase runs twice in the kernel: it may not store.
#pragma omp target parallel for reduction(inscan, +: acc) map(tofrom: p[0:n])
  for (int i = 0; i < n; i++) {
// CHECK: unsupported.c:[[@LINE+1]]:{{[0-9]+}}: sorry, unimplemented: the input phase of a scan in a target region has a store to memory: it may only change the scan's variables and its own locals
    acc += (int)p[i]++;
#pragma omp scan inclusive(acc)
    p[i] = acc;
  }
  double va[n];
// CHECK: unsupported.c:[[@LINE+1]]:{{[0-9]+}}: sorry, unimplemented: reduction of 'va' in a target region: a variable-length array has no private copy of constant size
#pragma omp target teams distribute parallel for reduction(+: va)
  for (int i = 0; i < n; i++)
    va[i] += 1;
#pragma omp target teams distribute map(tofrom: p[0:8])
  for (int t = 0; t < 4; t++) {
// CHECK: unsupported.c:[[@LINE+1]]:{{[0-9]+}}: sorry, unimplemented: reduction of 'p[0:8:2]' in a target region: a section with a stride is not supported
#pragma omp parallel for reduction(+: p[0:8:2])
    for (int i = 0; i < 8; i++)
      p[i] += t;
  }
  int fv[n];
// CHECK: unsupported.c:[[@LINE+1]]:{{[0-9]+}}: sorry, unimplemented: firstprivate variable-length array 'fv' on a combined '#pragma omp target parallel' (a copy for each team or thread); put it on a 'target' of its own
#pragma omp target parallel firstprivate(fv)
  fv[0] = fa[0];
}
