// Generic kernels: the remark, the region function reached through the
// switch, shared variables on the shared stack, the fork, SPMD kernels of
// the same file starting with __ompicc_spmd_begin.
// RUN: %ompicc-tr --unit-id=u1 --remarks --kernels=%t.cu %s -o %t.host.c 2> %t.rem
// RUN: FileCheck --check-prefix=REM %s < %t.rem
// RUN: FileCheck --check-prefix=KERN %s < %t.cu
// RUN: FileCheck --check-prefix=HOST %s < %t.host.c
// REM: remark: target region '__omp_generic_remark_c_{{[0-9]+}}' is generic: '#pragma omp parallel' at line {{[0-9]+}}
// REM: remark: target region '__omp_generic_remark_c_{{[0-9]+}}' is SPMD
// KERN-NOT: #pragma omp
// KERN: #include "ompicc-generic.h"
// KERN: struct __ompicc_regions {
// KERN: case 1: __omp_par_{{[0-9]+}}_1((void **)args); break;
// KERN: static __device__ void __omp_par_{{[0-9]+}}_1(void **__ompicc_a)
// KERN: int (&sum) = *(int (*))__ompicc_a[{{[0-9]+}}];
// KERN: __ompicc_for_init(&__ompicc_w{{[0-9]+}}, __ompicc_tot{{[0-9]+}}, OMPICC_SCHED_DYNAMIC, 4, 1);
// KERN: __ompicc_for_fini(0, 1);
// KERN: __global__ void __omp_generic_remark_c_{{[0-9]+}}(
// KERN: if (!__ompicc_generic_begin<__ompicc_regions>(OMPICC_SCHED_STATIC, 0, 0, __ompicc_thread_limit))
// KERN: &sum = *(decltype(__ompicc_i_sum) *)__ompicc_frame<{{[0-9]+}}, (sizeof __ompicc_i_sum)>();
// KERN: __ompicc_fork<__ompicc_regions>(1, __ompicc_a{{[0-9]+}}, (int)(64));
// KERN: __ompicc_generic_end();
// KERN: void __omp_generic_remark_c_{{[0-9]+}}__run(
// KERN-NEXT: {
// KERN: __ompicc_spmd_begin();
// HOST: static __ompicc_region __ompicc_region_0 = {"__omp_generic_remark_c_{{[0-9]+}}", "generic-remark.c:{{[0-9]+}}:{{[0-9]+}}", 0, 2, 0, 0, .hints = 0, .unit_of = __ompicc_this_unit_of};
// HOST: __ompicc_target(&__ompicc_region_0, {{.*}}, 1, 0, -1)
int f(int *a, int n)
{
  int r = 0;
  #pragma omp target map(tofrom: a[0:n], r)
  {
    int sum = 0;
    #pragma omp parallel num_threads(64)
    {
      #pragma omp for schedule(dynamic, 4)
      for (int i = 0; i < n; i++) {
        #pragma omp atomic
        sum += a[i];
      }
    }
    r = sum;
  }
  #pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i < n; i++)
    a[i]++;
  return r;
}
