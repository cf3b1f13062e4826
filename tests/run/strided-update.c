// target update with strided and multi-dimensional sections (OpenMP 5.2
// 5.9, 5.8.3: a motion clause's section need not be contiguous): exactly
// the elements named move, in either direction.
// RUN: %ompicc -o %t %s
// RUN: %t
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#include "Inputs/check.h"

typedef struct Vec {
  int len;
  double *data;
} Vec;

int main(void)
{
  int offloaded = 0;
#pragma omp target map(from: offloaded)
  offloaded = !omp_is_initial_device();
  int a[8], m[4][6];
  for (int i = 0; i < 8; i++)
    a[i] = 1;
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 6; j++)
      m[i][j] = 0;
#pragma omp target enter data map(to: a, m)
  /* zero-copy storage (OMPICC_ZERO_COPY=always) is the host's: no copies */
  int dev = omp_get_default_device();
  int sep = offloaded && omp_get_mapped_ptr(a, dev) != a;
  int sepm = offloaded && omp_get_mapped_ptr(m, dev) != (void *)m;
  for (int i = 0; i < 8; i++)
    a[i] = 2;
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 6; j++)
      m[i][j] = 1;
  /* to: every other element; rows 1 and 3, columns 1 and 4; a block */
#pragma omp target update to(a[0:4:2])
#pragma omp target update to(m[1:2:2][1:2:3])
#pragma omp target update to(m[0:1][2:3])
  int got[8], gm[4][6];
#pragma omp target map(from: got, gm)
  {
    for (int i = 0; i < 8; i++)
      got[i] = a[i];
    for (int i = 0; i < 4; i++)
      for (int j = 0; j < 6; j++)
        gm[i][j] = m[i][j];
  }
  for (int i = 0; i < 8; i++)
    CHECK(got[i] == (!sep || i % 2 == 0 ? 2 : 1));
  static const char *rows[4] = {"001110", "010010", "000000", "010010"};
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 6; j++)
      CHECK(gm[i][j] == (!sepm ? 1 : rows[i][j] - '0'));
  /* from: the device's values of every third element come back */
#pragma omp target
  for (int i = 0; i < 8; i++)
    a[i] = 10 + i;
  for (int i = 0; i < 8; i++)
    a[i] = 0;
#pragma omp target update from(a[1:3:3])
  for (int i = 0; i < 8; i++)
    CHECK(a[i] == (sep && i % 3 == 1 ? 10 + i : 0));
#pragma omp target exit data map(delete: a, m)
  /* through a pointer, and a structure's pointer member */
  int n = 16;
  double *p = malloc(n * sizeof *p);
  Vec s = {n, malloc(n * sizeof(double))};
  for (int i = 0; i < n; i++)
    p[i] = s.data[i] = 0;
#pragma omp target enter data map(to: p[0:n], s, s.data[0:n])
  int sepp = offloaded && omp_get_mapped_ptr(p, dev) != p;
  int seps = offloaded && omp_get_mapped_ptr(s.data, dev) != s.data;
  for (int i = 0; i < n; i++)
    p[i] = s.data[i] = i;
#pragma omp target update to(p[0:n / 2:2], s.data[1:n / 2:2])
#pragma omp target
  for (int i = 0; i < n; i++) {
    p[i] += 100;
    s.data[i] += 100;
  }
#pragma omp target update from(p[0:n], s.data[0:n])
  for (int i = 0; i < n; i++) {
    CHECK(p[i] == (!sepp || i % 2 == 0 ? i : 0) + 100);
    CHECK(s.data[i] == (!seps || i % 2 == 1 ? i : 0) + 100);
  }
  /* a zero count moves nothing */
  int none = 0;
#pragma omp target update to(p[0:none:2])
#pragma omp target exit data map(delete: p[0:n], s.data[0:n], s)
  if (fails)
    return 1;
  printf("ok (%s)\n", sep ? "device copies" : "host storage");
  return 0;
}
