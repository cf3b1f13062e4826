// RUN: %ompicc-tr --unit-id=u1 --kernels=%t.cu %s -o %t.host.c
// RUN: FileCheck %s < %t.cu
// C11's atomic objects in device code (C11 6.2.5p27, 6.5.16.2p3): the
// kernel file, whose C++ has no _Atomic, declares them without it and
// writes each access as a call of the device library (parser/print.c
// atomic_access); the host file keeps them as they are.  Atomic
// structures are refused (unsupported-late.c).

void counts(int n, _Atomic int *total, _Atomic(long) *big, int *_Atomic *where)
{
  _Atomic int hits = 0;
#pragma omp target teams distribute parallel for map(tofrom : hits, total[0:1], big[0:1], where[0:1])
  for (int i = 0; i < n; i++) {
    hits++;
    total[0] += i;
    *big = hits;
    int seen = hits;
    _Atomic int *p = &hits;
    (*p) -= seen;
    where[0] = 0;
  }
}
// the directive's items are the objects, not their values
// CHECK: /* #pragma omp target teams distribute parallel for map(tofrom: hits, total[0:1], big[0:1], where[0:1]) (c11-atomic.c:{{[0-9]+}}:9) */
// CHECK: void __omp_c11_atomic_c_{{[0-9]+}}__run(int *__ompicc_p_hits, int *total, long *big, int **where, int n)
// CHECK-NOT: _Atomic
// CHECK: __ompicc_c11_update(&(hits), 1, [](auto __o, auto __v) { return __o + __v; }, 0);
// CHECK: __ompicc_c11_update(&(total[0]), i, [](auto __o, auto __v) { return __o + __v; }, 1);
// CHECK: __ompicc_c11_store(&(*big), __ompicc_c11_load(&(hits)));
// CHECK: int seen = __ompicc_c11_load(&(hits));
// CHECK: int *p = &hits;
// CHECK: __ompicc_c11_update(&(*p), seen, [](auto __o, auto __v) { return __o - __v; }, 1);
// CHECK: __ompicc_c11_store(&(where[0]), 0);
// CHECK-NOT: _Atomic
