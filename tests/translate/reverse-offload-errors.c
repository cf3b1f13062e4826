// device(ancestor: ...) needs a requires reverse_offload directive that
// comes before it in the file (OpenMP 5.2 13.2, 8.2.3): an error at the
// clause, and none for a construct after the directive.
// RUN: not %ompicc-tr --offload %s -o /dev/null 2> %t.err
// RUN: FileCheck %s --implicit-check-not=error: < %t.err
int x;

void before(void)
{
#pragma omp target
  {
// CHECK: reverse-offload-errors.c:[[@LINE+1]]:{{[0-9]+}}: error: 'device(ancestor: ...)' needs '#pragma omp requires reverse_offload' before it in the file (OpenMP 5.2 13.2)
#pragma omp target device(ancestor: 1) map(tofrom: x)
    x++;
  }
}

#pragma omp requires reverse_offload

void after(void)
{
#pragma omp target
  {
#pragma omp target device(ancestor: 1) map(tofrom: x)
    x++;
  }
}
