// assume, assumes, begin/end assumes (OpenMP 5.2 8.3): accepted and
// checked, they leave no directive for the host compiler (gcc 12 knows
// none of them).  holds(e) becomes a hint the compilers can use, when
// evaluating e changes nothing; a directive that an enclosing assume
// construct says will never be met (absent, no_openmp, no_parallelism)
// is warned about.
// RUN: %ompicc-tr --offload %s -o %t.c 2> %t.err
// RUN: FileCheck --check-prefix=HOST %s < %t.c
// RUN: FileCheck --check-prefix=WARN %s < %t.err
// RUN: printf 'int x;\n#pragma omp begin assumes no_openmp\n' > %t-open.c
// RUN: not %ompicc-tr --offload %t-open.c -o /dev/null 2>&1 | FileCheck --check-prefix=OPEN %s
// OPEN: -open.c:2:{{[0-9]+}}: error: 'begin assumes' without 'end assumes'
// RUN: printf '#pragma omp end assumes\n' > %t-end.c
// RUN: not %ompicc-tr --offload %t-end.c -o /dev/null 2>&1 | FileCheck --check-prefix=END %s
// END: -end.c:1:{{[0-9]+}}: error: 'end assumes' without 'begin assumes'
// HOST-NOT: pragma omp {{.*}}assume
#pragma omp assumes no_openmp_routines
#pragma omp begin assumes no_parallelism
int g(int x) { return x + 1; }
#pragma omp end assumes
int h(void);
void f(int n, int *a)
{
// HOST-LABEL: void f(
// HOST: if (!(n > 0 && n % 4 == 0))
// HOST: __builtin_unreachable();
#pragma omp assume holds(n > 0 && n % 4 == 0) no_openmp_routines
  for (int i = 0; i < n; i++)
    a[i] = g(i);
// a call in holds(): not evaluated, so no hint
// HOST-NOT: h() == 1
#pragma omp assume holds(h() == 1)
  {
    a[0] = 1;
  }
// WARN: assume.c:[[@LINE+3]]:{{[0-9]+}}: warning: 'parallel for' inside an 'assume' construct that lists it in 'absent'
// WARN: assume.c:[[@LINE+1]]:{{[0-9]+}}: note: the 'assume' construct
#pragma omp assume absent(parallel) contains(for)
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] += 1;
// WARN: assume.c:[[@LINE+4]]:{{[0-9]+}}: warning: 'target' inside an 'assume' construct that has 'no_parallelism'
#pragma omp assume no_parallelism
  {
    a[1] = 2;
#pragma omp target map(tofrom: a[0:1])
    a[0] = 3;
  }
}
