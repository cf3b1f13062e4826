// Device addresses in host code and in regions: use_device_addr of a
// variable and of a section through a pointer (OpenMP 5.2 5.4.10),
// has_device_addr of a scalar and an array (5.4.9), which the region uses
// untranslated: the addresses it sees are those a region with a map saw.
// RUN: %ompicc -o %t %s
// RUN: %t
#include <omp.h>
#include <stdio.h>

#include "Inputs/check.h"

int main(void)
{
  int dev = omp_get_default_device();
  int x = 0, arr[10] = {0};
  int *xd = NULL, *ad = NULL;
#pragma omp target enter data map(to: x, arr)
#pragma omp target map(from: xd, ad) map(alloc: x, arr)
  {
    xd = &x;
    ad = &arr[0];
  }
  int okx = 0, oka = 0;
#pragma omp target data use_device_addr(x, arr)
  {
    CHECK(&x == xd && &arr[0] == ad);
#pragma omp target has_device_addr(x, arr) map(from: okx, oka)
    {
      okx = &x == xd;
      oka = &arr[0] == ad;
      x = 9;
      arr[3] = 7;
    }
  }
  CHECK(okx && oka);
#pragma omp target exit data map(from: x, arr)
  CHECK(x == 9 && arr[3] == 7);
  /* use_device_addr of a section of what a pointer points to: the
   * pointer holds the device address that corresponds to it, although
   * its element 0 is not mapped */
  int y[8] = {0}, *yp = y, *seen = NULL;
#pragma omp target enter data map(to: y[2:4])
  int *y2 = omp_get_mapped_ptr(&y[2], dev);
#pragma omp target data use_device_addr(yp[2:4])
  seen = &yp[2];
  CHECK(seen == y2);
#pragma omp target data use_device_addr(y[2:4])
  seen = &y[2];
  CHECK(seen == y2);
#pragma omp target exit data map(delete: y[2:4])
  if (fails)
    return 1;
  printf("ok\n");
  return 0;
}
