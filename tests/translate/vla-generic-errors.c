// A variable-length array in device code is declared through the device
// library's storage (run/device-vla.c), except one of a generic kernel's
// serial code that a parallel region uses: the workers reach such a
// variable through the master's shared stack, sized at compile time.
// That is a sorry at the array, not nvcc's "expression must have a
// constant value" on the GPU build alone.
// RUN: not %ompicc-tr --kernels=%t.cu %s -o /dev/null 2> %t.err
// RUN: FileCheck %s --implicit-check-not=error: --implicit-check-not=sorry < %t.err
void note(void);
#pragma omp declare target(note)
void f(int n, double *out)
{
#pragma omp target map(tofrom: out[0:1])
  {
// CHECK: vla-generic-errors.c:[[@LINE+1]]:12: sorry, unimplemented: a variable-length array 'w' of a generic kernel's serial code that a parallel region uses (declare it in the region, or give it a constant length)
    double w[n];
    double alone[n]; /* used by the serial code only: taken */
    note();
    for (int i = 0; i < n; i++)
      w[i] = alone[i] = i;
#pragma omp parallel for reduction(+: out[0:1])
    for (int i = 0; i < n; i++)
      out[0] += w[i];
    out[0] += alone[n - 1];
  }
}
