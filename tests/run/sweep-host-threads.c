// Eight host threads offloading at once and mapping the same array
// (reference counts under contention), enter data / target / update /
// exit data chained by nowait and depend, target update if(...), and
// omp_target_memcpy_rect of a block of a matrix.
// RUN: %ompicc -o %t %s && %t
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#define N 2000
static int fails;
#define CHECK(c, ...) do { if (!(c)) { printf("wrong line %d: ", __LINE__); printf(__VA_ARGS__); printf("\n"); fails++; } } while (0)
int main(void)
{
  static double shared[N];
  static long sums[16];
  for (int i = 0; i < N; i++) shared[i] = i;
  /* 8 host threads all map the same array (to) and read it, over and over */
#pragma omp parallel num_threads(8)
  {
    int t = omp_get_thread_num();
    long s = 0;
    for (int rep = 0; rep < 20; rep++) {
      long part = 0;
#pragma omp target teams distribute parallel for map(to: shared) reduction(+: part)
      for (int i = 0; i < N; i++) part += (long)shared[i] % (t + 2);
      s += part;
    }
    sums[t] = s;
  }
  for (int t = 0; t < 8; t++) {
    long e = 0;
    for (int i = 0; i < N; i++) e += i % (t + 2);
    CHECK(sums[t] == 20 * e, "sums[%d]=%ld want %ld", t, sums[t], 20 * e);
  }
  /* async enter data / target / exit data chained by depend */
  double *a = malloc(N * sizeof(double)), *b = malloc(N * sizeof(double));
  for (int i = 0; i < N; i++) a[i] = i, b[i] = 0;
#pragma omp target enter data map(to: a[0:N]) map(alloc: b[0:N]) nowait depend(out: a[0], b[0])
#pragma omp target teams distribute parallel for nowait depend(inout: a[0], b[0])
  for (int i = 0; i < N; i++) b[i] = a[i] * a[i];
#pragma omp target update from(b[0:N]) nowait depend(in: b[0])
#pragma omp target exit data map(delete: a[0:N], b[0:N]) nowait depend(inout: a[0], b[0])
#pragma omp taskwait
  for (int i = 0; i < N; i++) CHECK(b[i] == (double)i * i, "b[%d]=%g", i, b[i]);
  /* target update with an if clause */
  int x = 1;
#pragma omp target data map(tofrom: x)
  {
    x = 2;
#pragma omp target update to(x) if(0)
#pragma omp target map(tofrom: x)
    x += 10;
#pragma omp target update from(x) if(x < 100)
    CHECK(x == 11 || (omp_get_num_devices() == 0 || x == 12), "x=%d", x);
  }
  /* omp_target_memcpy_rect: a 4x6 block of a 10x10 matrix */
  int dev = omp_get_default_device(), host = omp_get_initial_device();
  if (omp_get_num_devices() > 0) {
    double m[10][10], back[4][6];
    for (int i = 0; i < 10; i++) for (int j = 0; j < 10; j++) m[i][j] = i * 10 + j;
    double *d = omp_target_alloc(sizeof back, dev);
    size_t vol[2] = {4, 6}, doff[2] = {0, 0}, soff[2] = {3, 2}, ddim[2] = {4, 6}, sdim[2] = {10, 10};
    CHECK(omp_target_memcpy_rect(d, m, sizeof(double), 2, vol, doff, soff, ddim, sdim, dev, host) == 0, "rect to");
#pragma omp target is_device_ptr(d)
    for (int k = 0; k < 24; k++) d[k] = -d[k];
    CHECK(omp_target_memcpy(back, d, sizeof back, 0, 0, host, dev) == 0, "memcpy back");
    for (int i = 0; i < 4; i++) for (int j = 0; j < 6; j++) CHECK(back[i][j] == -m[3 + i][2 + j], "back[%d][%d]=%g", i, j, back[i][j]);
    omp_target_free(d, dev);
  }
  free(a); free(b);
  if (fails) printf("%d failures\n", fails);
  return fails != 0;
}
