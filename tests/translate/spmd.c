// SPMD kernels of combined loop constructs: kernel signature, map flags,
// the grid-stride loop, reductions, no directive left in the kernel, remarks.
// RUN: %ompicc-tr --unit-id=u1 --remarks --kernels=%t.cu %s -o %t.host.c 2> %t.rem
// RUN: FileCheck --check-prefix=HOST %s < %t.host.c
// RUN: FileCheck --check-prefix=KERN %s < %t.cu
// RUN: FileCheck --check-prefix=REM %s < %t.rem
// KERN-NOT: #pragma omp
// HOST: static __ompicc_region __ompicc_region_0 = {"__omp_spmd_c_{{[0-9]+}}", "spmd.c:{{[0-9]+}}:9", 0, 1, 0, 0, .hints = 38 /* OMPICC_REGION_TEAMS | OMPICC_REGION_WIDE | OMPICC_REGION_ONCE */, .readonly = 0x1ull, .unit_of = __ompicc_this_unit_of};
int omp_get_thread_num(void);
#pragma omp declare target
static int helper(int i) { return i; }
#pragma omp end declare target
void saxpy(int n, float a, float *x, float *y, double *s, int m[10][20])
{
  double sum = 0;
  int mx = 0;
#pragma omp target teams distribute parallel for map(to: x[0:n]) map(tofrom: y[0:n]) reduction(+: sum) reduction(max: mx)
  for (int i = 0; i < n; i++) {
    y[i] = a * x[i] + y[i];
    sum += y[i];
    mx = i > mx ? i : mx;
  }
// HOST: __ompicc_map __ompicc_m[6] = {
// HOST-NEXT: {(void *)(x), (void *)(&(x)[0]), (unsigned long)((n) * sizeof((x)[0])), 0x101, "x[0:n]"},
// HOST-NEXT: {(void *)(y), (void *)(&(y)[0]), (unsigned long)((n) * sizeof((y)[0])), 0x103, "y[0:n]"},
// HOST-NEXT: {(void *)(&sum), (void *)(&sum), (unsigned long)(sizeof(sum)), 0x143, "sum"},
// HOST-NEXT: {(void *)(&mx), (void *)(&mx), (unsigned long)(sizeof(mx)), 0x143, "mx"},
// HOST-NEXT: {(void *)(&n), (void *)(&n), (unsigned long)(sizeof(n)), 0x240, "n"},
// HOST-NEXT: {(void *)(&a), (void *)(&a), (unsigned long)(sizeof(a)), 0x240, "a"},
// HOST: if (__ompicc_target(&__ompicc_region_0, (-2147483647L - 1), 6, __ompicc_m, 0, 0, ((n) > (0)
// HOST: #pragma omp parallel for reduction(+: sum) reduction(max: mx)
// KERN: /* #pragma omp target teams distribute parallel for {{.*}} (spmd.c:[[@LINE-15]]:9) */
// KERN-NEXT: template <typename __ompicc_I>
// KERN-NEXT: static __device__ __forceinline__ void __omp_spmd_c_[[@LINE-17]]__run(float *x, float *y, double *__ompicc_p_sum, int *__ompicc_p_mx, int n, float a)
// KERN: double sum = 0;
// KERN-NEXT: int mx = __ompicc_red_lowest(*__ompicc_p_mx);
// KERN: const long long __ompicc_ext[] = {__ompicc_n0};
// KERN-NEXT: __ompicc_for_in<__ompicc_I>((long long)blockIdx.x * blockDim.x + threadIdx.x, __ompicc_total, (long long)gridDim.x * blockDim.x, __ompicc_ext,
// KERN-NEXT: [&](auto __ompicc_iv, auto *__ompicc_k) {
// KERN-NEXT: int i = (0) + ((long long)__ompicc_k[0]) * (1);
// KERN: __ompicc_reduce(__ompicc_p_sum, sum, __ompicc_op_add());
// KERN-NEXT: __ompicc_reduce(__ompicc_p_mx, mx, __ompicc_op_max());
// KERN: extern "C" void __omp_spmd_c_{{[0-9]+}}__emu(void **args)
// REM: spmd.c:[[@LINE-27]]:9: remark: target region '__omp_spmd_c_[[@LINE-27]]' is SPMD: combined loop construct
// REM: remark: implicit map of 'n': firstprivate

  *s = sum;
#pragma omp target parallel for collapse(2) lastprivate(mx) num_threads(64)
  for (int i = 0; i < 10; i++)
    for (int j = 19; j >= 0; j -= 2)
      mx = m[i][j];
// HOST: __ompicc_target(&__ompicc_region_1, (-2147483647L - 1), 2, __ompicc_m, 1, (64),
// KERN: void __omp_spmd_c_{{[0-9]+}}__run(int *__ompicc_p_mx, int m[10][20])
// KERN: int j = (19) - ((long long)__ompicc_k[1]) * (2);
// KERN: if (__ompicc_iv == __ompicc_total - 1) {
// KERN-NEXT: *__ompicc_p_mx = mx;
// REM: remark: target region '__omp_spmd_c_{{[0-9]+}}' is SPMD: parallel loop

#pragma omp target
  {
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      x[i] = 0;
  }
// nothing in the loop can tell its team: the grid runs it as one team
// HOST: __ompicc_target(&__ompicc_region_2, (-2147483647L - 1), 2, __ompicc_m, 0, 0,
// KERN: /* #pragma omp target (spmd.c
// REM: remark: target region '__omp_spmd_c_{{[0-9]+}}' is SPMD: parallel loop whose iterations cannot tell their team's size or their thread
#pragma omp target parallel for
  for (int i = 0; i < n; i++)
    x[i] = omp_get_thread_num();
// an iteration that asks for its thread: one team, a block
// HOST: __ompicc_target(&__ompicc_region_3, (-2147483647L - 1), 2, __ompicc_m, 1, 0,
// REM: remark: target region '__omp_spmd_c_{{[0-9]+}}' is SPMD: parallel loop: the threads of one team run the loop
#pragma omp target parallel for
  for (int i = 0; i < n; i++)
    x[i] = helper(i);
// a call of the program's: it might ask
// HOST: __ompicc_target(&__ompicc_region_4, (-2147483647L - 1), 2, __ompicc_m, 1, 0,
// REM: remark: target region '__omp_spmd_c_{{[0-9]+}}' is SPMD: parallel loop: the threads of one team run the loop
}
// HOST: extern const unsigned char __ompicc_img_u1_cuda[] __attribute__((weak));
