// A pointer attaches to its pointee only when the pointer's own storage
// is mapped (OpenMP 5.2 5.8.3, attach): a pointer that lies just past a
// mapped object (here the member after a mapped member) is not in that
// mapping.  The runtime used to count it in and wrote the device address
// eight bytes past the mapped object's device copy, which only a
// sanitizer's allocator showed.  Found by the CPU device's race check
// (ThreadSanitizer, heap-use-after-free).
// RUN: %ompicc -o %t %s
// RUN: env OMPICC_DEBUG=1 %t 2> %t.log
// RUN: not grep "attach 'both.p\[0:n\]'" %t.log
#include "Inputs/check.h"
#include <stdlib.h>

typedef struct {
  int len;
  double *data;
} Vec;

int main(void)
{
  int n = 8;
  struct {
    Vec s;
    double *p;
  } both = {{n, malloc(n * sizeof(double))}, malloc(n * sizeof(double))};
  for (int i = 0; i < n; i++)
    both.s.data[i] = both.p[i] = i;
#pragma omp target enter data map(to: both.s, both.p[0:n])
  double *q = both.p; /* the mapped section, through a pointer of its own */
#pragma omp target
  for (int i = 0; i < n; i++)
    q[i] += 1;
#pragma omp target exit data map(from: both.p[0:n]) map(delete: both.s)
  for (int i = 0; i < n; i++)
    check_eq("both.p[i]", (int)both.p[i], i + 1);
  free(both.s.data);
  free(both.p);
  return 0;
}
