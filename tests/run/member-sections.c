// RUN: %ompicc -o %t %s && %t
// A section of an array member (s.m[1][0:4], a[1].m[2][0:4], ps->v[2:3],
// a[0].in.v[1:2]) maps that section, not its whole variable (OpenMP 5.2
// 5.8.3): data mapped so by enter data is present for a later construct
// that names the same section, and the kernel reaches it where it lies in
// the variable.  Two member items of one variable map the variable.
#include <string.h>

#include "Inputs/check.h"

struct In { double v[6]; };
struct S { int n; double m[4][8]; struct In in; };

int main(void)
{
  static struct S a[3];
  memset(a, 0, sizeof a);
  for (int i = 0; i < 8; i++)
    a[1].m[2][i] = i;
  /* enter data of a section, then a construct naming it present */
#pragma omp target enter data map(to: a[1].m[2][0:4])
#pragma omp target map(present, alloc: a[1].m[2][0:4])
  for (int i = 0; i < 4; i++)
    a[1].m[2][i] *= 2;
#pragma omp target exit data map(from: a[1].m[2][0:4])
  CHECK(a[1].m[2][3] == 6 && a[1].m[2][5] == 5);

  /* a struct variable, a section of a row of its 2-D member */
  struct S s;
  memset(&s, 0, sizeof s);
  s.n = 7;
  for (int i = 0; i < 8; i++)
    s.m[1][i] = 10 * i;
#pragma omp target map(tofrom: s.m[1][2:4])
  for (int i = 2; i < 6; i++)
    s.m[1][i] += 1;
  CHECK(s.m[1][1] == 10 && s.m[1][2] == 21 && s.m[1][5] == 51 && s.m[1][6] == 60 && s.n == 7);

  /* through a pointer to the struct, and a member of a member */
  struct S *ps = &a[2];
  for (int i = 0; i < 6; i++)
    ps->in.v[i] = i, a[0].in.v[i] = -i;
#pragma omp target data map(tofrom: ps->in.v[2:3])
  {
#pragma omp target map(present, alloc: ps->in.v[2:3])
    for (int i = 2; i < 5; i++)
      ps->in.v[i] *= 3;
  }
#pragma omp target map(tofrom: a[0].in.v[1:2])
  for (int i = 1; i < 3; i++)
    a[0].in.v[i] -= 1;
  CHECK(a[2].in.v[1] == 1 && a[2].in.v[2] == 6 && a[2].in.v[4] == 12 && a[2].in.v[5] == 5);
  CHECK(a[0].in.v[1] == -2 && a[0].in.v[2] == -3 && a[0].in.v[3] == -3);

  /* two members of one struct in one construct */
  s.in.v[0] = 1;
#pragma omp target map(tofrom: s.m[0][0:2], s.in.v[0:1])
  {
    s.m[0][1] = s.in.v[0] + 4;
    s.in.v[0] = 9;
  }
  CHECK(s.m[0][1] == 5 && s.in.v[0] == 9);
  return fails != 0;
}
