// The allocate directive with an allocator that is not predefined, in
// host code (OpenMP 5.2 6.5): each automatic variable's storage comes
// from the allocator at the directive (aligned as an align clause says),
// holding its value, through a pointer whose cleanup gives it back at the
// end of the block; every later use goes through the pointer, a shared
// clause shares the pointer, an aligned clause (a hint) forgets the
// variable.  The host file gets the runtime's declarations.
// RUN: %ompicc-tr --no-line-markers --offload %s -o %t.c
// RUN: FileCheck %s < %t.c
typedef unsigned long omp_allocator_handle_t;
// CHECK: void *__ompicc_alloc_var(
int f(omp_allocator_handle_t a, int n)
{
  int x = 3, y[n];
// CHECK-LABEL: int x = 3, y[n];
// CHECK-NEXT: __typeof__(x) *__ompicc_alloc_x __attribute__((cleanup(__ompicc_alloc_free))) =
// CHECK-NEXT: __ompicc_alloc_var(&x, sizeof x, (64), a, "allocate-other.c:[[@LINE+4]]:9");
// CHECK-NEXT: __typeof__(y) *__ompicc_alloc_y __attribute__((cleanup(__ompicc_alloc_free))) =
// CHECK-NEXT: __ompicc_alloc_var(&y, sizeof y, (64), a, "allocate-other.c:[[@LINE+2]]:9");
// CHECK-NEXT: (*__ompicc_alloc_y)[0] = (*__ompicc_alloc_x);
#pragma omp allocate(x, y) allocator(a) align(64)
  y[0] = x;
// CHECK-NEXT: #pragma omp parallel for simd shared(__ompicc_alloc_y){{$}}
// CHECK-NEXT: for (int i = 0; i < n; i++)
// CHECK-NEXT: (*__ompicc_alloc_y)[i] += (*__ompicc_alloc_x);
#pragma omp parallel for simd shared(y) aligned(y: 64)
  for (int i = 0; i < n; i++)
    y[i] += x;
// CHECK-NEXT: return (*__ompicc_alloc_y)[n - 1];
  return y[n - 1];
}
