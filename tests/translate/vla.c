// Arrays of more than one variable dimension: the kernel gets a pointer
// to the element and one stride per inner dimension, and indexes through
// a view named as the array; the host passes the strides as literal map
// entries right after the array's entry; the fallback is the original.
// RUN: %ompicc-tr --kernels=%t.cu %s -o %t.c
// RUN: FileCheck %s --check-prefix=KERN < %t.cu
// RUN: FileCheck %s --check-prefix=HOST < %t.c
void f(int n, int m, double a[n][m])
{
// KERN: void __omp_vla_c_[[@LINE+5]]__run(double (*__ompicc_p_a), long long __ompicc_s1_a, int n, int m)
// KERN-NEXT: {
// KERN-NEXT: __ompicc_vla<__typeof__(*__ompicc_p_a), 2> a = {__ompicc_p_a, {__ompicc_s1_a}};
// HOST: {(void *)(a), (void *)(&(a)[1]), (unsigned long)((n - 1) * sizeof((a)[0])), 0x103, "a[1:n - 1][0:m]"},
// HOST-NEXT: {{.*}}(void *)(&(long long){sizeof((a)[0]) / sizeof((a)[0][0])}), (unsigned long)(sizeof(long long)), 0x200, "stride 1 of a"},
#pragma omp target teams distribute parallel for map(tofrom: a[1:n - 1][0:m])
  for (int i = 1; i < n; i++)
    for (int j = 0; j < m; j++)
// KERN: a[i][j] = a[i - 1][j] + 1;
// HOST: a[i][j] = a[i - 1][j] + 1;
      a[i][j] = a[i - 1][j] + 1;
}

void g(int n, int m, int k)
{
  float b[n][m][k];
  double c[n][m][4];
// KERN: void __omp_vla_c_[[@LINE+9]](float (*__ompicc_p_b), long long __ompicc_s1_b, long long __ompicc_s2_b, double (*__ompicc_p_c)[4], long long __ompicc_s1_c)
// KERN-NEXT: {
// KERN-NEXT: __ompicc_vla<__typeof__(*__ompicc_p_b), 3> b = {__ompicc_p_b, {__ompicc_s1_b, __ompicc_s2_b}};
// KERN-NEXT: __ompicc_vla<__typeof__(*__ompicc_p_c), 2> c = {__ompicc_p_c, {__ompicc_s1_c}};
// HOST: "b"},
// HOST-NEXT: sizeof((b)[0]) / sizeof((b)[0][0][0])}{{.*}} "stride 1 of b"},
// HOST-NEXT: sizeof((b)[0][0]) / sizeof((b)[0][0][0])}{{.*}} "stride 2 of b"},
// HOST-NEXT: {(void *)(c), (void *)(&(c)[0]), (unsigned long)((n) * sizeof((c)[0])), 0x102, "c[0:n][0:m]"},
// HOST-NEXT: sizeof((c)[0]) / sizeof((c)[0][0])}{{.*}} "stride 1 of c"},
#pragma omp target map(tofrom: b) map(from: c[0:n][0:m])
  b[1][2][3] = c[1][2][3] = 4;
}
