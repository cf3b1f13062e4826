/* test-plugin.c - a device module for the runtime tests (plugin.h).
 *
 * Its "device memory" is memory of its own (malloc'ed, filled with 0xA5
 * so that a missing copy shows), its images are shared objects named by
 * OmpiccImage.file whose kernels are C functions (TestKernel in rt-test.h)
 * called once per launch, and it counts what it does in `test_stats` so
 * that tests can check reference counts, leaks and geometry.
 *
 * OMPICC_TEST_DEVICES: how many devices it has (default 1).
 * OMPICC_TEST_FAIL_ALLOC: every allocation fails.
 * OMPICC_TEST_FAIL_PIN: every host registration fails.
 * OMPICC_TEST_INTEGRATED=CC: the device shares the host's memory and has
 * compute capability CC (72: 7.2).  Every device can map host memory.
 * Registrations are counted; registered ranges may not overlap (as the
 * driver's rule), and copies lying wholly inside one count as pinned.
 * OMPICC_TEST_MARKS=S: it has timing marks, and the device's time from
 * one to another is S seconds; unset, recording a mark fails (the core
 * then times with the host's clock).
 * At its last fini it reports allocations, queues and marks not freed.
 */
#define _GNU_SOURCE
#define TEST_PLUGIN
#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rt-test.h"

TestStats test_stats;
static const OmpiccPluginHost *host;

#define COUNT(field, d) __atomic_add_fetch(&test_stats.field, (d), __ATOMIC_RELAXED)

static int t_init(const OmpiccPluginHost *h)
{
  const char *s = getenv("OMPICC_TEST_DEVICES");
  host = h;
  COUNT(inits, 1);
  return s ? atoi(s) : 1;
}

static int t_device_info(int dev, OmpiccDeviceInfo *info)
{
  memset(info, 0, sizeof *info);
  const char *cc = getenv("OMPICC_TEST_INTEGRATED");
  info->integrated = cc != NULL;
  info->compute_major = cc ? atoi(cc) / 10 : 7;
  info->compute_minor = cc ? atoi(cc) % 10 : 0;
  info->can_map_host = 1;
  snprintf(info->name, sizeof info->name, "test device %d", dev);
  info->multiprocessors = 4;
  info->max_threads_per_block = 1024;
  info->warp_size = 32;
  info->regs_per_multiprocessor = 65536;
  info->max_threads_per_multiprocessor = 2048;
  return 0;
}

static int t_alloc(int dev, size_t size, uint64_t *addr)
{
  test_stats.last_dev = dev;
  if (getenv("OMPICC_TEST_FAIL_ALLOC")) {
    host->detail("out of test memory (%zu bytes asked)", size);
    return 1;
  }
  void *p = malloc(size ? size : 1);
  memset(p, 0xA5, size);
  COUNT(allocs, 1);
  COUNT(live_allocs, 1);
  *addr = (uintptr_t)p;
  return 0;
}

static int t_free(int dev, uint64_t addr)
{
  test_stats.last_dev = dev;
  free((void *)(uintptr_t)addr);
  COUNT(live_allocs, -1);
  return 0;
}

static int t_queue_create(int dev, void **q)
{
  *q = malloc(1);
  COUNT(queues, 1);
  COUNT(live_queues, 1);
  return 0;
}

static int t_queue_destroy(int dev, void *q)
{
  free(q);
  COUNT(live_queues, -1);
  return 0;
}

static int t_queue_sync(int dev, void *q)
{
  return 0;
}

/* Registered host ranges (whole pages are not needed here: the core
 * registers whole pages itself; a registration is exactly what it asked). */
typedef struct Pin {
  uintptr_t lo, hi;
  int mapped;
  struct Pin *next;
} Pin;
static Pin *pins;
static pthread_mutex_t pin_lock = PTHREAD_MUTEX_INITIALIZER;

static int t_host_pin(int dev, void *p, size_t n, uint64_t *device_addr)
{
  uintptr_t lo = (uintptr_t)p, hi = lo + n;
  if (getenv("OMPICC_TEST_FAIL_PIN")) {
    COUNT(pin_failures, 1);
    host->detail("registration refused (%zu bytes at %p)", n, p);
    return 1;
  }
  pthread_mutex_lock(&pin_lock);
  for (Pin *q = pins; q; q = q->next)
    if (q->lo < hi && lo < q->hi) {
      pthread_mutex_unlock(&pin_lock);
      COUNT(pin_failures, 1);
      host->detail("%p+%zu overlaps a registration", p, n);
      return 1;
    }
  Pin *q = malloc(sizeof *q);
  *q = (Pin){lo, hi, device_addr != NULL, pins};
  pins = q;
  pthread_mutex_unlock(&pin_lock);
  COUNT(pins_made, 1);
  COUNT(live_pins, 1);
  if (device_addr) {
    COUNT(mapped_pins, 1);
    *device_addr = lo;
  }
  return 0;
}

static int t_host_unpin(int dev, void *p)
{
  pthread_mutex_lock(&pin_lock);
  for (Pin **pq = &pins; *pq; pq = &(*pq)->next)
    if ((*pq)->lo == (uintptr_t)p) {
      Pin *q = *pq;
      *pq = q->next;
      pthread_mutex_unlock(&pin_lock);
      free(q);
      COUNT(live_pins, -1);
      return 0;
    }
  pthread_mutex_unlock(&pin_lock);
  host->detail("%p is not registered", p);
  return 1;
}

/* A copy of host bytes [p, p+n) lying wholly inside a registration. */
static void count_pinned(const void *p, size_t n)
{
  pthread_mutex_lock(&pin_lock);
  for (Pin *q = pins; q; q = q->next)
    if (q->lo <= (uintptr_t)p && (uintptr_t)p + n <= q->hi)
      COUNT(copies_pinned, 1);
  pthread_mutex_unlock(&pin_lock);
}

static int t_copy_to(int dev, uint64_t dst, const void *src, size_t n, void *q)
{
  test_stats.last_dev = dev;
  COUNT(copies_to, 1);
  count_pinned(src, n);
  memcpy((void *)(uintptr_t)dst, src, n);
  return 0;
}

static int t_copy_from(int dev, void *dst, uint64_t src, size_t n, void *q)
{
  test_stats.last_dev = dev;
  COUNT(copies_from, 1);
  count_pinned(dst, n);
  memcpy(dst, (void *)(uintptr_t)src, n);
  return 0;
}

static int t_copy_within(int dev, uint64_t dst, uint64_t src, size_t n, void *q)
{
  memmove((void *)(uintptr_t)dst, (void *)(uintptr_t)src, n);
  return 0;
}

static int t_load_image(int dev, const OmpiccImage *image, void **module)
{
  *module = image->file ? dlopen(image->file, RTLD_NOW | RTLD_LOCAL) : NULL;
  if (!*module) {
    host->detail("cannot open the kernels: %s", image->file ? dlerror() : "no file");
    return 1;
  }
  host->trace("test: image %s on device %d", image->file, dev);
  return 0;
}

static int t_get_kernel(int dev, void *module, const char *name, void **kernel,
                        OmpiccKernelInfo *info)
{
  *kernel = dlsym(module, name);
  if (!*kernel) {
    host->detail("no kernel '%s'", name);
    return 1;
  }
  memset(info, 0, sizeof *info);
  info->regs_per_thread = 32;
  info->max_threads_per_block = 1024;
  return 0;
}

static int t_launch(int dev, void *kernel, const OmpiccLaunch *g, void **args, void *q)
{
  test_stats.last_dev = dev;
  test_stats.grid = g->grid[0];
  test_stats.block = g->block[0];
  COUNT(launches, 1);
  int rc = ((TestKernel)kernel)(args, g);
  if (rc)
    host->detail("test kernel returned %d", rc);
  return rc;
}

static int t_get_global(int dev, void *module, const char *name, uint64_t *addr, size_t *size)
{
  void *p = dlsym(module, name);
  if (!p) {
    host->detail("no variable '%s'", name);
    return 1;
  }
  *addr = (uintptr_t)p;
  *size = 0;
  return 0;
}

static int t_mark_record(int dev, void *q, void **mark)
{
  if (!getenv("OMPICC_TEST_MARKS")) {
    host->detail("test device %d: no timing marks", dev);
    return 1;
  }
  *mark = malloc(1);
  COUNT(marks, 1);
  COUNT(live_marks, 1);
  return 0;
}

static int t_mark_elapsed(int dev, void *a, void *b, double *seconds)
{
  *seconds = atof(getenv("OMPICC_TEST_MARKS"));
  return 0;
}

static int t_mark_free(int dev, void *mark)
{
  free(mark);
  COUNT(live_marks, -1);
  return 0;
}

static int t_fini(void)
{
  if (COUNT(finis, 1) == test_stats.inits &&
      (test_stats.live_allocs || test_stats.live_queues || test_stats.live_pins ||
       test_stats.live_marks))
    fprintf(stderr,
            "test-plugin: %ld allocations, %ld queues, %ld registrations and %ld marks not "
            "freed\n",
            test_stats.live_allocs, test_stats.live_queues, test_stats.live_pins,
            test_stats.live_marks);
  return 0;
}

static const OmpiccPlugin plugin = {
    .version = OMPICC_PLUGIN_VERSION,
    .name = "test",
    .caps = OMPICC_CAP_GLOBALS | OMPICC_CAP_PINNED,
    .image_kind = OMPICC_IMAGE_TEST,
    .init = t_init,
    .device_info = t_device_info,
    .alloc = t_alloc,
    .free = t_free,
    .queue_create = t_queue_create,
    .queue_destroy = t_queue_destroy,
    .queue_sync = t_queue_sync,
    .copy_to = t_copy_to,
    .copy_from = t_copy_from,
    .copy_within = t_copy_within,
    .load_image = t_load_image,
    .get_kernel = t_get_kernel,
    .launch = t_launch,
    .get_global = t_get_global,
    .host_pin = t_host_pin,
    .host_unpin = t_host_unpin,
    .mark_record = t_mark_record,
    .mark_elapsed = t_mark_elapsed,
    .mark_free = t_mark_free,
    .fini = t_fini,
};

const OmpiccPlugin *ompicc_plugin_query(int version)
{
  return version == OMPICC_PLUGIN_VERSION ? &plugin : NULL;
}
