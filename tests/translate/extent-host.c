// The extents of an SPMD loop nest come from the host's values when the
// bounds are firstprivate scalars, enum constants and literals (OpenMP
// 5.2 5.4.4: a firstprivate copy is initialized with the original's value
// at the construct).  The host's trip count (OpenMP 5.2 4.4.1) then
// decides which kernel runs, and the 32-bit kernel, which the runtime
// launches only for a nest whose every loop runs, need not test each loop
// again (__ompicc_extent, devlib-cuda/omp-loop.h).  Bounds that may
// differ on the device (a mapped variable, a global, a call) keep the
// test in both kernels.
// RUN: %ompicc-tr --kernels=%t.cu %s -o %t.c
// RUN: FileCheck %s < %t.cu
#pragma omp declare target
int global_n;
int limit(void);
#pragma omp end declare target
enum { FIRST = 1 };

void scalars(long n, int m, double *a)
{
// CHECK-LABEL: void __omp_extent_host_c_{{[0-9]+}}_extent_host_c__run(
// CHECK: __ompicc_n0 = __ompicc_extent<__ompicc_I>((n - 1) > (FIRST), ((long long)(n - 1) - (long long)(FIRST)));
// CHECK: __ompicc_n1 = __ompicc_extent<__ompicc_I>((m) >= (0), ((long long)(m) - (long long)(0)) / (2) + 1);
#pragma omp target teams distribute parallel for collapse(2) map(tofrom: a[0:n])
  for (long i = FIRST; i < n - 1; i++)
    for (int j = 0; j <= m; j += 2)
      a[i] += j;
}

void mapped(long n, double *a)
{
// CHECK-LABEL: void __omp_extent_host_c_{{[0-9]+}}_extent_host_c__run(
// CHECK: __ompicc_n0 = ((n) > (0) ? {{.*}} : 0);
#pragma omp target teams distribute parallel for map(tofrom: a[0:n], n)
  for (long i = 0; i < n; i++)
    a[i] = 1;
// CHECK-LABEL: void __omp_extent_host_c_{{[0-9]+}}_extent_host_c__run(
// CHECK: __ompicc_n0 = ((global_n) > (0) ? {{.*}} : 0);
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i < global_n; i++)
    a[i] = 2;
// CHECK-LABEL: void __omp_extent_host_c_{{[0-9]+}}_extent_host_c__run(
// CHECK: __ompicc_n0 = ((limit()) > (0) ? {{.*}} : 0);
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i < limit(); i++)
    a[i] = 3;
}

/* sizeof does not evaluate its operand: the host's value too */
void sizes(double *a, int n)
{
  double buf[16];
// CHECK-LABEL: void __omp_extent_host_c_{{[0-9]+}}_extent_host_c__run(
// CHECK: __ompicc_n0 = __ompicc_extent<__ompicc_I>(
#pragma omp target teams distribute parallel for map(tofrom: a[0:16]) map(to: buf)
  for (int i = 0; i < (int)(sizeof buf / sizeof buf[0]); i++)
    a[i] = buf[i];
/* a VLA's size is evaluated */
  double vla[n];
// CHECK-LABEL: void __omp_extent_host_c_{{[0-9]+}}_extent_host_c__run(
// CHECK: __ompicc_n0 = (((int)(sizeof vla / sizeof vla[0])) > (0) ?
#pragma omp target teams distribute parallel for map(tofrom: a[0:16]) map(to: vla)
  for (int i = 0; i < (int)(sizeof vla / sizeof vla[0]); i++)
    a[i] = vla[i];
}
