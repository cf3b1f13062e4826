// Reductions of every operator family in an SPMD kernel: each private copy
// starts at the operator's identity (min and max may start at the original,
// since they are idempotent), and each is combined once per block with its
// operator ('-' combines with '+', OpenMP 5.2 5.5.5); collapse(3) recovers
// the three loop variables from one iteration number.
// RUN: %ompicc-tr --unit-id=r --kernels=%t.cu %s -o %t.host.c
// RUN: FileCheck %s < %t.cu
// RUN: FileCheck --check-prefix=HOST %s < %t.host.c
// No directive is left in the kernel file, only their comments:
// RUN: not grep -n '^[ ]*#[ ]*pragma omp' %t.cu
void red(int n, long *v, double *d, int c[4][5][6])
{
  long p = 1, band = -1, bor = 0, bxor = 0, s = 0;
  int land = 1, lor = 0;
  double lo = 1e300;
#pragma omp target teams distribute parallel for reduction(*: p) reduction(&: band) reduction(|: bor) reduction(^: bxor) reduction(&&: land) reduction(||: lor) reduction(min: lo) reduction(-: s)
  for (int i = 0; i < n; i++) {
    p *= v[i]; band &= v[i]; bor |= v[i]; bxor ^= v[i];
    land = land && v[i]; lor = lor || v[i]; lo = d[i] < lo ? d[i] : lo; s -= v[i];
  }
// CHECK: long p = 1;
// CHECK: long band = (__typeof__(band))~(__typeof__(band))0;
// CHECK: long bor = 0;
// CHECK: int land = 1;
// CHECK: int lor = 0;
// CHECK: __ompicc_reduce(__ompicc_p_p, p, __ompicc_op_mul());
// CHECK-NEXT: __ompicc_reduce(__ompicc_p_band, band, __ompicc_op_bitand());
// CHECK-NEXT: __ompicc_reduce(__ompicc_p_bor, bor, __ompicc_op_bitor());
// CHECK-NEXT: __ompicc_reduce(__ompicc_p_bxor, bxor, __ompicc_op_bitxor());
// CHECK-NEXT: __ompicc_reduce(__ompicc_p_land, land, __ompicc_op_logand());
// CHECK-NEXT: __ompicc_reduce(__ompicc_p_lor, lor, __ompicc_op_logor());
// CHECK-NEXT: __ompicc_reduce(__ompicc_p_lo, lo, __ompicc_op_min());
// CHECK-NEXT: __ompicc_reduce(__ompicc_p_s, s, __ompicc_op_add());
// HOST: #pragma omp parallel for reduction(*: p) reduction(&: band) reduction(|: bor) reduction(^: bxor) reduction(&&: land) reduction(||: lor) reduction(min: lo) reduction(-: s)
#pragma omp target teams distribute parallel for collapse(3)
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 5; j++)
      for (int k = 0; k < 6; k++)
        c[i][j][k] = i + j + k;
// CHECK: const long long __ompicc_total = __ompicc_n0 * __ompicc_n1 * __ompicc_n2;
// CHECK: int i = (0) + ((long long)__ompicc_k[0]) * (1);
// CHECK-NEXT: int j = (0) + ((long long)__ompicc_k[1]) * (1);
// CHECK-NEXT: int k = (0) + ((long long)__ompicc_k[2]) * (1);
// HOST: #pragma omp parallel for collapse(3)
  v[0] = p + band + bor + bxor + land + lor + (long)lo + s;
}
