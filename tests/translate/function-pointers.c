// Function pointers in device code (OpenMP 5.2 7.8.1, issue 12 case 5).
// A function named as a value in device code gets its device version
// (here 'square', never called by name), and so does one named in the
// initializer of a declare target variable ('halve'); the variable's
// prototypes come before it.  Every call through a pointer goes through
// the kernel file's __ompicc_indirect, which turns the host address of a
// declare target indirect function into its device version (a table the
// runtime fills, in the order of the host file's), and leaves a device
// address as it is; calls by name stay direct.  The host file lists the
// indirect functions' host addresses in the unit, and none of the
// declare target directives, which its compiler may not know (gcc 12
// knows neither 'enter' nor 'indirect').
// RUN: %ompicc-tr --unit-id=u --kernels=%t.cu %s -o %t.host.c
// RUN: FileCheck %s < %t.cu
// RUN: FileCheck --check-prefix=HOST %s < %t.host.c
typedef int (*op_t)(int);
static int twice(int x) { return 2 * x; }
static int square(int x) { return x * x; }
static int halve(int x) { return x / 2; }
int inc(int x) { return x + 1; }
int dec(int x) { return x - 1; }
#pragma omp declare target enter(inc) indirect
#pragma omp begin declare target indirect
int neg(int x) { return -x; }
#pragma omp end declare target
#pragma omp declare target enter(dec) indirect(0)
op_t table[2] = {halve, dec};
#pragma omp declare target enter(table)

// CHECK: static __device__ int twice(int x);
// CHECK: static __device__ int square(int x);
// CHECK: static __device__ int halve(int x);
// CHECK: __device__ int inc(int x);
// CHECK: __device__ int dec(int x);
// CHECK: __device__ int neg(int x);
// CHECK: __device__ op_t table[2] = {halve, dec};
// CHECK: __device__ unsigned long long __ompicc_indirect_host_u[2];
// CHECK-NEXT: template <typename F> static __device__ F __ompicc_indirect(F f)
// CHECK-NEXT: {
// CHECK-NEXT:   const unsigned long long a = (unsigned long long)f;
// CHECK-NEXT:   if (a == __ompicc_indirect_host_u[0])
// CHECK-NEXT:     return (F)inc;
// CHECK-NEXT:   if (a == __ompicc_indirect_host_u[1])
// CHECK-NEXT:     return (F)neg;
// CHECK-NEXT:   return __ompicc_device_fn(f);
// CHECK-NEXT: }

// HOST-NOT: pragma omp{{.*}}declare target
// HOST: static unsigned char __ompicc_initial_0[sizeof table];
// HOST: {(void *)&table, sizeof(table), "table", 4, &__ompicc_initial_0},
// HOST: __builtin_memcpy(__ompicc_initial_0, &table, sizeof table);
// HOST: static void (*const __ompicc_indirect[3])(void) = {
// HOST-NEXT:   (void (*)(void))inc,
// HOST-NEXT:   (void (*)(void))neg,
// HOST-NEXT:   0};
// HOST: static __ompicc_unit __ompicc_this_unit = {"{{.*}}function-pointers.c", 2, __ompicc_images, 1, __ompicc_globals, 0, 2, __ompicc_indirect, "__ompicc_indirect_host_u", 0};

int run(op_t host_fp, int v)
{
  int r = 0;
#pragma omp target map(tofrom: r)
  {
    op_t f = square;
    struct { op_t op; } s = {twice};
// CHECK: r = __ompicc_indirect(host_fp)(v) + __ompicc_indirect(f)(v) + __ompicc_indirect(s.op)(v) + __ompicc_indirect((*f))(v) + twice(v) + __ompicc_indirect(table[0])(v);
    r = host_fp(v) + f(v) + s.op(v) + (*f)(v) + twice(v) + table[0](v);
  }
  return r;
}
