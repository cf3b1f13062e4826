// Realistic use of structs with pointer members (enter data with attach),
// an array of structs with atomic updates, and declare target globals
// (const ones too: a const global in the kernel file once had internal
// linkage and lived in read-only memory) updated with target update,
// called through a three-deep chain of declare target functions.
// RUN: %ompicc -o %t %s && %t
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#define N 50
static int fails;
#define CHECK(c, ...) do { if (!(c)) { printf("wrong line %d: ", __LINE__); printf(__VA_ARGS__); printf("\n"); fails++; } } while (0)
typedef struct { int n; double *x; double scale; } vec_t;
typedef struct { float lo, hi; int count; } bin_t;
enum kind { K_ADD = 1, K_MUL = 2 };
#pragma omp declare target
double gscale = 1.0;
int gtable[8];
const int gconst[4] = {3, 5, 7, 11};
static double square(double v) { return v * v; }
static double mix(const double *p, int i, enum kind k) { return k == K_ADD ? p[i] + square(gscale) : p[i] * square(gscale); }
static void apply(double *out, const double *in, int i, enum kind k) { out[i] = mix(in, i, k) + gtable[i % 8] + gconst[i % 4]; }
#pragma omp end declare target
int main(void)
{
  vec_t v;
  v.n = N; v.scale = 2.0;
  v.x = malloc(N * sizeof(double));
  for (int i = 0; i < N; i++) v.x[i] = i;
#pragma omp target enter data map(to: v) map(to: v.x[0:N])
#pragma omp target
  for (int i = 0; i < v.n; i++) v.x[i] *= v.scale;
#pragma omp target exit data map(from: v.x[0:N]) map(release: v)
  for (int i = 0; i < N; i++) CHECK(v.x[i] == 2.0 * i, "v.x[%d]=%g", i, v.x[i]);
  /* array of structs */
  bin_t bins[10];
  for (int b = 0; b < 10; b++) bins[b].lo = b, bins[b].hi = b + 1, bins[b].count = 0;
  float data[200];
  for (int i = 0; i < 200; i++) data[i] = (i * 37 % 100) / 10.0f;
#pragma omp target enter data map(to: bins[0:10])
#pragma omp target teams distribute parallel for map(to: data)
  for (int i = 0; i < 200; i++)
    for (int b = 0; b < 10; b++)
      if (data[i] >= bins[b].lo && data[i] < bins[b].hi) {
#pragma omp atomic
        bins[b].count++;
      }
#pragma omp target exit data map(from: bins[0:10])
  int host[10] = {0};
  for (int i = 0; i < 200; i++) host[(int)data[i]]++;
  for (int b = 0; b < 10; b++) CHECK(bins[b].count == host[b], "bin %d: %d vs %d", b, bins[b].count, host[b]);
  /* declare target globals + update */
  gscale = 3.0;
  for (int i = 0; i < 8; i++) gtable[i] = i * 100;
#pragma omp target update to(gscale, gtable)
  double in[N], out[N];
  for (int i = 0; i < N; i++) in[i] = i * 0.5;
#pragma omp target teams distribute parallel for map(to: in) map(from: out)
  for (int i = 0; i < N; i++) apply(out, in, i, (i & 1) ? K_MUL : K_ADD);
  for (int i = 0; i < N; i++) {
    double e = ((i & 1) ? in[i] * 9.0 : in[i] + 9.0) + i % 8 * 100 + gconst[i % 4];
    CHECK(out[i] == e, "out[%d]=%g want %g", i, out[i], e);
  }
#pragma omp target
  { gscale = 4.5; gtable[3] = -7; }
#pragma omp target update from(gscale, gtable[3:1])
  CHECK(gscale == 4.5 && gtable[3] == -7, "globals %g %d", gscale, gtable[3]);
  /* update of a const global once its image is loaded: nothing to copy
   * (the image copy may be read-only memory), and it reads back */
  int back[4] = {0};
#pragma omp target update to(gconst) from(gconst)
#pragma omp target map(from: back)
  for (int i = 0; i < 4; i++) back[i] = gconst[i];
  CHECK(back[0] == 3 && back[3] == 11, "const global %d %d", back[0], back[3]);
  free(v.x);
  if (fails) printf("%d failures\n", fails);
  return fails != 0;
}
