// Host and kernel file for the data clauses of a target construct: if and
// device in the call, is_device_ptr by value, defaultmap(tofrom: scalar),
// declare target link, arrays by reference, nowait depend as a task,
// attach save/restore for a struct member section, use_device_ptr.
// RUN: %ompicc-tr --kernels=%t.cu %s -o %t.c
// RUN: FileCheck %s --check-prefix=KERN < %t.cu
// RUN: FileCheck %s --check-prefix=HOST < %t.c
struct S { int n; double *p; };
int glink[100];
#pragma omp declare target link(glink)
// KERN: __device__ int (*__ompicc_link_glink)[100];
// KERN-NEXT: #define glink (*__ompicc_link_glink)
void f(int n, double *p, double *dp, int dev, struct S s)
{
  double a[8] = {0};
  int x = 1;
// a constant-size array by reference, so sizeof a means what it does on
// the host; dp by value; x tofrom by reference (defaultmap)
// (the file defines a declare target variable: relocatable device code,
// whose kernel names end in the unit's tag, here the default unit id)
// KERN: void __omp_clauses_c_[[@LINE+9]]_clauses_c(double (*__ompicc_p_a)[8], double *dp, int *__ompicc_p_x)
// KERN-NEXT: {
// KERN-NEXT: double (&a)[8] = *__ompicc_p_a;
// KERN-NEXT: int &x = *__ompicc_p_x;
// HOST: {(void *)(a), (void *)(a), (unsigned long)(sizeof(a)), 0x103, "a"},
// HOST-NEXT: {(void *)(&dp), (void *)(&dp), (unsigned long)(sizeof(dp)), 0x200, "dp"},
// HOST-NEXT: {(void *)(&x), (void *)(&x), (unsigned long)(sizeof(x)), 0x143, "x"},
// HOST-NEXT: {(void *)(glink), (void *)(glink), (unsigned long)(sizeof(glink)), 0x43, "glink"},
// HOST: if (!(n > 10) || __ompicc_target(&__ompicc_region_0, (dev), 4, __ompicc_m, 1, 1, -1) != 0) {
#pragma omp target map(tofrom: a) if(n > 10) device(dev) is_device_ptr(dp) defaultmap(tofrom: scalar)
  { a[0] = dp[0] + x++ + sizeof a; glink[1] = 2; }
// HOST: #pragma omp task depend(inout: p[0]) default(shared)
// HOST: {
// HOST: /* #pragma omp target nowait depend(inout: p[0]) map(tofrom: p[0:n])
#pragma omp target nowait depend(inout: p[0]) map(tofrom: p[0:n])
  p[0] = 1;
// the struct comes back with the device pointer in s.p: restored after
// HOST: {(void *)(&s.p), (void *)(&(s.p)[0]), (unsigned long)(((s.n)) * sizeof((s.p)[0])), 0x803, "s.p[0:s.n]"},
// HOST: void *__ompicc_att_1 = *(void **)(&s.p);
// HOST: if (__ompicc_target(&__ompicc_region_2,
// HOST: s.p[0] = 3;
// HOST: else {
// HOST: *(void **)(&s.p) = __ompicc_att_1;
#pragma omp target map(tofrom: s.p[0:s.n])
  s.p[0] = 3;
// HOST: __ompicc_data_begin("{{.*}}clauses.c:[[@LINE+5]]:9",
// HOST: {
// HOST: __typeof__(&(p)[0]) __ompicc_dev_p = (__typeof__(&(p)[0]))__ompicc_device_ptr("{{.*}}clauses.c:[[@LINE+3]]:9", {{.*}}, (void *)(p));
// HOST: {
// HOST: __typeof__(__ompicc_dev_p) p = __ompicc_dev_p;
#pragma omp target data map(tofrom: p[0:n]) use_device_ptr(p)
  dp = p;
}
// the link variable's entry names the image's pointer
// HOST: {(void *)&glink, sizeof(glink), "__ompicc_link_glink", 1, 0},
