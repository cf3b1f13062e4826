// Device numbering across modules (the same module listed twice, two
// devices each), OMP_DEFAULT_DEVICE and omp_set_default_device, the host
// as device omp_get_num_devices(), and the omp_target_* routines.  Built
// with -fopenmp and GCC's omp.h: libompicc's routines, linked first, are
// the ones the program calls, not libgomp's.
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: %rtplugin -o %t.d/ompicc-test.so
// RUN: %rtkernels %s -o %t.d/kernels.so
// RUN: %rtcc -fopenmp %s %rtlib -o %t.d/prog
// RUN: env OMPICC_PLUGIN_DIR=%t.d OMPICC_DEVICES=test,test OMPICC_TEST_DEVICES=2 OMP_DEFAULT_DEVICE=2 %t.d/prog %t.d/kernels.so > %t.d/out 2>&1
// RUN: count 0 < %t.d/out
// RUN: env OMPICC_PLUGIN_DIR=%t.d OMPICC_DEVICES=test,test OMPICC_TEST_DEVICES=2 OMP_DEFAULT_DEVICE=2 OMPICC_DEBUG=1 %t.d/prog %t.d/kernels.so 2>&1 | FileCheck %s
// CHECK: module 'test': 2 devices
// CHECK: device 0: test device 0
// CHECK: device 1: test device 1
// CHECK: module 'test': 2 devices
// CHECK: device 2: test device 0
// CHECK: device 3: test device 1
// CHECK: 4 devices; the host is device 4
// RUN: nm %t.d/prog | FileCheck %s --check-prefix=SYMS
// SYMS: T omp_get_num_devices
// SYMS: T omp_target_alloc
#include "rt-test.h"

#ifdef KERNELS
int k_dev(void **args, const OmpiccLaunch *g)
{
  **(int **)args[0] = 1;
  return 0;
}
#else
#include <omp.h>
#include <string.h>

static int x[8];

/* Which module device did the last operation go to? */
static void numbering(TestStats *s, __ompicc_region *r)
{
  CHECK(omp_get_num_devices() == 4 && omp_get_initial_device() == 4);
  CHECK(omp_get_device_num() == 4 && omp_is_initial_device());
  CHECK(omp_get_default_device() == 2); /* OMP_DEFAULT_DEVICE */
  __ompicc_map m = {x, x, sizeof x, OMPICC_MAP_TO | OMPICC_MAP_ARG, "x"};
  __ompicc_data_begin("t.c:1:1", OMPICC_DEVICE_DEFAULT, 1, &m);
  CHECK(omp_target_is_present(x, 2) && !omp_target_is_present(x, 0));
  CHECK(omp_target_is_present(x, 4)); /* the host */
  __ompicc_data_end("t.c:1:1", OMPICC_DEVICE_DEFAULT, 1, &m);
  CHECK(__ompicc_target(r, 3, 1, &m, 0, 0, 1) == 0 && s->last_dev == 1);
  CHECK(__ompicc_target(r, 0, 1, &m, 0, 0, 1) == 0 && s->last_dev == 0);
  CHECK(__ompicc_target(r, 4, 1, &m, 0, 0, 1) == 1);   /* the host */
  CHECK(__ompicc_target(r, 9, 1, &m, 0, 0, 1) == 1);   /* no such device */
  omp_set_default_device(1);
  CHECK(omp_get_default_device() == 1);
  CHECK(__ompicc_target(r, OMPICC_DEVICE_DEFAULT, 1, &m, 0, 0, 1) == 0 && s->last_dev == 1);
  CHECK(!__ompicc_is_host_device(OMPICC_DEVICE_DEFAULT) && __ompicc_is_host_device(4));
  CHECK(s->inits == 2);
}

static void memcpy_1d(void)
{
  int h[16], back[16];
  for (int i = 0; i < 16; i++)
    h[i] = i;
  int *d0 = omp_target_alloc(sizeof h, 0), *d3 = omp_target_alloc(sizeof h, 3);
  CHECK(d0 && d3 && d0 != d3);
  CHECK(omp_target_memcpy(d0, h, sizeof h, 0, 0, 0, 4) == 0);
  CHECK(omp_target_memcpy(d3, d0, 8 * sizeof *h, 0, 4 * sizeof *h, 3, 0) == 0);
  memset(back, 0, sizeof back);
  CHECK(omp_target_memcpy(back, d3, 8 * sizeof *h, 0, 0, 4, 3) == 0);
  CHECK(back[0] == 4 && back[7] == 11);
  CHECK(omp_target_memcpy(back, h, sizeof h, 0, 0, 4, 4) == 0 && back[15] == 15);
  CHECK(omp_target_memcpy(back, h, 4, 0, 0, 4, 17) != 0);
  omp_target_free(d0, 0);
  omp_target_free(d3, 3);
  void *hp = omp_target_alloc(16, 4); /* the host */
  CHECK(hp != NULL);
  omp_target_free(hp, 4);
  CHECK(omp_target_alloc(16, 17) == NULL);
}

/* 2 and 3 dimensions, host -> device -> host, with offsets on both sides. */
static void memcpy_rect(void)
{
  static int src[4][5][6], dev_img[3][4][5], back[4][5][6];
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 5; j++)
      for (int k = 0; k < 6; k++)
        src[i][j][k] = 100 * i + 10 * j + k;
  CHECK(omp_target_memcpy_rect(NULL, NULL, 0, 0, NULL, NULL, NULL, NULL, NULL, 0, 0) >= 3);
  int *d = omp_target_alloc(sizeof dev_img, 1);
  size_t vol[3] = {2, 3, 4}, soff[3] = {1, 1, 1}, doff[3] = {0, 1, 0};
  size_t sdim[3] = {4, 5, 6}, ddim[3] = {3, 4, 5}, zero[3] = {0, 0, 0};
  CHECK(omp_target_memcpy_rect(d, src, sizeof(int), 3, vol, doff, soff, ddim, sdim, 1, 4) == 0);
  CHECK(omp_target_memcpy(dev_img, d, sizeof dev_img, 0, 0, 4, 1) == 0);
  CHECK(dev_img[0][1][0] == 111 && dev_img[1][3][3] == 234);
  CHECK(omp_target_memcpy_rect(back, d, sizeof(int), 3, vol, zero, doff, sdim, ddim, 4, 1) == 0);
  for (size_t i = 0; i < 2; i++)
    for (size_t j = 0; j < 3; j++)
      for (size_t k = 0; k < 4; k++)
        CHECK(back[i][j][k] == src[i + 1][j + 1][k + 1]);
  /* 2 dimensions: a 2x3 block of a 5x6 matrix */
  int m2[5][6] = {{0}}, out[2][3];
  m2[3][4] = 34;
  m2[4][5] = 45;
  size_t v2[2] = {2, 2}, so2[2] = {3, 4}, do2[2] = {0, 1}, sd2[2] = {5, 6}, dd2[2] = {2, 3};
  CHECK(omp_target_memcpy_rect(d, m2, sizeof(int), 2, v2, do2, so2, dd2, sd2, 1, 4) == 0);
  CHECK(omp_target_memcpy(out, d, sizeof out, 0, 0, 4, 1) == 0);
  CHECK(out[0][1] == 34 && out[1][2] == 45 && out[0][2] == 0);
  omp_target_free(d, 1);
}

static void associate(TestStats *s)
{
  int h[4] = {1, 2, 3, 4};
  long allocs = s->live_allocs;
  int *d = omp_target_alloc(sizeof h, 0);
  CHECK(omp_target_associate_ptr(h, d, sizeof h, 0, 0) == 0);
  CHECK(omp_target_associate_ptr(h, d, sizeof h, 0, 0) == 0);     /* the same: nothing */
  CHECK(omp_target_associate_ptr(h, d + 1, sizeof h, 0, 0) != 0); /* another: refused */
  CHECK(omp_target_is_present(h + 2, 0) && !omp_target_is_present(h, 1));
  __ompicc_map m = {h, h, sizeof h, OMPICC_MAP_TO | OMPICC_MAP_FROM, "h"};
  __ompicc_data_begin("t.c:60:1", 0, 1, &m);               /* present: no copy */
  CHECK(d[0] != 1);
  d[0] = 10;
  __ompicc_data_end("t.c:60:1", 0, 1, &m);                 /* refs infinite: no copy */
  CHECK(h[0] == 1 && omp_target_is_present(h, 0));
  CHECK(__ompicc_device_ptr("t.c:61:1", 0, h + 1) == d + 1);
  CHECK(omp_target_disassociate_ptr(h + 1, 0) != 0);
  CHECK(omp_target_disassociate_ptr(h, 0) == 0 && !omp_target_is_present(h, 0));
  omp_target_free(d, 0);
  CHECK(s->live_allocs == allocs);
}

int main(int argc, char **argv)
{
  CHECK(argc == 2);
  __ompicc_unit *u = test_unit(argv[1], 0, NULL);
  static __ompicc_region r = {"k_dev", "t.c:40:1", NULL, 1, 0, NULL, 0, 0, NULL};
  r.unit = u;
  TestStats *s = tp_stats();
  numbering(s, &r);
  memcpy_1d();
  memcpy_rect();
  associate(s);
  CHECK(s->live_allocs == 0);
  return 0;
}
#endif
