// RUN: %ompicc -o %t %s && %t
// A copy of a struct whose pointer member is attached to a mapped section
// (OpenMP 5.0 2.19.7.1) keeps each side's pointer: target update to(s)
// and map(always, to: s) leave the device's member pointing at the
// device section, and target update from(s) and the copy back at exit
// leave the host's member pointing at the host array.
#include <stdlib.h>

#include "Inputs/check.h"

typedef struct { int n; double *d; } Vec;
struct Two { Vec a; long pad; Vec b; };

int main(void)
{
  Vec v;
  v.n = 100, v.d = malloc(100 * sizeof(double));
  double *host_d = v.d;
  for (int i = 0; i < 100; i++)
    v.d[i] = i;
#pragma omp target enter data map(to: v, v.d[0:v.n])
  v.n = 7;
#pragma omp target
  v.n = 100;
#pragma omp target update from(v)
  CHECK(v.d == host_d && v.n == 100);

  v.n = 50;
#pragma omp target update to(v)
#pragma omp target
  for (int i = 0; i < v.n; i++)
    v.d[i] *= 2;
#pragma omp target update from(v.d[0:100])
  CHECK(v.d[49] == 98 && v.d[50] == 50);

#pragma omp target map(always, to: v)
  v.d[0] = 1234;
#pragma omp target exit data map(from: v, v.d[0:100])
  CHECK(v.d == host_d && v.d[0] == 1234 && v.d[99] == 99);

  /* two attached members; an update of a part of the struct */
  struct Two t;
  t.a.n = t.b.n = 8, t.pad = 0;
  t.a.d = calloc(8, sizeof(double)), t.b.d = calloc(8, sizeof(double));
  double *ha = t.a.d, *hb = t.b.d;
#pragma omp target data map(to: t) map(tofrom: t.a.d[0:8], t.b.d[0:8])
  {
    t.pad = 5;
#pragma omp target update to(t.b)
#pragma omp target update to(t)
#pragma omp target
    for (int i = 0; i < t.a.n; i++) {
      t.a.d[i] = i + t.pad;
      t.b.d[i] = -i;
    }
#pragma omp target update from(t)
    CHECK(t.a.d == ha && t.b.d == hb);
  }
  CHECK(t.a.d == ha && t.b.d == hb && t.a.d[7] == 12 && t.b.d[7] == -7);
  free(v.d);
  free(t.a.d);
  free(t.b.d);
  return fails != 0;
}
