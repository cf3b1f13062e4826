// An array lastprivate on an SPMD kernel's loop (OpenMP 5.2 5.4.5): each
// thread has an array of its own, copied to the original after the
// sequentially last iteration; with firstprivate too, copied from it
// first.  The threads used to write the original itself, a race that the
// CPU device rarely shows.
// RUN: %ompicc-tr --kernels=%t.cu %s -o %t.c
// RUN: FileCheck %s < %t.cu
void f(int *a, int n)
{
  int last[2], both[3] = {1, 2, 3};
// CHECK: void __omp_lastprivate_array_c_[[@LINE+1]]__run(
#pragma omp target teams distribute parallel for lastprivate(last) firstprivate(both) lastprivate(both) map(to: a[0:n])
  for (int i = 0; i < n; i++) {
    last[0] = a[i], last[1] = -a[i];
    both[i % 3] += a[i];
  }
// CHECK-NOT: (&last)[2] = *__ompicc_p_last
// CHECK: int last[2];
// CHECK: int both[3];
// CHECK-NEXT: __ompicc_assign(both, *__ompicc_p_both);
// CHECK: __ompicc_assign(*__ompicc_p_last, last);
}
