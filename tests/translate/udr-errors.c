// A reduction clause in a target region naming a user-defined reduction
// that has no declaration for the item's type (OpenMP 4.5 2.16) is an
// error at the item, in the construct and inside it.
// RUN: not %ompicc-tr --kernels=%t.cu %s -o /dev/null 2> %t.err
// RUN: FileCheck %s < %t.err
#pragma omp declare reduction(plus : double : omp_out += omp_in)
void bad(float f, int k)
{
// CHECK: udr-errors.c:[[@LINE+1]]:{{[0-9]+}}: error: no 'declare reduction' of 'plus' for 'f' of type 'float'
#pragma omp target teams distribute parallel for reduction(plus: f)
  for (int i = 0; i < 4; i++)
    f += i;
#pragma omp target map(tofrom: k)
  {
// CHECK: udr-errors.c:[[@LINE+1]]:{{[0-9]+}}: error: no 'declare reduction' of 'other' for 'k' of type 'int'
#pragma omp parallel for reduction(other: k)
    for (int i = 0; i < 4; i++)
      k += i;
  }
}
