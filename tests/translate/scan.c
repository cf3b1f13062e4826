// A scan in a target region: an SPMD loop runs in one team, each thread
// its chunk twice (the input phases, then the whole body from the prefix
// of the chunks before it).
// (scan-generic.c has the generic case.)
// RUN: %ompicc-tr --kernels=%t.cu %s -o %t.c --remarks 2> %t.err
// RUN: FileCheck %s < %t.cu
// RUN: FileCheck --check-prefix=REMARK %s < %t.err
// REMARK: scan.c:[[@LINE+15]]:9: remark: target region '{{.*}}' is SPMD: a loop with a scan: the threads of one team run it in two passes
// CHECK: const long long __ompicc_chunk = (__ompicc_total + blockDim.x - 1) / blockDim.x;
// CHECK-NEXT: const long long __ompicc_lo = threadIdx.x * __ompicc_chunk;
// CHECK-NEXT: const long long __ompicc_hi = __ompicc_total - __ompicc_lo < __ompicc_chunk ? __ompicc_total : __ompicc_lo + __ompicc_chunk;
// CHECK-NEXT: /* the input phases of the chunk */
// CHECK-NEXT: __ompicc_for_in<__ompicc_I>(__ompicc_lo, __ompicc_hi, 1, __ompicc_ext,
// CHECK: s += a[i];
// CHECK: s = __ompicc_scan_prefix(__ompicc_p_s, s, __ompicc_op_add());
// CHECK-NEXT: /* the chunk again, from the prefix before it */
// CHECK-NEXT: __ompicc_for_in<__ompicc_I>(__ompicc_lo, __ompicc_hi, 1, __ompicc_ext,
// CHECK: s += a[i];
// CHECK: b[i] = s;
void f(const int *a, int *b, int n)
{
  int s = 0;
#pragma omp target parallel for reduction(inscan, +: s) map(to: a[0:n]) map(from: b[0:n])
  for (int i = 0; i < n; i++) {
    s += a[i];
#pragma omp scan inclusive(s)
    b[i] = s;
  }
}
