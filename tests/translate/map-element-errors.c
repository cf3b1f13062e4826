// Members of two elements of a pointer in one construct's map clauses
// (ps[1].v[0:n], ps[2].v[0:n]): each element would be a device copy of
// its own, which the one pointer ps in the region cannot reach both of
// (OpenMP 5.2 5.8.3); a sorry that says what to write instead, which is
// then taken (results: run/pointer-element-members.c).
// RUN: not %ompicc-tr --offload %s -o /dev/null 2> %t.err
// RUN: FileCheck %s --implicit-check-not=error: < %t.err
typedef struct { double *v; } rec;
void g(rec *ps, int n)
{
// CHECK: map-element-errors.c:[[@LINE+1]]:{{[0-9]+}}: error: sorry, unimplemented: 'ps[2].v[0:n]' is in a member of another element of 'ps' than an earlier map item: map the elements as a section first (ps[lo:len])
#pragma omp target map(tofrom: ps[1].v[0:n], ps[2].v[0:n])
  ps[1].v[0] = ps[2].v[0];
#pragma omp target map(tofrom: ps[1:2]) map(tofrom: ps[1].v[0:n], ps[2].v[0:n])
  ps[1].v[0] = ps[2].v[0];
#pragma omp target map(tofrom: ps[1].v[0:n]) map(to: ps[1].v[0:1])
  ps[1].v[0] = 1;
}
