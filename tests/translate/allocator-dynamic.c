// With '#pragma omp requires dynamic_allocators' a target region may name
// any allocator (OpenMP 5.2 6.5, 6.6): one that is not predefined in an
// allocate directive there, or in a function of device code, is a sorry
// (the kernel file would need the storage of a device allocator), once.
// RUN: cc -E -fopenmp %s -o %t.i
// RUN: not %ompicc-tr --offload %t.i -o /dev/null 2> %t.err
// RUN: FileCheck %s --implicit-check-not=error: --implicit-check-not=sorry < %t.err
#include <omp.h>

#pragma omp requires dynamic_allocators

void on_device(omp_allocator_handle_t c)
{
  int u = 0;
// CHECK: allocator-dynamic.c:[[@LINE+1]]:35: sorry, unimplemented: an 'allocate' directive with the allocator 'c', which is not predefined, in device code
#pragma omp allocate(u) allocator(c)
  u++;
}
#pragma omp declare target to(on_device)

void k(void)
{
  omp_alloctrait_t t[1] = {{omp_atk_alignment, 64}};
  omp_allocator_handle_t c = omp_null_allocator;
#pragma omp target uses_allocators(c(t))
  {
    int z = 1;
// CHECK: allocator-dynamic.c:[[@LINE+1]]:35: sorry, unimplemented: an 'allocate' directive with the allocator 'c', which is not predefined, in device code
#pragma omp allocate(z) allocator(c)
    z++;
    on_device(c);
  }
}
