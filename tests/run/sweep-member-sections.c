// Sections inside structs: an array member's section, a pointer-to-array
// member's 2-D section, a row of a 2-D member (s.m[1][0:4], ps->m[2][1:2])
// and a member section of an element of an array of structs
// (arr[1].fixed[0:8]).  The last three once produced a host file or a
// kernel file that did not compile.
// RUN: %ompicc -o %t %s && %t
#include <stdio.h>
#include <stdlib.h>
typedef struct { int n; double fixed[8]; double (*rows)[4]; double m[3][4]; } S;
static int fails;
#define CHECK(c, ...) do { if (!(c)) { printf("wrong line %d: ", __LINE__); printf(__VA_ARGS__); printf("\n"); fails++; } } while (0)
int main(void)
{
  S s = {8};
  s.rows = malloc(5 * sizeof *s.rows);
  for (int i = 0; i < 8; i++) s.fixed[i] = i;
  for (int i = 0; i < 5; i++) for (int j = 0; j < 4; j++) s.rows[i][j] = i * 4 + j;
  for (int i = 0; i < 3; i++) for (int j = 0; j < 4; j++) s.m[i][j] = 0;
#pragma omp target map(tofrom: s.fixed[2:3])
  for (int i = 2; i < 5; i++) s.fixed[i] *= 10;
  for (int i = 0; i < 8; i++) CHECK(s.fixed[i] == (i >= 2 && i < 5 ? i * 10 : i), "fixed[%d]=%g", i, s.fixed[i]);
#pragma omp target map(tofrom: s.rows[1:3][0:4])
  for (int i = 1; i < 4; i++) for (int j = 0; j < 4; j++) s.rows[i][j] = -s.rows[i][j];
  for (int i = 0; i < 5; i++) for (int j = 0; j < 4; j++) CHECK(s.rows[i][j] == (i >= 1 && i < 4 ? -1 : 1) * (i * 4 + j), "rows[%d][%d]=%g", i, j, s.rows[i][j]);
#pragma omp target map(tofrom: s.m[1][0:4])
  for (int j = 0; j < 4; j++) s.m[1][j] = j + 1;
  for (int j = 0; j < 4; j++) CHECK(s.m[1][j] == j + 1 && s.m[0][j] == 0 && s.m[2][j] == 0, "m[1][%d]=%g", j, s.m[1][j]);
  S *ps = &s;
#pragma omp target map(tofrom: ps->m[2][1:2])
  for (int j = 1; j < 3; j++) ps->m[2][j] = 50 + j;
  CHECK(s.m[2][1] == 51 && s.m[2][2] == 52 && s.m[1][1] == 2, "ps->m[2]: %g %g %g", s.m[2][1], s.m[2][2], s.m[1][1]);
  S arr[3] = {{1}, {2}, {3}};
#pragma omp target map(tofrom: arr[1].fixed[0:8])
  for (int j = 0; j < 8; j++) arr[1].fixed[j] = 7;
  CHECK(arr[1].fixed[3] == 7 && arr[0].fixed[3] == 0, "arr[1].fixed[3]=%g", arr[1].fixed[3]);
  if (fails) printf("%d failures\n", fails);
  return fails != 0;
}
