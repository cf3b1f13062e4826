// User-defined reductions (OpenMP 4.5 2.16) in device code: the combiner
// and the initializer become __device__ functions of the kernel file with
// omp_out/omp_in and omp_priv/omp_orig as references, and a functor that
// the device library's reductions call; the private copy starts from the
// initializer, or at zero without one; an SPMD kernel reduces with
// __ompicc_reduce, a generic one with __ompicc_region_reduce (in a
// parallel's region function) and __ompicc_teams_reduce.
// RUN: %ompicc-tr --unit-id=u --kernels=%t.cu %s -o %t.host.c
// RUN: FileCheck %s < %t.cu
// RUN: FileCheck --check-prefix=GEN %s < %t.cu
// RUN: FileCheck --check-prefix=HOST %s < %t.host.c
struct pair {
  double lo, hi;
};
static void pair_init(struct pair *p, const struct pair *orig)
{
  *p = *orig;
}
#pragma omp declare reduction(span : struct pair : (omp_out.lo = omp_in.lo < omp_out.lo ? omp_in.lo : omp_out.lo, omp_out.hi = omp_in.hi > omp_out.hi ? omp_in.hi : omp_out.hi)) initializer(pair_init(&omp_priv, &omp_orig))
#pragma omp declare reduction(plus : double, int : omp_out += omp_in) initializer(omp_priv = 0)
#pragma omp declare reduction(times : long : omp_out *= omp_in)

// The prototype of the function the initializer calls comes first:
// CHECK: static __device__ void pair_init(struct pair *p, const struct pair *orig);
// CHECK: /* declare reduction(span: struct pair) (udr.c:[[@LINE-6]]) */
// CHECK-NEXT: static __device__ void __ompicc_udr_comb_0(struct pair &omp_out, struct pair &omp_in)
// CHECK-NEXT: {
// CHECK-NEXT: (omp_out.lo = omp_in.lo < omp_out.lo ? omp_in.lo : omp_out.lo, omp_out.hi = omp_in.hi > omp_out.hi ? omp_in.hi : omp_out.hi);
// CHECK: static __device__ void __ompicc_udr_init_0(struct pair &omp_priv, struct pair &omp_orig)
// CHECK-NEXT: {
// CHECK-NEXT: pair_init(&omp_priv, &omp_orig);
// CHECK: struct __ompicc_udr_0 {
// CHECK-NEXT: __device__ struct pair operator()(struct pair omp_out, struct pair omp_in) const
// CHECK: __ompicc_udr_comb_0(omp_out, omp_in);
// CHECK-NEXT: return omp_out;
// CHECK: /* declare reduction(plus: double) (udr.c:[[@LINE-16]]) */
// CHECK: static __device__ void __ompicc_udr_comb_1(double &omp_out, double &omp_in)
// CHECK: omp_out += omp_in;
// CHECK: static __device__ void __ompicc_udr_init_1(double &omp_priv, double &omp_orig)
// CHECK-NEXT: {
// CHECK-NEXT: double __ompicc_v = 0;
// CHECK-NEXT: omp_priv = __ompicc_v;
// CHECK: /* declare reduction(times: long) (udr.c:[[@LINE-22]]) */
// CHECK-NOT: __ompicc_udr_init_2
// CHECK: struct __ompicc_udr_2 {
// CHECK: /* declare reduction(plus: int)
// CHECK: struct __ompicc_udr_3 {

double a[1000];

void spmd(int n, struct pair *out, double *sum, long *prod)
{
  struct pair p = {1e300, -1e300};
  double s = 0;
  long q = 1;
// The initializer that reads omp_orig starts from a copy of the original
// made at the launch (void *__ompicc_s_p, OMPICC_MAP_SNAPSHOT 0x40000 on
// the host): other teams may have combined into the original already.
// CHECK: void __omp_udr_c_[[@LINE+7]]__run({{.*}}, void *__ompicc_s_p, int n)
// CHECK: struct pair p; __ompicc_udr_init_0(p, (*(struct pair (*))__ompicc_s_p));
// CHECK: double s; __ompicc_udr_init_1(s, *__ompicc_p_s);
// CHECK: long q; memset(&q, 0, sizeof q);
// CHECK: __ompicc_reduce(__ompicc_p_p, p, __ompicc_udr_0());
// CHECK: __ompicc_reduce(__ompicc_p_s, s, __ompicc_udr_1());
// CHECK: __ompicc_reduce(__ompicc_p_q, q, __ompicc_udr_2());
#pragma omp target teams distribute parallel for map(to: a) reduction(span: p) reduction(plus: s) reduction(times: q)
  for (int i = 0; i < n; i++) {
    p.lo = a[i] < p.lo ? a[i] : p.lo;
    p.hi = a[i] > p.hi ? a[i] : p.hi;
    s += a[i];
    q *= 1 + (i == 3);
  }
  *out = p, *sum = s, *prod = q;
}

int generic(int n)
{
  int k = 0, t = 0;
// GEN: /* #pragma omp parallel for reduction(plus: k)
// GEN: int k; __ompicc_udr_init_3(k, __ompicc_r_k);
// GEN: __ompicc_region_reduce(&__ompicc_r_k, k, __ompicc_udr_3(), 1);
// GEN: __global__ void __omp_udr_c_[[@LINE+3]](
// GEN: __ompicc_udr_init_3(t, __ompicc_t_t);
// GEN: __ompicc_teams_reduce(&__ompicc_t_t, t, __ompicc_udr_3());
#pragma omp target teams num_teams(2) map(tofrom: k) reduction(plus: t)
  {
    t++;
#pragma omp parallel for reduction(plus: k)
    for (int i = 0; i < n; i++)
      k += i;
  }
  return k + t;
}
// HOST: #pragma omp declare reduction(span
// HOST: #pragma omp target teams distribute parallel for map(to: a) reduction(span: p) reduction(plus: s) reduction(times: q)
// HOST: {(void *)(&p), (void *)(&p), (unsigned long)(sizeof(p)), 0x143, "p"},
// HOST: {(void *)(&p), (void *)(&p), (unsigned long)(sizeof(p)), 0x40040, "p"},

