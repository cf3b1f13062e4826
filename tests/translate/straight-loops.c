// A body whose only loops have small constant trip counts (a stencil's
// -1..1, at most 32 iterations of such loops nested) runs a fixed amount
// of straight code, as nvcc unrolls those loops whole: the nest walks on
// a grid of as many dimensions, or rolled in one dimension, like a body
// without loops.  A loop whose trip count is not such a constant (a
// variable bound, a long loop, a body that changes the variable, a
// while loop, a != test the variable steps over) makes the walk of the
// collapsed space unrolled 4 times (transform/offload.c
// offload_body_loops, codegen-cuda/kernels.c walk_unrolled; OpenMP 5.2
// 4.4.1 for the loop forms, 11.5.3 for the distribution that is the
// implementation's to choose).
// RUN: %ompicc-tr --kernels=%t.cu %s -o %t.c
// RUN: FileCheck %s < %t.cu
enum { R = 1 };

void stencil(long n, float *a, const float *b)
{
// CHECK-LABEL: void __omp_straight_loops_c_{{[0-9]+}}__run(
// CHECK: __ompicc_for_grid<__ompicc_I>(__ompicc_total, __ompicc_ext,
#pragma omp target teams distribute parallel for collapse(3) map(to: b[0:n * n * n]) map(from: a[0:n * n * n])
  for (long i = 1; i < n - 1; i++)
    for (long j = 1; j < n - 1; j++)
      for (long k = 1; k < n - 1; k++) {
        float s = 0;
        for (int x = -1; x <= 1; x++)
          for (int y = -R; y <= R; y++)
            for (int z = 1; z >= -1; z--)
              s += b[((i + x) * n + j + y) * n + k + z];
        a[(i * n + j) * n + k] = s;
      }
// in one dimension: rolled
// CHECK-LABEL: void __omp_straight_loops_c_{{[0-9]+}}__run(
// CHECK: __ompicc_for_in<__ompicc_I>(__ompicc_lo,
#pragma omp target teams distribute parallel for collapse(2) schedule(static) map(to: b[0:n * n]) map(from: a[0:n * n])
  for (long i = 1; i < n - 1; i++)
    for (long j = 1; j < n - 1; j++) {
      float s = 0;
      for (int x = 0; x < (int)(sizeof(float) * 2); x += 2)
        for (int y = 0; y != 4; y++)
          s += b[(i + x % 2) * n + j + y % 2];
      a[i * n + j] = s;
    }
}

void loops(long n, int m, float *a, const float *b)
{
// a variable bound
// CHECK-LABEL: void __omp_straight_loops_c_{{[0-9]+}}__run(
// CHECK: __ompicc_for_in<__ompicc_I, 4>(
#pragma omp target teams distribute parallel for collapse(2) map(to: b[0:n * n]) map(from: a[0:n * n])
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++) {
      float s = 0;
      for (int x = 0; x < m; x++)
        s += b[i * n + (j + x) % n];
      a[i * n + j] = s;
    }
// 4 x 4 x 4 iterations: more than nvcc unrolls whole
// CHECK-LABEL: void __omp_straight_loops_c_{{[0-9]+}}__run(
// CHECK: __ompicc_for_in<__ompicc_I, 4>(
#pragma omp target teams distribute parallel for collapse(2) map(to: b[0:n * n]) map(from: a[0:n * n])
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++) {
      float s = 0;
      for (int x = 0; x < 4; x++)
        for (int y = 0; y < 4; y++)
          for (int z = 0; z < 4; z++)
            s += b[i * n + (j + x + y + z) % n];
      a[i * n + j] = s;
    }
// a long loop
// CHECK-LABEL: void __omp_straight_loops_c_{{[0-9]+}}__run(
// CHECK: __ompicc_for_in<__ompicc_I, 4>(
#pragma omp target teams distribute parallel for collapse(2) map(to: b[0:n * n]) map(from: a[0:n * n])
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++) {
      float s = 0;
      for (int x = 0; x < 100; x++)
        s += b[i * n + (j + x) % n];
      a[i * n + j] = s;
    }
// the body changes the variable
// CHECK-LABEL: void __omp_straight_loops_c_{{[0-9]+}}__run(
// CHECK: __ompicc_for_in<__ompicc_I, 4>(
#pragma omp target teams distribute parallel for collapse(2) map(to: b[0:n * n]) map(from: a[0:n * n])
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++) {
      float s = 0;
      for (int x = 0; x < 3; x++)
        if (b[i * n + j] < 0)
          x--;
      a[i * n + j] = s;
    }
// a != test that the step jumps over: not a canonical loop of 5.2 4.4.1
// CHECK-LABEL: void __omp_straight_loops_c_{{[0-9]+}}__run(
// CHECK: __ompicc_for_in<__ompicc_I, 4>(
#pragma omp target teams distribute parallel for collapse(2) map(to: b[0:n * n]) map(from: a[0:n * n])
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++) {
      float s = 0;
      for (int x = 0; x != 5; x += 2)
        s += b[i * n + j];
      a[i * n + j] = s;
    }
// a while loop
// CHECK-LABEL: void __omp_straight_loops_c_{{[0-9]+}}__run(
// CHECK: __ompicc_for_in<__ompicc_I, 4>(
#pragma omp target teams distribute parallel for collapse(2) map(to: b[0:n * n]) map(from: a[0:n * n])
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++) {
      int x = 3;
      float s = 0;
      while (x--)
        s += b[i * n + j];
      a[i * n + j] = s;
    }
}
