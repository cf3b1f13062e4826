// use_device_addr of a scalar and a struct: &x in the body is the device
// address, read back through omp_target_memcpy.
// RUN: %ompicc -o %t %s && %t
#include <omp.h>
#include <stdio.h>
struct pt { int a, b; };
int main(void)
{
  int x = 5, y = 0;
  struct pt p = {1, 2}, q = {0, 0};
  int dev = omp_get_default_device(), host = omp_get_initial_device();
#pragma omp target data map(to: x, p) use_device_addr(x, p)
  {
    /* &x and &p are device addresses: copy them back to the host */
    omp_target_memcpy(&y, &x, sizeof y, 0, 0, host, omp_get_num_devices() ? dev : host);
    omp_target_memcpy(&q, &p, sizeof q, 0, 0, host, omp_get_num_devices() ? dev : host);
  }
  printf("%d %d %d\n", y, q.a, q.b);
  return !(y == 5 && q.a == 1 && q.b == 2);
}
