/* harness.h - what the test harnesses of the CPU-executed CUDA device share
 * (tests/emu, tests/devlib): driving the cuda-emu module through plugin.h
 * as the runtime core does.  A harness includes this file, defines its
 * kernels' launches and its tests, and ends with
 *
 *   int main(int argc, char **argv) { return harness_main(argc, argv, tests, N); }
 *
 *   harness MODULE.so IMAGE.so TEST
 *
 * A test prints what went wrong through EXPECT; harness_main then exits 1,
 * else prints "ok TEST" and exits 0.  A failed module call prints
 * "where: error: what: detail" as the core would, and exits 1.
 */
#ifndef OMPICC_TEST_HARNESS_H
#define OMPICC_TEST_HARNESS_H

#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plugin-host.h"

static const OmpiccPlugin *P;
static void *image;
static int errors;

static void check(int rc, const char *where, const char *what)
{
  if (rc == 0)
    return;
  fprintf(stderr, "%s: error: %s: %s\n", where, what, detail_msg);
  exit(1);
}

#define EXPECT(cond, ...)                                                   \
  do {                                                                      \
    if (!(cond) && errors++ < 20) {                                         \
      fprintf(stderr, "%s:%d: ", __FILE__, __LINE__);                       \
      fprintf(stderr, __VA_ARGS__);                                         \
      fputc('\n', stderr);                                                  \
    }                                                                       \
  } while (0)

static uint64_t dev_alloc(size_t n)
{
  uint64_t a;
  check(P->alloc(0, n, &a), "harness", "alloc");
  return a;
}

static void to_dev(uint64_t d, const void *h, size_t n)
{
  check(P->copy_to(0, d, h, n, NULL), "harness", "copy_to");
}

static void from_dev(void *h, uint64_t d, size_t n)
{
  check(P->copy_from(0, h, d, n, NULL), "harness", "copy_from");
}

/* Kernel `name` of the image, launched with geometry g (g->where names it
 * in messages). */
static void launch_kernel(const char *name, const OmpiccLaunch *g, void **args)
{
  void *k;
  check(P->get_kernel(0, image, name, &k, NULL), g->where, "get_kernel");
  check(P->launch(0, k, g, args, NULL), g->where, "kernel launch failed on device 0 (cuda-emu)");
}

static void harness_load(const char *module, const char *file)
{
  void *h = dlopen(module, RTLD_NOW | RTLD_LOCAL);
  if (!h) {
    fprintf(stderr, "harness: %s\n", dlerror());
    exit(2);
  }
  OmpiccPluginQuery q = (OmpiccPluginQuery)dlsym(h, OMPICC_PLUGIN_QUERY);
  P = q ? q(OMPICC_PLUGIN_VERSION) : NULL;
  if (!P || P->init(&host) != 1 || P->image_kind != OMPICC_IMAGE_CUDA_EMU_SO) {
    fprintf(stderr, "harness: %s is not a cuda-emu module with one device\n", module);
    exit(2);
  }
  OmpiccImage img = {OMPICC_IMAGE_CUDA_EMU_SO, NULL, 0, file};
  check(P->load_image(0, &img, &image), "harness", "load_image");
}

typedef struct HarnessTest {
  const char *name;
  void (*run)(void);
} HarnessTest;

static int harness_main(int argc, char **argv, const HarnessTest *tests, size_t n)
{
  if (argc != 4) {
    fprintf(stderr, "usage: harness MODULE.so IMAGE.so TEST\n");
    return 2;
  }
  harness_load(argv[1], argv[2]);
  for (size_t i = 0; i < n; i++)
    if (!strcmp(tests[i].name, argv[3])) {
      tests[i].run();
      P->fini();
      if (errors)
        return 1;
      printf("ok %s\n", argv[3]);
      return 0;
    }
  fprintf(stderr, "harness: no test '%s'\n", argv[3]);
  return 2;
}

#endif
