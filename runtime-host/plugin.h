/* plugin.h - the contract between the runtime core (libompicc) and a
 * device module (a shared object: ompicc-cuda.so, ompicc-cuda-emu.so).
 *
 * Both sides include this header.  A module exports exactly one symbol,
 *
 *     const OmpiccPlugin *ompicc_plugin_query(int version);
 *
 * which returns its table of operations when it speaks `version`
 * (OMPICC_PLUGIN_VERSION) and NULL otherwise.  The core loads modules on
 * first use (dlopen), in the order OMPICC_DEVICES names them (default:
 * "cuda"), calls init() once, and numbers the devices of all modules one
 * after the other: module 1's devices 0..n1-1, module 2's n1.., and so on.
 * The host is device omp_get_num_devices() (omp_get_initial_device()).
 *
 * Rules for every operation: `dev` is the module's own device number
 * (0-based within the module); device addresses travel as uint64_t; a
 * return of 0 is success, anything else a failure whose explanation the
 * module has given through host->detail() just before returning (the core
 * then reports it with the source place of the construct and stops).
 * "No driver", "no device" and "driver too old" are not failures: init()
 * returns 0 devices and prints nothing.
 *
 * Optional operations may be NULL; their absence is announced by a
 * capability bit.
 */
#ifndef OMPICC_PLUGIN_H
#define OMPICC_PLUGIN_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "ompicc-rt.h"

#define OMPICC_PLUGIN_VERSION 2

/* A size the environment gives, read alike by the core and the modules
 * (OMPICC_DEVICE_HEAP, OMPICC_EMU_STACK): bytes, or with k, m or g after
 * the number for KiB, MiB or GiB.  0 when var is unset; 0 with *bad set
 * when it is not a size. */
static inline size_t ompicc_env_size(const char *var, int *bad)
{
  const char *s = getenv(var);
  *bad = 0;
  if (!s || !*s)
    return 0;
  const char *end = s;
  unsigned long long v = 0;
  while (*end >= '0' && *end <= '9' && v <= (unsigned long long)SIZE_MAX / 10)
    v = v * 10 + (unsigned long long)(*end++ - '0');
  int shift = *end == 'k' || *end == 'K' ? 10 : *end == 'm' || *end == 'M' ? 20
              : *end == 'g' || *end == 'G' ? 30 : 0;
  end += shift != 0;
  if (end == s || *end || v == 0 || v > (unsigned long long)(SIZE_MAX >> shift)) {
    *bad = 1;
    return 0;
  }
  return (size_t)v << shift;
}

/* What the core offers a module. */
typedef struct OmpiccPluginHost {
  /* Debug trace, printed only when OMPICC_DEBUG is set in the environment. */
  void (*trace)(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
  /* Record the explanation of the failure about to be returned. */
  void (*detail)(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
  /* Bytes of each device's heap, which malloc in kernels (and omp_alloc
   * there) draws on: OMPICC_DEVICE_HEAP; 0 leaves the device's own size
   * (CUDA's: 8 MiB). */
  size_t device_heap;
} OmpiccPluginHost;

/* Kernel images (kinds OMPICC_IMAGE_*): the descriptor generated code
 * emits, see ompicc-rt.h. */
typedef __ompicc_image OmpiccImage;

typedef struct OmpiccDeviceInfo {
  char name[256];          /* e.g. "NVIDIA H100 80GB HBM3", "cuda-emu" */
  int multiprocessors;     /* SM count */
  int max_threads_per_block;
  int warp_size;
  int regs_per_multiprocessor;
  int max_threads_per_multiprocessor;
  size_t shared_mem_per_block;
  size_t global_mem;
  int integrated;          /* 1 when device and host share physical memory (Jetson) */
  int can_map_host;        /* kernels can use registered host memory (host_pin with
                              a device address) */
  int compute_major, compute_minor;
  int unified_addressing;  /* device and host pointers share one address space (UVA) */
  int pageable_access;     /* kernels use any host memory at its own address, coherently
                              (HMM, ATS, the CPU device): unified shared memory */
} OmpiccDeviceInfo;

/* What a module knows of a kernel once loaded. */
typedef struct OmpiccKernelInfo {
  int regs_per_thread;       /* 0 when unknown */
  int max_threads_per_block; /* the most this kernel can be launched with */
  size_t static_shared;      /* bytes of __shared__ it declares */
} OmpiccKernelInfo;

typedef struct OmpiccLaunch {
  unsigned grid[3];  /* blocks */
  unsigned block[3]; /* threads per block */
  size_t dynamic_shared;
  const char *where; /* "file.c:12:1", for the module's own messages */
} OmpiccLaunch;

/* Capability bits (OmpiccPlugin.caps). */
enum {
  OMPICC_CAP_ASYNC = 1 << 0,   /* queues are real: operations may overlap */
  OMPICC_CAP_PINNED = 1 << 1,  /* host_pin/host_unpin provided */
  OMPICC_CAP_GLOBALS = 1 << 2, /* get_global provided (declare target variables) */
};

typedef struct OmpiccPlugin {
  int version;       /* OMPICC_PLUGIN_VERSION */
  const char *name;  /* "cuda", "cuda-emu": the word OMPICC_DEVICES uses */
  unsigned caps;
  int image_kind;    /* the OmpiccImage kind this module loads */

  /* Once, before anything else: returns the number of devices (>= 0). */
  int (*init)(const OmpiccPluginHost *host);
  int (*device_info)(int dev, OmpiccDeviceInfo *info);

  /* Memory: device addresses as integers. */
  int (*alloc)(int dev, size_t size, uint64_t *addr);
  int (*free)(int dev, uint64_t addr);

  /* A queue is the module's stream: the core keeps one per host thread
   * and device.  NULL queue = synchronous on the device's default queue. */
  int (*queue_create)(int dev, void **queue);
  int (*queue_destroy)(int dev, void *queue);
  int (*queue_sync)(int dev, void *queue);

  int (*copy_to)(int dev, uint64_t dst, const void *src, size_t n, void *queue);
  int (*copy_from)(int dev, void *dst, uint64_t src, size_t n, void *queue);
  int (*copy_within)(int dev, uint64_t dst, uint64_t src, size_t n, void *queue);

  /* Images and kernels: loaded once per device and cached by the core. */
  int (*load_image)(int dev, const OmpiccImage *image, void **module);
  int (*get_kernel)(int dev, void *module, const char *name, void **kernel,
                    OmpiccKernelInfo *info);
  /* args[i] points at the value of the i-th kernel parameter, exactly as
   * cuLaunchKernel's kernelParams. */
  int (*launch)(int dev, void *kernel, const OmpiccLaunch *geometry, void **args,
                void *queue);

  /* Optional. */
  int (*get_global)(int dev, void *module, const char *name, uint64_t *addr,
                    size_t *size);
  /* Register (page-lock) the host bytes [p, p+n) so that copies from and
   * to them run at the link's full rate.  With device_addr, also map them
   * for device dev's kernels and return the device address of p: a
   * zero-copy mapping.  Registrations must not overlap (whole pages);
   * host_unpin takes the p given to host_pin.  A failure is not fatal to
   * the core: it goes on with pageable copies (rt-transfer.c). */
  int (*host_pin)(int dev, void *p, size_t n, uint64_t *device_addr);
  int (*host_unpin)(int dev, void *p);
  /* The foreign runtime's handles of device dev, for interop objects
   * (OpenMP 5.2 14.1): the CUDA driver's CUdevice and CUcontext. */
  int (*native)(int dev, long *device, void **context);
  /* Timing marks, for OMPICC_PROFILE: mark_record records a mark on the
   * queue (NULL: the default queue) after what is queued there so far;
   * mark_elapsed waits for mark b and gives the device's time from a to
   * b; mark_free frees a mark.  Without them the core times with the
   * host's clock. */
  int (*mark_record)(int dev, void *queue, void **mark);
  int (*mark_elapsed)(int dev, void *a, void *b, double *seconds);
  int (*mark_free)(int dev, void *mark);

  /* At exit (the core calls it from an atexit handler), once. */
  int (*fini)(void);
} OmpiccPlugin;

typedef const OmpiccPlugin *(*OmpiccPluginQuery)(int version);
#define OMPICC_PLUGIN_QUERY "ompicc_plugin_query"

#endif
