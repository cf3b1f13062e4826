// The kernel file is C++: a type's constant that names an object is
// written as its value, since the kernel file defines its types before
// its objects (C11 6.6: sizeof of an object is an integer constant
// expression); gcc's arithmetic on void * (counted in bytes, as on
// char *) and its overflow builtins become the device library's
// (devlib-cuda/ompicc-device.h; results: run/c-not-cxx.c,
// run/gnu-arith.c).
// RUN: %ompicc-tr --kernels=%t.cu %s -o /dev/null
// RUN: FileCheck %s < %t.cu
static const double weights[] = {0.5, 0.25, 0.25};

// CHECK: struct acc {
// CHECK-NEXT: double part[3 /* sizeof weights / sizeof weights[0] */];
struct acc { double part[sizeof weights / sizeof weights[0]]; };
// CHECK: ONE = 1,
// CHECK-NEXT: COUNT = 3 /* sizeof weights / sizeof *weights */
enum { ONE = 1, COUNT = sizeof weights / sizeof *weights };

int f(char *bytes, int n, int *out)
{
#pragma omp target map(tofrom: out[0:4]) map(to: bytes[0:n])
  {
    void *base = bytes;
    struct acc a = {{weights[0]}};
    // CHECK: void *p = __ompicc_void_add(base, 4);
    void *p = base + 4;
    // CHECK: __ompicc_void_add_assign(p, n);
    p += n;
    // CHECK: __ompicc_void_post_inc(p);
    p++;
    // CHECK: out[0] = __ompicc_void_diff(p, base) + COUNT + (int)a.part[0];
    out[0] = p - base + COUNT + (int)a.part[0];
    // CHECK: out[1] = __ompicc_add_overflow(n, 1, &out[2]);
    out[1] = __builtin_add_overflow(n, 1, &out[2]);
  }
  return out[0];
}
