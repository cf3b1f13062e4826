// The map clause: every map type, always, array sections of arrays and
// pointers, 2D arrays and their sections, struct members and member
// sections, the implicit rules (scalars firstprivate, arrays tofrom,
// pointers looked up), defaultmap(tofrom: scalar).  On a device with its
// own memory (cuda-emu, a GPU) a map that does not copy is visible; on
// the host fallback the data is shared, so those checks are skipped.
// RUN: %ompicc -o %t %s && %t
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 100
static int fails;
static int own_memory; /* the device has memory of its own */

static void expect(int ok, const char *what)
{
  if (!ok)
    printf("wrong: %s\n", what);
  fails += !ok;
}

struct vec {
  int n;
  double *data;
  double fixed[4];
};

int main(void)
{
  /* OMPICC_ZERO_COPY=always: every map shares the host's storage, which
   * OpenMP allows (4.5 1.4.1) */
  own_memory = omp_get_num_devices() > 0 &&
               !(getenv("OMP_TARGET_OFFLOAD") && !strcmp(getenv("OMP_TARGET_OFFLOAD"), "DISABLED")) &&
               !(getenv("OMPICC_ZERO_COPY") && !strcmp(getenv("OMPICC_ZERO_COPY"), "always"));
  int a[N], b[N], c[N];
  for (int i = 0; i < N; i++)
    a[i] = i, b[i] = -1, c[i] = 7;
  /* to, from, tofrom, alloc */
#pragma omp target map(to: a) map(from: b) map(tofrom: c)
  for (int i = 0; i < N; i++)
    b[i] = a[i] * 2, c[i] += a[i];
  int ok = 1;
  for (int i = 0; i < N; i++)
    ok &= b[i] == 2 * i && c[i] == 7 + i;
  expect(ok, "to, from, tofrom");
  int scratch[N];
  int sum = 0;
#pragma omp target map(alloc: scratch) map(to: a) map(tofrom: sum)
  {
    for (int i = 0; i < N; i++)
      scratch[i] = a[i] + 1;
    for (int i = 0; i < N; i++)
      sum += scratch[i];
  }
  expect(sum == N * (N + 1) / 2, "alloc");
  /* to does not copy back */
  int t = 5;
#pragma omp target map(to: t)
  t = 6;
  expect(t == (own_memory ? 5 : 6), "map(to) not copied back");

  /* sections of arrays and of pointers */
  for (int i = 0; i < N; i++)
    b[i] = 0;
#pragma omp target teams distribute parallel for map(to: a[10:50]) map(tofrom: b[10:50])
  for (int i = 10; i < 60; i++)
    b[i] = a[i] + 1;
  ok = 1;
  for (int i = 0; i < N; i++)
    ok &= b[i] == (i >= 10 && i < 60 ? i + 1 : 0);
  expect(ok, "array sections");
  int *p = malloc(N * sizeof *p), *q = malloc(N * sizeof *q);
  for (int i = 0; i < N; i++)
    p[i] = i, q[i] = 0;
#pragma omp target teams distribute parallel for map(to: p[0:N]) map(from: q[:N])
  for (int i = 0; i < N; i++)
    q[i] = p[i] * p[i];
  ok = 1;
  for (int i = 0; i < N; i++)
    ok &= q[i] == i * i;
  expect(ok, "pointer sections");
#pragma omp target teams distribute parallel for map(tofrom: q[N / 2:N / 2])
  for (int i = N / 2; i < N; i++)
    q[i] = -q[i];
  ok = 1;
  for (int i = 0; i < N; i++)
    ok &= q[i] == (i < N / 2 ? i * i : -i * i);
  expect(ok, "pointer section with an offset");

  /* 2D arrays, whole and a section of rows */
  static double m[20][30];
  for (int i = 0; i < 20; i++)
    for (int j = 0; j < 30; j++)
      m[i][j] = i + j;
#pragma omp target teams distribute parallel for collapse(2) map(tofrom: m)
  for (int i = 0; i < 20; i++)
    for (int j = 0; j < 30; j++)
      m[i][j] *= 2;
#pragma omp target teams distribute parallel for map(tofrom: m[5:10][0:30])
  for (int i = 5; i < 15; i++)
    for (int j = 0; j < 30; j++)
      m[i][j] += 1;
  ok = 1;
  for (int i = 0; i < 20; i++)
    for (int j = 0; j < 30; j++)
      ok &= m[i][j] == 2 * (i + j) + (i >= 5 && i < 15);
  expect(ok, "2D arrays");

  /* struct members: the struct, an array member, a pointer member's section */
  struct vec v = {N, malloc(N * sizeof(double)), {1, 2, 3, 4}};
  for (int i = 0; i < N; i++)
    v.data[i] = i;
#pragma omp target map(tofrom: v)
  {
    v.n += 1;
    for (int i = 0; i < 4; i++)
      v.fixed[i] *= 10;
  }
  expect(v.n == N + 1 && v.fixed[3] == 40, "struct");
  v.n = N;
#pragma omp target teams distribute parallel for map(to: v) map(tofrom: v.data[0:N])
  for (int i = 0; i < v.n; i++)
    v.data[i] = v.data[i] * 2 + v.fixed[0];
  ok = 1;
  for (int i = 0; i < N; i++)
    ok &= v.data[i] == 2 * i + 10;
  expect(ok, "member section");
  struct vec *pv = &v;
#pragma omp target teams distribute parallel for map(to: pv[0:1]) map(tofrom: pv->data[0:N])
  for (int i = 0; i < pv->n; i++)
    pv->data[i] -= 10;
  ok = 1;
  for (int i = 0; i < N; i++)
    ok &= v.data[i] == 2 * i;
  expect(ok, "member section through a pointer");

  /* implicit rules: a scalar is firstprivate (not copied back), an array
   * tofrom, a pointer is looked up in the present table */
  int scalar = 1, arr[4] = {0};
#pragma omp target
  {
    scalar = 2;
    for (int i = 0; i < 4; i++)
      arr[i] = i + scalar;
  }
  expect(scalar == 1 && arr[3] == 5, "implicit firstprivate and tofrom");
  int *mapped = malloc(N * sizeof *mapped);
#pragma omp target data map(tofrom: mapped[0:N])
  {
#pragma omp target teams distribute parallel for
    for (int i = 0; i < N; i++)
      mapped[i] = 3 * i;
  }
  ok = 1;
  for (int i = 0; i < N; i++)
    ok &= mapped[i] == 3 * i;
  expect(ok, "implicit zero-length section of a mapped pointer");
  /* defaultmap(tofrom: scalar): the scalar comes back */
  int back = 1;
#pragma omp target defaultmap(tofrom: scalar)
  back += 41;
  expect(back == 42, "defaultmap(tofrom: scalar)");
  free(p), free(q), free(v.data), free(mapped);
  return fails != 0;
}
