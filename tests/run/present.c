// map(present: ...) of data that is not on the device is a run-time
// error quoting the construct's source place; a map that extends a
// present mapping names both places.  (On the host fallback nothing is
// mapped, so there is nothing to check.)
// REQUIRES: !device-host
// RUN: %ompicc -o %t %s
// RUN: not %t 1 2>&1 | FileCheck %s --check-prefix=PRESENT
// RUN: not %t 2 2>&1 | FileCheck %s --check-prefix=EXTEND
// RUN: not %t 4 2>&1 | FileCheck %s --check-prefix=STRUCT
// RUN: not %t 5 2>&1 | FileCheck %s --check-prefix=APART
// RUN: %t 3
#include <stdlib.h>

int main(int argc, char **argv)
{
  int a[100] = {0};
  int which = argc > 1 ? atoi(argv[1]) : 3;
  if (which == 1) {
    // PRESENT: present.c:[[@LINE+1]]:{{[0-9]+}}: error: 'a' {{.*}}is not present on device {{.*}}present modifier
#pragma omp target map(present, tofrom: a)
    a[0] = 1;
  }
  if (which == 2) {
    // EXTEND: present.c:[[@LINE+3]]:{{[0-9]+}}: error: {{.*}}a[0:100]
    // EXTEND: present.c:[[@LINE+1]]
#pragma omp target data map(to: a[0:50])
#pragma omp target map(tofrom: a[0:100])
    a[0] = 1;
  }
  /* an explicit map of a whole structure over a present member extends
   * it (OpenMP 5.2 5.8.3); an implicit one maps the present part */
  /* (aligned: st.s and st.d[3] on one page, so that with
   * OMPICC_ZERO_COPY=always the second member's pin fails, as the first
   * pinned that page, and its mapping is a copy; across a page boundary
   * both were zero-copy, addressable as one object, and case 5 ran) */
  struct pair {
    int s;
    double d[4];
  } st __attribute__((aligned(64))) = {0};
  if (which == 4) {
    // STRUCT: present.c:[[@LINE+3]]:{{[0-9]+}}: error: map of 'st' {{.*}}extends the mapping of 'st.s'
    // STRUCT-SAME: present.c:[[@LINE+1]]
#pragma omp target enter data map(to: st.s)
#pragma omp target map(tofrom: st)
    st.s = 1;
  }
  /* members mapped by two constructs lie in two device blocks: a region
   * that uses the structure cannot address both */
  if (which == 5) {
#pragma omp target enter data map(to: st.s)
#pragma omp target enter data map(to: st.d[3])
    // APART: present.c:[[@LINE+1]]:{{[0-9]+}}: error: 'st' is partly present on device {{[0-9]+}}, in mappings made apart ('st.s' at present.c:{{[0-9]+}}:{{[0-9]+}}, 'st.d[3]' at
#pragma omp target
    st.s = st.d[3];
  }
  /* present data is accepted */
#pragma omp target data map(to: a)
  {
#pragma omp target map(present, tofrom: a)
    a[1] = 2;
  }
  return 0;
}
