// The walk of a collapsed rectangular nest of an SPMD kernel (OpenMP 5.2
// 4.4.3, devlib-cuda/omp-loop.h) is unrolled 4 times only when the
// nest's body holds a loop of its own: that made gemm 2.1 times faster on
// an H100, where a body without one (jacobi's stencil) ran as fast
// rolled, in less than half the code (codegen-cuda/kernels.c
// walk_unrolled).  A single loop's walk is never unrolled.  A stencil
// nest under the whole grid walks on a grid of as many dimensions
// (transform/offload.c offload_grid_dims); in one team (num_threads), or with a
// static schedule, it keeps the rolled walk of the collapsed space.
// RUN: %ompicc-tr --kernels=%t.cu %s -o %t.c
// RUN: FileCheck %s < %t.cu
void stencil(int n, float *a, const float *b)
{
// CHECK-LABEL: void __omp_collapse_unroll_c_{{[0-9]+}}__run(
// CHECK: __ompicc_for_grid<__ompicc_I>(__ompicc_total, __ompicc_ext,
#pragma omp target teams distribute parallel for collapse(2) map(to: b[0:n * n]) map(from: a[0:n * n])
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      a[i * n + j] = b[i * n + j - 1] + b[i * n + j + 1];
// CHECK-LABEL: void __omp_collapse_unroll_c_{{[0-9]+}}__run(
// CHECK: __ompicc_for_in<__ompicc_I>(threadIdx.x,
#pragma omp target parallel for collapse(2) num_threads(64) map(to: b[0:n * n]) map(from: a[0:n * n])
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      a[i * n + j] = b[i * n + j - 1] + b[i * n + j + 1];
// CHECK-LABEL: void __omp_collapse_unroll_c_{{[0-9]+}}__run(
// CHECK: __ompicc_chunks_init(
// CHECK: __ompicc_for_in<__ompicc_I>(__ompicc_lo,
#pragma omp target teams distribute parallel for collapse(2) schedule(static) map(to: b[0:n * n]) map(from: a[0:n * n])
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      a[i * n + j] = b[i * n + j - 1] + b[i * n + j + 1];
}

void product(int n, float *c, const float *a, const float *b)
{
// CHECK-LABEL: void __omp_collapse_unroll_c_{{[0-9]+}}__run(
// CHECK: __ompicc_for_in<__ompicc_I, 4>(
#pragma omp target teams distribute parallel for collapse(2) map(to: a[0:n * n], b[0:n * n]) map(from: c[0:n * n])
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      float s = 0;
      for (int k = 0; k < n; k++)
        s += a[i * n + k] * b[k * n + j];
      c[i * n + j] = s;
    }
}

void single(int n, float *c, const float *a)
{
// CHECK-LABEL: void __omp_collapse_unroll_c_{{[0-9]+}}__run(
// CHECK: __ompicc_for_in<__ompicc_I>(
#pragma omp target teams distribute parallel for map(to: a[0:n * n]) map(from: c[0:n])
  for (int i = 0; i < n; i++) {
    float s = 0;
    for (int k = 0; k < n; k++)
      s += a[i * n + k];
    c[i] = s;
  }
}
