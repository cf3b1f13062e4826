/* omp-alloc.h - memory allocators in device code (included by
 * ompicc-generic.h): omp_alloc and its relatives on the device heap
 * (CUDA's device malloc, sm_20 and later; its size is CUDA's default,
 * 8 MiB, or OMPICC_DEVICE_HEAP), and allocators made by omp_init_allocator.
 *
 * Every memory space of OpenMP 5.2 6.1 is the device's global memory,
 * which every thread of every team can reach, so each access trait is
 * met; omp_alloc cannot hand out CUDA shared memory (its size is fixed
 * when the kernel starts: the allocate directive and clause put
 * variables of the pteam and cgroup allocators there, as the code
 * generator knows their sizes).  Traits honoured: alignment, pool_size
 * (bytes the allocator may hand out at once), fallback and fb_data;
 * sync_hint, access, pinned and partition are accepted and change
 * nothing.  A handle is a predefined allocator's number (omp-types.h) or
 * the device address of the record omp_init_allocator made.  Each block
 * handed out is preceded by a header saying where the heap block starts,
 * its size and its allocator, which omp_free and omp_realloc read.
 *
 * OpenMP 5.2 6.2 (memory allocators and their traits, table 6.2), 6.4
 * (predefined allocators, table 6.3), 18.13 (memory management routines).
 */
#ifndef OMPICC_OMP_ALLOC_H
#define OMPICC_OMP_ALLOC_H

/* The traits of an allocator (the defaults of table 6.2 where unset). */
struct __ompicc_allocator {
  omp_memspace_handle_t space;
  unsigned long long alignment; /* a power of two */
  unsigned long long pool_size; /* 0: the whole heap */
  unsigned long long used;      /* bytes handed out of the pool (as asked for) */
  omp_uintptr_t fallback;       /* omp_atv_*_fb */
  omp_allocator_handle_t fb_data;
};

/* Before each block handed out. */
struct __ompicc_block {
  void *raw;                        /* what malloc returned */
  size_t size;                      /* bytes asked for */
  omp_allocator_handle_t allocator; /* the one that handed it out */
  size_t charged;                   /* bytes counted in its pool */
};

#define OMPICC_PREDEFINED_ALLOCATORS 4096 /* handles below are predefined (or unknown) */

static __device__ __forceinline__ int __ompicc_pow2(unsigned long long v)
{
  return v && !(v & (v - 1));
}

/* The allocator record of a handle made by omp_init_allocator, or NULL
 * for a predefined one. */
static __device__ __forceinline__ __ompicc_allocator *__ompicc_allocator_of(omp_allocator_handle_t a)
{
  return (omp_uintptr_t)a < OMPICC_PREDEFINED_ALLOCATORS ? 0 : (__ompicc_allocator *)(omp_uintptr_t)a;
}

/* A block of `size` bytes aligned to `align` (a power of two) from
 * allocator a, or what its fallback trait says when that cannot be. */
static __device__ void *__ompicc_alloc(size_t align, size_t size, omp_allocator_handle_t a, int zero)
{
  if (a == omp_null_allocator)
    a = omp_get_default_allocator();
  if (size == 0 || !__ompicc_pow2(align))
    return 0;
  __ompicc_allocator *al = __ompicc_allocator_of(a);
  if (al && al->alignment > align)
    align = al->alignment;
  if (align < 16)
    align = 16;
  size_t total = size + align + sizeof(__ompicc_block);
  int pooled = al && al->pool_size, fits = total > size;
  if (fits && pooled) {
    unsigned long long before = atomicAdd(&al->used, (unsigned long long)size);
    fits = before + size <= al->pool_size;
    if (!fits)
      atomicAdd(&al->used, 0ull - size);
  }
  unsigned char *raw = fits ? (unsigned char *)malloc(total) : 0;
  if (!raw) {
    if (fits && pooled)
      atomicAdd(&al->used, 0ull - size);
    omp_uintptr_t fb = al ? al->fallback : (omp_uintptr_t)omp_atv_default_mem_fb;
    if (fb == omp_atv_abort_fb)
      __ompicc_fail("omp_alloc: the allocator's memory is exhausted (fallback abort_fb)");
    if (fb == omp_atv_allocator_fb)
      return __ompicc_alloc(align, size, al->fb_data, zero);
    if (fb == omp_atv_default_mem_fb && a != omp_default_mem_alloc)
      return __ompicc_alloc(align, size, omp_default_mem_alloc, zero);
    return 0; /* null_fb, or the default allocator itself failed */
  }
  unsigned long long at = ((unsigned long long)raw + sizeof(__ompicc_block) + align - 1) & ~(unsigned long long)(align - 1);
  __ompicc_block *b = (__ompicc_block *)at - 1;
  b->raw = raw;
  b->size = size;
  b->allocator = a;
  b->charged = pooled ? size : 0;
  if (zero)
    memset((void *)at, 0, size);
  return (void *)at;
}

static __device__ __forceinline__ void *omp_alloc(size_t size, omp_allocator_handle_t a)
{
  return __ompicc_alloc(1, size, a, 0);
}
static __device__ __forceinline__ void *omp_aligned_alloc(size_t align, size_t size,
                                                          omp_allocator_handle_t a)
{
  return __ompicc_alloc(align, size, a, 0);
}
static __device__ __forceinline__ void *omp_aligned_calloc(size_t align, size_t n, size_t size,
                                                           omp_allocator_handle_t a)
{
  if (size && n > (size_t)-1 / size)
    return 0;
  return __ompicc_alloc(align, n * size, a, 1);
}
static __device__ __forceinline__ void *omp_calloc(size_t n, size_t size, omp_allocator_handle_t a)
{
  return omp_aligned_calloc(1, n, size, a);
}

/* The allocator is the one the block came from, whatever is passed
 * (18.13.10: it must be that one). */
static __device__ inline void omp_free(void *p, omp_allocator_handle_t a)
{
  (void)a;
  if (!p)
    return;
  __ompicc_block *b = (__ompicc_block *)p - 1;
  __ompicc_allocator *al = __ompicc_allocator_of(b->allocator);
  if (al && b->charged)
    atomicAdd(&al->used, 0ull - b->charged);
  free(b->raw);
}

/* 18.13.9: NULL p allocates, size 0 frees; otherwise a new block of
 * `size` bytes from a (omp_null_allocator: p's own) takes the old one's
 * contents, and the old one is freed; when none can be had, p stays. */
static __device__ inline void *omp_realloc(void *p, size_t size, omp_allocator_handle_t a,
                                           omp_allocator_handle_t free_a)
{
  if (!p)
    return omp_alloc(size, a);
  if (size == 0) {
    omp_free(p, free_a);
    return 0;
  }
  __ompicc_block *b = (__ompicc_block *)p - 1;
  void *q = omp_alloc(size, a == omp_null_allocator ? b->allocator : a);
  if (!q)
    return 0;
  memcpy(q, p, b->size < size ? b->size : size);
  omp_free(p, free_a);
  return q;
}

/* Is v an allowed value of trait key k (table 6.2)? */
static __device__ inline int __ompicc_trait_ok(omp_alloctrait_key_t k, omp_uintptr_t v)
{
  if (v == omp_atv_default)
    return 1;
  switch (k) {
  case omp_atk_sync_hint:
    return v == omp_atv_contended || v == omp_atv_uncontended || v == omp_atv_serialized ||
           v == omp_atv_private;
  case omp_atk_alignment: return __ompicc_pow2(v);
  case omp_atk_access:
    return v == omp_atv_all || v == omp_atv_cgroup || v == omp_atv_pteam || v == omp_atv_thread;
  case omp_atk_pool_size: return v > 0;
  case omp_atk_fallback:
    return v == omp_atv_default_mem_fb || v == omp_atv_null_fb || v == omp_atv_abort_fb ||
           v == omp_atv_allocator_fb;
  case omp_atk_fb_data: return 1;
  case omp_atk_pinned: return v == omp_atv_true || v == omp_atv_false;
  case omp_atk_partition:
    return v == omp_atv_environment || v == omp_atv_nearest || v == omp_atv_blocked ||
           v == omp_atv_interleaved;
  }
  return 0;
}

/* 18.13.2: an allocator of memory space m with the traits given, or
 * omp_null_allocator when a trait or the space is not one of 5.2's, or
 * a fallback to another allocator names none. */
static __device__ inline omp_allocator_handle_t omp_init_allocator(omp_memspace_handle_t m, int ntraits,
                                                            const omp_alloctrait_t *traits)
{
  if ((omp_uintptr_t)m > omp_low_lat_mem_space || ntraits < 0)
    return omp_null_allocator;
  __ompicc_allocator al = {m, 1, 0, 0, (omp_uintptr_t)omp_atv_default_mem_fb, omp_null_allocator};
  for (int i = 0; i < ntraits; i++) {
    omp_alloctrait_key_t k = traits[i].key;
    omp_uintptr_t v = traits[i].value;
    if (!__ompicc_trait_ok(k, v))
      return omp_null_allocator;
    if (v == omp_atv_default)
      continue;
    if (k == omp_atk_alignment)
      al.alignment = v;
    else if (k == omp_atk_pool_size)
      al.pool_size = v;
    else if (k == omp_atk_fallback)
      al.fallback = v;
    else if (k == omp_atk_fb_data)
      al.fb_data = (omp_allocator_handle_t)v;
  }
  if (al.fallback == omp_atv_allocator_fb && al.fb_data == omp_null_allocator)
    return omp_null_allocator;
  __ompicc_allocator *p = (__ompicc_allocator *)malloc(sizeof *p);
  if (!p)
    return omp_null_allocator;
  *p = al;
  return (omp_allocator_handle_t)(omp_uintptr_t)p;
}

static __device__ inline void omp_destroy_allocator(omp_allocator_handle_t a)
{
  __ompicc_allocator *al = __ompicc_allocator_of(a);
  if (al)
    free(al);
}

#endif
