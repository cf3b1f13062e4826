// A variable-length array private or firstprivate on a parallel region
// nested in a target region: each thread's copy would need storage of a
// size known at run time, which the kernel's region function does not
// make (nvcc has no variable-length arrays).  That is a sorry naming the
// variable and the clause; it was a kernel file that nvcc refused
// ("expression must have a constant value") and g++ miscompiled.
// RUN: not %ompicc-tr --kernels=%t.cu %s -o /dev/null 2> %t.err
// RUN: FileCheck %s --implicit-check-not=error: --implicit-check-not=sorry < %t.err
void f(int n, double *out)
{
#pragma omp target firstprivate(n) map(tofrom: out[0:8])
  {
    double vla[n];
    for (int i = 0; i < n; i++)
      vla[i] = i;
// CHECK: region-vla-copies.c:[[@LINE+1]]:9: sorry, unimplemented: 'vla', a variable-length array, private on a parallel region of a generic kernel
#pragma omp parallel for private(vla)
    for (int i = 0; i < n; i++) {
      vla[i] = i;
      out[i] = vla[i];
    }
// CHECK: region-vla-copies.c:[[@LINE+1]]:9: sorry, unimplemented: 'vla', a variable-length array, firstprivate on a parallel region of a generic kernel
#pragma omp parallel for firstprivate(vla)
    for (int i = 0; i < n; i++)
      out[i] += vla[n - 1 - i];
  }
}
