// RUN: %ompicc -o %t %s && %t
// declare mapper (OpenMP 5.2 5.8.8): a map of a structure, explicit or
// implicit, maps what the type's default mapper says (here the array its
// member points to); a named mapper through the mapper(id) modifier; the
// map type narrowed by the clause's (to: the mapper's tofrom is to, and
// nothing comes back); target data, enter and exit data, and target
// update through mappers; a mapper declared in a block; arrays and
// sections of structures, each element through the mapper.  Where the device
// shares the host's storage (the host, zero-copy), what the region writes
// is seen whatever the map type, so those checks ask where it ran.
#include <omp.h>
#include <stdint.h>
#include <stdlib.h>

#include "Inputs/check.h"

typedef struct { int n; double *d; } Vec;
#pragma omp declare mapper(Vec v) map(v, v.d[0:v.n])

struct Grid { int w, h; float *cells; int *unused; };
#pragma omp declare mapper(halves : struct Grid g) map(g) map(to: g.cells[0:g.w * g.h / 2])

static Vec make(int n)
{
  Vec v = {n, malloc(n * sizeof(double))};
  for (int i = 0; i < n; i++)
    v.d[i] = i;
  return v;
}

int main(void)
{
  /* explicit, tofrom */
  Vec v = make(100);
#pragma omp target map(tofrom: v)
  for (int i = 0; i < v.n; i++)
    v.d[i] *= 2;
  CHECK(v.d[0] == 0 && v.d[99] == 198);

  /* implicit: a structure the region uses */
#pragma omp target
  for (int i = 0; i < v.n; i++)
    v.d[i] += 1;
  CHECK(v.d[99] == 199);

  /* map(to:): the mapper's tofrom becomes to, nothing comes back */
  Vec w = make(10);
  int seen = 0, shared = 0;
  uintptr_t host_d = (uintptr_t)w.d;
#pragma omp target map(to: w) map(from: seen, shared)
  {
    seen = (int)w.d[9];
    shared = (uintptr_t)w.d == host_d; /* the device works on the host's array */
    w.d[9] = -1;
  }
  CHECK(seen == 9 && w.d[9] == (shared ? -1 : 9));

  /* data constructs and target update */
  Vec u = make(64);
#pragma omp target enter data map(to: u)
  host_d = (uintptr_t)u.d;
#pragma omp target map(from: shared)
  {
    for (int i = 0; i < u.n; i++)
      u.d[i] = 3 * i;
    shared = (uintptr_t)u.d == host_d;
  }
  CHECK(u.d[63] == (shared ? 189 : 63));
#pragma omp target update from(u)
  CHECK(u.d[63] == 189);
  for (int i = 0; i < u.n; i++)
    u.d[i] = 1;
#pragma omp target update to(u)
  double sum = 0;
#pragma omp target map(tofrom: sum)
  for (int i = 0; i < u.n; i++)
    sum += u.d[i];
  CHECK(sum == 64);
#pragma omp target exit data map(from: u)
  CHECK(u.d[0] == 1);
#pragma omp target data map(tofrom: v)
  {
#pragma omp target
    v.d[0] = 5;
  }
  CHECK(v.d[0] == 5);

  /* a named mapper: half the cells go to the device, none come back */
  struct Grid g = {4, 4, calloc(16, sizeof(float)), NULL};
  for (int i = 0; i < 16; i++)
    g.cells[i] = (float)i;
  float half = 0;
  host_d = (uintptr_t)g.cells;
#pragma omp target map(mapper(halves), tofrom: g) map(tofrom: half) map(from: shared)
  {
    for (int i = 0; i < g.w * g.h / 2; i++)
      half += g.cells[i];
    shared = (uintptr_t)g.cells == host_d;
    g.cells[0] = 100;
    g.w = 8;
  }
  CHECK(half == 28 && g.cells[0] == (shared ? 100 : 0) && g.w == 8);

  /* arrays of structures: each element's items (here, what its member
   * points to) are mapped with it */
  enum { NV = 5 };
  Vec *vs = malloc(NV * sizeof *vs), arr[3];
  for (int k = 0; k < NV; k++)
    vs[k] = make(10 + k);
  for (int k = 0; k < 3; k++)
    arr[k] = make(4);
  int dev = omp_get_default_device(), present = 0;
#pragma omp target map(tofrom: vs[0:NV], arr)
  {
    for (int k = 0; k < NV; k++)
      for (int i = 0; i < vs[k].n; i++)
        vs[k].d[i] += k;
    for (int k = 0; k < 3; k++)
      arr[k].d[3] = -k;
  }
  for (int k = 0; k < NV; k++)
    for (int i = 0; i < vs[k].n; i++)
      CHECK(vs[k].d[i] == i + k);
  for (int k = 0; k < 3; k++)
    CHECK(arr[k].d[3] == -k && arr[k].d[2] == 2);
#pragma omp target /* arr: implicitly tofrom, through the mapper */
  for (int k = 0; k < 3; k++)
    arr[k].d[1] = 10 * k;
  for (int k = 0; k < 3; k++)
    CHECK(arr[k].d[1] == 10 * k && arr[k].d[3] == -k);
#pragma omp target enter data map(to: vs[0:NV])
  for (int k = 0; k < NV; k++)
    present += omp_target_is_present(vs[k].d, dev) && omp_target_is_present(&vs[k], dev);
  CHECK(present == NV);
  host_d = (uintptr_t)vs[2].d;
#pragma omp target map(from: shared)
  {
    for (int k = 1; k < 4; k++)
      vs[k].d[0] = -1;
    shared = (uintptr_t)vs[2].d == host_d;
  }
  CHECK(vs[2].d[0] == (shared ? -1 : 2));
#pragma omp target update from(vs[2:1])
  CHECK(vs[2].d[0] == -1 && vs[2].d == (double *)host_d);
#pragma omp target exit data map(from: vs[0:NV])
  CHECK(vs[1].d[0] == -1 && vs[3].d[0] == -1 && vs[4].d[0] == 4);
  for (int k = 0; k < NV; k++)
    free(vs[k].d);
  for (int k = 0; k < 3; k++)
    free(arr[k].d);
  free(vs);

  /* a mapper in a block: the nearest one before the construct */
  {
#pragma omp declare mapper(Vec q) map(to: q, q.d[0:1])
    Vec one = make(5);
    one.d[0] = 7;
    double got = 0;
#pragma omp target map(tofrom: one) map(from: got)
    got = one.d[0];
    CHECK(got == 7);
    free(one.d);
  }
  free(v.d);
  free(w.d);
  free(u.d);
  free(g.cells);
  return fails != 0;
}
