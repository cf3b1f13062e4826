// declare variant (OpenMP 5.2 7.5) and dispatch (7.6) in the translation:
// calls are resolved by the translator, in the host file for the host's
// context and in the kernel file for the device's, and no declare
// variant directive is left for the host compiler (gcc 12 knows no
// dispatch selector).  Errors: declare-variant-errors.c.
// RUN: %ompicc-tr --kernels=%t.cu %s -o %t.c
// RUN: FileCheck --check-prefix=HOST %s < %t.c
// RUN: FileCheck --check-prefix=KERN %s < %t.cu
// HOST-NOT: pragma omp {{.*}}variant
int gpu(int x) { return x + 1; }
int cpu(int x) { return x + 2; }
#pragma omp declare variant(gpu) match(device={kind(gpu)})
#pragma omp declare variant(cpu) match(device={arch(x86_64, aarch64)})
int base(int x) { return x; }
int twice(int x);
#pragma omp begin declare variant match(construct={target})
int twice(int x) { return 4 * x; }
#pragma omp end declare variant
int twice(int x) { return 2 * x; }
void *p2(int *p);
#pragma omp declare variant(p2) match(construct={dispatch}) adjust_args(need_device_ptr: p)
void *p1(int *p);
void f(int *a, int *q)
{
// HOST-LABEL: void f(
// on the host no variant: arch(x86_64, aarch64) needs both
// HOST: a[0] = base(1);
  a[0] = base(1);
// the host fallback calls the host's choice, the kernel the device's
// HOST: a[1] = base(2);
// KERN: a[1] = gpu(2);
// HOST: a[2] = twice__ompicc_variant_1(3);
// KERN: a[2] = twice__ompicc_variant_1(3);
#pragma omp target map(tofrom: a[0:3])
  {
    a[1] = base(2);
    a[2] = twice(3);
  }
// HOST: a[3] = twice(3);
  a[3] = twice(3);
// HOST: q = p2(__ompicc_device_ptr("{{.*}}declare-variant.c:[[@LINE+2]]:{{[0-9]+}}", (-2147483647L - 1), (q)));
#pragma omp dispatch
  q = p1(q);
// HOST: __ompicc_dispatch_begin(3);
// HOST: q = ((a[0]) ? p1(q) : p2(q));
// HOST: __ompicc_dispatch_end();
#pragma omp dispatch novariants(a[0]) device(3) is_device_ptr(q)
  q = p1(q);
}
