// A parallel region of a generic kernel reaches the serial code's
// variables through pointers in its argument block, and the master keeps
// them on the shared stack.  A scalar that nothing can change while the
// region runs (the team's own storage, whose address the kernel never
// takes, which the region neither assigns nor names in a clause), and a
// firstprivate one, travel by value in the block instead: the region's
// copy lives in a register (through a reference, nvcc reloads it after
// every store of the loop, bench/sass) and the master keeps the variable
// where it is.  tests/run/generic-read-only.c checks the cases that must
// stay references at run time; this one the kernel text.  OpenMP 5.2
// 5.1.1 and 5.4.2 (shared variables), 5.4.4 (firstprivate), 10.2.
// RUN: %ompicc-tr --kernels=%t.cu %s -o %t.c
// RUN: FileCheck %s < %t.cu
// RUN: FileCheck --check-prefix=MASTER %s < %t.cu
struct pt { int x, y; };

void f(int n, float s, float *x, float *y, struct pt p, double sum)
{
#pragma omp target teams map(to: x[0:n]) map(tofrom: y[0:n], sum)
  {
    int k = 2;
    volatile int v = 1;
    /* (a guided schedule keeps the region generic: team-loops.c) */
#pragma omp parallel for if (n > 1) schedule(guided)
    for (int i = 0; i < n; i++)
      y[i] = s * x[i] + k + p.x + v + sum;
  }
}
// CHECK-LABEL: void __omp_par_{{[0-9]+}}_1(void **__ompicc_a){{$}}
// CHECK-DAG: int n; __ompicc_slot_get(&n, &__ompicc_a[{{[0-9]}}]); /* by value */
// CHECK-DAG: float *y; __ompicc_slot_get(&y, &__ompicc_a[{{[0-9]}}]); /* by value */
// CHECK-DAG: float s; __ompicc_slot_get(&s, &__ompicc_a[{{[0-9]}}]); /* by value */
// CHECK-DAG: float *x; __ompicc_slot_get(&x, &__ompicc_a[{{[0-9]}}]); /* by value */
// CHECK-DAG: int k; __ompicc_slot_get(&k, &__ompicc_a[{{[0-9]}}]); /* by value */
// a struct, a volatile, and a scalar mapped by reference (device memory)
// CHECK-DAG: struct pt (&p) = *(struct pt (*))__ompicc_a[{{[0-9]}}];
// CHECK-DAG: volatile int (&v) = *(volatile int (*))__ompicc_a[{{[0-9]}}];
// CHECK-DAG: double (&sum) = *(double (*))__ompicc_a[{{[0-9]}}];
// CHECK: {{^}}}
// the master keeps k where it is and sends its value; v travels by address
// MASTER: __global__ void __omp_generic_read_only_c_19(
// MASTER: int k = 2;
// MASTER-NOT: &k = {{.*}}__ompicc_frame<
// MASTER: __ompicc_slot_set(&__ompicc_a{{[0-9]+}}[{{[0-9]}}], k);
// MASTER: __ompicc_a{{[0-9]+}}[{{[0-9]}}] = (void *)&v;

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
// CHECK-DAG: int a; __ompicc_slot_get(&a, &__ompicc_a[{{[0-9]}}]); /* by value */
// a lastprivate, a variable written in the region, one whose address is taken
// CHECK-DAG: int (&b) = *(int (*))__ompicc_a[{{[0-9]}}];
// CHECK-DAG: int (&c) = *(int (*))__ompicc_a[{{[0-9]}}];
// CHECK-DAG: int (&d) = *(int (*))__ompicc_a[{{[0-9]}}];
// CHECK: {{^}}}

void h(int n, int *out)
{
#pragma omp target teams map(tofrom: out[0:1])
  {
    int e = 5;
#pragma omp parallel if (n > 1) firstprivate(e)
    {
      e += n;
#pragma omp critical /* (generic: team-loops.c) */
      out[0] += e;
    }
  }
}
// a firstprivate scalar travels by value, though the region writes its copy
// CHECK-LABEL: void __omp_par_{{[0-9]+}}_3(void **__ompicc_a){{$}}
// CHECK: int e; __ompicc_slot_get(&e, &__ompicc_a[{{[0-9]}}]); /* by value */
