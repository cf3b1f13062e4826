/* fake-cuda.c - a stand-in libcuda.so.1 for testing the CUDA device module
 * on machines with no GPU: every function of runtime-host/cuda-driver.def,
 * over host memory, with one fake GPU (FAKE_CUDA_DEVICES=N for another
 * count) and a driver version of FAKE_CUDA_VERSION (default 13000).
 *
 * It checks what a real driver checks and the module could get wrong: cuInit
 * first, a current context on the calling thread for memory, streams,
 * modules and launches (so a missing cuCtxSetCurrent shows), frees of
 * unknown addresses; at the last primary-context release it reports on
 * stderr any allocation, stream, module or pinned range left behind.
 *
 * FAKE_CUDA_FAIL=fn1,fn2 makes those functions fail with a plausible error
 * (cuMemAlloc_v2: CUDA_ERROR_OUT_OF_MEMORY, ...); FAKE_CUDA_KERNEL_FAULT=name
 * makes that kernel fault (seen at the next synchronisation).
 * FAKE_CUDA_TRACE=1 lists each call on stderr.
 *
 * Images: text starting "fake-image"; one starting "fake-image-elsewhere"
 * holds machine code for other GPUs only (CUDA_ERROR_NO_BINARY_FOR_GPU),
 * and the JIT linker (cuLink*) links parts that start "fake-image" into a
 * "fake-image" of its own, which counts them.  Every module has the kernels
 * "fill" (int *p, int v, int n: p[i] = v + i for each thread i < n) and
 * "heavy", and the 4-byte global "counter", 42 at load.
 */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#include "cuda-min.h"

/* Prototypes from the module's own list: the fake must match it. */
#define CUDA_DRIVER(symbol, params) CUresult symbol params;
#define CUDA_DRIVER_OR(symbol, older, params) CUresult symbol params; CUresult older params;
#include "cuda-driver.def"

static int initialized;
static int retained;
static __thread CUcontext current;
static struct CUctx_st { int dummy; } the_context;
static long live_allocs, live_streams, live_modules, live_pins, live_events;

static const struct {
  const char *fn;
  CUresult error;
} failure_codes[] = {
  {"cuInit", CUDA_ERROR_NO_DEVICE},
  {"cuMemAlloc_v2", CUDA_ERROR_OUT_OF_MEMORY},
  {"cuModuleLoadData", CUDA_ERROR_INVALID_IMAGE},
  {"cuModuleGetFunction", CUDA_ERROR_NOT_FOUND},
  {"cuModuleGetGlobal_v2", CUDA_ERROR_NOT_FOUND},
  {"cuLaunchKernel", CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES},
  {"cuStreamSynchronize", CUDA_ERROR_ILLEGAL_ADDRESS},
  {"cuMemHostRegister_v2", CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED},
  {"cuCtxSetCurrent", CUDA_ERROR_INVALID_CONTEXT},
  {"cuCtxSetLimit", CUDA_ERROR_INVALID_VALUE},
  {"cuStreamDestroy_v2", CUDA_ERROR_INVALID_HANDLE},
};

static const struct {
  CUresult error;
  const char *name, *text;
} errors[] = {
  {CUDA_SUCCESS, "CUDA_SUCCESS", "no error"},
  {CUDA_ERROR_INVALID_VALUE, "CUDA_ERROR_INVALID_VALUE", "invalid argument"},
  {CUDA_ERROR_OUT_OF_MEMORY, "CUDA_ERROR_OUT_OF_MEMORY", "out of memory"},
  {CUDA_ERROR_NOT_INITIALIZED, "CUDA_ERROR_NOT_INITIALIZED", "initialization error"},
  {CUDA_ERROR_NO_DEVICE, "CUDA_ERROR_NO_DEVICE", "no CUDA-capable device is detected"},
  {CUDA_ERROR_INVALID_IMAGE, "CUDA_ERROR_INVALID_IMAGE", "device kernel image is invalid"},
  {CUDA_ERROR_INVALID_CONTEXT, "CUDA_ERROR_INVALID_CONTEXT", "invalid device context"},
  {CUDA_ERROR_INVALID_HANDLE, "CUDA_ERROR_INVALID_HANDLE", "invalid resource handle"},
  {CUDA_ERROR_NOT_FOUND, "CUDA_ERROR_NOT_FOUND", "named symbol not found"},
  {CUDA_ERROR_ILLEGAL_ADDRESS, "CUDA_ERROR_ILLEGAL_ADDRESS",
   "an illegal memory access was encountered"},
  {CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES, "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES",
   "too many resources requested for launch"},
  {CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED, "CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED",
   "part or all of the requested memory range is already mapped"},
  {CUDA_ERROR_UNKNOWN, "CUDA_ERROR_UNKNOWN", "unknown error"},
};

static void trace(const char *fmt, ...)
{
  const char *t = getenv("FAKE_CUDA_TRACE");
  if (!t || !*t)
    return;
  va_list ap;
  va_start(ap, fmt);
  fputs("fake: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
}

/* Is `fn` listed in FAKE_CUDA_FAIL? */
static int told_to_fail(const char *fn)
{
  const char *list = getenv("FAKE_CUDA_FAIL");
  size_t n = strlen(fn);
  for (const char *p = list; p && *p; p += strcspn(p, ",") + (p[strcspn(p, ",")] != 0))
    if (strncmp(p, fn, n) == 0 && (p[n] == ',' || p[n] == 0))
      return 1;
  return 0;
}

static CUresult failure(const char *fn)
{
  for (size_t i = 0; i < sizeof failure_codes / sizeof *failure_codes; i++)
    if (strcmp(failure_codes[i].fn, fn) == 0)
      return failure_codes[i].error;
  return CUDA_ERROR_UNKNOWN;
}

/* Every entry point starts here: told to fail, or called out of order. */
#define ENTER(needs_context)                                                                  \
  do {                                                                                        \
    trace("%s", __func__);                                                                    \
    if (told_to_fail(__func__))                                                               \
      return failure(__func__);                                                               \
    if (!initialized && strcmp(__func__, "cuInit") != 0)                                       \
      return CUDA_ERROR_NOT_INITIALIZED;                                                      \
    if ((needs_context) && !current)                                                          \
      return CUDA_ERROR_INVALID_CONTEXT;                                                      \
  } while (0)

static CUresult lookup_error(CUresult error, const char **s, int text)
{
  for (size_t i = 0; i < sizeof errors / sizeof *errors; i++)
    if (errors[i].error == error) {
      *s = text ? errors[i].text : errors[i].name;
      return CUDA_SUCCESS;
    }
  *s = NULL;
  return CUDA_ERROR_INVALID_VALUE;
}

CUresult cuGetErrorName(CUresult error, const char **name)
{
  if (told_to_fail(__func__))
    return CUDA_ERROR_INVALID_VALUE;
  return lookup_error(error, name, 0);
}

CUresult cuGetErrorString(CUresult error, const char **text)
{
  if (told_to_fail(__func__))
    return CUDA_ERROR_INVALID_VALUE;
  return lookup_error(error, text, 1);
}

CUresult cuInit(unsigned int flags)
{
  ENTER(0);
  if (flags != 0)
    return CUDA_ERROR_INVALID_VALUE;
  initialized = 1;
  return CUDA_SUCCESS;
}

static int env_int(const char *name, int dflt)
{
  const char *v = getenv(name);
  return v && *v ? atoi(v) : dflt;
}

CUresult cuDriverGetVersion(int *version)
{
  ENTER(0);
  *version = env_int("FAKE_CUDA_VERSION", 13000);
  return CUDA_SUCCESS;
}

CUresult cuDeviceGetCount(int *count)
{
  ENTER(0);
  *count = env_int("FAKE_CUDA_DEVICES", 1);
  return CUDA_SUCCESS;
}

CUresult cuDeviceGet(CUdevice *device, int ordinal)
{
  ENTER(0);
  if (ordinal < 0 || ordinal >= env_int("FAKE_CUDA_DEVICES", 1))
    return CUDA_ERROR_INVALID_VALUE;
  *device = ordinal;
  return CUDA_SUCCESS;
}

CUresult cuDeviceGetName(char *name, int len, CUdevice dev)
{
  ENTER(0);
  snprintf(name, (size_t)len, "Fake GPU %d", dev);
  return CUDA_SUCCESS;
}

CUresult cuDeviceTotalMem_v2(size_t *bytes, CUdevice dev)
{
  ENTER(0);
  *bytes = (size_t)1 << 30;
  return CUDA_SUCCESS;
}

CUresult cuDeviceGetAttribute(int *value, CUdevice_attribute attr, CUdevice dev)
{
  static const struct {
    CUdevice_attribute attr;
    int value;
  } attributes[] = {
    {CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK, 1024},
    {CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK, 49152},
    {CU_DEVICE_ATTRIBUTE_WARP_SIZE, 32},
    {CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, 4},
    {CU_DEVICE_ATTRIBUTE_INTEGRATED, 0},
    {CU_DEVICE_ATTRIBUTE_CAN_MAP_HOST_MEMORY, 1},
    {CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR, 2048},
    {CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, 7},
    {CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, 5},
    {CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR, 65536},
    {CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING, 1},
    {CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS, 0}, /* a discrete GPU without HMM */
  };
  ENTER(0);
  for (size_t i = 0; i < sizeof attributes / sizeof *attributes; i++)
    if (attributes[i].attr == attr) {
      *value = attributes[i].value;
      return CUDA_SUCCESS;
    }
  return CUDA_ERROR_INVALID_VALUE;
}

CUresult cuDevicePrimaryCtxRetain(CUcontext *ctx, CUdevice dev)
{
  ENTER(0);
  retained++;
  *ctx = &the_context;
  return CUDA_SUCCESS;
}

static CUresult release(void)
{
  if (retained <= 0)
    return CUDA_ERROR_INVALID_CONTEXT;
  if (--retained == 0 && (live_allocs || live_streams || live_modules || live_pins || live_events))
    fprintf(stderr,
            "fake: leaked %ld allocations, %ld streams, %ld modules, %ld pinned ranges, %ld events\n",
            live_allocs, live_streams, live_modules, live_pins, live_events);
  return CUDA_SUCCESS;
}

CUresult cuDevicePrimaryCtxRelease_v2(CUdevice dev)
{
  ENTER(0);
  return release();
}

/* The name older drivers (CUDA 10.x) export. */
CUresult cuDevicePrimaryCtxRelease(CUdevice dev)
{
  ENTER(0);
  return release();
}

CUresult cuCtxSetCurrent(CUcontext ctx)
{
  ENTER(0);
  current = ctx;
  return CUDA_SUCCESS;
}

/* The heap limit is only reported (FAKE_CUDA_TRACE shows the call). */
CUresult cuCtxSetLimit(CUlimit limit, size_t value)
{
  ENTER(1);
  if (limit != CU_LIMIT_MALLOC_HEAP_SIZE)
    return CUDA_ERROR_INVALID_VALUE;
  fprintf(stderr, "fake: heap limit %zu\n", value);
  return CUDA_SUCCESS;
}

/* ---- memory: a device address is a host pointer behind a small header. */

#define ALLOC_MAGIC 0xdeca1f00cafe0001ull

CUresult cuMemAlloc_v2(CUdeviceptr *ptr, size_t size)
{
  ENTER(1);
  if (size == 0)
    return CUDA_ERROR_INVALID_VALUE;
  if (size > (size_t)1 << 30) /* cuDeviceTotalMem_v2 */
    return CUDA_ERROR_OUT_OF_MEMORY;
  unsigned long long *block = malloc(size + 16);
  if (!block)
    return CUDA_ERROR_OUT_OF_MEMORY;
  block[0] = ALLOC_MAGIC;
  *ptr = (CUdeviceptr)(block + 2);
  live_allocs++;
  return CUDA_SUCCESS;
}

CUresult cuMemFree_v2(CUdeviceptr ptr)
{
  ENTER(1);
  unsigned long long *block = (unsigned long long *)ptr - 2;
  if (!ptr || block[0] != ALLOC_MAGIC)
    return CUDA_ERROR_INVALID_VALUE;
  block[0] = 0;
  free(block);
  live_allocs--;
  return CUDA_SUCCESS;
}

CUresult cuMemHostRegister_v2(void *p, size_t size, unsigned int flags)
{
  ENTER(1);
  if (!p || !size)
    return CUDA_ERROR_INVALID_VALUE;
  live_pins++;
  return CUDA_SUCCESS;
}

CUresult cuMemHostUnregister(void *p)
{
  ENTER(1);
  if (!p || live_pins == 0)
    return CUDA_ERROR_INVALID_VALUE;
  live_pins--;
  return CUDA_SUCCESS;
}

/* Device memory is host memory here: registered bytes keep their address. */
CUresult cuMemHostGetDevicePointer_v2(CUdeviceptr *dptr, void *p, unsigned int flags)
{
  ENTER(1);
  if (!p || flags != 0 || live_pins == 0)
    return CUDA_ERROR_INVALID_VALUE;
  *dptr = (CUdeviceptr)(uintptr_t)p;
  return CUDA_SUCCESS;
}

/* ---- copies */

#define COPY(dst, src, size) (memcpy((void *)(dst), (const void *)(src), size), CUDA_SUCCESS)

CUresult cuMemcpyHtoD_v2(CUdeviceptr dst, const void *src, size_t size)
{
  ENTER(1);
  return COPY(dst, src, size);
}

CUresult cuMemcpyDtoH_v2(void *dst, CUdeviceptr src, size_t size)
{
  ENTER(1);
  return COPY(dst, src, size);
}

CUresult cuMemcpyDtoD_v2(CUdeviceptr dst, CUdeviceptr src, size_t size)
{
  ENTER(1);
  return COPY(dst, src, size);
}

CUresult cuMemcpyHtoDAsync_v2(CUdeviceptr dst, const void *src, size_t size, CUstream stream)
{
  ENTER(1);
  return COPY(dst, src, size);
}

CUresult cuMemcpyDtoHAsync_v2(void *dst, CUdeviceptr src, size_t size, CUstream stream)
{
  ENTER(1);
  return COPY(dst, src, size);
}

CUresult cuMemcpyDtoDAsync_v2(CUdeviceptr dst, CUdeviceptr src, size_t size, CUstream stream)
{
  ENTER(1);
  return COPY(dst, src, size);
}

/* ---- streams */

struct CUstream_st {
  unsigned flags;
};

CUresult cuStreamCreate(CUstream *stream, unsigned int flags)
{
  ENTER(1);
  trace("cuStreamCreate flags %u", flags);
  *stream = malloc(sizeof **stream);
  (*stream)->flags = flags;
  live_streams++;
  return CUDA_SUCCESS;
}

CUresult cuStreamDestroy_v2(CUstream stream)
{
  ENTER(1);
  if (!stream)
    return CUDA_ERROR_INVALID_HANDLE;
  free(stream);
  live_streams--;
  return CUDA_SUCCESS;
}

/* Set by a launch of the kernel FAKE_CUDA_KERNEL_FAULT names: the fault
 * shows at the next synchronisation, as on a GPU. */
static int fault_pending;

CUresult cuStreamSynchronize(CUstream stream)
{
  ENTER(1);
  if (fault_pending)
    return CUDA_ERROR_ILLEGAL_ADDRESS;
  return CUDA_SUCCESS;
}

/* ---- events: operations are synchronous, so an event's time is the
 * host's clock when it is recorded */

struct CUevent_st {
  double ms; /* < 0: not recorded */
};
static double now_ms(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

CUresult cuEventCreate(CUevent *event, unsigned int flags)
{
  ENTER(1);
  *event = malloc(sizeof **event);
  (*event)->ms = -1;
  live_events++;
  return CUDA_SUCCESS;
}

CUresult cuEventRecord(CUevent event, CUstream stream)
{
  ENTER(1);
  if (!event)
    return CUDA_ERROR_INVALID_HANDLE;
  event->ms = now_ms();
  return CUDA_SUCCESS;
}

CUresult cuEventSynchronize(CUevent event)
{
  ENTER(1);
  if (!event)
    return CUDA_ERROR_INVALID_HANDLE;
  if (fault_pending)
    return CUDA_ERROR_ILLEGAL_ADDRESS;
  return CUDA_SUCCESS;
}

CUresult cuEventElapsedTime(float *ms, CUevent start, CUevent end)
{
  ENTER(1);
  if (!start || !end)
    return CUDA_ERROR_INVALID_HANDLE;
  if (start->ms < 0 || end->ms < 0)
    return CUDA_ERROR_INVALID_VALUE; /* a real driver: CUDA_ERROR_NOT_READY or invalid */
  *ms = (float)(end->ms - start->ms);
  return CUDA_SUCCESS;
}

CUresult cuEventDestroy_v2(CUevent event)
{
  ENTER(1);
  if (!event)
    return CUDA_ERROR_INVALID_HANDLE;
  free(event);
  live_events--;
  return CUDA_SUCCESS;
}

/* ---- modules and kernels */

struct CUmod_st {
  int counter;
};

typedef void KernelBody(unsigned thread, void **params);

static void fill_body(unsigned i, void **params)
{
  int *p = *(int **)params[0], v = *(int *)params[1], n = *(int *)params[2];
  if ((int)i < n)
    p[i] = v + (int)i;
}

static void heavy_body(unsigned i, void **params)
{
}

/* CUfunction handles point at these entries. */
static struct CUfunc_st {
  const char *name;
  KernelBody *body;
  int regs, max_threads, shared;
} kernels[] = {
  {"fill", fill_body, 32, 1024, 0},
  {"heavy", heavy_body, 255, 256, 4096},
};

CUresult cuModuleLoadData(CUmodule *module, const void *image)
{
  ENTER(1);
  if (strncmp(image, "fake-image", 10) != 0)
    return CUDA_ERROR_INVALID_IMAGE;
  if (strncmp(image, "fake-image-elsewhere", 20) == 0)
    return CUDA_ERROR_NO_BINARY_FOR_GPU;
  *module = malloc(sizeof **module);
  (*module)->counter = 42;
  live_modules++;
  return CUDA_SUCCESS;
}

struct CUlinkState_st {
  int parts;
  char cubin[64];
};

CUresult cuLinkCreate_v2(unsigned int noptions, CUjit_option *options, void **values,
                         CUlinkState *state)
{
  ENTER(1);
  (void)noptions, (void)options, (void)values;
  *state = calloc(1, sizeof **state);
  return CUDA_SUCCESS;
}

CUresult cuLinkAddData_v2(CUlinkState state, CUjitInputType type, void *data, size_t size,
                          const char *name, unsigned int noptions, CUjit_option *options,
                          void **values)
{
  ENTER(1);
  (void)name, (void)noptions, (void)options, (void)values;
  if (type != CU_JIT_INPUT_FATBINARY || size < 10 || strncmp(data, "fake-image", 10) != 0)
    return CUDA_ERROR_INVALID_IMAGE;
  state->parts++;
  return CUDA_SUCCESS;
}

CUresult cuLinkComplete(CUlinkState state, void **cubin, size_t *size)
{
  ENTER(1);
  snprintf(state->cubin, sizeof state->cubin, "fake-image linked from %d parts", state->parts);
  trace("%s", state->cubin);
  *cubin = state->cubin;
  *size = strlen(state->cubin) + 1;
  return CUDA_SUCCESS;
}

CUresult cuLinkDestroy(CUlinkState state)
{
  ENTER(1);
  free(state);
  return CUDA_SUCCESS;
}

CUresult cuModuleUnload(CUmodule module)
{
  ENTER(1);
  free(module);
  live_modules--;
  return CUDA_SUCCESS;
}

CUresult cuModuleGetFunction(CUfunction *fn, CUmodule module, const char *name)
{
  ENTER(1);
  for (size_t i = 0; i < sizeof kernels / sizeof *kernels; i++)
    if (strcmp(kernels[i].name, name) == 0) {
      *fn = &kernels[i];
      return CUDA_SUCCESS;
    }
  return CUDA_ERROR_NOT_FOUND;
}

CUresult cuModuleGetGlobal_v2(CUdeviceptr *ptr, size_t *size, CUmodule module, const char *name)
{
  ENTER(1);
  if (strcmp(name, "counter") != 0)
    return CUDA_ERROR_NOT_FOUND;
  *ptr = (CUdeviceptr)&module->counter;
  *size = sizeof module->counter;
  return CUDA_SUCCESS;
}

CUresult cuFuncGetAttribute(int *value, CUfunction_attribute attr, CUfunction fn)
{
  ENTER(1);
  switch (attr) {
  case CU_FUNC_ATTRIBUTE_NUM_REGS: *value = fn->regs; return CUDA_SUCCESS;
  case CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK: *value = fn->max_threads; return CUDA_SUCCESS;
  case CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES: *value = fn->shared; return CUDA_SUCCESS;
  }
  return CUDA_ERROR_INVALID_VALUE;
}

/* Runs every thread of the grid in turn (the fake kernels need no
 * barriers). */
CUresult cuLaunchKernel(CUfunction fn, unsigned int grid_x, unsigned int grid_y,
                        unsigned int grid_z, unsigned int block_x, unsigned int block_y,
                        unsigned int block_z, unsigned int shared_bytes, CUstream stream,
                        void **params, void **extra)
{
  ENTER(1);
  trace("cuLaunchKernel %s grid %ux%ux%u block %ux%ux%u shared %u %s", fn->name, grid_x, grid_y,
        grid_z, block_x, block_y, block_z, shared_bytes, stream ? "stream" : "null stream");
  unsigned threads = block_x * block_y * block_z;
  if (threads == 0 || threads > (unsigned)fn->max_threads || grid_x * grid_y * grid_z == 0)
    return CUDA_ERROR_INVALID_VALUE;
  if (extra)
    return CUDA_ERROR_INVALID_VALUE;
  const char *fault = getenv("FAKE_CUDA_KERNEL_FAULT");
  if (fault && strcmp(fault, fn->name) == 0) {
    fault_pending = 1;
    return CUDA_SUCCESS;
  }
  for (unsigned i = 0; i < grid_x * grid_y * grid_z * threads; i++)
    fn->body(i, params);
  return CUDA_SUCCESS;
}
