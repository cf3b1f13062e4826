/* plugin-cuda.c - the CUDA device module (ompicc-cuda.so): NVIDIA GPUs
 * through the CUDA driver API, for the runtime core (plugin.h).
 *
 * The module never links libcuda: init() opens libcuda.so.1 with dlopen and
 * resolves every function of cuda-driver.def by its exported name into
 * `drv`, so a program built by ompicc runs on a machine with no NVIDIA
 * driver (DESIGN D5).  No library, a missing symbol, cuInit failing, a
 * driver older than CUDA 10.2 or no usable GPU all mean 0 devices, and
 * nothing is printed (OpenMP 5.2 sec. 2.4, "the target-offload-var ICV":
 * the core then runs regions on the host, or stops under MANDATORY).
 *
 * Structures: `devices`, one CudaDevice per GPU whose primary context could
 * be retained (the module's device numbers, 0-based), immutable after
 * init(); each keeps the images loaded on it and the kernels looked up in
 * them, in lists under its own lock, so that fini() can unload and free
 * them.  Handles given to the core: an image is a CudaImage *, a kernel a
 * CudaKernel * (it keeps its name for messages), a queue a CUstream.
 *
 * Threads: the core calls from any host thread, so every operation makes
 * the device's primary context current for the calling thread first.
 * Driver calls are thread-safe; the module's own state is either immutable
 * or behind a lock.
 *
 * Errors: every driver call is checked; a failure gives host->detail()
 * "cuMemAlloc_v2 failed: CUDA_ERROR_OUT_OF_MEMORY (out of memory), N bytes"
 * and a non-zero return, and the core adds the construct's source place.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cuda-min.h"
#include "plugin.h"

#define EXPORT __attribute__((visibility("default")))

/* The driver's entry points, one field per line of cuda-driver.def, named
 * after the exported symbol. */
static struct {
#define CUDA_DRIVER(symbol, params) CUresult (*symbol) params;
#include "cuda-driver.def"
} drv;

/* Where each field comes from: its symbol, and an older one to try. */
typedef struct DriverSymbol {
  const char *name, *older;
  size_t offset;
} DriverSymbol;

static const DriverSymbol driver_symbols[] = {
#define CUDA_DRIVER(symbol, params) {#symbol, NULL, offsetof(__typeof__(drv), symbol)},
#define CUDA_DRIVER_OR(symbol, older, params) {#symbol, #older, offsetof(__typeof__(drv), symbol)},
#include "cuda-driver.def"
};

typedef struct CudaKernel {
  CUfunction fn;
  struct CudaKernel *next;
  char name[];
} CudaKernel;

typedef struct CudaImage {
  CUmodule module;
  struct CudaImage *next;
} CudaImage;

typedef struct CudaDevice {
  CUdevice dev;
  CUcontext ctx;
  int ordinal; /* the driver's device number */
  pthread_mutex_t lock; /* images, kernels */
  CudaImage *images;
  CudaKernel *kernels;
} CudaDevice;

static const OmpiccPluginHost *host;
static pthread_mutex_t init_lock = PTHREAD_MUTEX_INITIALIZER;
static void *libcuda;
static CudaDevice *devices;
static int ndevices;

/* ---------------------------------------------------------------- errors */

/* "fn failed: NAME (text), <context>" through host->detail; returns 1 so
 * that callers can `return failed(...)`. */
__attribute__((format(printf, 3, 4))) static int failed(const char *fn, CUresult r,
                                                         const char *fmt, ...)
{
  const char *name = NULL, *text = NULL;
  char number[32];
  if (drv.cuGetErrorName(r, &name) != CUDA_SUCCESS || !name) {
    snprintf(number, sizeof number, "CUresult %d", (int)r);
    name = number;
  }
  if (drv.cuGetErrorString(r, &text) != CUDA_SUCCESS || !text)
    text = "no description";
  char *context = NULL;
  va_list ap;
  va_start(ap, fmt);
  if (vasprintf(&context, fmt, ap) < 0)
    context = NULL;
  va_end(ap);
  host->detail("%s failed: %s (%s)%s%s", fn, name, text, context && *context ? ", " : "",
               context ? context : "");
  free(context);
  return 1;
}

/* Call driver function `fn` with `args`; on failure, explain (the rest of
 * the arguments: a printf context) and return 1 from the caller. */
#define TRY(fn, args, ...)                                                                    \
  do {                                                                                        \
    CUresult try_r_ = drv.fn args;                                                            \
    if (try_r_ != CUDA_SUCCESS)                                                               \
      return failed(#fn, try_r_, __VA_ARGS__);                                                \
  } while (0)

/* The device `dev`, current for this thread; NULL (explained) if none. */
static CudaDevice *use_device(int dev)
{
  if (dev < 0 || dev >= ndevices) {
    host->detail("cuda: no device %d (the module has %d)", dev, ndevices);
    return NULL;
  }
  CUresult r = drv.cuCtxSetCurrent(devices[dev].ctx);
  if (r != CUDA_SUCCESS) {
    failed("cuCtxSetCurrent", r, "device %d", dev);
    return NULL;
  }
  return &devices[dev];
}

#define USE_DEVICE(d, dev)                                                                    \
  CudaDevice *d = use_device(dev);                                                            \
  if (!d)                                                                                     \
  return 1

/* ---------------------------------------------------------------- init */

/* Resolve every function of cuda-driver.def; 0 when one is missing. */
static int resolve_driver(void)
{
  for (size_t i = 0; i < sizeof driver_symbols / sizeof *driver_symbols; i++) {
    const DriverSymbol *s = &driver_symbols[i];
    void *f = dlsym(libcuda, s->name);
    if (!f && s->older)
      f = dlsym(libcuda, s->older);
    if (!f) {
      host->trace("cuda: libcuda.so.1 has no %s: no CUDA devices", s->name);
      host->detail("libcuda.so.1 has no %s: the NVIDIA driver is too old or broken", s->name);
      return 0;
    }
    memcpy((char *)&drv + s->offset, &f, sizeof f);
  }
  return 1;
}

/* cuInit, and a driver recent enough; 0 otherwise. */
static int start_driver(void)
{
  CUresult r = drv.cuInit(0);
  if (r != CUDA_SUCCESS) {
    host->trace("cuda: cuInit failed (error %d): no CUDA devices", r);
    host->detail("the NVIDIA driver's cuInit failed (CUDA error %d%s)", r,
                 r == 100 ? ": no GPU" : "");
    return 0;
  }
  int version = 0;
  r = drv.cuDriverGetVersion(&version);
  if (r != CUDA_SUCCESS || version < OMPICC_CUDA_MIN_DRIVER) {
    host->trace("cuda: driver version %d, %d needed: no CUDA devices", version,
                OMPICC_CUDA_MIN_DRIVER);
    host->detail("the NVIDIA driver is for CUDA %d.%d; %d.%d or later is needed",
                 version / 1000, version % 1000 / 10, OMPICC_CUDA_MIN_DRIVER / 1000,
                 OMPICC_CUDA_MIN_DRIVER % 1000 / 10);
    return 0;
  }
  host->trace("cuda: driver version %d.%d", version / 1000, version % 1000 / 10);
  return 1;
}

/* Retain GPU `ordinal`'s primary context into devices[ndevices]; a GPU
 * that cannot be used (e.g. in a prohibited compute mode) is skipped. */
static void add_device(int ordinal)
{
  CudaDevice *d = &devices[ndevices];
  CUresult r = drv.cuDeviceGet(&d->dev, ordinal);
  if (r == CUDA_SUCCESS)
    r = drv.cuDevicePrimaryCtxRetain(&d->ctx, d->dev);
  if (r != CUDA_SUCCESS) {
    host->trace("cuda: GPU %d unusable (error %d), skipped", ordinal, r);
    return;
  }
  d->ordinal = ordinal;
  /* OMPICC_DEVICE_HEAP: the heap of malloc in kernels, set before any
   * kernel runs; refused (too large), the GPU keeps its own, with a
   * warning, since the program may then find malloc failing */
  if (host->device_heap) {
    r = drv.cuCtxSetCurrent(d->ctx);
    if (r == CUDA_SUCCESS)
      r = drv.cuCtxSetLimit(CU_LIMIT_MALLOC_HEAP_SIZE, host->device_heap);
    if (r != CUDA_SUCCESS) {
      const char *name = NULL;
      if (drv.cuGetErrorName(r, &name) != CUDA_SUCCESS || !name)
        name = "an error";
      fprintf(stderr, "ompicc: warning: OMPICC_DEVICE_HEAP=%zu: GPU %d keeps its own device heap "
                      "(cuCtxSetLimit: %s)\n", host->device_heap, ordinal, name);
    } else
      host->trace("cuda: GPU %d: device heap of %zu bytes", ordinal, host->device_heap);
    drv.cuCtxSetCurrent(NULL);
  }
  pthread_mutex_init(&d->lock, NULL);
  d->images = NULL;
  d->kernels = NULL;
  ndevices++;
}

static int find_devices(void)
{
  int count = 0;
  CUresult r = drv.cuDeviceGetCount(&count);
  if (r != CUDA_SUCCESS || count <= 0) {
    host->trace("cuda: no CUDA devices (error %d, count %d)", r, count);
    host->detail("the NVIDIA driver finds no GPU (CUDA error %d)", r);
    return 0;
  }
  devices = calloc((size_t)count, sizeof *devices);
  if (!devices)
    return 0;
  for (int i = 0; i < count; i++)
    add_device(i);
  if (ndevices == 0) {
    host->detail("none of the %d GPUs can be used (a prohibited compute mode, or no memory)",
                 count);
    free(devices);
    devices = NULL;
  }
  return ndevices;
}

static int cuda_init(const OmpiccPluginHost *h)
{
  pthread_mutex_lock(&init_lock);
  host = h;
  if (!libcuda) {
    libcuda = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!libcuda) {
      const char *err = dlerror();
      host->trace("cuda: no libcuda.so.1 (%s): no CUDA devices", err);
      host->detail("no NVIDIA driver: %s", err ? err : "libcuda.so.1 not found");
    } else if (!resolve_driver()) {
      /* Nothing of the driver has run yet: it can be unloaded.  After
       * cuInit it stays (it has threads and exit handlers of its own). */
      dlclose(libcuda);
      libcuda = NULL;
    }
  }
  int n = libcuda && ndevices == 0 && start_driver() ? find_devices() : ndevices;
  host->trace("cuda: %d device(s)", n);
  pthread_mutex_unlock(&init_lock);
  return n;
}

/* ---------------------------------------------------------------- devices */

/* cuDeviceGetAttribute of each OmpiccDeviceInfo field, as a table. */
static const struct {
  CUdevice_attribute attr;
  size_t offset;
  int is_size; /* a size_t field */
} info_attributes[] = {
  {CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, offsetof(OmpiccDeviceInfo, multiprocessors), 0},
  {CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK, offsetof(OmpiccDeviceInfo, max_threads_per_block), 0},
  {CU_DEVICE_ATTRIBUTE_WARP_SIZE, offsetof(OmpiccDeviceInfo, warp_size), 0},
  {CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR,
   offsetof(OmpiccDeviceInfo, regs_per_multiprocessor), 0},
  {CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR,
   offsetof(OmpiccDeviceInfo, max_threads_per_multiprocessor), 0},
  {CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK,
   offsetof(OmpiccDeviceInfo, shared_mem_per_block), 1},
  {CU_DEVICE_ATTRIBUTE_INTEGRATED, offsetof(OmpiccDeviceInfo, integrated), 0},
  {CU_DEVICE_ATTRIBUTE_CAN_MAP_HOST_MEMORY, offsetof(OmpiccDeviceInfo, can_map_host), 0},
  {CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, offsetof(OmpiccDeviceInfo, compute_major), 0},
  {CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, offsetof(OmpiccDeviceInfo, compute_minor), 0},
  {CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING, offsetof(OmpiccDeviceInfo, unified_addressing), 0},
  {CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS, offsetof(OmpiccDeviceInfo, pageable_access), 0},
};

static int cuda_device_info(int dev, OmpiccDeviceInfo *info)
{
  USE_DEVICE(d, dev);
  memset(info, 0, sizeof *info);
  TRY(cuDeviceGetName, (info->name, (int)sizeof info->name, d->dev), "device %d", dev);
  info->name[sizeof info->name - 1] = 0;
  TRY(cuDeviceTotalMem_v2, (&info->global_mem, d->dev), "device %d", dev);
  for (size_t i = 0; i < sizeof info_attributes / sizeof *info_attributes; i++) {
    int value = 0;
    TRY(cuDeviceGetAttribute, (&value, info_attributes[i].attr, d->dev),
        "attribute %d of device %d", (int)info_attributes[i].attr, dev);
    char *field = (char *)info + info_attributes[i].offset;
    if (info_attributes[i].is_size)
      *(size_t *)field = (size_t)value;
    else
      *(int *)field = value;
  }
  host->trace("cuda: device %d (GPU %d): %s, compute capability %d.%d, %d SMs, %zu MiB", dev,
              d->ordinal, info->name, info->compute_major, info->compute_minor,
              info->multiprocessors, info->global_mem >> 20);
  return 0;
}

/* ---------------------------------------------------------------- memory */

static int cuda_alloc(int dev, size_t size, uint64_t *addr)
{
  USE_DEVICE(d, dev);
  CUdeviceptr p = 0;
  /* cuMemAlloc rejects 0 bytes; a zero-length section still needs an
   * address of its own. */
  TRY(cuMemAlloc_v2, (&p, size ? size : 1), "%zu bytes", size);
  *addr = p;
  return 0;
}

static int cuda_free(int dev, uint64_t addr)
{
  USE_DEVICE(d, dev);
  TRY(cuMemFree_v2, (addr), "device address 0x%llx", (unsigned long long)addr);
  return 0;
}

/* Portable: the pages are pinned for every context.  With device_addr
 * they are also mapped into dev's address space (zero-copy). */
static int cuda_host_pin(int dev, void *p, size_t n, uint64_t *device_addr)
{
  USE_DEVICE(d, dev);
  unsigned flags = CU_MEMHOSTREGISTER_PORTABLE | (device_addr ? CU_MEMHOSTREGISTER_DEVICEMAP : 0);
  TRY(cuMemHostRegister_v2, (p, n, flags), "%zu bytes at %p", n, p);
  if (device_addr) {
    CUdeviceptr a = 0;
    CUresult r = drv.cuMemHostGetDevicePointer_v2(&a, p, 0);
    if (r != CUDA_SUCCESS) {
      failed("cuMemHostGetDevicePointer_v2", r, "%p on device %d", p, dev);
      drv.cuMemHostUnregister(p);
      return 1;
    }
    *device_addr = a;
  }
  return 0;
}

static int cuda_host_unpin(int dev, void *p)
{
  USE_DEVICE(d, dev);
  TRY(cuMemHostUnregister, (p), "%p", p);
  return 0;
}

/* ---------------------------------------------------------------- queues */

static int cuda_queue_create(int dev, void **queue)
{
  USE_DEVICE(d, dev);
  CUstream s = NULL;
  /* Non-blocking: the queues of different host threads must not wait for
   * each other through the legacy default stream. */
  TRY(cuStreamCreate, (&s, CU_STREAM_NON_BLOCKING), "device %d", dev);
  *queue = s;
  return 0;
}

static int cuda_queue_destroy(int dev, void *queue)
{
  USE_DEVICE(d, dev);
  TRY(cuStreamDestroy_v2, ((CUstream)queue), "device %d", dev);
  return 0;
}

/* With no queue, operations use the legacy default stream and are waited
 * for, so that "done" means done whatever queue the core uses next. */
static int cuda_queue_sync(int dev, void *queue)
{
  USE_DEVICE(d, dev);
  TRY(cuStreamSynchronize, ((CUstream)queue), "device %d", dev);
  return 0;
}

static int cuda_copy_to(int dev, uint64_t dst, const void *src, size_t n, void *queue)
{
  USE_DEVICE(d, dev);
  if (n == 0)
    return 0;
  if (queue) {
    TRY(cuMemcpyHtoDAsync_v2, (dst, src, n, (CUstream)queue), "%zu bytes to device %d", n, dev);
    return 0;
  }
  TRY(cuMemcpyHtoD_v2, (dst, src, n), "%zu bytes to device %d", n, dev);
  /* From pageable memory the call may return before the data arrives. */
  TRY(cuStreamSynchronize, (NULL), "after a copy to device %d", dev);
  return 0;
}

static int cuda_copy_from(int dev, void *dst, uint64_t src, size_t n, void *queue)
{
  USE_DEVICE(d, dev);
  if (n == 0)
    return 0;
  if (queue) {
    TRY(cuMemcpyDtoHAsync_v2, (dst, src, n, (CUstream)queue), "%zu bytes from device %d", n,
        dev);
    return 0;
  }
  TRY(cuMemcpyDtoH_v2, (dst, src, n), "%zu bytes from device %d", n, dev);
  return 0;
}

static int cuda_copy_within(int dev, uint64_t dst, uint64_t src, size_t n, void *queue)
{
  USE_DEVICE(d, dev);
  if (n == 0)
    return 0;
  if (queue) {
    TRY(cuMemcpyDtoDAsync_v2, (dst, src, n, (CUstream)queue), "%zu bytes within device %d", n,
        dev);
    return 0;
  }
  TRY(cuMemcpyDtoD_v2, (dst, src, n), "%zu bytes within device %d", n, dev);
  TRY(cuStreamSynchronize, (NULL), "after a copy within device %d", dev);
  return 0;
}

/* ---------------------------------------------------------------- images */

/* The path of an image file: as given when it has a '/', else in the
 * executable's folder (separate-file mode, ompicc-rt.h).  Caller frees. */
static char *image_path(const char *file)
{
  char *path = NULL;
  if (strchr(file, '/'))
    return strdup(file);
  char *exe = realpath("/proc/self/exe", NULL);
  char *slash = exe ? strrchr(exe, '/') : NULL;
  if (slash)
    *slash = 0;
  if (asprintf(&path, "%s/%s", slash ? exe : ".", file) < 0)
    path = NULL;
  free(exe);
  return path;
}

/* The whole of file `path`, NUL-terminated (a PTX image is text); NULL,
 * explained, on failure.  Caller frees. */
static char *read_image(const char *path, size_t *got)
{
  FILE *f = fopen(path, "rb");
  char *data = NULL;
  long size = -1;
  if (f && fseek(f, 0, SEEK_END) == 0 && (size = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0 &&
      (data = malloc((size_t)size + 1)) && fread(data, 1, (size_t)size, f) == (size_t)size) {
    data[size] = 0;
    fclose(f);
    *got = (size_t)size;
    return data;
  }
  host->detail("cuda: cannot read kernel image %s: %s", path, strerror(errno));
  free(data);
  if (f)
    fclose(f);
  return NULL;
}

/* The image's bytes and their number, 8-byte aligned as the driver
 * expects; *copy is what the caller frees (NULL when the embedded bytes
 * are used as they are). */
static const void *image_bytes(const OmpiccImage *image, char **copy, size_t *size)
{
  *copy = NULL;
  *size = image->size;
  if (!image->bytes) {
    char *path = image_path(image->file);
    if (path)
      *copy = read_image(path, size);
    else
      host->detail("cuda: out of memory");
    free(path);
    return *copy;
  }
  if ((uintptr_t)image->bytes % 8 == 0)
    return image->bytes;
  *copy = malloc(image->size);
  if (*copy)
    memcpy(*copy, image->bytes, image->size);
  else
    host->detail("cuda: out of memory for a %lu-byte kernel image", image->size);
  return *copy;
}

static const char *image_name(const OmpiccImage *image)
{
  return image->file ? image->file : "embedded image";
}

/* An image linked from relocatable device code (compiler/offload.c,
 * link_relocatable) is a container: LINKED_MAGIC, the number of its parts
 * (4 bytes), 4 bytes of zeros, then each part's size (8 bytes) and bytes,
 * from 8-byte boundaries.  Part 0 is the device linker's fatbin: machine
 * code for the architectures of --cuda-arch.  The others are the files'
 * relocatable fatbins, with PTX of the newest: a GPU that part 0 has no
 * code for gets them linked by the driver's JIT linker, as a whole-file
 * image's PTX is compiled for it. */
#define LINKED_MAGIC "OMPICCLK"

static uint64_t get_le(const unsigned char *p, int n)
{
  uint64_t v = 0;
  for (int i = n - 1; i >= 0; i--)
    v = v << 8 | p[i];
  return v;
}

static int jit_link(int dev, const char *name, int nparts, const unsigned char **parts,
                    const size_t *sizes, CUmodule *module)
{
  char log[4096] = "";
  CUjit_option opts[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *vals[] = {log, (void *)(uintptr_t)sizeof log};
  CUlinkState st;
  CUresult r = drv.cuLinkCreate_v2(2, opts, vals, &st);
  if (r != CUDA_SUCCESS)
    return failed("cuLinkCreate", r, "%s on device %d", name, dev);
  void *cubin = NULL;
  size_t cubin_size = 0;
  for (int i = 1; i < nparts && r == CUDA_SUCCESS; i++)
    r = drv.cuLinkAddData_v2(st, CU_JIT_INPUT_FATBINARY, (void *)parts[i], sizes[i], name, 0, NULL,
                             NULL);
  if (r == CUDA_SUCCESS)
    r = drv.cuLinkComplete(st, &cubin, &cubin_size);
  if (r == CUDA_SUCCESS)
    r = drv.cuModuleLoadData(module, cubin);
  drv.cuLinkDestroy(st);
  if (r != CUDA_SUCCESS)
    return failed("the JIT link", r, "%s on device %d%s%s", name, dev, *log ? ": " : "", log);
  host->trace("cuda: device %d: %s has no machine code for this GPU: linked from its PTX", dev,
              name);
  return 0;
}

static int load_linked(int dev, const unsigned char *b, size_t size, const char *name,
                       CUmodule *module)
{
  int nparts = size >= 16 ? (int)get_le(b + 8, 4) : 0;
  const unsigned char **parts = calloc((size_t)nparts + 1, sizeof *parts);
  size_t *sizes = calloc((size_t)nparts + 1, sizeof *sizes);
  size_t at = 16;
  int ok = nparts > 0 && parts && sizes;
  for (int i = 0; ok && i < nparts; i++) {
    ok = at + 8 <= size;
    sizes[i] = ok ? get_le(b + at, 8) : 0;
    ok = ok && sizes[i] <= size - at - 8;
    parts[i] = b + at + 8;
    at += 8 + (sizes[i] + 7) / 8 * 8;
  }
  int st;
  if (!ok) {
    host->detail("cuda: %s is a damaged linked image", name);
    st = 1;
  } else {
    CUresult r = drv.cuModuleLoadData(module, parts[0]);
    if (r == CUDA_ERROR_NO_BINARY_FOR_GPU && nparts > 1)
      st = jit_link(dev, name, nparts, parts, sizes, module);
    else
      st = r == CUDA_SUCCESS ? 0 : failed("cuModuleLoadData", r, "%s on device %d", name, dev);
  }
  free(parts);
  free(sizes);
  return st;
}

static int load_module(int dev, const OmpiccImage *image, CUmodule *module)
{
  char *copy;
  size_t size;
  const unsigned char *bytes = image_bytes(image, &copy, &size);
  if (!bytes)
    return 1;
  int st;
  if (size >= 8 && !memcmp(bytes, LINKED_MAGIC, 8)) {
    st = load_linked(dev, bytes, size, image_name(image), module);
  } else {
    CUresult r = drv.cuModuleLoadData(module, bytes);
    st = r == CUDA_SUCCESS ? 0 : failed("cuModuleLoadData", r, "%s on device %d", image_name(image), dev);
  }
  free(copy);
  return st;
}

static int cuda_load_image(int dev, const OmpiccImage *image, void **handle)
{
  USE_DEVICE(d, dev);
  if (image->kind != OMPICC_IMAGE_CUDA_FATBIN) {
    host->detail("cuda: %s is not a CUDA image (kind %d)", image_name(image), image->kind);
    return 1;
  }
  CudaImage *img = malloc(sizeof *img);
  if (!img) {
    host->detail("cuda: out of memory");
    return 1;
  }
  if (load_module(dev, image, &img->module)) {
    free(img);
    return 1;
  }
  pthread_mutex_lock(&d->lock);
  img->next = d->images;
  d->images = img;
  pthread_mutex_unlock(&d->lock);
  host->trace("cuda: device %d: loaded %s", dev, image_name(image));
  *handle = img;
  return 0;
}

/* ---------------------------------------------------------------- kernels */

static int kernel_info(CUfunction fn, const char *name, OmpiccKernelInfo *info)
{
  int regs = 0, threads = 0, shared = 0;
  TRY(cuFuncGetAttribute, (&regs, CU_FUNC_ATTRIBUTE_NUM_REGS, fn), "kernel %s", name);
  TRY(cuFuncGetAttribute, (&threads, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, fn), "kernel %s",
      name);
  TRY(cuFuncGetAttribute, (&shared, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, fn), "kernel %s", name);
  info->regs_per_thread = regs;
  info->max_threads_per_block = threads;
  info->static_shared = (size_t)shared;
  return 0;
}

static int cuda_get_kernel(int dev, void *module, const char *name, void **kernel,
                           OmpiccKernelInfo *info)
{
  USE_DEVICE(d, dev);
  CUfunction fn = NULL;
  TRY(cuModuleGetFunction, (&fn, ((CudaImage *)module)->module, name), "kernel %s on device %d",
      name, dev);
  OmpiccKernelInfo local;
  if (kernel_info(fn, name, info ? info : &local))
    return 1;
  size_t len = strlen(name) + 1;
  CudaKernel *k = malloc(sizeof *k + len);
  if (!k) {
    host->detail("cuda: out of memory");
    return 1;
  }
  k->fn = fn;
  memcpy(k->name, name, len);
  pthread_mutex_lock(&d->lock);
  k->next = d->kernels;
  d->kernels = k;
  pthread_mutex_unlock(&d->lock);
  if (info)
    host->trace("cuda: device %d: kernel %s: %d registers, %d threads at most, %zu bytes shared",
                dev, name, info->regs_per_thread, info->max_threads_per_block,
                info->static_shared);
  *kernel = k;
  return 0;
}

static int cuda_get_global(int dev, void *module, const char *name, uint64_t *addr,
                           size_t *size)
{
  USE_DEVICE(d, dev);
  CUdeviceptr p = 0;
  size_t n = 0;
  TRY(cuModuleGetGlobal_v2, (&p, &n, ((CudaImage *)module)->module, name),
      "variable %s on device %d", name, dev);
  *addr = p;
  if (size)
    *size = n;
  return 0;
}

static int cuda_launch(int dev, void *kernel, const OmpiccLaunch *g, void **args, void *queue)
{
  USE_DEVICE(d, dev);
  CudaKernel *k = kernel;
  if (g->dynamic_shared > UINT_MAX) {
    host->detail("cuda: kernel %s: %zu bytes of dynamic shared memory", k->name,
                 g->dynamic_shared);
    return 1;
  }
  host->trace("cuda: %s: launch %s on device %d, grid %ux%ux%u, block %ux%ux%u, %zu bytes shared",
              g->where ? g->where : "?", k->name, dev, g->grid[0], g->grid[1], g->grid[2],
              g->block[0], g->block[1], g->block[2], g->dynamic_shared);
  TRY(cuLaunchKernel,
      (k->fn, g->grid[0], g->grid[1], g->grid[2], g->block[0], g->block[1], g->block[2],
       (unsigned)g->dynamic_shared, (CUstream)queue, args, NULL),
      "kernel %s, grid %ux%ux%u, block %ux%ux%u", k->name, g->grid[0], g->grid[1], g->grid[2],
      g->block[0], g->block[1], g->block[2]);
  /* Synchronous without a queue: a fault shows up here, with the kernel
   * named, rather than at some later copy. */
  if (!queue)
    TRY(cuStreamSynchronize, (NULL), "running kernel %s", k->name);
  return 0;
}

/* ---------------------------------------------------------------- timing */

/* Marks are events (default flags: they record time), for OMPICC_PROFILE. */
static int cuda_mark_record(int dev, void *queue, void **mark)
{
  USE_DEVICE(d, dev);
  CUevent e = NULL;
  TRY(cuEventCreate, (&e, 0), "device %d", dev);
  CUresult r = drv.cuEventRecord(e, (CUstream)queue);
  if (r != CUDA_SUCCESS) {
    drv.cuEventDestroy_v2(e);
    return failed("cuEventRecord", r, "device %d", dev);
  }
  *mark = e;
  return 0;
}

static int cuda_mark_elapsed(int dev, void *a, void *b, double *seconds)
{
  USE_DEVICE(d, dev);
  float ms = 0;
  TRY(cuEventSynchronize, ((CUevent)b), "device %d", dev);
  TRY(cuEventElapsedTime, (&ms, (CUevent)a, (CUevent)b), "device %d", dev);
  *seconds = ms / 1e3;
  return 0;
}

static int cuda_mark_free(int dev, void *mark)
{
  USE_DEVICE(d, dev);
  TRY(cuEventDestroy_v2, ((CUevent)mark), "device %d", dev);
  return 0;
}

/* ---------------------------------------------------------------- fini */

/* Unload and free what device `dev` holds, release its context; the first
 * failure is explained, the rest still done. */
static int close_device(int dev)
{
  CudaDevice *d = &devices[dev];
  int bad = drv.cuCtxSetCurrent(d->ctx) != CUDA_SUCCESS;
  for (CudaImage *img = d->images, *next; img; img = next) {
    next = img->next;
    CUresult r = drv.cuModuleUnload(img->module);
    if (r != CUDA_SUCCESS && !bad)
      bad = failed("cuModuleUnload", r, "device %d", dev);
    free(img);
  }
  for (CudaKernel *k = d->kernels, *next; k; k = next) {
    next = k->next;
    free(k);
  }
  drv.cuCtxSetCurrent(NULL);
  CUresult r = drv.cuDevicePrimaryCtxRelease_v2(d->dev);
  if (r != CUDA_SUCCESS && !bad)
    bad = failed("cuDevicePrimaryCtxRelease_v2", r, "device %d", dev);
  pthread_mutex_destroy(&d->lock);
  return bad;
}

static int cuda_fini(void)
{
  pthread_mutex_lock(&init_lock);
  int bad = 0;
  for (int i = 0; i < ndevices; i++)
    bad |= close_device(i);
  free(devices);
  devices = NULL;
  ndevices = 0;
  pthread_mutex_unlock(&init_lock);
  return bad;
}

static int cuda_native(int dev, long *device, void **context)
{
  USE_DEVICE(d, dev);
  *device = (long)d->dev;
  *context = d->ctx;
  return 0;
}

/* ---------------------------------------------------------------- table */

static const OmpiccPlugin cuda_plugin = {
  .version = OMPICC_PLUGIN_VERSION,
  .name = "cuda",
  .caps = OMPICC_CAP_ASYNC | OMPICC_CAP_PINNED | OMPICC_CAP_GLOBALS,
  .image_kind = OMPICC_IMAGE_CUDA_FATBIN,
  .init = cuda_init,
  .device_info = cuda_device_info,
  .alloc = cuda_alloc,
  .free = cuda_free,
  .queue_create = cuda_queue_create,
  .queue_destroy = cuda_queue_destroy,
  .queue_sync = cuda_queue_sync,
  .copy_to = cuda_copy_to,
  .copy_from = cuda_copy_from,
  .copy_within = cuda_copy_within,
  .load_image = cuda_load_image,
  .get_kernel = cuda_get_kernel,
  .launch = cuda_launch,
  .get_global = cuda_get_global,
  .host_pin = cuda_host_pin,
  .host_unpin = cuda_host_unpin,
  .native = cuda_native,
  .mark_record = cuda_mark_record,
  .mark_elapsed = cuda_mark_elapsed,
  .mark_free = cuda_mark_free,
  .fini = cuda_fini,
};

EXPORT const OmpiccPlugin *ompicc_plugin_query(int version)
{
  return version == OMPICC_PLUGIN_VERSION ? &cuda_plugin : NULL;
}
