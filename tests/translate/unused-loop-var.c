// A loop whose body does not use its variable: the kernel file does not
// declare it (nvcc would warn "declared but never referenced"), in SPMD
// kernels and in the worksharing loops of generic kernels; used ones are
// declared.
// RUN: %ompicc-tr --kernels=%t.cu %s -o %t.c
// RUN: FileCheck --implicit-check-not="int i =" --implicit-check-not="int q =" %s < %t.cu
// CHECK-DAG: int k = (0) + ((__ompicc_iv{{[0-9]+}})) * (1);
// CHECK-DAG: int a = (0) + ((long long)__ompicc_k[0]) * (1);
// CHECK-DAG: int b = (0) + ((long long)__ompicc_k[1]) * (1);
int count(int n)
{
  int c = 0, d = 0;
#pragma omp target teams distribute parallel for reduction(+: c)
  for (int i = 0; i < n; i++)
    c += 1;
#pragma omp target teams distribute
  for (int k = 0; k < 4; k++) {
#pragma omp parallel for reduction(+: d)
    for (int q = 0; q < 10; q++)
      d += k;
  }
#pragma omp target teams distribute parallel for collapse(2) reduction(+: c)
  for (int a = 0; a < n; a++)
    for (int b = 0; b < 8; b++)
      c += a * b;
  return c + d;
}
