// Constructs a target region may not hold.  OpenMP 5.2 10.2: a teams
// region is strictly nested in a target region (or in nothing), so a
// teams construct inside another construct of the region is an error;
// only distribute, parallel and loop regions may be strictly nested in a
// teams region, so another construct there is an error (as gcc and clang
// give; atomic and flush are let through), and the same construct inside
// a parallel region of the teams region is not;
// 13.8: a target construct in a target region is not allowed, and runs on
// the device as part of the region: a warning, as the host compilers give
// (not with device(ancestor: 1), which sends it back to the host).
// RUN: not %ompicc-tr --kernels=%t.cu %s -o /dev/null 2> %t.err
// RUN: FileCheck %s --implicit-check-not=warning: --implicit-check-not=error: < %t.err
#pragma omp requires reverse_offload
void f(int *a, int n)
{
#pragma omp target map(tofrom: a[0:n])
  {
// CHECK: target-nesting.c:[[@LINE+1]]:9: warning: 'target' construct inside a target region: it runs on the device as part of the enclosing region (OpenMP 5.2 13.8)
#pragma omp target
    a[0] = 1;
#pragma omp target device(ancestor: 1) map(tofrom: a[0:1])
    a[0]++;
  }
#pragma omp target map(tofrom: a[0:n])
#pragma omp parallel
  {
// CHECK: target-nesting.c:[[@LINE+1]]:9: error: a 'teams' construct inside another construct of a target region: teams must be strictly nested in the target construct (OpenMP 5.2 10.2)
#pragma omp teams
    a[1] = 2;
  }
#pragma omp target map(tofrom: a[0:n])
#pragma omp teams
  a[2] = 3;
#pragma omp target teams map(tofrom: a[0:n])
  {
// CHECK: target-nesting.c:[[@LINE+1]]:9: error: 'critical' may not be strictly nested in a 'teams' region (OpenMP 5.2 10.2: only distribute, parallel and loop regions may)
#pragma omp critical
    a[3]++;
// CHECK: target-nesting.c:[[@LINE+1]]:9: error: 'for' may not be strictly nested in a 'teams' region
#pragma omp for
    for (int i = 0; i < n; i++)
      a[i]++;
// CHECK: target-nesting.c:[[@LINE+1]]:9: error: 'barrier' may not be strictly nested in a 'teams' region
#pragma omp barrier
#pragma omp atomic
    a[4]++;
#pragma omp flush
#pragma omp distribute parallel for
    for (int i = 0; i < n; i++) {
#pragma omp critical
      a[i]++;
    }
#pragma omp parallel
    {
#pragma omp single
      a[5]++;
    }
#pragma omp loop
    for (int i = 0; i < n; i++)
      a[i]++;
  }
#pragma omp target map(tofrom: a[0:n])
#pragma omp teams
  {
// CHECK: target-nesting.c:[[@LINE+1]]:9: error: 'single' may not be strictly nested in a 'teams' region
#pragma omp single
    a[6]++;
  }
#pragma omp target teams distribute map(tofrom: a[0:n])
  for (int i = 0; i < n; i++) {
#pragma omp simd
    for (int j = 0; j < 4; j++)
      a[i] += j;
  }
}
