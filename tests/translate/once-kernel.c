// The SPMD loops that come with a third kernel, NAME__once, for one
// iteration per thread (transform/offload.c offload_once_kernel; the
// runtime launches it when the grid covers the loop,
// OMPICC_REGION_ONCE): those of target teams distribute parallel for and
// target parallel for (a team whose threads may cover the loop) over a
// single loop or a collapsed rectangular nest walked on a 1-D grid, and
// the distribute loops of target teams distribute, over parallel loops
// or not (one iteration per team), whose iterations are the
// implementation's to distribute (OpenMP 5.2 11.5.3, 11.6.1).  Not a nest
// on a 2-D or 3-D grid (its walk has no loop to spare), not a loop with a
// schedule or dist_schedule clause, not a non-rectangular nest (whose
// size the runtime does not know), nor a generic kernel (ordered).
// RUN: %ompicc-tr --unit-id=u1 --kernels=%t.cu %s -o %t.c
// RUN: FileCheck --check-prefix=KERN %s < %t.cu
// RUN: FileCheck --check-prefix=HOST %s < %t.c
// RUN: FileCheck --check-prefix=NONE %s < %t.cu

void f(int n, float *a, const float *b)
{
// KERN: extern "C" __global__ void __omp_once_kernel_c_[[@LINE+6]](const float *__restrict__ b, float *a, int n)
// KERN: extern "C" __global__ void __omp_once_kernel_c_[[@LINE+5]]__wide(const float *b, float *a, int n)
// KERN: extern "C" __global__ void __omp_once_kernel_c_[[@LINE+4]]__once(const float *__restrict__ b, float *a, int n)
// KERN-NEXT: {
// KERN-NEXT:   __omp_once_kernel_c_[[@LINE+2]]__run<__ompicc_once>(b, a, n);
// HOST: __ompicc_region_0 = {{.*}}.hints = 38 /* OMPICC_REGION_TEAMS | OMPICC_REGION_WIDE | OMPICC_REGION_ONCE */
#pragma omp target teams distribute parallel for map(to: b[0:n]) map(tofrom: a[0:n])
  for (int i = 0; i < n; i++)
    a[i] += b[i];
// a nest whose body holds a loop: walked on a 1-D grid, unrolled in NAME
// KERN: __omp_once_kernel_c_[[@LINE+4]]__run(
// KERN: __ompicc_for_in<__ompicc_I, 4>(
// KERN: __global__ void __omp_once_kernel_c_[[@LINE+2]]__once(
// HOST: __ompicc_region_1 = {{.*}} | OMPICC_REGION_ONCE */
#pragma omp target teams distribute parallel for collapse(2) map(to: b[0:n]) map(tofrom: a[0:n * n])
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        a[i * n + j] += b[k];
// HOST: __ompicc_region_2 = {{.*}}.hints = 22 /* OMPICC_REGION_TEAMS | OMPICC_REGION_WIDE | OMPICC_REGION_GRID */
#pragma omp target teams distribute parallel for collapse(2) map(tofrom: a[0:n * n])
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      a[i * n + j] += 1;
// HOST: __ompicc_region_3 = {{.*}}.hints = 6 /* OMPICC_REGION_TEAMS | OMPICC_REGION_WIDE */
#pragma omp target teams distribute parallel for schedule(static) map(tofrom: a[0:n])
  for (int i = 0; i < n; i++)
    a[i] += 1;
// HOST: __ompicc_region_4 = {{.*}}.hints = 6 /* OMPICC_REGION_TEAMS | OMPICC_REGION_WIDE */
#pragma omp target teams distribute parallel for dist_schedule(static, 64) map(tofrom: a[0:n])
  for (int i = 0; i < n; i++)
    a[i] += 1;
// (a generic kernel)
// HOST: __ompicc_region_5 = {{.*}}.hints = 2 /* OMPICC_REGION_TEAMS */
#pragma omp target teams distribute parallel for ordered map(tofrom: a[0:n])
  for (int i = 0; i < n; i++) {
#pragma omp ordered
    a[i] += 1;
  }
// one team: its block's threads may cover the loop
// KERN: __global__ void __omp_once_kernel_c_[[@LINE+2]]__once(
// HOST: __ompicc_region_6 = {{.*}}.hints = 36 /* OMPICC_REGION_WIDE | OMPICC_REGION_ONCE */
#pragma omp target parallel for map(tofrom: a[0:n])
  for (int i = 0; i < n; i++)
    a[i] += 1;
// a distribute loop alone, one iteration per team
// KERN: __global__ void __omp_once_kernel_c_[[@LINE+2]]__once(
// HOST: __ompicc_region_7 = {{.*}}.hints = 38 /* OMPICC_REGION_TEAMS | OMPICC_REGION_WIDE | OMPICC_REGION_ONCE */
#pragma omp target teams distribute map(tofrom: a[0:n])
  for (int i = 0; i < n; i++)
    a[i] += 1;
// HOST: __ompicc_region_8 = {{.*}}.hints = 2 /* OMPICC_REGION_TEAMS */
#pragma omp target teams distribute parallel for collapse(2) map(tofrom: a[0:n * n])
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j++)
      a[i * n + j] += 1;
// HOST: __ompicc_region_9 = {{.*}}.hints = 6 /* OMPICC_REGION_TEAMS | OMPICC_REGION_WIDE */
#pragma omp target teams distribute parallel for schedule(guided) map(tofrom: a[0:n])
  for (int i = 0; i < n; i++)
    a[i] += 1;
// a distribute loop over parallel loops, one iteration per team; with
// dist_schedule, none
// KERN: __global__ void __omp_once_kernel_c_[[@LINE+2]]__once(
// HOST: __ompicc_region_10 = {{.*}}.hints = 46 /* OMPICC_REGION_TEAMS | OMPICC_REGION_WIDE | OMPICC_REGION_TEAM_LOOPS | OMPICC_REGION_ONCE */
#pragma omp target teams distribute map(tofrom: a[0:n * n])
  for (int i = 0; i < n; i++) {
#pragma omp parallel for
    for (int j = 0; j < n; j++)
      a[i * n + j] += 1;
  }
// HOST: __ompicc_region_11 = {{.*}}.hints = 14 /* OMPICC_REGION_TEAMS | OMPICC_REGION_WIDE | OMPICC_REGION_TEAM_LOOPS */
#pragma omp target teams distribute dist_schedule(static, 2) map(tofrom: a[0:n * n])
  for (int i = 0; i < n; i++) {
#pragma omp parallel for
    for (int j = 0; j < n; j++)
      a[i * n + j] += 1;
  }
}
// only those five regions have the kernel
// NONE-COUNT-5: void __omp_once_kernel_c_{{[0-9]+}}__once(
// NONE-NOT: __once(
