// Run-time errors quote the construct's place: a present map of what is
// absent, a map that extends a mapping (both places), a failing kernel,
// a failing allocation; OMP_TARGET_OFFLOAD=MANDATORY with no device.
// RUN: rm -rf %t.d && mkdir -p %t.d/none
// RUN: %rtplugin -o %t.d/ompicc-test.so
// RUN: %rtkernels %s -o %t.d/kernels.so
// RUN: %rtcc %s %rtlib -o %t.d/prog
// RUN: env OMPICC_PLUGIN_DIR=%t.d OMPICC_DEVICES=test not %t.d/prog %t.d/kernels.so present 2>&1 | FileCheck %s --check-prefix=PRESENT
// PRESENT: t.c:27:1: error: 'x[0:8]' (32 bytes at 0x{{[0-9a-f]+}}) is not present on device 0, and its map has the present modifier
// PRESENT-NOT: error
// RUN: env OMPICC_PLUGIN_DIR=%t.d OMPICC_DEVICES=test not %t.d/prog %t.d/kernels.so extend 2>&1 | FileCheck %s --check-prefix=EXTEND
// EXTEND: t.c:30:1: error: map of 'x[4:8]' (32 bytes at 0x{{[0-9a-f]+}}) extends the mapping of 'x[0:8]' made at t.c:12:1 (32 bytes at 0x{{[0-9a-f]+}}) on device 0
// RUN: env OMPICC_PLUGIN_DIR=%t.d OMPICC_DEVICES=test not %t.d/prog %t.d/kernels.so fail 2>&1 | FileCheck %s --check-prefix=FAIL
// FAIL: t.c:40:1: error: the kernel of the target region failed on device 0 (test): test kernel returned 3
// RUN: env OMPICC_PLUGIN_DIR=%t.d OMPICC_DEVICES=test OMPICC_TEST_FAIL_ALLOC=1 not %t.d/prog %t.d/kernels.so alloc 2>&1 | FileCheck %s --check-prefix=ALLOC
// ALLOC: t.c:12:1: error: cannot allocate device memory on device 0 (test): out of test memory (32 bytes asked)
// RUN: env OMPICC_PLUGIN_DIR=%t.d OMPICC_DEVICES=test not %t.d/prog %t.d/kernels.so noimage 2>&1 | FileCheck %s --check-prefix=NOIMAGE
// NOIMAGE: t.c:41:1: error: no kernel image for device 0 (test) in the program for u.c
//
// MANDATORY with no device: one message, exit status 1.
// RUN: env OMPICC_PLUGIN_DIR=%t.d/none OMP_TARGET_OFFLOAD=MANDATORY not %t.d/prog %t.d/kernels.so fail > %t.d/out 2>&1
// RUN: FileCheck %s --check-prefix=MANDATORY --match-full-lines --strict-whitespace < %t.d/out
// RUN: env OMPICC_PLUGIN_DIR=%t.d OMPICC_DEVICES=test OMPICC_TEST_DEVICES=0 OMP_TARGET_OFFLOAD=mandatory not %t.d/prog %t.d/kernels.so fail 2>&1 | FileCheck %s --check-prefix=MANDATORY0
// The message says why each module gave no device, without OMPICC_DEBUG.
// MANDATORY:t.c:40:1: error: OMP_TARGET_OFFLOAD=MANDATORY but no device is available (module 'cuda': {{.*}}/none/ompicc-cuda.so: cannot open shared object file: No such file or directory)
// MANDATORY-NOT:{{.}}
// MANDATORY0: t.c:40:1: error: OMP_TARGET_OFFLOAD=MANDATORY but no device is available (module 'test': no device found)
// RUN: env OMPICC_PLUGIN_DIR=%t.d OMPICC_DEVICES=test OMP_TARGET_OFFLOAD=MANDATORY OMP_DEFAULT_DEVICE=3 not %t.d/prog %t.d/kernels.so fail 2>&1 | FileCheck %s --check-prefix=NODEV
// NODEV: t.c:40:1: error: OMP_TARGET_OFFLOAD=MANDATORY but device 3 does not exist (devices 0 to 0)
//
// No module, a module with no device, or offload disabled: the host runs
// the region (exit status 10), nothing is printed.
// RUN: env OMPICC_PLUGIN_DIR=%t.d/none not %t.d/prog %t.d/kernels.so host > %t.d/out 2>&1
// RUN: count 0 < %t.d/out
// RUN: env OMPICC_PLUGIN_DIR=%t.d OMPICC_DEVICES=nothing,test OMPICC_TEST_DEVICES=0 not %t.d/prog %t.d/kernels.so host > %t.d/out 2>&1
// RUN: count 0 < %t.d/out
// RUN: env OMPICC_PLUGIN_DIR=%t.d OMPICC_DEVICES=test OMP_TARGET_OFFLOAD=DISABLED not %t.d/prog %t.d/kernels.so host > %t.d/out 2>&1
// RUN: count 0 < %t.d/out
// RUN: env OMPICC_PLUGIN_DIR=%t.d OMPICC_DEVICES=test OMP_TARGET_OFFLOAD=DISABLED OMPICC_DEBUG=1 not %t.d/prog %t.d/kernels.so host 2>&1 | FileCheck %s --check-prefix=DISABLED
// DISABLED: ompicc: OMP_TARGET_OFFLOAD=DISABLED: no device
// DISABLED: ompicc: t.c:40:1: target region runs on the host
#include "rt-test.h"

#ifdef KERNELS
int k_fail(void **args, const OmpiccLaunch *g)
{
  return 3;
}
#else
#include <omp.h>
#include <string.h>

static int x[16];

int main(int argc, char **argv)
{
  CHECK(argc == 3);
  const char *mode = argv[2];
  __ompicc_unit *u = test_unit(argv[1], 0, NULL);
  static __ompicc_region r_fail = {"k_fail", "t.c:40:1", NULL, 1, 0, NULL, 0, 0, NULL};
  r_fail.unit = u;
  __ompicc_map first = {x, x, 8 * sizeof *x, OMPICC_MAP_TO, "x[0:8]"};
  __ompicc_map present = {x, x, 8 * sizeof *x, OMPICC_MAP_TO | OMPICC_MAP_PRESENT, "x[0:8]"};
  __ompicc_map extend = {x, x + 4, 8 * sizeof *x, OMPICC_MAP_TO, "x[4:8]"};
  if (strcmp(mode, "present") == 0)
    __ompicc_data_begin("t.c:27:1", OMPICC_DEVICE_DEFAULT, 1, &present);
  if (strcmp(mode, "extend") == 0) {
    __ompicc_data_begin("t.c:12:1", OMPICC_DEVICE_DEFAULT, 1, &first);
    __ompicc_data_begin("t.c:20:1", OMPICC_DEVICE_DEFAULT, 1, &present); /* inside: fine */
    __ompicc_data_begin("t.c:30:1", OMPICC_DEVICE_DEFAULT, 1, &extend);
  }
  if (strcmp(mode, "alloc") == 0)
    __ompicc_data_begin("t.c:12:1", OMPICC_DEVICE_DEFAULT, 1, &first);
  if (strcmp(mode, "noimage") == 0) {
    static __ompicc_unit none = {"u.c", 0, NULL, 0, NULL, NULL, 0, NULL, NULL, NULL};
    static __ompicc_region r = {"k_fail", "t.c:41:1", &none, 1, 0, NULL, 0, 0, NULL};
    __ompicc_target(&r, OMPICC_DEVICE_DEFAULT, 0, NULL, 0, 0, -1);
  }
  if (strcmp(mode, "fail") == 0 || strcmp(mode, "host") == 0) {
    CHECK(__ompicc_target(&r_fail, OMPICC_DEVICE_DEFAULT, 1, &first, 0, 0, 8) == 1);
    /* the host: data constructs do nothing, device pointers are host ones */
    __ompicc_data_begin("t.c:50:1", OMPICC_DEVICE_DEFAULT, 1, &present);
    CHECK(__ompicc_device_ptr("t.c:51:1", OMPICC_DEVICE_DEFAULT, x) == x);
    CHECK(omp_get_num_devices() == 0 && omp_get_initial_device() == 0);
    CHECK(omp_is_initial_device() && __ompicc_is_host_device(OMPICC_DEVICE_DEFAULT));
    return 10;
  }
  return 0;
}
#endif
