// Bad input under target constructs: each a compile-time error at its place.
// RUN: not %ompicc-tr --offload %s -o /dev/null 2> %t.err
// RUN: FileCheck %s < %t.err
struct opaque;
extern struct opaque ext;
struct pair { int a, b; } ext2;
int undefined_fn(int);
void f(int n, double *p, struct opaque *q)
{
  int i, x = 0;
  double d = 0, dh[4];
  int h[8];
  double *dp = &d;
// CHECK: errors.c:[[@LINE+1]]:{{[0-9]+}}: error: 'ext' has incomplete type 'struct opaque' and cannot be mapped
#pragma omp target map(to: ext)
  ;
// CHECK: errors.c:[[@LINE+1]]:{{[0-9]+}}: error: array section of pointer 'p' needs a length
#pragma omp target map(to: p[0:])
  p[0] = 1;
// OpenMP 5.2 5.8.3: a map clause's section is contiguous; a stride is for
// the motion clauses of target update.
// CHECK: errors.c:[[@LINE+1]]:{{[0-9]+}}: error: a section with a stride other than 1 may be only in a 'to' or 'from' clause of 'target update': a map clause needs contiguous storage
#pragma omp target map(to: p[0:4:2])
  p[0] = 1;
// CHECK: errors.c:[[@LINE+1]]:{{[0-9]+}}: error: a section with a stride other than 1
#pragma omp target map(to: dh[0:2:2])
  dh[0] = 1;
#pragma omp target teams distribute parallel for
// CHECK: errors.c:[[@LINE+1]]:3: error: the loop under '#pragma omp target teams distribute parallel for' is not in canonical form
  for (i = 0; i * i < n; i++)
    p[i] = 0;
// CHECK: errors.c:[[@LINE+1]]:{{[0-9]+}}: error: 'x' appears in more than one data-sharing clause
#pragma omp target parallel for private(x) firstprivate(x)
  for (i = 0; i < n; i++)
    x = i;
// CHECK: errors.c:[[@LINE+1]]:{{[0-9]+}}: error: no 'declare mapper' named 'nosuch' for 'ext2' of type 'struct pair'
#pragma omp target map(mapper(nosuch), tofrom: ext2)
  ext2.a = 1;
// CHECK: errors.c:[[@LINE+1]]:{{[0-9]+}}: error: a reduction with the 'inscan' modifier may not appear on a construct with 'distribute' (OpenMP 5.2 5.5.8)
#pragma omp target teams distribute parallel for reduction(inscan, +: x)
  for (i = 0; i < n; i++) {
    x += i;
#pragma omp scan inclusive(x)
    h[i % 8] = x;
  }
// CHECK: errors.c:[[@LINE+1]]:{{[0-9]+}}: error: array section 'h[2:8]' is empty or outside its array
#pragma omp target teams distribute parallel for reduction(+: h[2:8])
  for (i = 0; i < n; i++)
    h[i % 8] += 1;
// CHECK: errors.c:[[@LINE+1]]:{{[0-9]+}}: error: reduction operator '^' is not valid for 'dh[0:4]' of type 'double'
#pragma omp target teams distribute parallel for reduction(^: dh[0:4])
  for (i = 0; i < n; i++)
    dh[i % 4] += 1;
// CHECK: errors.c:[[@LINE+1]]:{{[0-9]+}}: error: reduction operator '&' is not valid for 'd' of type 'double'
#pragma omp target teams distribute parallel for reduction(&: d)
  for (i = 0; i < n; i++)
    d = d;
#pragma omp target
  {
// CHECK: errors.c:[[@LINE+1]]:{{[0-9]+}}: error: function 'undefined_fn' is called in device code but has no definition in this file and is not declared in a 'declare target' directive (OpenMP 5.2 7.8), as a function of another file must be
    x = undefined_fn(x);
  }
// CHECK: errors.c:[[@LINE+1]]:{{[0-9]+}}: error: 'x' is used in the target region but is listed in no data-mapping or data-sharing clause, which 'defaultmap(none)' requires
#pragma omp target defaultmap(none) map(tofrom: h)
  h[0] = x;
// CHECK: errors.c:[[@LINE+1]]:{{[0-9]+}}: error: 'dh' is used in the target region but is listed in no data-mapping or data-sharing clause, which 'defaultmap(none)' requires
#pragma omp target defaultmap(none: aggregate) firstprivate(x)
  dh[0] = x;
  (void)dp; (void)q;
}
