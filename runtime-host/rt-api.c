/* rt-api.c - the device routines of the OpenMP API, as the host sees
 * them.  A program links libompicc.a before the host compiler's OpenMP
 * library, so these definitions are the ones it calls; their types are
 * exactly those of GCC's omp.h (which is included, when there is one, so
 * that the compiler checks it).
 *
 * Device numbers: 0 .. omp_get_num_devices()-1 are the loaded modules'
 * devices; omp_get_initial_device() == omp_get_num_devices() is the host.
 *
 * OpenMP: 4.5 3.2.23-3.2.24 (default device), 3.2.31 (omp_get_num_devices),
 * 3.2.34-3.2.35 (omp_is_initial_device, omp_get_initial_device), 5.0 3.2.37
 * (omp_get_device_num), 4.5 3.5.1-3.5.8 (omp_target_alloc, free,
 * is_present, memcpy, memcpy_rect, associate_ptr, disassociate_ptr), 5.1
 * 3.8.11 (omp_get_mapped_ptr), 5.2 18.8.3 (omp_target_is_accessible),
 * 18.8.6-18.8.8 (omp_target_memcpy_async, omp_target_memcpy_rect_async,
 * omp_target_memset, omp_target_memset_async).  omp_initial_device (-1)
 * names the host wherever a device number is taken.
 *
 * The _async routines are tasks of the calling task (5.2 18.8): the
 * library is built with -fopenmp for them.  A task waits for the depend
 * objects it is given; OpenMP C has no clause for a list of them of any
 * length, so up to eight are written out, and more make the call wait for
 * the calling task's children (a superset of its dependences) and copy
 * at once.  So do depend objects under LLVM's OpenMP runtime (a host
 * compiled by clang: its omp_depend_t is not libgomp's, which this file's
 * tasks pass on) and in a library built by a compiler before OpenMP 5.0
 * (gcc 7 and 8 have no depobj).
 */
#define _GNU_SOURCE /* RTLD_DEFAULT */
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rt.h"

/* runtime-host/include/omp.h, over the host compiler's */
#include <omp.h>

void omp_set_default_device(int device_num);
int omp_get_default_device(void);
int omp_get_num_devices(void);
int omp_get_device_num(void);
int omp_is_initial_device(void);
int omp_get_initial_device(void);
void *omp_target_alloc(size_t size, int device_num);
void omp_target_free(void *device_ptr, int device_num);
int omp_target_is_present(const void *ptr, int device_num);
int omp_target_memcpy(void *dst, const void *src, size_t length, size_t dst_offset,
                      size_t src_offset, int dst_device_num, int src_device_num);
int omp_target_memcpy_rect(void *dst, const void *src, size_t element_size, int num_dims,
                           const size_t *volume, const size_t *dst_offsets,
                           const size_t *src_offsets, const size_t *dst_dimensions,
                           const size_t *src_dimensions, int dst_device_num,
                           int src_device_num);
int omp_target_associate_ptr(const void *host_ptr, const void *device_ptr, size_t size,
                             size_t device_offset, int device_num);
int omp_target_disassociate_ptr(const void *ptr, int device_num);
void *omp_get_mapped_ptr(const void *ptr, int device_num);
int omp_target_is_accessible(const void *ptr, size_t size, int device_num);
void *omp_target_memset(void *ptr, int value, size_t count, int device_num);

void omp_set_default_device(int device_num)
{
  rt_set_default_device(device_num);
}

int omp_get_default_device(void)
{
  return rt_default_device();
}

int omp_get_num_devices(void)
{
  return rt_num_devices();
}

int omp_get_initial_device(void)
{
  return rt_num_devices();
}

/* Code that runs on the host: kernels have their own versions. */
int omp_is_initial_device(void)
{
  return 1;
}

int omp_get_device_num(void)
{
  return omp_get_initial_device();
}

/* A device number of a routine: 1 for the host, 0 for a device, -1 for
 * neither. */
static int is_host(int device_num)
{
  if (device_num == rt_num_devices() || device_num == -1)
    return 1;
  return rt_device(device_num) ? 0 : -1;
}

/* ------------------------------------------------- device memory */

void *omp_target_alloc(size_t size, int device_num)
{
  int h = is_host(device_num);
  if (h)
    return h > 0 ? malloc(size) : NULL;
  RtDevice *d = rt_device(device_num);
  uint64_t addr;
  if (d->plugin->alloc(d->id, size, &addr) != 0)
    return NULL;
  rt_trace("device %d: omp_target_alloc(%zu) = %#llx", device_num, size,
           (unsigned long long)addr);
  return (void *)(uintptr_t)addr;
}

void omp_target_free(void *device_ptr, int device_num)
{
  int h = is_host(device_num);
  if (h > 0)
    free(device_ptr);
  if (h || !device_ptr)
    return;
  RtDevice *d = rt_device(device_num);
  d->plugin->free(d->id, (uint64_t)(uintptr_t)device_ptr);
  rt_trace("device %d: omp_target_free(%p)", device_num, device_ptr);
}

int omp_target_is_present(const void *ptr, int device_num)
{
  int h = is_host(device_num);
  if (h)
    return h > 0;
  /* the byte at ptr: a pointer just past a mapping is not in it */
  RtDevice *d = rt_device(device_num);
  pthread_mutex_lock(&d->lock);
  RtMapping *m = rt_lookup(d, (uintptr_t)ptr, 1, NULL);
  pthread_mutex_unlock(&d->lock);
  return m != NULL;
}

void *omp_get_mapped_ptr(const void *ptr, int device_num)
{
  int h = is_host(device_num);
  if (h)
    return h > 0 ? (void *)ptr : NULL;
  RtDevice *d = rt_device(device_num);
  pthread_mutex_lock(&d->lock);
  RtMapping *m = rt_lookup(d, (uintptr_t)ptr, 1, NULL);
  pthread_mutex_unlock(&d->lock);
  return m ? (void *)(uintptr_t)(m->dev + ((uintptr_t)ptr - m->lo)) : NULL;
}

/* 5.2 18.8.3: whether a device's kernels can use host storage through
 * its host address.  The host reaches its own memory; so does a device
 * that accesses the host's pageable memory (the CPU device; a GPU with
 * HMM or ATS: its driver says so), all of it when the program requires
 * unified shared memory (only such devices are then used); any other
 * device only storage mapped zero-copy (registered and mapped for its
 * kernels).  Whether a mapped variable has a copy of its own is another
 * question: omp_get_mapped_ptr answers it. */
int omp_target_is_accessible(const void *ptr, size_t size, int device_num)
{
  int h = is_host(device_num);
  if (h)
    return h > 0;
  if (rt_requires() & OMPICC_REQUIRES_UNIFIED_SHARED_MEMORY)
    return 1; /* the devices used are those that reach all of it */
  RtDevice *d = rt_device(device_num);
  if (d->have_info && d->info.pageable_access)
    return 1; /* it reaches the host's memory itself (the CPU device, HMM, ATS) */
  pthread_mutex_lock(&d->lock);
  RtMapping *m = rt_lookup(d, (uintptr_t)ptr, size, NULL);
  int zero_copy = m && m->zero_copy;
  pthread_mutex_unlock(&d->lock);
  return zero_copy;
}

/* ------------------------------------------------------- copies */

/* One contiguous copy between any two devices (the host included). */
static int copy_bytes(char *dst, const char *src, size_t n, int dst_dev, int src_dev)
{
  RtDevice *dd = rt_device(dst_dev), *sd = rt_device(src_dev);
  if (n == 0)
    return 0;
  if (!dd && !sd) {
    memmove(dst, src, n);
    return 0;
  }
  if (!sd)
    return dd->plugin->copy_to(dd->id, (uintptr_t)dst, src, n, NULL);
  if (!dd)
    return sd->plugin->copy_from(sd->id, dst, (uintptr_t)src, n, NULL);
  if (dd == sd)
    return dd->plugin->copy_within(dd->id, (uintptr_t)dst, (uintptr_t)src, n, NULL);
  /* two devices: through the host */
  char *tmp = malloc(n);
  if (!tmp)
    return ENOMEM;
  int rc = sd->plugin->copy_from(sd->id, tmp, (uintptr_t)src, n, NULL);
  if (rc == 0)
    rc = dd->plugin->copy_to(dd->id, (uintptr_t)dst, tmp, n, NULL);
  free(tmp);
  return rc;
}

int omp_target_memcpy(void *dst, const void *src, size_t length, size_t dst_offset,
                      size_t src_offset, int dst_device_num, int src_device_num)
{
  if (is_host(dst_device_num) < 0 || is_host(src_device_num) < 0)
    return EINVAL;
  rt_trace("omp_target_memcpy: %zu bytes, device %d to device %d", length, src_device_num,
           dst_device_num);
  return copy_bytes((char *)dst + dst_offset, (const char *)src + src_offset, length,
                    dst_device_num, src_device_num) ? EIO : 0;
}

/* Dimension `dim` of a rectangular copy; dst and src point at the first
 * element of this dimension's sub-volume. */
static int copy_rect(char *dst, const char *src, size_t es, int dims, int dim,
                     const size_t *vol, const size_t *doff, const size_t *soff,
                     const size_t *ddim, const size_t *sdim, int dd, int sd)
{
  /* bytes from one index of this dimension to the next */
  size_t dstride = es, sstride = es;
  for (int k = dim + 1; k < dims; k++) {
    dstride *= ddim[k];
    sstride *= sdim[k];
  }
  dst += doff[dim] * dstride;
  src += soff[dim] * sstride;
  if (dim == dims - 1)
    return copy_bytes(dst, src, vol[dim] * es, dd, sd);
  for (size_t i = 0; i < vol[dim]; i++) {
    int rc = copy_rect(dst + i * dstride, src + i * sstride, es, dims, dim + 1, vol, doff,
                       soff, ddim, sdim, dd, sd);
    if (rc)
      return rc;
  }
  return 0;
}

int omp_target_memcpy_rect(void *dst, const void *src, size_t element_size, int num_dims,
                           const size_t *volume, const size_t *dst_offsets,
                           const size_t *src_offsets, const size_t *dst_dimensions,
                           const size_t *src_dimensions, int dst_device_num,
                           int src_device_num)
{
  if (!dst && !src)
    return INT_MAX; /* the number of dimensions supported */
  if (num_dims < 1 || !volume || !dst_offsets || !src_offsets || !dst_dimensions ||
      !src_dimensions || is_host(dst_device_num) < 0 || is_host(src_device_num) < 0)
    return EINVAL;
  rt_trace("omp_target_memcpy_rect: %d dimensions, device %d to device %d", num_dims,
           src_device_num, dst_device_num);
  return copy_rect(dst, src, element_size, num_dims, 0, volume, dst_offsets, src_offsets,
                   dst_dimensions, src_dimensions, dst_device_num, src_device_num)
             ? EIO : 0;
}

/* ------------------------------------------------- associations */

/* 4.5 3.5.7: the host range becomes present at the given device memory,
 * with a reference count no construct brings to zero. */
int omp_target_associate_ptr(const void *host_ptr, const void *device_ptr, size_t size,
                             size_t device_offset, int device_num)
{
  if (is_host(device_num) != 0 || !host_ptr)
    return EINVAL;
  RtDevice *d = rt_device(device_num);
  uint64_t dev = (uintptr_t)device_ptr + device_offset;
  int rc = 0;
  pthread_mutex_lock(&d->lock);
  RtMapping *over, *m = rt_lookup(d, (uintptr_t)host_ptr, size, &over);
  if (m && m->associated && m->lo == (uintptr_t)host_ptr && m->dev == dev)
    rc = 0; /* the same association again: nothing */
  else if (m || over)
    rc = EINVAL;
  else {
    m = rt_insert(d, (uintptr_t)host_ptr, size, dev);
    m->refs = RT_REF_INFINITE;
    m->associated = 1;
    m->where = "omp_target_associate_ptr";
    m->name = "omp_target_associate_ptr";
  }
  pthread_mutex_unlock(&d->lock);
  rt_trace("device %d: omp_target_associate_ptr(%p, %#llx, %zu) = %d", device_num, host_ptr,
           (unsigned long long)dev, size, rc);
  return rc;
}

int omp_target_disassociate_ptr(const void *ptr, int device_num)
{
  if (is_host(device_num) != 0)
    return EINVAL;
  RtDevice *d = rt_device(device_num);
  int rc = EINVAL;
  pthread_mutex_lock(&d->lock);
  RtMapping *m = rt_lookup(d, (uintptr_t)ptr, 0, NULL);
  if (m && m->associated && m->lo == (uintptr_t)ptr) {
    rt_map_release(d, "omp_target_disassociate_ptr", m, NULL);
    rt_remove(d, m);
    rc = 0;
  }
  pthread_mutex_unlock(&d->lock);
  rt_trace("device %d: omp_target_disassociate_ptr(%p) = %d", device_num, ptr, rc);
  return rc;
}

/* ------------------------------------------------- fills */

/* 5.2 18.8.7: count bytes at ptr on a device (the host included) get
 * value; returns ptr.  A device's bytes are written from a host buffer
 * of the value, a piece at a time. */
void *omp_target_memset(void *ptr, int value, size_t count, int device_num)
{
  int h = is_host(device_num);
  if (h > 0) {
    memset(ptr, value, count);
    return ptr;
  }
  if (h < 0 || !ptr || count == 0)
    return ptr;
  RtDevice *d = rt_device(device_num);
  size_t piece = count < ((size_t)1 << 20) ? count : (size_t)1 << 20;
  unsigned char *buf = rt_xmalloc(piece);
  memset(buf, value, piece);
  for (size_t done = 0; done < count; done += piece) {
    size_t n = count - done < piece ? count - done : piece;
    if (d->plugin->copy_to(d->id, (uintptr_t)ptr + done, buf, n, NULL) != 0)
      rt_fail("omp_target_memset", d, "cannot write device memory");
  }
  free(buf);
  rt_trace("device %d: omp_target_memset(%p, %d, %zu)", device_num, ptr, value, count);
  return ptr;
}

/* ------------------------------------------------- asynchronous forms */

/* What one asynchronous routine does, run by its task. */
typedef struct AsyncWork {
  enum { ASYNC_COPY, ASYNC_RECT, ASYNC_FILL } kind;
  void *dst;
  const void *src;
  size_t length, dst_offset, src_offset, element_size;
  int num_dims, dst_device, src_device, value;
  size_t *dims; /* rect: volume, offsets and dimensions, copied (5 x num_dims) */
} AsyncWork;

static void async_run(AsyncWork *w)
{
  int rc = 0;
  size_t *v = w->dims;
  int n = w->num_dims;
  switch (w->kind) {
  case ASYNC_COPY:
    rc = omp_target_memcpy(w->dst, w->src, w->length, w->dst_offset, w->src_offset,
                           w->dst_device, w->src_device);
    break;
  case ASYNC_RECT:
    rc = omp_target_memcpy_rect(w->dst, w->src, w->element_size, n, v, v + n, v + 2 * n,
                                v + 3 * n, v + 4 * n, w->dst_device, w->src_device);
    break;
  case ASYNC_FILL:
    omp_target_memset(w->dst, w->value, w->length, w->dst_device);
    break;
  }
  if (rc)
    rt_fatal(w->kind == ASYNC_RECT ? "omp_target_memcpy_rect_async" : "omp_target_memcpy_async",
             "the copy failed (error %d)", rc);
  free(w->dims);
  free(w);
}

/* Are the program's depend objects libgomp's, which a depend(depobj:)
 * task of this file can name?  Not under LLVM's runtime. */
static int libgomp_depobjs(void)
{
#if defined(_OPENMP) && _OPENMP >= 201811
  static int answer = -1;
  if (answer < 0)
    answer = dlsym(RTLD_DEFAULT, "__kmpc_fork_call") == NULL;
  return answer;
#else
  return 0;
#endif
}

/* The task of an asynchronous routine, depending on the depend objects. */
static void async_task(AsyncWork *w, int count, omp_depend_t *l)
{
  if (count > 0 && l && !libgomp_depobjs())
    count = INT_MAX; /* wait for every child, then copy */
  switch (count > 0 && l ? count : 0) {
  case 0:
#pragma omp task firstprivate(w)
    async_run(w);
    return;
#if defined(_OPENMP) && _OPENMP >= 201811
  case 1:
#pragma omp task firstprivate(w) depend(depobj: *l)
    async_run(w);
    return;
  case 2:
#pragma omp task firstprivate(w) depend(depobj: *l, *(l + 1))
    async_run(w);
    return;
  case 3:
#pragma omp task firstprivate(w) depend(depobj: *l, *(l + 1), *(l + 2))
    async_run(w);
    return;
  case 4:
#pragma omp task firstprivate(w) depend(depobj: *l, *(l + 1), *(l + 2), *(l + 3))
    async_run(w);
    return;
  case 5:
#pragma omp task firstprivate(w) depend(depobj: *l, *(l + 1), *(l + 2), *(l + 3), *(l + 4))
    async_run(w);
    return;
  case 6:
#pragma omp task firstprivate(w) depend(depobj: *l, *(l + 1), *(l + 2), *(l + 3), *(l + 4), *(l + 5))
    async_run(w);
    return;
  case 7:
#pragma omp task firstprivate(w) depend(depobj: *l, *(l + 1), *(l + 2), *(l + 3), *(l + 4), *(l + 5), *(l + 6))
    async_run(w);
    return;
  case 8:
#pragma omp task firstprivate(w) depend(depobj: *l, *(l + 1), *(l + 2), *(l + 3), *(l + 4), *(l + 5), *(l + 6), *(l + 7))
    async_run(w);
    return;
#endif
  default: {
#pragma omp taskwait
    async_run(w);
    return;
  }
  }
}

int omp_target_memcpy_async(void *dst, const void *src, size_t length, size_t dst_offset,
                            size_t src_offset, int dst_device_num, int src_device_num,
                            int depobj_count, omp_depend_t *depobj_list)
{
  if (is_host(dst_device_num) < 0 || is_host(src_device_num) < 0)
    return EINVAL;
  AsyncWork *w = rt_xcalloc(1, sizeof *w);
  *w = (AsyncWork){ASYNC_COPY, dst, src, length, dst_offset, src_offset, 0, 0,
                   dst_device_num, src_device_num, 0, NULL};
  async_task(w, depobj_count, depobj_list);
  return 0;
}

int omp_target_memcpy_rect_async(void *dst, const void *src, size_t element_size,
                                 int num_dims, const size_t *volume,
                                 const size_t *dst_offsets, const size_t *src_offsets,
                                 const size_t *dst_dimensions,
                                 const size_t *src_dimensions, int dst_device_num,
                                 int src_device_num, int depobj_count,
                                 omp_depend_t *depobj_list)
{
  if (!dst && !src)
    return INT_MAX;
  if (num_dims < 1 || !volume || !dst_offsets || !src_offsets || !dst_dimensions ||
      !src_dimensions || is_host(dst_device_num) < 0 || is_host(src_device_num) < 0)
    return EINVAL;
  /* the arrays are the caller's and may be gone when the task runs */
  size_t n = (size_t)num_dims, *dims = rt_xmalloc(5 * n * sizeof *dims);
  const size_t *parts[5] = {volume, dst_offsets, src_offsets, dst_dimensions, src_dimensions};
  for (int k = 0; k < 5; k++)
    memcpy(dims + k * n, parts[k], n * sizeof *dims);
  AsyncWork *w = rt_xcalloc(1, sizeof *w);
  *w = (AsyncWork){ASYNC_RECT, dst, src, 0, 0, 0, element_size, num_dims,
                   dst_device_num, src_device_num, 0, dims};
  async_task(w, depobj_count, depobj_list);
  return 0;
}

void *omp_target_memset_async(void *ptr, int value, size_t count, int device_num,
                              int depobj_count, omp_depend_t *depobj_list)
{
  if (is_host(device_num) < 0)
    return ptr;
  AsyncWork *w = rt_xcalloc(1, sizeof *w);
  *w = (AsyncWork){ASYNC_FILL, ptr, NULL, count, 0, 0, 0, 0, device_num, device_num, value,
                   NULL};
  async_task(w, depobj_count, depobj_list);
  return ptr;
}

int __ompicc_host_nthreads(void)
{
  return omp_get_max_threads();
}

/* #pragma omp error at(execution) in host code, for a host compiler that
 * does not know the directive (transform/host-compat.c): the message with
 * the directive's place, as device code says it (ompicc-device.h);
 * severity(fatal) ends the program (OpenMP 5.2 8.5). */
void __ompicc_error_directive(const char *where, const char *message, int fatal)
{
  fprintf(stderr, "%s: %s: error directive encountered%s%s\n", where, fatal ? "error" : "warning",
          message ? ": " : "", message ? message : "");
  if (fatal)
    exit(EXIT_FAILURE);
}

/* OpenMP 5.2 18.9.2: the lock initialisers with a hint.  GCC 12's omp.h
 * declares them but its libgomp does not define them; a hint only
 * advises, so a lock with one is a lock. */
void omp_init_lock_with_hint(omp_lock_t *lock, omp_sync_hint_t hint)
{
  (void)hint;
  omp_init_lock(lock);
}

void omp_init_nest_lock_with_hint(omp_nest_lock_t *lock, omp_sync_hint_t hint)
{
  (void)hint;
  omp_init_nest_lock(lock);
}
