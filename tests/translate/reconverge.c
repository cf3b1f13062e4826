// Where a warp's paths meet again, marked for the CPU device's sm_53
// mode (codegen-cuda/reconverge.c, devlib-cuda/ompicc-device.h): an if,
// switch or loop that may run a compare-and-swap (GCC's builtins, atomic
// compare of OpenMP 5.2 15.8.4, omp_test_lock of 18.9.5), an exchange
// (atomic capture {v = x; x = e;}), or a call of a device function that
// does is wrapped as { OMPICC_RECONVERGE; ... },
// and such a loop's body too; statements without one, and one holding a
// label, are left alone.
// RUN: %ompicc-tr --no-line-markers --kernels=%t.cu %s -o %t.c
// RUN: grep -v "^#line" %t.cu | FileCheck %s
typedef struct omp_lock_t {
  void *_lk;
} omp_lock_t;
int omp_test_lock(omp_lock_t *);
void omp_unset_lock(omp_lock_t *);

#pragma omp declare target
// CHECK-LABEL: __device__ void take(int *l){{$}}
// CHECK-NEXT: {
// CHECK-NEXT: {
// CHECK-NEXT: OMPICC_RECONVERGE;
// CHECK-NEXT: while (__ompicc_gcc_sync_val_compare_and_swap(l, 0, 1) != 0) {
// CHECK-NEXT: OMPICC_RECONVERGE;
// CHECK-NEXT: ;
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
void take(int *l)
{
  while (__sync_val_compare_and_swap(l, 0, 1) != 0)
    ;
}

// A caller's loop: marked, since take may spin.
// CHECK-LABEL: __device__ void take_all(int *l, int n){{$}}
// CHECK: OMPICC_RECONVERGE;
// CHECK-NEXT: for (int i = 0; i < n; i++) {
// CHECK-NEXT: OMPICC_RECONVERGE;
// CHECK-NEXT: take(&l[i]);
void take_all(int *l, int n)
{
  for (int i = 0; i < n; i++)
    take(&l[i]);
}

// A test-and-set with an atomic capture that writes x = e: an exchange.
// CHECK-LABEL: __device__ void tas(int *l){{$}}
// CHECK: OMPICC_RECONVERGE;
// CHECK-NEXT: do {
// CHECK-NEXT: OMPICC_RECONVERGE;
// CHECK: __ompicc_op_assign
void tas(int *l)
{
  int old;
  do {
#pragma omp atomic capture
    {
      old = *l;
      *l = 1;
    }
  } while (old != 0);
}

// No compare-and-swap: nothing.
// CHECK-LABEL: __device__ int plain(int *a, int n){{$}}
// CHECK-NOT: OMPICC_RECONVERGE
// CHECK: return s;
int plain(int *a, int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    if (a[i] > 0)
      s += a[i];
  return s;
}
#pragma omp end declare target

int main(void)
{
  int lock = 0, count = 0, flag = 0;
  omp_lock_t ol;
#pragma omp target parallel for map(tofrom : lock, count, flag, ol)
  for (int i = 0; i < 64; i++) {
    // the if that tries is marked, and so is the loop around it
    // CHECK: OMPICC_RECONVERGE;
    // CHECK-NEXT: for (;;) {
    // CHECK-NEXT: OMPICC_RECONVERGE;
    // CHECK-NEXT: {
    // CHECK-NEXT: {
    // CHECK-NEXT: OMPICC_RECONVERGE;
    // CHECK-NEXT: if (omp_test_lock(&ol)) {
    for (;;) {
      if (omp_test_lock(&ol)) {
        count++;
        omp_unset_lock(&ol);
        break;
      }
    }
    // atomic compare: a compare-and-swap too
    // CHECK: OMPICC_RECONVERGE;
    // CHECK-NEXT: do {
    // CHECK-NEXT: OMPICC_RECONVERGE;
    // CHECK: __ompicc_atomic_cas(&(lock)
    int old;
    do {
#pragma omp atomic compare capture
      {
        old = lock;
        if (lock == 0) {
          lock = 1;
        }
      }
    } while (old != 0);
#pragma omp atomic write
    lock = 0;
    // a label inside, which a jump from outside may reach: left alone
    // CHECK: if (i == 3) {
    // CHECK-NOT: OMPICC_RECONVERGE
    // CHECK: again:
    if (i == 3) {
    again:
      if (!__sync_bool_compare_and_swap(&flag, 0, 1))
        goto again;
      flag = 0;
    }
    // a switch is marked with its own cases; an if holding a case of
    // the switch around it is not, the loop inside it is
    // CHECK: goto again;
    // CHECK: OMPICC_RECONVERGE;
    // CHECK-NEXT: switch (i % 4) {
    // CHECK-NEXT: case 0:
    // CHECK-NEXT: if (i > 2) {
    // CHECK-NEXT: case 1:
    // CHECK-NEXT: {
    // CHECK-NEXT: OMPICC_RECONVERGE;
    // CHECK-NEXT: while (__ompicc_gcc_sync_val_compare_and_swap(&flag, 0, 1))
    switch (i % 4) {
    case 0:
      if (i > 2) {
      case 1:
        while (__sync_val_compare_and_swap(&flag, 0, 1))
          ;
        flag = 0;
      }
    }
  }
  return count != 64;
}
