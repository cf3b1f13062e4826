// An identifier in a clause that names no visible variable is an error,
// reported at its place with the clause named; all of them are reported.
// RUN: not %ompicc-tr --dump-symbols %s 2>&1 | FileCheck %s

void f(double *a, int n)
{
  {
    int hidden = 0;
    (void)hidden;
  }
#pragma omp target map(tofrom: a[0:n], b[0:n]) firstprivate(hidden)
  for (int i = 0; i < n; i++)
    a[i] = 0;
#pragma omp parallel num_threads(nthreads) if(omp_get_num_threads() > 1)
  ;
}
// CHECK: undeclared.c:11:40: error: 'b' undeclared in 'map' clause
// CHECK: undeclared.c:11:61: error: 'hidden' undeclared in 'firstprivate' clause
// CHECK: undeclared.c:14:34: error: 'nthreads' undeclared in 'num_threads' clause

#pragma omp threadprivate(nowhere)
// CHECK: undeclared.c:[[# @LINE-1]]:27: error: 'nowhere' undeclared in 'threadprivate' directive

#pragma omp declare simd uniform(nope)
double g(double *p, int n) { return p[n]; }
// CHECK: undeclared.c:[[# @LINE-2]]:34: error: 'nope' undeclared in 'uniform' clause
// CHECK-NOT: error
