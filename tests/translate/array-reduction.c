// An array in a reduction clause: each thread's private copy is a flat
// array initialised element by element and seen under the variable's
// name (a reference of its type, or for a section a pointer placed so
// that the body's subscripts index it as the original); the copies are
// combined element by element at the end.
// RUN: %ompicc-tr --kernels=%t.cu %s -o %t.c
// RUN: FileCheck %s < %t.cu
// CHECK: void __omp_array_reduction_c_{{[0-9]+}}__run(int (*__ompicc_p_h)[8], long *__ompicc_o_s, int n)
// CHECK-NEXT: {
// CHECK-NEXT: int (&__ompicc_o_h)[8] = *__ompicc_p_h;
// CHECK-NEXT: __typeof__(__ompicc_o_h[0]) __ompicc_rp_h[8];
// CHECK-NEXT: for (long long __ompicc_k = 0; __ompicc_k < 8; __ompicc_k++) __ompicc_rp_h[__ompicc_k] = 0;
// CHECK-NEXT: int (&h)[8] = *(int (*)[8])(void *)__ompicc_rp_h;
// CHECK-NEXT: __typeof__(__ompicc_o_s[0]) __ompicc_rp_s[4];
// CHECK-NEXT: for (long long __ompicc_k = 0; __ompicc_k < 4; __ompicc_k++) __ompicc_rp_s[__ompicc_k] = __ompicc_red_lowest((__ompicc_o_s + 2)[__ompicc_k]);
// CHECK-NEXT: __typeof__(&__ompicc_o_s[0]) s = __ompicc_below(__ompicc_rp_s, 2);
// CHECK: h[i % 8] += 1;
// CHECK-NEXT: s[2 + i % 4] = s[2 + i % 4] > i ? s[2 + i % 4] : i;
// CHECK: __ompicc_reduce_n(__ompicc_o_h, __ompicc_rp_h, 8, __ompicc_op_add());
// CHECK-NEXT: __ompicc_reduce_n((__ompicc_o_s + 2), __ompicc_rp_s, 4, __ompicc_op_max());
void f(long *s, int n)
{
  int h[8] = {0};
#pragma omp target teams distribute parallel for reduction(+: h) reduction(max: s[2:4])
  for (int i = 0; i < n; i++) {
    h[i % 8] += 1;
    s[2 + i % 4] = s[2 + i % 4] > i ? s[2 + i % 4] : i;
  }
}
