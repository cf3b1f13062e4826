// The device memory routines of OpenMP 5.2 chapter 18 that libompicc
// implements, declared by ompicc's omp.h whatever the host compiler's
// (built with -Werror=implicit-function-declaration: a missing prototype
// would turn omp_get_mapped_ptr's pointer into a truncated int):
// omp_get_mapped_ptr (18.8.11), omp_target_is_accessible (18.8.3),
// omp_target_memset (18.8.7) and the _async copies and fills (18.8.6,
// 18.8.8), which are tasks that wait for their depend objects;
// omp_initial_device names the host (18.7).
// RUN: %ompicc -Werror=implicit-function-declaration -o %t %s
// RUN: %t
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Inputs/check.h"

#define N 64

int main(void)
{
  int dev = omp_get_default_device(), host = omp_get_initial_device();
  int offloaded = dev != host;
  CHECK(omp_initial_device == -1 && omp_invalid_device < -1);
  /* omp_initial_device is the host wherever a device number goes */
  int where = 0;
#pragma omp target device(omp_initial_device) map(from: where)
  where = omp_is_initial_device();
  CHECK(where == 1);
  int hbuf[N];
  CHECK(omp_target_memset(hbuf, 0, sizeof hbuf, omp_initial_device) == hbuf && hbuf[5] == 0);
  CHECK(omp_target_is_accessible(hbuf, sizeof hbuf, omp_initial_device) == 1);
  CHECK(omp_target_is_accessible(hbuf, sizeof hbuf, host) == 1);

  /* a mapped variable's device address, as a whole pointer */
  int x[N];
#pragma omp target enter data map(alloc: x)
  int *seen = NULL;
#pragma omp target data use_device_addr(x)
  seen = x;
  CHECK(omp_get_mapped_ptr(x, dev) == seen);
  CHECK(omp_get_mapped_ptr(x, omp_initial_device) == x);
  if (offloaded)
    CHECK(omp_get_mapped_ptr(hbuf, dev) == NULL);

  /* fills of device memory */
  int *d = omp_target_alloc(N * sizeof(int), dev);
  CHECK(d != NULL);
  CHECK(omp_target_memset(d, 0x01, N * sizeof(int), dev) == d);
  int got[N];
  CHECK(omp_target_memcpy(got, d, sizeof got, 0, 0, host, dev) == 0);
  CHECK(got[0] == 0x01010101 && got[N - 1] == 0x01010101);
  /* host storage the device says it reaches is what its kernels see
   * through the host address (the CPU device, a GPU with HMM); where it
   * says no, nothing is tried */
  if (omp_target_is_accessible(got, sizeof got, dev)) {
    int *raw = got;
#pragma omp target firstprivate(raw) device(dev)
    for (int i = 0; i < N; i++)
      raw[i] = 3 * i;
    CHECK(got[0] == 0 && got[N - 1] == 3 * (N - 1));
  }

  /* asynchronous: a fill, then a copy that depends on it, then a copy
   * back that depends on that, each task ordered by depend objects */
  int src[N], back[N];
  for (int i = 0; i < N; i++)
    src[i] = i, back[i] = -1;
  omp_depend_t obj;
#pragma omp depobj(obj) depend(inout: d[0])
#pragma omp parallel num_threads(4)
#pragma omp single
  {
    omp_target_memset_async(d, 0, N * sizeof(int), dev, 1, &obj);
    CHECK(omp_target_memcpy_async(d, src, N / 2 * sizeof(int), 0, 0, dev, host, 1, &obj) ==
          0);
    CHECK(omp_target_memcpy_async(back, d, sizeof back, 0, 0, host, dev, 1, &obj) == 0);
#pragma omp taskwait depend(depobj: obj)
    for (int i = 0; i < N; i++)
      CHECK(back[i] == (i < N / 2 ? i : 0));
    /* no depend objects: the task is done at a taskwait */
    for (int i = 0; i < N; i++)
      back[i] = -1;
    CHECK(omp_target_memcpy_async(back, d, sizeof back, 0, 0, host, dev, 0, NULL) == 0);
#pragma omp taskwait
    CHECK(back[3] == 3 && back[N - 1] == 0);
  }
#pragma omp depobj(obj) destroy

  /* a rectangle, asynchronously: rows 1-2, columns 2-4 of a 4x6 array
   * into a 2x3 one on the device and back; the arrays describing it may
   * be gone before the copy runs */
  double m[4][6], r[2][3];
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 6; j++)
      m[i][j] = 10 * i + j;
  double *dr = omp_target_alloc(sizeof r, dev);
  {
    size_t vol[2] = {2, 3}, doff[2] = {0, 0}, soff[2] = {1, 2}, ddim[2] = {2, 3},
           sdim[2] = {4, 6};
    CHECK(omp_target_memcpy_rect_async(dr, m, sizeof(double), 2, vol, doff, soff, ddim, sdim,
                                       dev, host, 0, NULL) == 0);
    memset(vol, 0, sizeof vol);
    memset(soff, 0, sizeof soff);
  }
#pragma omp taskwait
  CHECK(omp_target_memcpy(r, dr, sizeof r, 0, 0, host, dev) == 0);
  CHECK(r[0][0] == 12 && r[0][2] == 14 && r[1][0] == 22 && r[1][2] == 24);
  CHECK(omp_target_memcpy_rect_async(NULL, NULL, 0, 0, NULL, NULL, NULL, NULL, NULL, dev, host,
                                     0, NULL) > 0);
  omp_target_free(dr, dev);
  omp_target_free(d, dev);
#pragma omp target exit data map(delete: x)
  if (fails)
    return 1;
  printf("ok (%s)\n", offloaded ? "device" : "host");
  return 0;
}
