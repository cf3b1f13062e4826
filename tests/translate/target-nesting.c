// Constructs a target region may not hold.  OpenMP 5.2 10.2: a teams
// region is strictly nested in a target region (or in nothing), so a
// teams construct inside another construct of the region is an error;
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
}
