// RUN: %ompicc -o %t %s && %t
// Array elements in reduction clauses (OpenMP 5.2 5.5.8: a list item is
// a variable or an array item, and an array element is reduced as the
// section of that one element): h[3], a pointer's p[2], a row g[1] of a
// two-dimensional array, an element e2[1][2] of one and a section
// c3[2][1][1:3] of a row, an element whose index is known only at run
// time, on target teams distribute parallel for (SPMD), on a team and
// its parallel regions, on a generic kernel's nested parallel and scope,
// and on host constructs; every
// result against the value computed here.  They were a sorry in target
// regions.  (reduction-one-element.c: a section of one element.)
#include <omp.h>

#include "Inputs/check.h"

#define N 1000

int main(void)
{
  long h[8] = {0}, want = 0;
  for (int i = 0; i < N; i++)
    want += i % 7;
#pragma omp target teams distribute parallel for reduction(+: h[3]) map(tofrom: h)
  for (int i = 0; i < N; i++)
    h[3] += i % 7;
  CHECK(h[3] == want);
  CHECK(h[2] == 0 && h[4] == 0);

  int k = 5; /* an index known at run time */
#pragma omp target teams distribute parallel for reduction(+: h[k]) map(tofrom: h)
  for (int i = 0; i < N; i++)
    h[k] += 2;
  CHECK(h[5] == 2 * N && h[3] == want);

  long *p = h;
#pragma omp target teams distribute parallel for reduction(max: p[2]) map(tofrom: p[0:8])
  for (int i = 0; i < N; i++)
    p[2] = p[2] > (i * 37) % 101 ? p[2] : (i * 37) % 101;
  CHECK(h[2] == 100);

  double g[3][4] = {{0}};
#pragma omp target teams distribute parallel for reduction(+: g[1]) map(tofrom: g)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < 4; j++)
      g[1][j] += j;
  for (int j = 0; j < 4; j++)
    CHECK(g[1][j] == (double)j * N && g[0][j] == 0 && g[2][j] == 0);

  /* an element of an array of arrays, and a section of a row */
  int e2[2][3] = {{0}};
  double c3[3][4][5] = {{{0}}};
#pragma omp target teams distribute parallel for reduction(+: e2[1][2]) map(tofrom: e2)
  for (int i = 0; i < N; i++)
    e2[1][2] += i % 3;
#pragma omp target teams distribute parallel for reduction(+: c3[2][1][1:3]) map(tofrom: c3)
  for (int i = 0; i < N; i++)
    for (int k = 1; k < 4; k++)
      c3[2][1][k] += k;
  long want3 = 0;
  for (int i = 0; i < N; i++)
    want3 += i % 3;
  CHECK(e2[1][2] == want3 && e2[1][1] == 0 && e2[0][2] == 0);
  CHECK(c3[2][1][1] == N && c3[2][1][3] == 3 * N && c3[2][1][0] == 0 && c3[2][1][4] == 0);

  /* a team's section reduction, and its parallel regions' of the same
   * section: the regions take the team's copy as they take an array (the
   * kernel file did not compile), and sizeof is the array's */
  double t2[3][4] = {{0}};
  long size = 0;
#pragma omp target teams distribute reduction(max: t2[1:1]) map(tofrom: t2, size)
  for (int i = 0; i < 10; i++) {
    if (i == 0)
      size = sizeof t2;
#pragma omp parallel for reduction(max: t2[1][3])
    for (int j = 0; j < 10; j++)
      t2[1][3] = t2[1][3] > i * j ? t2[1][3] : i * j;
  }
  CHECK(t2[1][3] == 81 && t2[1][2] == 0 && t2[0][3] == 0 && t2[2][3] == 0);
  CHECK(size == sizeof t2);

  /* a generic kernel: a parallel region and a scope of it */
  int q[4] = {0}, s[4] = {0}, threads = 0;
#pragma omp target map(tofrom: q, s, threads)
  {
#pragma omp parallel num_threads(4) reduction(+: q[2])
    {
      q[2] += 1;
#pragma omp scope reduction(+: s[1])
      s[1] += 3;
#pragma omp masked
      threads = omp_get_num_threads();
    }
  }
  CHECK(q[2] == threads && s[1] == 3 * threads && threads >= 1);
  CHECK(q[1] == 0 && q[3] == 0 && s[0] == 0 && s[2] == 0);

  /* the host's constructs take the element as well */
  int m[4] = {0}, team = 0;
#pragma omp parallel num_threads(3) reduction(+: m[1])
  {
    m[1] += 1;
#pragma omp masked
    team = omp_get_num_threads();
  }
  CHECK(m[1] == team && team >= 1);
  return fails != 0;
}
