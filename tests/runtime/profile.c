// OMPICC_PROFILE, OMPICC_INFO and OMP_DISPLAY_ENV (rt-profile.c).  A
// target data construct maps b; a region maps a and runs twice, from two
// host threads.  With the test module's timing marks (each interval 0.25 s)
// the kernel times are the device's, so the table's figures are exact;
// without, the host's clock times them.  The trace is checked as JSON.
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: %rtplugin -o %t.d/ompicc-test.so
// RUN: %rtkernels %s -o %t.d/kernels.so
// RUN: %rtcc %s %rtlib -o %t.d/prog
// RUN: env OMPICC_PLUGIN_DIR=%t.d OMPICC_DEVICES=test %t.d/prog %t.d/kernels.so > %t.d/out 2>&1
// RUN: count 0 < %t.d/out
//
// RUN: env OMPICC_PLUGIN_DIR=%t.d OMPICC_DEVICES=test OMPICC_PROFILE=1 OMPICC_TEST_MARKS=0.25 %t.d/prog %t.d/kernels.so 2>&1 | FileCheck --check-prefix=MARKS %s
// MARKS:      ompicc: profile of 2 target constructs (OMPICC_PROFILE)
// MARKS-NEXT: device 0: test device 0
// MARKS-NEXT: device place kernel launches kernel ms mean us to device from device copies copy ms GB/s
// MARKS-NEXT: 0 p.c:10:1 k_scale 2 500.000 250000.0 2.0 KiB 2.0 KiB 4 1000.000 0.00
// MARKS-NEXT: 0 p.c:5:1 - 0 0.000 0.0 1.0 KiB 0 B 1 250.000 0.00
// MARKS-NEXT: total 2 500.000 250000.0 3.0 KiB 2.0 KiB 5 1250.000 0.00
// MARKS-NOT: {{.}}
//
// Without marks: the host's clock; the same counts.
// RUN: env OMPICC_PLUGIN_DIR=%t.d OMPICC_DEVICES=test OMPICC_PROFILE=yes %t.d/prog %t.d/kernels.so 2>&1 | FileCheck --check-prefix=CLOCK %s
// CLOCK-DAG: 0 p.c:10:1 k_scale 2 {{[0-9.]+}} {{[0-9.]+}} 2.0 KiB 2.0 KiB 4
// CLOCK-DAG: 0 p.c:5:1 - 0 0.000 0.0 1.0 KiB 0 B 1
//
// The trace: "%p" is the process id; kernels, copies, allocations and
// frees on device 0's timeline, one thread of it per host thread.
// RUN: cd %t.d && env OMPICC_PLUGIN_DIR=%t.d OMPICC_DEVICES=test OMPICC_PROFILE=trace-%%p.json %t.d/prog %t.d/kernels.so > %t.d/table 2>&1
// RUN: FileCheck --check-prefix=CLOCK %s < %t.d/table
// RUN: python3 %S/Inputs/trace-summary.py %t.d/trace-[0-9]*.json | FileCheck --check-prefix=TRACE %s
// TRACE:      process 1: device 0: test device 0
// TRACE-NEXT: thread 1 of process 1: host thread 1
// TRACE-NEXT: thread 2 of process 1: host thread 2
// TRACE-NEXT: alloc: 3 events, 3072 bytes, threads 1,2
// TRACE-NEXT: copy from device: 2 events, 2048 bytes, threads 1,2
// TRACE-NEXT: copy to device: 3 events, 3072 bytes, threads 1,2
// TRACE-NEXT: free: 3 events, 3072 bytes, threads 1,2
// TRACE-NEXT: k_scale: 2 events, 0 bytes, threads 1,2, {{[0-9,]+}} us each, grid 1x1x1, block 1x1x1
// TRACE-NEXT: in time order: yes
//
// A trace that cannot be written: a warning, and the table still.
// RUN: env OMPICC_PLUGIN_DIR=%t.d OMPICC_DEVICES=test OMPICC_PROFILE=%t.d/no/such/dir/t.json %t.d/prog %t.d/kernels.so 2>&1 | FileCheck --check-prefix=NOFILE %s
// NOFILE: ompicc: warning: OMPICC_PROFILE: cannot write {{.*}}/no/such/dir/t.json: No such file or directory
// NOFILE-NEXT: ompicc: profile of 2 target constructs
//
// OMPICC_INFO: each map, copy, launch and release with its place.
// RUN: env OMPICC_PLUGIN_DIR=%t.d OMPICC_DEVICES=test OMPICC_INFO=1 %t.d/prog %t.d/kernels.so 2>&1 | FileCheck --check-prefix=INFO %s
// INFO:      ompicc: device 0: p.c:5:1: map 'b' 0x{{[0-9a-f]+}}+1024 -> 0x{{[0-9a-f]+}} (new)
// INFO-NEXT: ompicc: device 0: p.c:5:1: copy 1024 bytes of 'b' to the device
// INFO-NEXT: ompicc: device 0: p.c:10:1: map 'a' 0x{{[0-9a-f]+}}+1024 -> 0x{{[0-9a-f]+}} (new)
// INFO-NEXT: ompicc: device 0: p.c:10:1: copy 1024 bytes of 'a' to the device
// INFO-NEXT: ompicc: device 0: p.c:10:1: launch k_scale: 3 arguments, 1 blocks of 1 threads
// INFO-NEXT: ompicc: device 0: p.c:10:1: unmap 'a' (refs 0)
// INFO-NEXT: ompicc: device 0: p.c:10:1: copy 1024 bytes of 'a' from the device
// INFO-NEXT: ompicc: device 0: p.c:10:1: release 'a' 0x{{[0-9a-f]+}}+1024
// INFO:      ompicc: device 0: p.c:5:1: unmap 'b' (refs 0)
// INFO-NEXT: ompicc: device 0: p.c:5:1: release 'b' 0x{{[0-9a-f]+}}+1024
// INFO-NOT: ompicc:
//
// OMP_DISPLAY_ENV (OpenMP 5.2 21.7): the device settings after the host
// runtime's list; verbose lists the devices.
// RUN: env OMPICC_PLUGIN_DIR=%t.d OMPICC_DEVICES=test OMP_DISPLAY_ENV=verbose OMP_DEFAULT_DEVICE=0 OMPICC_PINNED=never OMPICC_TEST_MARKS=0.25 %t.d/prog %t.d/kernels.so 2>&1 | FileCheck --check-prefix=ENV %s
// ENV:      OMPICC DEVICE ENVIRONMENT BEGIN
// ENV-NEXT:   [device] OMP_TARGET_OFFLOAD = 'DEFAULT'
// ENV-NEXT:   [device] OMP_DEFAULT_DEVICE = '0'
// ENV-NEXT:   [device] OMP_NUM_TEAMS = '0'
// ENV-NEXT:   [device] OMP_TEAMS_THREAD_LIMIT = '0'
// ENV-NEXT:   OMPICC_DEVICES = 'test'
// ENV-NEXT:   OMPICC_PINNED = 'never'
// ENV-NEXT:   OMPICC_ZERO_COPY = 'auto'
// ENV-NEXT:   OMPICC_DEBUG = 'FALSE'
// ENV-NEXT:   OMPICC_INFO = 'FALSE'
// ENV-NEXT:   OMPICC_PROFILE = 'FALSE'
// ENV-DAG:    OMPICC_PLUGIN_DIR = '{{.*}}'
// ENV-DAG:    OMPICC_TEST_MARKS = '0.25'
// ENV:        devices: 1 (the host is device 1)
// ENV-NEXT:   [device 0] module 'test': test device 0, compute capability {{[0-9]+}}.{{[0-9]+}}, {{.*}}
// ENV-NEXT: OMPICC DEVICE ENVIRONMENT END
// RUN: env OMPICC_PLUGIN_DIR=%t.d OMPICC_DEVICES=test OMP_DISPLAY_ENV=true %t.d/prog %t.d/kernels.so 2>&1 | FileCheck --check-prefix=TRUE %s
// TRUE: OMPICC DEVICE ENVIRONMENT BEGIN
// TRUE-NOT: devices:
// TRUE: OMPICC DEVICE ENVIRONMENT END
#include "rt-test.h"

#define N 256

#ifndef KERNELS
#include <pthread.h>
#include <string.h>

static int a[N], b[N];
static __ompicc_region region = {"k_scale", "p.c:10:1", NULL, 0, 0, NULL, 0, 0, NULL};

static void *run_region(void *arg)
{
  int n = N, f = 2;
  __ompicc_map m[3] = {
      {a, a, sizeof a, OMPICC_MAP_TO | OMPICC_MAP_FROM | OMPICC_MAP_ARG, "a"},
      {&n, &n, sizeof n, OMPICC_MAP_LITERAL, "n"},
      {&f, &f, sizeof f, OMPICC_MAP_LITERAL, "f"}};
  CHECK(__ompicc_target(&region, OMPICC_DEVICE_DEFAULT, 3, m, 0, 0, 0) == 0);
  return arg;
}

int main(int argc, char **argv)
{
  CHECK(argc == 2);
  region.unit = test_unit(argv[1], 0, NULL);
  TestStats *s = tp_stats();
  for (int i = 0; i < N; i++)
    a[i] = i;
  __ompicc_map data = {b, b, sizeof b, OMPICC_MAP_TO, "b"};
  __ompicc_data_begin("p.c:5:1", OMPICC_DEVICE_DEFAULT, 1, &data);
  run_region(NULL);
  pthread_t t;
  CHECK(pthread_create(&t, NULL, run_region, NULL) == 0);
  pthread_join(t, NULL);
  __ompicc_data_end("p.c:5:1", OMPICC_DEVICE_DEFAULT, 1, &data);
  for (int i = 0; i < N; i++)
    CHECK(a[i] == 4 * i);
  CHECK(s->launches == 2 && s->live_marks == 0);
  /* marks only when profiling with OMPICC_TEST_MARKS: one pair per
   * kernel and copy */
  const char *p = getenv("OMPICC_PROFILE"), *marks = getenv("OMPICC_TEST_MARKS");
  CHECK(s->marks == (p && marks ? 2 * (2 + 5) : 0));
  return 0;
}
#endif
