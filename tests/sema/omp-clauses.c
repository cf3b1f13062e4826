// Identifiers everywhere OpenMP puts them: directive arguments, clause
// lists and expressions, iterator modifiers (whose names are declared by
// the clause), declare reduction's special variables, and the headers of
// the loops a collapse(n) construct is associated with.
// RUN: %ompicc-tr --dump-symbols %s | FileCheck %s

struct grid { int n; double *cells; };
struct grid G;
int counter;
#pragma omp threadprivate(counter)
// CHECK: omp threadprivate
// CHECK-NEXT: 'counter' variable int size 4 global

#pragma omp declare reduction(merge : struct grid : omp_out.n += omp_in.n) initializer(omp_priv = omp_orig)
// CHECK: omp declare reduction
// CHECK-NEXT: 'omp_out' variable struct grid size 16 local
// CHECK-NEXT: 'omp_in' variable struct grid size 16 local
// CHECK-NEXT: 'omp_priv' variable struct grid size 16 local
// CHECK-NEXT: 'omp_orig' variable struct grid size 16 local

void kernel(int n, int m, float *restrict x, int chunk)
{
  int i, j;
#pragma omp target teams distribute parallel for collapse(2) map(to: G.cells[0:G.n]) map(tofrom: x[0:n*m]) schedule(static, chunk) num_teams(n / 2)
  for (i = 0; i < n; i++)
    for (j = i; j < m; j += 2)
      x[i * m + j] += 1;
// CHECK-LABEL: omp target teams distribute parallel for
// CHECK-NEXT: 'G' variable struct grid size 16 global
// CHECK-NEXT: 'G' variable struct grid size 16 global
// CHECK-NEXT: 'x' variable float *restrict size 8 parameter
// CHECK-NEXT: 'n' variable int size 4 parameter
// CHECK-NEXT: 'm' variable int size 4 parameter
// CHECK-NEXT: 'chunk' variable int size 4 parameter
// CHECK-NEXT: 'n' variable int size 4 parameter
// CHECK-NEXT: 'i' variable int size 4 local (loop variable)
// CHECK-NEXT: 'i' variable int size 4 local (loop variable)
// CHECK-NEXT: 'n' variable int size 4 parameter
// CHECK-NEXT: 'i' variable int size 4 local (loop variable)
// CHECK-NEXT: 'j' variable int size 4 local (loop variable)
// CHECK-NEXT: 'i' variable int size 4 local
// CHECK-NEXT: 'j' variable int size 4 local (loop variable)
// CHECK-NEXT: 'm' variable int size 4 parameter
// CHECK-NEXT: 'j' variable int size 4 local (loop variable)
// CHECK-NOT: '

#pragma omp target update to(iterator(k = 0 : n): x[k])
// CHECK-LABEL: omp target update
// CHECK-NEXT: 'n' variable int size 4 parameter
// CHECK-NEXT: 'x' variable float *restrict size 8 parameter
// CHECK-NEXT: 'k' variable int size 4 local

#pragma omp parallel for reduction(merge : G) linear(chunk : 2)
  for (long l = 0; l < 10; ++l)
    ;
// CHECK-LABEL: omp parallel for
// CHECK-NEXT: 'G' variable struct grid size 16 global
// CHECK-NEXT: 'chunk' variable int size 4 parameter
// CHECK-NEXT: 'l' variable long size 8 local (loop variable)
// CHECK-NEXT: 'l' variable long size 8 local (loop variable)
// CHECK-NEXT: 'l' variable long size 8 local (loop variable)

#pragma omp flush(counter)
// CHECK-LABEL: omp flush
// CHECK-NEXT: 'counter' variable int size 4 global
}

// declare simd names the parameters of the function that follows, be it
// a definition or a prototype.
#pragma omp declare simd uniform(v) linear(k : 1) aligned(v : 32)
static double at(double *v, int k) { return v[k]; }
// CHECK-LABEL: omp declare simd
// CHECK-NEXT: 'v' variable double * size 8 parameter
// CHECK-NEXT: 'k' variable int size 4 parameter
// CHECK-NEXT: 'v' variable double * size 8 parameter
#pragma omp declare simd uniform(scale) notinbranch
float scaled(float scale, float x);
// CHECK-LABEL: omp declare simd
// CHECK-NEXT: 'scale' variable float size 4 parameter
