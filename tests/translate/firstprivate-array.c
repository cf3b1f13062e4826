// A firstprivate array of constant size: by value, in a struct wrapper
// (the kernel file), copied into each thread's own array; on the host a
// literal map entry of the whole array and a copy for the fallback.
// RUN: %ompicc-tr --kernels=%t.cu %s -o %t.c
// RUN: FileCheck %s --check-prefix=KERN < %t.cu
// RUN: FileCheck %s --check-prefix=HOST < %t.c
void f(int *out)
{
  int fa[4] = {1, 2, 3, 4};
  double m2[2][3] = {{0}};
// KERN: struct __ompicc_fpa___omp_firstprivate_array_c_[[@LINE+7]]_fa { int a[4]; };
// KERN-NEXT: extern "C" __global__ void __omp_firstprivate_array_c_[[@LINE+6]](struct __ompicc_fpa___omp_firstprivate_array_c_[[@LINE+6]]_fa __ompicc_fpv_fa, int *out)
// KERN: struct __ompicc_fpa___omp_firstprivate_array_c_[[@LINE+5]]_fa __ompicc_fpl_fa = __ompicc_fpv_fa;
// KERN-NEXT: int (&fa)[4] = __ompicc_fpl_fa.a;
// KERN-NOT: {{^ *}}#pragma omp
// HOST: {(void *)(&fa), (void *)(&fa), (unsigned long)(sizeof(fa)), 0x200, "fa"},
// HOST: __typeof__(fa) __ompicc_fp_fa; __builtin_memcpy(__ompicc_fp_fa, fa, sizeof fa);
#pragma omp target firstprivate(fa) is_device_ptr(out)
  {
    fa[0]++;
    out[0] = fa[0];
  }
// KERN: struct __ompicc_fpa___omp_firstprivate_array_c_[[@LINE+4]]_m2 { double a[2][3]; };
// KERN: double (&m2)[2][3] = __ompicc_fpl_m2.a;
// KERN-NOT: {{^ *}}#pragma omp
// HOST: #pragma omp parallel for firstprivate(m2)
#pragma omp target teams distribute parallel for firstprivate(m2) is_device_ptr(out)
  for (int i = 0; i < 10; i++)
    out[i] = m2[i % 2][i % 3]++;
}
