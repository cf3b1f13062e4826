// use_device_addr of a scalar and of a struct (OpenMP 5.2 5.4.11): a
// pointer to the device object, and every use of the variable in the body
// becomes that object, so &x is its device address.
// RUN: %ompicc-tr --kernels=%t.cu %s -o %t.c
// RUN: FileCheck %s < %t.c
struct pt { int a, b; };
void g(void *, void *);
void f(void)
{
  int x = 0;
  struct pt p = {1, 2};
// CHECK: __typeof__(&(x)) __ompicc_dev_x = (__typeof__(&(x)))__ompicc_device_ptr("use-device-addr.c:[[@LINE+4]]:9", {{.*}}, (void *)&(x));
// CHECK: __typeof__(&(p)) __ompicc_dev_p = (__typeof__(&(p)))__ompicc_device_ptr("use-device-addr.c:[[@LINE+3]]:9", {{.*}}, (void *)&(p));
// CHECK-NOT: #pragma omp target data
// CHECK: g(&(*__ompicc_dev_x), &(*__ompicc_dev_p).b);
#pragma omp target data map(tofrom: x, p) use_device_addr(x, p)
  g(&x, &p.b);
// CHECK: g(&x, &p);
  g(&x, &p);
}
