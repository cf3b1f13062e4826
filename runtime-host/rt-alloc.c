/* rt-alloc.c - the storage of automatic variables that an allocate
 * directive of host code gives to an allocator that is not predefined
 * (OpenMP 5.2 6.5; transform/allocators.c): taken from the allocator at
 * the directive, with the variable's value, and given back at the end of
 * its scope.  A file of its own, so that only programs with such a
 * directive link the OpenMP 5.0 memory routines of the host's OpenMP
 * library (omp_aligned_alloc, omp_free: GCC 11 and later).
 */
#include <string.h>

#include "rt.h"

#include <omp.h>

void *__ompicc_alloc_var(const void *value, unsigned long size, unsigned long align,
                         unsigned long allocator, const char *where)
{
  omp_allocator_handle_t a = (omp_allocator_handle_t)allocator;
  void *p = align ? omp_aligned_alloc(align, size ? size : 1, a) : omp_alloc(size ? size : 1, a);
  if (!p)
    rt_fatal(where, "the allocator of the 'allocate' directive cannot give %lu bytes "
                    "(its fallback trait is null_fb, or its memory space is full)", size);
  memcpy(p, value, size);
  return p;
}

void __ompicc_alloc_free(void *pointer)
{
  omp_free(*(void **)pointer, omp_null_allocator);
}
