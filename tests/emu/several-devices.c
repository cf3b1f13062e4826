// Several CPU devices (OMPICC_EMU_DEVICES=N): each has its own memory and
// its own copy of the program's declare target variables, a construct's
// device clause picks one (OpenMP 5.2 13.2, the device clause; 13.8,
// target), and data moves between them with omp_target_memcpy (5.2
// 18.8.5).  In a region, omp_get_device_num() is the device's number and
// omp_get_num_devices() the host's count (5.2 18.7.4, 18.7.5).  The
// program's argument is the number of devices it expects.  (Not under
// OMPICC_ZERO_COPY=always: there the host's bytes are the first device's
// copy, by design.)
// REQUIRES: cuda-emu
// RUN: %ompicc --devices=cuda-emu -o %t %s
// RUN: env OMPICC_DEVICES=cuda-emu OMP_TARGET_OFFLOAD=MANDATORY OMPICC_EMU_DEVICES=3 %t 3
// RUN: env OMPICC_DEVICES=cuda-emu OMP_TARGET_OFFLOAD=MANDATORY OMPICC_EMU_DEVICES=2 %t 2
// RUN: env OMPICC_DEVICES=cuda-emu OMP_TARGET_OFFLOAD=MANDATORY OMPICC_EMU_DEVICES=3 OMPICC_PINNED=always %t 3
// Under the memory check each kernel reaches only its own device's memory.
// RUN: %ompicc --devices=cuda-emu --emu-check=memory -o %t.memory %s
// RUN: env OMPICC_DEVICES=cuda-emu OMP_TARGET_OFFLOAD=MANDATORY OMPICC_EMU_DEVICES=3 OMPICC_EMU_CHECK=memory %t.memory 3
// A count that is not one is said, and one device is used.
// RUN: env OMPICC_DEVICES=cuda-emu OMP_TARGET_OFFLOAD=MANDATORY OMPICC_EMU_DEVICES=lots %t 1 2>&1 | FileCheck %s
// CHECK: ompicc: warning: OMPICC_EMU_DEVICES=lots: expected a number of devices from 1 to 64; using 1
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "../run/Inputs/check.h"

enum { N = 1000 };

#pragma omp declare target
int counter;
#pragma omp end declare target

// Each device keeps the copy of x it was given, whatever the host's
// value and the other devices' copies become.
static void separate_copies(int ndev)
{
  int x = 0;
  for (int d = 0; d < ndev; d++) {
    x = 100 * (d + 1);
#pragma omp target enter data map(to: x) device(d)
  }
  x = -1;
  for (int d = 0; d < ndev; d++) {
    int seen = 0, num = -1, count = -1, initial = -1;
#pragma omp target map(from: seen, num, count, initial) map(tofrom: x) device(d)
    {
      seen = x;
      x += 1;
      num = omp_get_device_num();
      count = omp_get_num_devices();
      initial = omp_is_initial_device();
    }
    check_eq("x as device d saw it", seen, 100 * (d + 1));
    check_eq("omp_get_device_num() on device d", num, d);
    check_eq("omp_get_num_devices() in a region", count, ndev);
    check_eq("omp_is_initial_device() in a region", initial, 0);
  }
  for (int d = ndev - 1; d >= 0; d--) {
#pragma omp target exit data map(from: x) device(d)
    check_eq("x copied back from device d", x, 100 * (d + 1) + 1);
  }
}

// Each device's image has its own copy of the device library's variables
// (a variable template is STB_GNU_UNIQUE to g++, one object in every
// image of the process, unless built -fno-gnu-unique): once every device
// has loaded its image, each still says its own number.
static void numbers_after_loading(int ndev)
{
  for (int d = 0; d < ndev; d++) {
    int num = -1;
#pragma omp target map(from: num) device(d)
    num = omp_get_device_num();
    check_eq("omp_get_device_num() on device d, every image loaded", num, d);
  }
}

// A mapping on one device is not present on the others.
static void presence(int ndev)
{
  int a[N];
#pragma omp target enter data map(alloc: a) device(ndev - 1)
  for (int d = 0; d < ndev; d++)
    check_eq("a present on device d", omp_target_is_present(a, d), d == ndev - 1);
#pragma omp target exit data map(release: a) device(ndev - 1)
  CHECK(!omp_target_is_present(a, ndev - 1));
}

// declare target variables: one per device, set by kernels on each.
static void globals(int ndev)
{
  for (int d = 0; d < ndev; d++) {
#pragma omp target device(d)
    counter = 7 * (d + 1);
  }
  for (int d = 0; d < ndev; d++) {
#pragma omp target device(d)
    counter += 1;
#pragma omp target update from(counter) device(d)
    check_eq("counter of device d", counter, 7 * (d + 1) + 1);
  }
}

// Device memory of one device copied to another, and to the host.
static void memcpy_between(int ndev)
{
  int host = omp_get_initial_device(), last = ndev - 1;
  int *src = omp_target_alloc(N * sizeof(int), 0);
  int *dst = omp_target_alloc(N * sizeof(int), last);
  int *out = malloc(N * sizeof(int));
  CHECK(src && dst && out);
#pragma omp target teams distribute parallel for is_device_ptr(src) device(0)
  for (int i = 0; i < N; i++)
    src[i] = 3 * i;
  CHECK(omp_target_memcpy(dst, src, N * sizeof(int), 0, 0, last, 0) == 0);
  long sum = 0;
#pragma omp target teams distribute parallel for is_device_ptr(dst) reduction(+: sum) device(last)
  for (int i = 0; i < N; i++) {
    sum += dst[i];
    dst[i] += omp_get_device_num();
  }
  check_eq("sum on the last device", sum, 3L * N * (N - 1) / 2);
  memset(out, 0, N * sizeof(int));
  CHECK(omp_target_memcpy(out, dst, N * sizeof(int), 0, 0, host, last) == 0);
  for (int i = 0; i < N; i++)
    if (out[i] != 3 * i + last) {
      check_eq("out[i] after the copies", out[i], 3 * i + last);
      break;
    }
  omp_target_free(src, 0);
  omp_target_free(dst, last);
  free(out);
}

int main(int argc, char **argv)
{
  int want = argc > 1 ? atoi(argv[1]) : 0;
  check_eq("omp_get_num_devices()", omp_get_num_devices(), want);
  if (omp_get_num_devices() != want || want < 1)
    return 1;
  separate_copies(want);
  numbers_after_loading(want);
  presence(want);
  globals(want);
  memcpy_between(want);
  return fails != 0;
}
