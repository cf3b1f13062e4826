/* plugin-test.c - drives a device module through its plugin.h table, as
 * the runtime core would, and prints what happens.
 *
 *   plugin-test MODULE count N    init() must find N devices; prints nothing
 *   plugin-test MODULE all IMAGE [NAME]
 *                                 every operation in turn: device info,
 *                                 memory, copies with and without a queue,
 *                                 IMAGE loaded from memory (misaligned too)
 *                                 and by file name (NAME, default IMAGE:
 *                                 without a '/', the module looks for it in
 *                                 the executable's folder), kernel "fill" looked up
 *                                 and launched, global "counter" (42),
 *                                 timing marks around a launch,
 *                                 pinning, work from a second thread, fini
 *
 *   plugin-test MODULE alloc BYTES  allocate and free BYTES on device 0
 *
 * The first failing operation prints "FAIL <operation>: <detail>" and ends
 * the run (status 2).  OMPICC_DEBUG shows the module's trace on stderr.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plugin.h"

static const OmpiccPlugin *P;
static char *last_detail;

static void host_trace(const char *fmt, ...)
{
  if (!getenv("OMPICC_DEBUG"))
    return;
  va_list ap;
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
}

static void host_detail(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  free(last_detail);
  if (vasprintf(&last_detail, fmt, ap) < 0)
    last_detail = NULL;
  va_end(ap);
}

/* device_heap: PLUGIN_TEST_HEAP bytes, as the core passes OMPICC_DEVICE_HEAP */
static OmpiccPluginHost host = {host_trace, host_detail, 0};

/* Stop at the first failure, with the module's explanation. */
static void check(int rc, const char *what)
{
  if (rc == 0)
    return;
  printf("FAIL %s: %s\n", what, last_detail ? last_detail : "(no detail given)");
  exit(2);
}

#define N (1 << 18) /* ints: 1 MiB */

static int same(const int *a, const int *b, size_t n)
{
  return memcmp(a, b, n * sizeof *a) == 0;
}

static OmpiccDeviceInfo info;

static void show_info(void)
{
  check(P->device_info(0, &info), "device_info");
  printf("name: %s\n", info.name);
  printf("sms %d, threads/block %d, warp %d, regs/sm %d, threads/sm %d, shared %zu, "
         "memory %zu, integrated %d, cc %d.%d\n",
         info.multiprocessors, info.max_threads_per_block, info.warp_size,
         info.regs_per_multiprocessor, info.max_threads_per_multiprocessor,
         info.shared_mem_per_block, info.global_mem, info.integrated, info.compute_major,
         info.compute_minor);
}

/* to a, a to b, b back: with `queue` (NULL: synchronous). */
static void copies(uint64_t a, uint64_t b, void *queue, const char *what)
{
  static int in[N], out[N];
  for (int i = 0; i < N; i++)
    in[i] = i * 7 + (queue != NULL), out[i] = -1;
  check(P->copy_to(0, a, in, sizeof in, queue), "copy_to");
  check(P->copy_within(0, b, a, sizeof in, queue), "copy_within");
  check(P->copy_from(0, out, b, sizeof out, queue), "copy_from");
  if (queue)
    check(P->queue_sync(0, queue), "queue_sync");
  printf("%s: %s\n", what, same(in, out, N) ? "ok" : "WRONG");
}

static char *read_file(const char *path, size_t *size)
{
  FILE *f = fopen(path, "rb");
  if (!f || fseek(f, 0, SEEK_END) != 0)
    exit(3);
  *size = (size_t)ftell(f);
  rewind(f);
  char *data = malloc(*size + 9);
  if (!data || fread(data + 1, 1, *size, f) != *size)
    exit(3);
  data[*size + 1] = 0;
  fclose(f);
  return data;
}

/* The image from memory, one byte off alignment, and by file name. */
static void *load_images(const char *path, const char *name)
{
  size_t size;
  char *data = read_file(path, &size);
  OmpiccImage misaligned = {OMPICC_IMAGE_CUDA_FATBIN, data + 1, size, NULL};
  OmpiccImage by_name = {OMPICC_IMAGE_CUDA_FATBIN, NULL, 0, name};
  void *m1, *m2;
  check(P->load_image(0, &misaligned, &m1), "load_image (bytes)");
  check(P->load_image(0, &by_name, &m2), "load_image (file)");
  free(data);
  printf("images: ok\n");
  return m2;
}

static void launch(void *module, uint64_t a, void *queue)
{
  void *kernel;
  OmpiccKernelInfo ki;
  check(P->get_kernel(0, module, "fill", &kernel, &ki), "get_kernel");
  printf("kernel fill: %s registers, max threads %d, shared %zu\n",
         ki.regs_per_thread > 0 ? "some" : "no", ki.max_threads_per_block, ki.static_shared);
  int v = 5, n = 1000;
  void *args[] = {&a, &v, &n};
  OmpiccLaunch g = {{4, 1, 1}, {256, 1, 1}, 0, "t.c:1:1"};
  check(P->launch(0, kernel, &g, args, queue), "launch");
  static int out[1024];
  check(P->copy_from(0, out, a, sizeof out, queue), "copy_from");
  if (queue)
    check(P->queue_sync(0, queue), "queue_sync");
  int ok = 1;
  for (int i = 0; i < n; i++)
    ok &= out[i] == v + i;
  printf("launch %s: %s\n", queue ? "queued" : "sync", ok ? "ok" : "WRONG");
}

/* Timing marks around a kernel on a queue and on the default queue
 * (OMPICC_PROFILE's kernel times). */
static void marks(void *module, uint64_t a, void *queue)
{
  if (!P->mark_record) {
    printf("marks: none\n");
    return;
  }
  void *kernel, *m0, *m1;
  OmpiccKernelInfo ki;
  check(P->get_kernel(0, module, "fill", &kernel, &ki), "get_kernel");
  int v = 9, n = 1000;
  void *args[] = {&a, &v, &n};
  OmpiccLaunch g = {{4, 1, 1}, {256, 1, 1}, 0, "t.c:1:1"};
  double total = 0;
  for (int k = 0; k < 2; k++) {
    void *q = k ? NULL : queue;
    double seconds = -1;
    check(P->mark_record(0, q, &m0), "mark_record");
    check(P->launch(0, kernel, &g, args, q), "launch (marked)");
    check(P->mark_record(0, q, &m1), "mark_record");
    check(P->mark_elapsed(0, m0, m1, &seconds), "mark_elapsed");
    check(P->mark_free(0, m0), "mark_free");
    check(P->mark_free(0, m1), "mark_free");
    if (seconds < 0)
      total = -1;
    else if (total >= 0)
      total += seconds;
  }
  printf("marks: %s\n", total >= 0 && total < 10 ? "ok" : "WRONG");
}

static void global(void *module)
{
  uint64_t addr;
  size_t size;
  int value = 0;
  check(P->get_global(0, module, "counter", &addr, &size), "get_global");
  check(P->copy_from(0, &value, addr, sizeof value, NULL), "copy_from");
  printf("global counter: %zu bytes, %d\n", size, value);
}

/* Copies through registered pages, and a kernel writing registered host
 * memory in place through its device address (zero-copy). */
static void pinning(void *module, uint64_t a)
{
  static int buf[4096], out[4096];
  for (int i = 0; i < 4096; i++)
    buf[i] = 3 * i;
  check(P->host_pin(0, buf, sizeof buf, NULL), "host_pin");
  check(P->host_pin(0, out, sizeof out, NULL), "host_pin");
  check(P->copy_to(0, a, buf, sizeof buf, NULL), "copy_to (pinned)");
  check(P->copy_from(0, out, a, sizeof out, NULL), "copy_from (pinned)");
  int ok = memcmp(buf, out, sizeof buf) == 0;
  check(P->host_unpin(0, buf), "host_unpin");
  check(P->host_unpin(0, out), "host_unpin");
  printf("pinning: %s\n", ok ? "ok" : "WRONG");
  if (!info.can_map_host)
    return;
  uint64_t mapped;
  check(P->host_pin(0, buf, sizeof buf, &mapped), "host_pin (mapped)");
  void *kernel;
  OmpiccKernelInfo ki;
  check(P->get_kernel(0, module, "fill", &kernel, &ki), "get_kernel");
  int v = 7, n = 1000;
  void *args[] = {&mapped, &v, &n};
  OmpiccLaunch g = {{4, 1, 1}, {256, 1, 1}, 0, "t.c:1:1"};
  check(P->launch(0, kernel, &g, args, NULL), "launch (mapped)");
  check(P->queue_sync(0, NULL), "queue_sync");
  ok = 1;
  for (int i = 0; i < n; i++)
    ok &= buf[i] == v + i;
  check(P->host_unpin(0, buf), "host_unpin (mapped)");
  printf("zero-copy: %s\n", ok ? "ok" : "WRONG");
}

/* Another host thread, which has no current context of its own. */
static void *other_thread(void *arg)
{
  uint64_t p;
  int in = 1234, out = 0;
  check(P->alloc(0, sizeof in, &p), "alloc (thread)");
  check(P->copy_to(0, p, &in, sizeof in, NULL), "copy_to (thread)");
  check(P->copy_from(0, &out, p, sizeof out, NULL), "copy_from (thread)");
  check(P->free(0, p), "free (thread)");
  printf("thread: %s\n", out == in ? "ok" : "WRONG");
  return arg;
}

static void all(const char *image, const char *name)
{
  show_info();
  uint64_t a, b;
  check(P->alloc(0, N * sizeof(int), &a), "alloc");
  check(P->alloc(0, N * sizeof(int), &b), "alloc");
  copies(a, b, NULL, "sync copies");
  void *q;
  check(P->queue_create(0, &q), "queue_create");
  copies(a, b, q, "queued copies");
  void *module = load_images(image, name);
  launch(module, a, NULL);
  launch(module, a, q);
  global(module);
  marks(module, a, q);
  pinning(module, a);
  pthread_t t;
  pthread_create(&t, NULL, other_thread, NULL);
  pthread_join(t, NULL);
  check(P->queue_destroy(0, q), "queue_destroy");
  check(P->free(0, a), "free");
  check(P->free(0, b), "free");
}

static void alloc_free(size_t size)
{
  uint64_t p;
  check(P->alloc(0, size, &p), "alloc");
  check(P->free(0, p), "free");
}

int main(int argc, char **argv)
{
  if (argc < 4)
    return 3;
  setvbuf(stdout, NULL, _IONBF, 0); /* in order with the traces on stderr */
  void *so = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  OmpiccPluginQuery query = so ? (OmpiccPluginQuery)dlsym(so, OMPICC_PLUGIN_QUERY) : NULL;
  if (!query || query(OMPICC_PLUGIN_VERSION + 1) != NULL || !(P = query(OMPICC_PLUGIN_VERSION))) {
    printf("FAIL query: %s\n", so ? "no table" : dlerror());
    return 2;
  }
  const char *heap = getenv("PLUGIN_TEST_HEAP");
  host.device_heap = heap ? strtoull(heap, NULL, 0) : 0;
  int n = P->init(&host);
  if (strcmp(argv[2], "count") == 0) {
    if (n != atoi(argv[3]))
      printf("FAIL count: %d devices, %s expected\n", n, argv[3]);
    check(P->fini(), "fini");
    return n == atoi(argv[3]) ? 0 : 2;
  }
  printf("devices: %d\n", n);
  if (n > 0 && strcmp(argv[2], "alloc") == 0)
    alloc_free(strtoull(argv[3], NULL, 0));
  else if (n > 0)
    all(argv[3], argc > 4 ? argv[4] : argv[3]);
  check(P->fini(), "fini");
  printf("all ok\n");
  free(last_detail);
  return 0;
}
