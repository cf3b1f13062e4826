// Allocators that a target region may not name without
// '#pragma omp requires dynamic_allocators' (OpenMP 5.2 6.5, 6.6), and
// uses_allocators items that are not allocators the region can make (6.8).
// RUN: cc -E -fopenmp %s -o %t.i
// RUN: not %ompicc-tr --offload %t.i -o /dev/null 2> %t.err
// RUN: FileCheck %s < %t.err
#include <omp.h>

void f(int n, omp_allocator_handle_t given)
{
  int x = 0, y = 0;
  omp_alloctrait_t t[1] = {{omp_atk_alignment, 64}};
  omp_alloctrait_t *tp = t;
  omp_allocator_handle_t a, b;
// CHECK: allocator-errors.c:[[@LINE+1]]:{{[0-9]+}}: error: the allocator 'given' of an 'allocate' clause on '#pragma omp target' in a target region is neither predefined nor in the target construct's 'uses_allocators' (OpenMP 5.2 6.6; '#pragma omp requires dynamic_allocators' allows any)
#pragma omp target firstprivate(x) allocate(given: x)
  x++;
#pragma omp target map(tofrom: y)
  {
// CHECK: allocator-errors.c:[[@LINE+1]]:{{[0-9]+}}: error: the allocator 'given' of an 'allocate' clause on '#pragma omp parallel'
#pragma omp parallel private(x) allocate(given: x)
    x = 1;
    int v;
// CHECK: allocator-errors.c:[[@LINE+1]]:{{[0-9]+}}: error: an 'allocate' directive in a target region needs an 'allocator' clause naming a predefined allocator
#pragma omp allocate(v)
    v = y;
    int w;
// CHECK: allocator-errors.c:[[@LINE+1]]:{{[0-9]+}}: error: the allocator 'a' of an 'allocate' directive in a target region is not a predefined allocator
#pragma omp allocate(w) allocator(a)
    w = v;
    y = w;
  }
// CHECK: allocator-errors.c:[[@LINE+1]]:{{[0-9]+}}: error: the predefined allocator 'omp_pteam_mem_alloc' takes no traits or memory space in 'uses_allocators' (OpenMP 5.2 6.8)
#pragma omp target uses_allocators(omp_pteam_mem_alloc(t))
  y++;
// CHECK: allocator-errors.c:[[@LINE+1]]:{{[0-9]+}}: error: the traits of an allocator in 'uses_allocators' must be an array of known length (OpenMP 5.2 6.8)
#pragma omp target uses_allocators(a(tp))
  y++;
// CHECK: allocator-errors.c:[[@LINE+1]]:{{[0-9]+}}: sorry, unimplemented: 'uses_allocators(b)' of an allocator the region makes, on a combined construct
#pragma omp target parallel uses_allocators(b(t))
  y++;
}

// An allocate directive with an allocator that is not predefined, in
// host code: a variable of static storage duration is an error (6.5);
// what would give a moved variable a copy of its own is a sorry.
void g(omp_allocator_handle_t a)
{
  static int st[4];
// CHECK: allocator-errors.c:[[@LINE+1]]:{{[0-9]+}}: error: 'st' has static storage duration: the allocator of its 'allocate' directive must be a predefined allocator (OpenMP 5.2 6.5)
#pragma omp allocate(st) allocator(a)
  int h[4], p = 0, q = 0, r = 0;
#pragma omp allocate(h, p, q, r) allocator(a)
// CHECK: allocator-errors.c:[[@LINE+1]]:{{[0-9]+}}: sorry, unimplemented: 'p' in a 'firstprivate' clause, after an 'allocate' directive with an allocator that is not predefined
#pragma omp parallel firstprivate(p) shared(h)
  h[0] = p;
// CHECK: allocator-errors.c:[[@LINE+1]]:{{[0-9]+}}: sorry, unimplemented: 'q' used in a task, after an 'allocate' directive with an allocator that is not predefined
#pragma omp task
  q++;
// CHECK: allocator-errors.c:[[@LINE+1]]:{{[0-9]+}}: sorry, unimplemented: 'r' used in a target construct, after an 'allocate' directive with an allocator that is not predefined
#pragma omp target
  r++;
}
