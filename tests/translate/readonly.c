// Arrays an SPMD loop only reads (transform/readonly.c): the narrow
// kernel and the one for an iteration per thread (__once) take them as
// __restrict__ pointers, so that nvcc reads them through the read-only
// path; the __wide twin, which the runtime launches when their memory
// meets another parameter's, takes none; the region's descriptor lists
// them (.readonly, a mask over its map entries).  A
// write the translator cannot bound (through a pointer of the region's
// own, through a pointer read from memory, by a user function) or a
// pointer of unknown memory (is_device_ptr) leaves every parameter as it
// is.  C11 6.7.3.1 (restrict), OpenMP 5.2 5.8.3 (mapped storage).
// RUN: %ompicc-tr --kernels=%t.cu %s -o %t.c
// RUN: FileCheck --check-prefix=KERN %s < %t.cu
// RUN: FileCheck --check-prefix=HOST %s < %t.c
float G[100];
struct holder { float *p; };
void *memset(void *s, int c, unsigned long n);
static void put(float *p, int i, float v) { p[i] = v; }
void f(int n, float *a, const float *b, float *c, float *restrict r, float fixed[64], float *d,
       struct holder *h)
{
  float arr[64];
// KERN: void __omp_readonly_c_[[@LINE+6]](float *__restrict__ a, const float *__restrict__ b, float (*__restrict__ __ompicc_p_arr)[64], float *c, int n)
// KERN: void __omp_readonly_c_[[@LINE+5]]__wide(float *a, const float *b, float (*__ompicc_p_arr)[64], float *c, int n)
// KERN-NEXT: {
// the kernel for one iteration per thread takes them as the narrow one does
// KERN: void __omp_readonly_c_[[@LINE+2]]__once(float *__restrict__ a, const float *__restrict__ b, float (*__restrict__ __ompicc_p_arr)[64], float *c, int n)
// HOST: __ompicc_region_0 = {{.*}}, .readonly = 0x7ull, .unit_of = __ompicc_this_unit_of};
#pragma omp target teams distribute parallel for map(to: a[0:n], b[0:n], arr) map(from: c[0:n])
  for (int i = 0; i < n; i++)
    c[i] = a[i] + b[i] + arr[i % 64];
// through a pointer of its own: r keeps the user's restrict, no more
// KERN: void __omp_readonly_c_[[@LINE+2]](float *a, float *__restrict__ r, float *c, int n)
// HOST: __ompicc_region_1 = {{.*}} /* OMPICC_REGION_TEAMS | OMPICC_REGION_WIDE | OMPICC_REGION_ONCE */, .unit_of = __ompicc_this_unit_of};
#pragma omp target teams distribute parallel for map(to: a[0:n], r[0:n]) map(tofrom: c[0:n])
  for (int i = 0; i < n; i++) {
    float *p = c;
    p[i] = a[i] + r[i];
  }
// a global the region maps is a parameter like any other
// KERN: void __omp_readonly_c_[[@LINE+2]](float *__restrict__ a, float *c, int n, float (*__ompicc_p_G)[100])
// HOST: __ompicc_region_2 = {{.*}}, .readonly = 0x1ull, .unit_of = __ompicc_this_unit_of};
#pragma omp target teams distribute parallel for map(to: a[0:n]) map(tofrom: c[0:n])
  for (int i = 0; i < n; i++) {
    c[i] = a[i];
    G[i % 100] = 1;
  }
// memset, a library function, writes what it is given
// KERN: void __omp_readonly_c_[[@LINE+2]](float *__restrict__ a, float *c, int n)
// HOST: __ompicc_region_3 = {{.*}}, .readonly = 0x1ull, .unit_of = __ompicc_this_unit_of};
#pragma omp target teams distribute parallel for map(to: a[0:n]) map(tofrom: c[0:n])
  for (int i = 0; i < n; i++)
    memset(&c[i], 0, sizeof c[i] + (int)a[i] * 0);
// KERN: void __omp_readonly_c_[[@LINE+2]](float *a, int n, float *d)
// HOST: __ompicc_region_4 = {{.*}} /* OMPICC_REGION_TEAMS | OMPICC_REGION_WIDE | OMPICC_REGION_ONCE */, .unit_of = __ompicc_this_unit_of};
#pragma omp target teams distribute parallel for is_device_ptr(d) map(to: a[0:n])
  for (int i = 0; i < n; i++)
    d[i] = a[i];
// an array parameter is written as one: it has no place for the qualifier
// KERN: void __omp_readonly_c_[[@LINE+2]](float *__restrict__ a, float *c, float fixed[64], int n)
// HOST: __ompicc_region_5 = {{.*}}, .readonly = 0x1ull, .unit_of = __ompicc_this_unit_of};
#pragma omp target teams distribute parallel for map(to: a[0:n]) map(tofrom: c[0:n], fixed[0:64])
  for (int i = 0; i < n; i++)
    c[i] = a[i] + fixed[i % 64];
// through a pointer read from memory
// KERN: void __omp_readonly_c_[[@LINE+2]](float *a, struct holder *h, int n)
// HOST: __ompicc_region_6 = {{.*}} /* OMPICC_REGION_TEAMS | OMPICC_REGION_WIDE | OMPICC_REGION_ONCE */, .unit_of = __ompicc_this_unit_of};
#pragma omp target teams distribute parallel for map(to: a[0:n], h[0:1])
  for (int i = 0; i < n; i++)
    h->p[i] = a[i];
// a user function may write anything
// KERN: void __omp_readonly_c_[[@LINE+2]](float *a, float *c, int n)
// HOST: __ompicc_region_7 = {{.*}} /* OMPICC_REGION_TEAMS | OMPICC_REGION_WIDE | OMPICC_REGION_ONCE */, .unit_of = __ompicc_this_unit_of};
#pragma omp target teams distribute parallel for map(to: a[0:n]) map(from: c[0:n])
  for (int i = 0; i < n; i++)
    put(c, i, a[i]);
}
