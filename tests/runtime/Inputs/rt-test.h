/* rt-test.h - what the runtime tests share: the image kind of the test
 * device module (test-plugin.c), its counters, a check macro, and helpers
 * that build the descriptors generated code would emit, and the kernel
 * k_scale that several tests launch.
 *
 * A test is one C file: compiled with -DKERNELS it is the "kernel image"
 * (a shared object whose kernels are plain C functions the test module
 * calls), compiled without it is the program that calls the runtime.
 */
#ifndef RT_TEST_H
#define RT_TEST_H

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

#include "plugin.h"

#define OMPICC_IMAGE_TEST 100

/* A kernel of the test device: args as cuLaunchKernel's; nonzero fails. */
typedef int (*TestKernel)(void **args, const OmpiccLaunch *g);

/* Counters of the test module, shared by every device it has. */
typedef struct TestStats {
  int inits, finis;
  long allocs, live_allocs;
  long queues, live_queues;
  long launches;
  long copies_to, copies_from;
  long pins_made, live_pins, mapped_pins, pin_failures;
  long copies_pinned; /* copies wholly inside a registered range */
  long marks, live_marks; /* timing marks recorded, not yet freed */
  int last_dev;      /* the module's device number of the last operation */
  unsigned grid, block;
} TestStats;

#define CHECK(c)                                                                         \
  do {                                                                                   \
    if (!(c)) {                                                                          \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #c);             \
      exit(2);                                                                           \
    }                                                                                    \
  } while (0)

#if !defined(KERNELS) && !defined(TEST_PLUGIN)
int omp_get_num_devices(void);

/* The module's counters (loading the modules first). */
static inline TestStats *tp_stats(void)
{
  omp_get_num_devices();
  const char *dir = getenv("OMPICC_PLUGIN_DIR");
#ifdef PLUGIN_DIR
  if (!dir)
    dir = PLUGIN_DIR;
#endif
  char path[4096];
  snprintf(path, sizeof path, "%s/ompicc-test.so", dir ? dir : ".");
  void *h = dlopen(path, RTLD_NOW | RTLD_NOLOAD);
  CHECK(h != NULL);
  TestStats *s = (TestStats *)dlsym(h, "test_stats");
  CHECK(s != NULL);
  dlclose(h);
  return s;
}

/* One translation unit whose only image is the kernels file. */
static inline __ompicc_unit *test_unit(const char *kernels, int nglobals,
                                       const __ompicc_global *globals)
{
  static __ompicc_image image;
  static __ompicc_unit unit;
  image.kind = OMPICC_IMAGE_TEST;
  image.file = kernels;
  unit.source = "t.c";
  unit.nimages = 1;
  unit.images = &image;
  unit.nglobals = nglobals;
  unit.globals = globals;
  return &unit;
}
#endif

#ifdef KERNELS
/* The kernel several tests launch: a[i] *= f for i < n (args: a, n, f). */
int k_scale(void **args, const OmpiccLaunch *g);
int k_scale(void **args, const OmpiccLaunch *g)
{
  int *a = *(int **)args[0];
  int n = *(int *)args[1], f = *(int *)args[2];
  for (int i = 0; i < n; i++)
    a[i] *= f;
  return 0;
}
#endif

#endif
