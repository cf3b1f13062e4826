// reduction on an array section with bounds known at run time in a target
// region (OpenMP 5.2 5.5.8): ompicc makes each update of an element atomic
// on the original (offload.c atomic_section_reduction; results:
// run/reduction-runtime-sections.c).  What it cannot do so is a sorry at
// the place that stops it: a use other than such an update, an operator
// without an atomic update (max), an atomic construct already there, and
// a generic kernel (whose directives' clauses it lowers itself).
// RUN: not %ompicc-tr --kernels=%t.cu %s -o /dev/null 2> %t.err
// RUN: FileCheck %s --implicit-check-not=error: --implicit-check-not=sorry < %t.err
void note(void);
void f(int n, int nb, int *h, double *s)
{
#pragma omp target teams distribute parallel for reduction(+: h[0:nb]) map(tofrom: s[0:1])
  for (int i = 0; i < n; i++) {
    h[i % nb] += 1;
// CHECK: reduction-sections-errors.c:[[@LINE+1]]:13: sorry, unimplemented: reduction of 'h[0:nb]' in a target region: a section whose bounds are known at run time has no private copy, so each update of an element (h[i] += v) is made atomic; here is a use that is not an update of an element with the reduction's operator
    s[0] += h[i % nb];
  }
// CHECK: reduction-sections-errors.c:[[@LINE+1]]:66: sorry, unimplemented: reduction(max: h[0:nb]) in a target region: a section whose bounds are known at run time takes +, -, *, &, | or ^
#pragma omp target teams distribute parallel for reduction(max: h[0:nb])
  for (int i = 0; i < n; i++)
    h[i % nb] = h[i % nb] > i ? h[i % nb] : i;
#pragma omp target teams distribute parallel for reduction(+: h[0:nb])
  for (int i = 0; i < n; i++) {
// CHECK: reduction-sections-errors.c:[[@LINE+1]]:9: sorry, unimplemented: reduction of 'h[0:nb]' in a target region: {{.*}}; here is an atomic construct that updates it
#pragma omp atomic
    h[i % nb] += 2;
  }
// CHECK: reduction-sections-errors.c:[[@LINE+1]]:40: sorry, unimplemented: reduction of 'h[0:nb]' in a target region: the section's bounds must be constant
#pragma omp target teams reduction(+: h[0:nb])
  {
    note();
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      h[i % nb]++;
  }
}
#pragma omp declare target to(note)
