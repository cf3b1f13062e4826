// A parallel region of a generic kernel reaches the serial code's
// variables through pointers in its argument block.  A scalar that
// nothing can change while the region runs (the team's own storage,
// whose address the kernel never takes, which the region neither assigns
// nor names in a clause) is read once into a copy of the region's own, so
// that it lives in a register: through a reference, nvcc reloads it after
// every store of the loop (bench/sass).  tests/run/generic-read-only.c
// checks the cases that must stay references at run time; this one the
// kernel text.  OpenMP 5.2 5.1.1 and 5.4.2 (shared variables), 10.2.
// RUN: %ompicc-tr --kernels=%t.cu %s -o %t.c
// RUN: FileCheck %s < %t.cu
struct pt { int x, y; };

void f(int n, float s, float *x, float *y, struct pt p, double sum)
{
#pragma omp target teams map(to: x[0:n]) map(tofrom: y[0:n], sum)
  {
    int k = 2;
    volatile int v = 1;
#pragma omp parallel for if (n > 1)
    for (int i = 0; i < n; i++)
      y[i] = s * x[i] + k + p.x + v + sum;
  }
}
// CHECK-LABEL: void __omp_par_{{[0-9]+}}_1(void **__ompicc_a){{$}}
// CHECK-DAG: int n = *(int (*))__ompicc_a[{{[0-9]}}]; /* only read here */
// CHECK-DAG: float *y = *(float *(*))__ompicc_a[{{[0-9]}}]; /* only read here */
// CHECK-DAG: float s = *(float (*))__ompicc_a[{{[0-9]}}]; /* only read here */
// CHECK-DAG: float *x = *(float *(*))__ompicc_a[{{[0-9]}}]; /* only read here */
// CHECK-DAG: int k = *(int (*))__ompicc_a[{{[0-9]}}]; /* only read here */
// a struct, a volatile, and a scalar mapped by reference (device memory)
// CHECK-DAG: struct pt (&p) = *(struct pt (*))__ompicc_a[{{[0-9]}}];
// CHECK-DAG: volatile int (&v) = *(volatile int (*))__ompicc_a[{{[0-9]}}];
// CHECK-DAG: double (&sum) = *(double (*))__ompicc_a[{{[0-9]}}];
// CHECK: {{^}}}

void g(int n, int *out)
{
#pragma omp target teams map(from: out[0:n])
  {
    int a = 1, b = 2, c = 3, d = 4, *pd = &d;
#pragma omp parallel if (n > 1)
    {
#pragma omp for lastprivate(b)
      for (int i = 0; i < n; i++)
        b = i;
#pragma omp single
      c = 5;
      *pd = 6;
      out[0] = a + b + c + d;
    }
  }
}
// CHECK-LABEL: void __omp_par_{{[0-9]+}}_2(void **__ompicc_a){{$}}
// CHECK-DAG: int a = *(int (*))__ompicc_a[{{[0-9]}}]; /* only read here */
// a lastprivate, a variable written in the region, one whose address is taken
// CHECK-DAG: int (&b) = *(int (*))__ompicc_a[{{[0-9]}}];
// CHECK-DAG: int (&c) = *(int (*))__ompicc_a[{{[0-9]}}];
// CHECK-DAG: int (&d) = *(int (*))__ompicc_a[{{[0-9]}}];
// CHECK: {{^}}}
