// The sorries of the later passes (host lowering, kernel writer), which
// run only when the analysis found no error.
// RUN: not %ompicc-tr --kernels=%t.cu %s -o /dev/null 2> %t.err
// RUN: FileCheck %s < %t.err
void f(int n, int m)
{
  int x = 0, v = 0;
  (void)n, (void)m;
#pragma omp target map(tofrom: x, v)
  {
// CHECK: unsupported-late.c:[[@LINE+1]]:{{[0-9]+}}: sorry, unimplemented: this form of '#pragma omp atomic compare' in a target region
#pragma omp atomic compare
    x = x != v ? 5 : x;
  }
}

/* C11 atomic objects in device code are scalars of 1, 2, 4 or 8 bytes
 * (c11-atomic.c): an atomic structure is refused where it is used. */
struct pair {
  int a, b, c;
};

void whole(_Atomic struct pair *p, struct pair *out)
{
#pragma omp target map(tofrom : p[0:1], out[0:1])
  {
// CHECK: unsupported-late.c:[[@LINE+1]]:12: sorry, unimplemented: '_Atomic struct pair' in device code (ompicc's device atomics are of scalars, not of structures or unions)
    *out = *p;
  }
}

/* An atomic construct on a C11 atomic object, whose accesses are atomic
 * already, is an error, as gcc and clang make it. */
void counted(_Atomic int *c)
{
#pragma omp target map(tofrom : c[0:1])
  {
#pragma omp atomic
// CHECK: unsupported-late.c:[[@LINE+1]]:{{[0-9]+}}: error: '_Atomic' expression in '#pragma omp atomic'
    c[0] += 1;
  }
}
