// '#pragma omp atomic' in kernels: each form one call of the device
// library (read and write real atomic accesses, capture the value before
// or after, min and max, x = e op x reversed), memory-order clauses as
// fences, in a generic kernel and an SPMD one.
// RUN: %ompicc-tr --unit-id=u1 --kernels=%t.cu %s -o %t.host.c
// RUN: FileCheck %s < %t.cu
// CHECK-NOT: #pragma omp
// CHECK: static __device__ void __omp_par_{{[0-9]+}}_1(void **__ompicc_a)
// CHECK: v = __ompicc_atomic_read(&(x));
// CHECK: __ompicc_atomic_write(&(x), (__typeof__(x))(v + 1));
// CHECK: v = __ompicc_atomic_capture(&(x), (__typeof__(x))1, __ompicc_op_add(), 0);
// CHECK: v = __ompicc_atomic_capture(&(x), (__typeof__(x))-1, __ompicc_op_add(), 1);
// CHECK: v = __ompicc_atomic_capture(&(x), (__typeof__(x))(3), __ompicc_op_mul(), 1);
// CHECK: v = __ompicc_atomic_capture(&(x), (__typeof__(x))(4), __ompicc_op_bitor(), 1);
// CHECK: v = __ompicc_atomic_capture(&(x), (__typeof__(x))(7), __ompicc_op_assign(), 0);
// CHECK: v = __ompicc_atomic_capture(&(x), (__typeof__(x))-(2), __ompicc_op_add(), 1);
// CHECK: v = __ompicc_atomic_capture(&(x), (__typeof__(x))(9), __ompicc_op_rev<__ompicc_op_sub>(), 0);
// CHECK: __ompicc_atomic(&(d), (__typeof__(d))(v), __ompicc_op_max());
// CHECK: __ompicc_atomic(&(d), (__typeof__(d))(v), __ompicc_op_min());
// CHECK: __ompicc_atomic(&(x), (__typeof__(x))(v), __ompicc_op_min());
// CHECK: __ompicc_atomic(&(x), (__typeof__(x))(1), __ompicc_op_shl());
// CHECK: __ompicc_atomic_fence(), __ompicc_atomic(&(x), (__typeof__(x))(2), __ompicc_op_rev<__ompicc_op_div>()), __ompicc_atomic_fence();
// CHECK: __ompicc_atomic_fence(), __ompicc_atomic_write(&(x), (__typeof__(x))(1));
// CHECK-NEXT: else
// CHECK: v = __ompicc_atomic_read(&(x)), __ompicc_atomic_fence();
// CHECK: __global__ void __omp_atomic_forms_c_{{[0-9]+}}(
// CHECK: __ompicc_spmd_begin();
// CHECK: a[i] = __ompicc_atomic_capture(&(x), (__typeof__(x))1, __ompicc_op_add(), 0);
int f(int *a, int n)
{
  int x = 0, v = 0;
  double d = 0;
  #pragma omp target map(tofrom: x, v, d)
  {
    x = 1;
    #pragma omp parallel num_threads(4) /* critical below: generic, not SPMD (team-loops.c) */
    {
      #pragma omp atomic read
      v = x;
      #pragma omp atomic write
      x = v + 1;
      #pragma omp atomic capture
      v = x++;
      #pragma omp atomic capture
      v = --x;
      #pragma omp atomic capture
      v = x *= 3;
      #pragma omp atomic capture
      { x |= 4; v = x; }
      #pragma omp atomic capture
      { v = x; x = 7; }
      #pragma omp atomic capture
      { x = x - 2; v = x; }
      #pragma omp atomic capture
      { v = x; x = 9 - x; }
      #pragma omp atomic compare
      d = d < v ? v : d;
      #pragma omp atomic compare
      d = v < d ? v : d;
      #pragma omp atomic compare
      if (x > v) { x = v; }
      #pragma omp atomic
      x <<= 1;
      #pragma omp atomic seq_cst
      x = 2 / x;
      if (v)
        #pragma omp atomic write release
        x = 1;
      else
        #pragma omp atomic read acquire
        v = x;
      #pragma omp critical
      d += 1;
    }
  }
  #pragma omp target teams distribute parallel for map(tofrom: a[0:n], x)
  for (int i = 0; i < n; i++)
    #pragma omp atomic capture
    a[i] = x++;
  return x + v;
}
