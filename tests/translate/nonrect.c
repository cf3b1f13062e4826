// Collapsed non-rectangular nests (OpenMP 5.2 4.4.1): the kernel numbers
// the collapsed iterations as for any nest and maps each back through
// the device library (omp-nest.h), given a functor of the trip counts
// over the user's bounds; the host asks for a full grid (trip -1), as the
// count needs a walk.  Rectangular nests count their indices forward
// (omp-loop.h).
// RUN: %ompicc-tr --unit-id=u1 --kernels=%t.cu %s -o %t.host.c
// RUN: FileCheck --check-prefix=HOST %s < %t.host.c
// RUN: FileCheck --check-prefix=KERN %s < %t.cu
// RUN: FileCheck --check-prefix=GEN %s < %t.cu
void tri(int n, int m, double *a)
{
  int i, j;
#pragma omp target teams distribute parallel for collapse(2) map(tofrom: a[0:n * n]) lastprivate(j)
  for (i = 0; i < n; i += 4)
    for (j = i; j < n; j += 2)
      a[i * n + j] = 0;
// HOST: if (__ompicc_target(&__ompicc_region_0, {{.*}}, 0, 0, -1) != 0) {
// HOST: #pragma omp parallel for collapse(2) lastprivate(j)
// KERN: auto __ompicc_trips = [&](int __ompicc_d, const long long *__ompicc_x) -> long long {
// KERN-NEXT: if (__ompicc_d == 0)
// KERN-NEXT: return ((n) > (0) ? (((long long)(n) - (long long)(0)) + (4) - 1) / (4) : 0);
// KERN-NEXT: int i = (0) + (__ompicc_x[0]) * (4);
// KERN-NEXT: return ((n) > (i) ? (((long long)(n) - (long long)(i)) + (2) - 1) / (2) : 0);
// KERN-NEXT: };
// KERN-NEXT: __ompicc_nest<2> __ompicc_nc = {{[{][{]0[}], [{]0[}], -1[}]}};
// KERN-NEXT: const long long __ompicc_total = __ompicc_nest_count<2>(__ompicc_trips, 2u);
// KERN: __ompicc_nest_move(&__ompicc_nc, __ompicc_trips, 2u, (long long)__ompicc_iv);
// KERN-NEXT: int i = (0) + (__ompicc_nc.x[0]) * (4);
// KERN-NEXT: int j = (i) + (__ompicc_nc.x[1]) * (2);
// the value j has after the last iteration: its value there plus its step
// KERN: *__ompicc_p_j = [&]() { int i = (0) + (__ompicc_nc.x[0]) * (4); return (i) + (__ompicc_nc.x[1] + 1) * (2); }();

// k's bounds use i, not j: loop j is crossed by division (bit 1 of the mask)
#pragma omp target parallel for collapse(3) map(tofrom: a[0:n * n])
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      for (int k = 0; k < i; k++)
        a[i * n + k] += j;
// KERN: const long long __ompicc_total = __ompicc_nest_count<3>(__ompicc_trips, 6u);

// a rectangular nest: the trip counts, and the indices from the library
#pragma omp target teams distribute parallel for collapse(2) map(tofrom: a[0:n * n])
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      a[i * n + j] = 0;
// HOST: if (__ompicc_target_nest(&__ompicc_region_2, {{.*}}, 0, 0, 2, (const long long[]){((n) > (0) {{.*}}, ((n) > (0)
// KERN: const long long __ompicc_total = __ompicc_n0 * __ompicc_n1;
// KERN: const long long __ompicc_ext[] = {__ompicc_n0, __ompicc_n1};
// KERN: int i = (0) + ((long long)__ompicc_k[0]) * (1);
}

// a generic kernel's for (its parallel region comes first in the file):
// the names carry the construct's number
void gen(int n, double *a)
{
#pragma omp target parallel map(tofrom: a[0:n * n])
  {
    a[0] = 1;
#pragma omp for collapse(2)
    for (int i = 0; i < n; i++)
      for (int j = 0; j <= i; j++)
        a[i * n + j] = 2;
  }
// GEN: auto __ompicc_trips[[T:[0-9]+]] = [&](int __ompicc_d, const long long *__ompicc_x) -> long long {
// GEN: __ompicc_nest<2> __ompicc_nc[[T]] = {{[{][{]0[}], [{]0[}], -1[}]}};
// GEN: const long long __ompicc_tot[[T]] = __ompicc_nest_count<2>(__ompicc_trips[[T]], 2u);
// GEN: __ompicc_nest_move(&__ompicc_nc[[T]], __ompicc_trips[[T]], 2u, __ompicc_iv[[T]]);
}
