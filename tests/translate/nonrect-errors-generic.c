// Non-canonical collapsed loop nests in a generic kernel (see
// nonrect-errors.c): errors at their places, found when the worksharing
// of the kernel is written.
// RUN: not %ompicc-tr --kernels=%t.cu %s -o /dev/null 2> %t.err
// RUN: FileCheck %s --implicit-check-not=error: < %t.err
int a[64][64];

void generic(int n)
{
#pragma omp target parallel map(tofrom: a)
  {
    a[0][0] = 1;
// CHECK: nonrect-errors-generic.c:[[@LINE+1]]:29: error: 'ordered' may not appear on '#pragma omp for' whose collapsed loop nest is non-rectangular (OpenMP 5.2 4.4.4)
#pragma omp for collapse(2) ordered
    for (int i = 0; i < n; i++)
      for (int j = i; j < n; j++)
        a[i][j] = 0;
#pragma omp for collapse(2)
    for (int i = 0; i < n; i++)
// CHECK: nonrect-errors-generic.c:[[@LINE+1]]:35: error: the step of loop 'j' uses 'i'
      for (int j = i; j < n; j -= -i)
        a[i][j] = 0;
  }
}
