// RUN: %ompicc -o %t %s && %t
// Sections of pointer members of a structure reached by subscripting a
// pointer (ps[1].v[2:3], ps[i].in.w[0:k], (*ps).v[5:2]) or through a
// member of ps->in (ps->in.w[0:3]): the structure element that
// holds the pointer is mapped with the section, the pointer is attached
// to the section's device copy, and ps in the region reaches the mapped
// element (OpenMP 5.2 5.8.3: the list item's base pointer is ps[1].v,
// of a structure element).  ps itself was mapped as a scalar before, so
// the region read the host's structure: on the CPU device the region
// wrote the host's array, which the section's copy-back then undid; on a
// GPU it read host memory.  In a generic and an SPMD kernel; with enter
// and exit data and in a target data region, which attach the pointer
// when its structure is present.
#include <stdlib.h>
#include <string.h>

#include "Inputs/check.h"

typedef struct {
  int n;
  double *v;
  struct { int k; float *w; } in;
  long *a, *b;
} rec;

int main(void)
{
  enum { N = 8 };
  rec *ps = calloc(4, sizeof *ps);
  for (int r = 0; r < 4; r++) {
    ps[r].n = N;
    ps[r].v = calloc(N, sizeof(double));
    ps[r].in.k = 3;
    ps[r].in.w = calloc(3, sizeof(float));
    ps[r].a = calloc(N, sizeof(long));
    ps[r].b = calloc(N, sizeof(long));
    for (int i = 0; i < N; i++)
      ps[r].v[i] = 10 * r + i, ps[r].a[i] = i, ps[r].b[i] = 100 + i;
    for (int i = 0; i < 3; i++)
      ps[r].in.w[i] = (float)(r + i);
  }
  double *host_v = ps[1].v;

  /* a generic region: one element's section, written */
#pragma omp target map(tofrom: ps[1].v[2:3])
  {
    ps[1].v[2] += 1000;
    ps[1].v[4] = -ps[1].v[4];
  }
  CHECK(ps[1].v[2] == 1012 && ps[1].v[3] == 13 && ps[1].v[4] == -14 && ps[1].v[5] == 15);
  CHECK(ps[1].v == host_v);

  /* an SPMD loop over a nested member of an element chosen at run time */
  int i2 = 2;
#pragma omp target teams distribute parallel for map(tofrom: ps[i2].in.w[0:ps[i2].in.k])
  for (int j = 0; j < 3; j++)
    ps[i2].in.w[j] *= 10;
  CHECK(ps[2].in.w[0] == 20 && ps[2].in.w[2] == 40 && ps[1].in.w[2] == 3);

  /* a nested member through ps->, and the member of *ps */
#pragma omp target map(tofrom: ps->in.w[0:3])
  ps->in.w[1] = 7;
  CHECK(ps[0].in.w[1] == 7);
#pragma omp target map(tofrom: (*ps).v[5:2])
  (*ps).v[6] = 42;
  CHECK(ps[0].v[6] == 42 && ps[0].v[5] == 5);

  /* two members of one element */
#pragma omp target teams distribute parallel for map(to: ps[3].a[0:N]) map(tofrom: ps[3].b[0:N])
  for (int j = 0; j < N; j++)
    ps[3].b[j] += ps[3].a[j] * 2;
  CHECK(ps[3].b[0] == 100 && ps[3].b[7] == 121 && ps[2].b[7] == 107);

  /* data constructs map the section and attach the pointer when its
   * structure is present (mapped first, here): a later region, whose ps
   * is a zero-length section (5.2 5.8.9), finds both */
#pragma omp target enter data map(to: ps[0:1]) map(to: ps[0].v[0:N])
#pragma omp target
  for (int j = 0; j < N; j++)
    ps[0].v[j] += 0.5;
#pragma omp target exit data map(from: ps[0].v[0:N]) map(release: ps[0:1])
  CHECK(ps[0].v[0] == 0.5 && ps[0].v[7] == 7.5);

  /* a target data region around a region that uses the member */
#pragma omp target data map(to: ps[0:4]) map(tofrom: ps[2].a[0:N])
  {
#pragma omp target teams distribute parallel for
    for (int j = 0; j < N; j++)
      ps[2].a[j] = ps[2].n * j;
  }
  CHECK(ps[2].a[3] == 24 && ps[2].a[7] == 56);

  for (int r = 0; r < 4; r++)
    free(ps[r].v), free(ps[r].in.w), free(ps[r].a), free(ps[r].b);
  free(ps);
  return fails != 0;
}
