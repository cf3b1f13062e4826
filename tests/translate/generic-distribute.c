// distribute parallel for in a generic kernel: the team's master runs the
// distribute loop and forks its team once per chunk, passing the chunk
// [lo, hi) by value after the shared variables; the region's for shares
// that chunk only, mapped back to the whole loop's iterations.
// OpenMP 5.2 11.5.3 (schedule), 11.6 (distribute).
// RUN: %ompicc-tr --unit-id=u1 --kernels=%t.cu %s -o /dev/null
// RUN: FileCheck %s < %t.cu
// CHECK-NOT: #pragma omp
// CHECK: static __device__ void __omp_par_{{[0-9]+}}_1(void **__ompicc_a)
// CHECK: const long long __ompicc_rlo = (long long)__ompicc_a[3], __ompicc_rhi = (long long)__ompicc_a[4];
// CHECK: __ompicc_for_init(&__ompicc_w[[W:[0-9]+]], __ompicc_rhi - __ompicc_rlo, OMPICC_SCHED_DYNAMIC, 2, 1);
// CHECK: __ompicc_lo[[W]] += __ompicc_rlo, __ompicc_hi[[W]] += __ompicc_rlo;
// a dynamic schedule's chunks are short: their loop is unrolled 4 times at most
// CHECK: #pragma unroll 4
// CHECK-NEXT: #line
// CHECK-NEXT: for (long long __ompicc_iv[[W]] = __ompicc_lo[[W]];
// CHECK: __global__ void __omp_generic_distribute_c_{{[0-9]+}}(
// CHECK: __ompicc_distribute_init(&__ompicc_w[[D:[0-9]+]], __ompicc_tot[[D]], 5);
// CHECK: while (__ompicc_for_next(&__ompicc_w[[D]], &__ompicc_lo[[D]], &__ompicc_hi[[D]])) {
// CHECK: __ompicc_a{{[0-9]+}}[3] = (void *)(__ompicc_lo[[D]]), __ompicc_a{{[0-9]+}}[4] = (void *)(__ompicc_hi[[D]]);
// CHECK-NEXT: __ompicc_fork<__ompicc_regions>(1, __ompicc_a{{[0-9]+}}, 0);
void f(int *a, int n)
{
  #pragma omp target teams map(tofrom: a[0:n])
  {
    int k = 3;
    #pragma omp distribute parallel for dist_schedule(static, 5) schedule(dynamic, 2)
    for (int i = 0; i < n; i++)
      a[i] = k * i;
  }
}
