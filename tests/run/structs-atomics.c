// Structs mapped to carry a member section come back to the host with
// their host pointers (the device addresses attached to them are not
// copied back); atomic updates in the forms x op= e, x++, x = x op e and
// x = e op x; two sections of one array inside a mapping of the whole.
// RUN: %ompicc -o %t %s && %t
#include <stdio.h>
#include <stdlib.h>

#define N 256
static int fails;

static void expect(int ok, const char *what)
{
  if (!ok)
    printf("wrong: %s\n", what);
  fails += !ok;
}

struct buf {
  int n, used;
  double *data;
};

int main(void)
{
  double *host = malloc(N * sizeof *host);
  struct buf b = {N, 0, host};
  for (int i = 0; i < N; i++)
    host[i] = i;
  /* only the member section is mapped: b itself is tofrom */
#pragma omp target map(tofrom: b.data[0:N])
  {
    for (int i = 0; i < b.n; i++)
      b.data[i] += 1;
    b.used = b.n;
  }
  expect(b.data == host && b.used == N && host[N - 1] == N, "struct carrying a member section");
  /* the struct mapped explicitly tofrom, with a member section */
#pragma omp target map(tofrom: b) map(tofrom: b.data[0:N])
  {
    b.used = 7;
    b.data[0] = -1;
  }
  expect(b.data == host && b.used == 7 && host[0] == -1, "struct tofrom with a member section");
  /* through a pointer, and in target data */
  struct buf *pb = &b;
#pragma omp target data map(tofrom: b) map(tofrom: b.data[0:N])
  {
#pragma omp target teams distribute parallel for
    for (int i = 0; i < N; i++)
      b.data[i] = 2 * i;
  }
  expect(b.data == host && host[5] == 10, "target data of a struct and its member section");
#pragma omp target map(tofrom: pb->data[0:N])
  pb->used = (int)pb->data[3];
  expect(b.data == host && b.used == 6, "member section through a pointer");

  /* atomics */
  int ic = 0;
  long lc = 0;
  unsigned uc = 0, ux = 0;
  double dc = 0;
  float fc = 0;
  short sc = 0;
#pragma omp target teams distribute parallel for map(tofrom: ic, lc, uc, ux, dc, fc, sc)
  for (int i = 0; i < N; i++) {
#pragma omp atomic
    ic += 2;
#pragma omp atomic update
    lc = lc + i;
#pragma omp atomic
    uc = 1u + uc;
#pragma omp atomic
    ux = ux ^ (unsigned)i;
#pragma omp atomic
    dc = dc - 0.5;
#pragma omp atomic
    fc = 2.0f * fc;
#pragma omp atomic
    sc++;
  }
  unsigned ex = 0;
  for (int i = 0; i < N; i++)
    ex ^= (unsigned)i;
  expect(ic == 2 * N && lc == (long)N * (N - 1) / 2 && uc == N && ux == ex && dc == -N / 2.0 &&
             fc == 0 && sc == N,
         "atomic forms");

  /* two sections of one array, inside a mapping of all of it */
  static int a[N];
#pragma omp target data map(tofrom: a)
  {
#pragma omp target map(to: a[0:N / 2]) map(tofrom: a[N / 2:N / 2])
    for (int i = 0; i < N; i++)
      a[i] = i;
  }
  int ok = 1;
  for (int i = 0; i < N; i++)
    ok &= a[i] == i;
  expect(ok, "two sections of one array");
  free(host);
  return fails != 0;
}
