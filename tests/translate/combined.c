// Each combined construct: the kernel's loop shape (the whole grid, the
// threads of one block, one thread per team), the team and thread counts
// the call passes (0: the runtime chooses), and the fallback's directive
// (teams and distribute dropped: the host runs one team).
// RUN: %ompicc-tr --kernels=%t.cu %s -o %t.c
// RUN: FileCheck %s --check-prefix=KERN < %t.cu
// RUN: FileCheck %s --check-prefix=HOST < %t.c
void f(int n, double *p)
{
// KERN: void __omp_combined_c_[[@LINE+5]]__run(
// KERN: __ompicc_for_in<__ompicc_I>((long long)blockIdx.x * blockDim.x + threadIdx.x,
// HOST-LABEL: /* #pragma omp target teams distribute parallel for simd map(tofrom: p[0:n])
// HOST: __ompicc_target(&__ompicc_region_0, {{.*}}, 2, __ompicc_m, 0, 0, {{.*}}) != 0)
// HOST: #pragma omp parallel for simd{{$}}
#pragma omp target teams distribute parallel for simd map(tofrom: p[0:n])
  for (int i = 0; i < n; i++) p[i] += 1;
// KERN: void __omp_combined_c_[[@LINE+5]]__run(
// KERN: __ompicc_for_in<__ompicc_I>(threadIdx.x,
// HOST-LABEL: /* #pragma omp target parallel for map(tofrom: p[0:n]) num_threads(64)
// HOST: __ompicc_target(&__ompicc_region_1, {{.*}}, 2, __ompicc_m, 1, (64), {{.*}}) != 0)
// HOST: #pragma omp parallel for num_threads(64){{$}}
#pragma omp target parallel for map(tofrom: p[0:n]) num_threads(64)
  for (int i = 0; i < n; i++) p[i] += 1;
// one team that cannot tell its size: the whole grid (offload.c team_blind)
// KERN: void __omp_combined_c_[[@LINE+4]]__run(
// KERN: __ompicc_for_in<__ompicc_I>((long long)blockIdx.x * blockDim.x + threadIdx.x,
// HOST-LABEL: /* #pragma omp target parallel for simd
// HOST: #pragma omp parallel for simd{{$}}
#pragma omp target parallel for simd map(tofrom: p[0:n])
  for (int i = 0; i < n; i++) p[i] += 1;
// KERN: void __omp_combined_c_[[@LINE+5]]__run(
// KERN: __ompicc_for_in<__ompicc_I>(threadIdx.x == 0 ? (long long)blockIdx.x : __ompicc_total,
// HOST-LABEL: /* #pragma omp target teams distribute map(tofrom: p[0:n]) num_teams(8)
// HOST: __ompicc_target(&__ompicc_region_3, {{.*}}, 2, __ompicc_m, (8), 0, {{.*}}) != 0)
// HOST: #pragma omp parallel for if((8) > 1){{$}}
#pragma omp target teams distribute map(tofrom: p[0:n]) num_teams(8)
  for (int i = 0; i < n; i++) p[i] += 1;
// KERN: void __omp_combined_c_[[@LINE+4]]__run(
// KERN: __ompicc_for_in<__ompicc_I>(threadIdx.x == 0 ? (long long)blockIdx.x : __ompicc_total,
// HOST-LABEL: /* #pragma omp target teams distribute simd
// HOST: #pragma omp parallel for simd{{$}}
#pragma omp target teams distribute simd map(tofrom: p[0:n])
  for (int i = 0; i < n; i++) p[i] += 1;
// KERN: void __omp_combined_c_[[@LINE+5]]__run(
// KERN: __ompicc_for_in<__ompicc_I>(threadIdx.x,
// HOST-LABEL: /* #pragma omp target simd
// HOST: __ompicc_target(&__ompicc_region_5, {{.*}}, 2, __ompicc_m, 1, 0, {{.*}}) != 0)
// HOST: #pragma omp simd{{$}}
#pragma omp target simd map(tofrom: p[0:n])
  for (int i = 0; i < n; i++) p[i] += 1;
// KERN: void __omp_combined_c_[[@LINE+4]]__run(
// KERN: __ompicc_for_in<__ompicc_I>((long long)blockIdx.x * blockDim.x + threadIdx.x,
// HOST-LABEL: /* #pragma omp target teams loop
// HOST: #pragma omp parallel loop{{$}}
#pragma omp target teams loop map(tofrom: p[0:n])
  for (int i = 0; i < n; i++) p[i] += 1;
// KERN: void __omp_combined_c_[[@LINE+4]]__run(
// KERN: __ompicc_for_in<__ompicc_I>((long long)blockIdx.x * blockDim.x + threadIdx.x,
// HOST-LABEL: /* #pragma omp target parallel loop
// HOST: #pragma omp parallel loop{{$}}
#pragma omp target parallel loop map(tofrom: p[0:n])
  for (int i = 0; i < n; i++) p[i] += 1;
// a target teams whose only content is the loop construct: one kernel
// KERN: void __omp_combined_c_[[@LINE+4]]__run(
// KERN: __ompicc_for_in<__ompicc_I>((long long)blockIdx.x * blockDim.x + threadIdx.x,
// HOST-LABEL: /* #pragma omp target teams map(tofrom: p[0:n])
// HOST: #pragma omp parallel for{{$}}
#pragma omp target teams map(tofrom: p[0:n])
#pragma omp distribute parallel for
  for (int i = 0; i < n; i++) p[i] += 1;
}
