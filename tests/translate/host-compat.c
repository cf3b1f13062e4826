// The directives an older host compiler does not know, lowered for it
// (transform/host-compat.c), here for gcc 9 as its predefined macro says
// (the driver's cpp -dD gives the translator the host compiler's
// macros): masked (OpenMP 5.2 10.5), scope (11.2), loop (11.7) by its
// binding, the combined forms (17.3) split by the clauses' leaves
// (17.2), order(concurrent) dropped (11.3), error (8.5), nothing
// (8.4) and default(firstprivate|private) (5.4.1).  Input without the macro (the other translate tests) is left
// as written.
// RUN: %ompicc-tr --unit-id=u1 %s -o %t.host.c 2> %t.err
// RUN: FileCheck %s < %t.host.c
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// RUN: grep -v '^#define __GNUC__' %s > %t.gcc12.c
// RUN: %ompicc-tr --unit-id=u1 %t.gcc12.c -o %t.gcc12.host.c
// RUN: FileCheck --check-prefix=AS-WRITTEN %s < %t.gcc12.host.c
// RUN: not %ompicc-tr --unit-id=u1 %S/Inputs/host-compat-errors.c -o /dev/null 2>&1 | FileCheck --check-prefix=ERRORS %s
#define __GNUC__ 9
int omp_get_thread_num(void);
int a[100], s;

// CHECK: int omp_get_thread_num(void);
// CHECK-NEXT: int omp_get_num_threads(void);
// CHECK-NEXT: void __ompicc_error_directive(const char *where, const char *message, int fatal);
void f(int n)
{
  int i, j, p;
#pragma omp parallel num_threads(4)
  {
    // CHECK: #pragma omp master
    // AS-WRITTEN: #pragma omp masked
#pragma omp masked
    s++;
    // CHECK: if (omp_get_thread_num() == (n - 1))
    // AS-WRITTEN: #pragma omp masked filter(n - 1)
#pragma omp masked filter(n - 1)
    s += 2;
    // CHECK: int __ompicc_scope_thread0;
    // CHECK: #pragma omp for private(p) reduction(+: s) nowait schedule(static, 1)
    // CHECK: for (__ompicc_scope_thread0 = 0; __ompicc_scope_thread0 < omp_get_num_threads(); __ompicc_scope_thread0++)
    // AS-WRITTEN: #pragma omp scope private(p) reduction(+: s) nowait
#pragma omp scope private(p) reduction(+: s) nowait
    s += 1;
    // CHECK: #pragma omp for{{$}}
    // AS-WRITTEN: #pragma omp loop order(concurrent)
#pragma omp loop order(concurrent)
    for (i = 0; i < n; i++)
      a[i] = i;
    // one thread's loop: its private variables and loop variables its own
    // CHECK: __typeof__(i) i __attribute__((unused));
    // CHECK: __typeof__(j) j __attribute__((unused));
    // CHECK: __typeof__(p) p __attribute__((unused));
#pragma omp loop bind(thread) private(p) collapse(2)
    for (i = 0; i < 10; i++)
      for (j = 0; j < 10; j++)
        p = i + j;
    // CHECK: __ompicc_error_directive("host-compat.c:[[#@LINE+2]]:9", "x", 0);
    // AS-WRITTEN: #pragma omp error at(execution) severity(warning) message("x")
#pragma omp error at(execution) severity(warning) message("x")
    // AS-WRITTEN: #pragma omp nothing
#pragma omp nothing
  }
  // firstprivate stays with parallel (masked takes filter only)
  // CHECK: #pragma omp parallel num_threads(2) firstprivate(n) default(none) shared(s)
  // CHECK: if (omp_get_thread_num() == (1))
#pragma omp parallel masked num_threads(2) filter(1) firstprivate(n) default(none) shared(s)
  s += n;
  // the taskloop's reduction is the taskloop's; parallel shares s
  // CHECK: #pragma omp parallel num_threads(2) default(none) shared(s)
  // CHECK: #pragma omp master
  // CHECK: #pragma omp taskloop reduction(+: s) grainsize(4) default(none)
#pragma omp parallel masked taskloop num_threads(2) reduction(+: s) grainsize(4) default(none)
  for (int k = 0; k < 100; k++)
    s += k;
  // CHECK: #pragma omp parallel for reduction(+: s){{$}}
#pragma omp parallel loop reduction(+: s) bind(parallel)
  for (i = 0; i < 100; i++)
    s += a[i];
  // CHECK: #pragma omp teams distribute parallel for num_teams(2)
#pragma omp teams loop num_teams(2)
  for (i = 0; i < 100; i++)
    a[i] = 0;
  // CHECK: #pragma omp teams num_teams(2)
  // CHECK: #pragma omp distribute parallel for{{$}}
#pragma omp teams num_teams(2)
#pragma omp loop
  for (i = 0; i < 100; i++)
    a[i] = 1;
  // CHECK: #pragma omp parallel for simd{{$}}
#pragma omp parallel for simd order(concurrent)
  for (i = 0; i < 100; i++)
    a[i] = 2;
}
// a scope around a worksharing construct (allowed in scope, not in for):
// its block, its copies and a barrier; order's modifiers, affinity and
// flush's seq_cst dropped
void g(int n, int *b)
{
#pragma omp parallel
  {
    // CHECK-LABEL: void g(
    // CHECK: __typeof__(n) *__ompicc_fp_n = &n;
    // CHECK: __typeof__(n) n __attribute__((unused));
    // CHECK: __builtin_memcpy(&n, __ompicc_fp_n, sizeof n);
    // CHECK: #pragma omp for{{$}}
    // CHECK: #pragma omp barrier
#pragma omp scope firstprivate(n)
    {
#pragma omp for
      for (int i = 0; i < n; i++)
        b[i] = n;
    }
    // CHECK: #pragma omp for{{$}}
#pragma omp for order(reproducible: concurrent)
    for (int i = 0; i < n; i++)
      b[i] = 0;
    // CHECK: #pragma omp flush{{$}}
#pragma omp flush seq_cst
    // CHECK: #pragma omp task{{$}}
#pragma omp task affinity(b[0:n])
    b[0] = 1;
  }
}
// default(firstprivate), default(private) (5.4.1): default(none) and a
// clause of the automatic variables referred to, declared outside and
// in no clause (the device's passes see the same)
void h(int *b)
{
  int x = 1, y[4] = {0}, z = 2;
  // CHECK-LABEL: void h(
  // CHECK: #pragma omp task default(none) shared(z) firstprivate(x, y, b)
#pragma omp task default(firstprivate) shared(z)
  {
    int w = x;
    x++;
    y[0] = w + z;
    b[0] = x;
  }
  // CHECK: #pragma omp parallel num_threads(2) default(none) private(x)
#pragma omp parallel num_threads(2) default(private)
  x = 3;
}
// DIAG: host-compat.c:[[#@LINE+2]]:9: warning: '#pragma omp error' encountered: file scope
// AS-WRITTEN: #pragma omp error severity(warning) message("file scope")
#pragma omp error severity(warning) message("file scope")
// ERRORS: host-compat-errors.c:7:9: error: 'bind' clause needed on a 'loop' construct not nested inside another OpenMP construct
// ERRORS: host-compat-errors.c:12:9: sorry, unimplemented: 'scope' with a 'reduction' or 'allocate' clause around a worksharing construct, 'masked' or 'barrier', for a host compiler that does not know it (gcc 13 does)
