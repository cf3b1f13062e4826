// User-defined reductions in the other kernel shapes and on the other
// ways of combining: target teams distribute (one thread per team),
// target parallel for (one block), parallel sections in a generic kernel;
// an 8-byte struct aligned to 4 and a 3-byte one (combined under a lock)
// and a 4-byte one (compare-and-swap).
// RUN: %ompicc -o %t %s && %t
#include "Inputs/check.h"

typedef struct {
  float a, b;
} f2;
typedef struct {
  int v;
} wrap;
typedef struct {
  char c[3];
} c3;
#pragma omp declare reduction(f2add : f2 : (omp_out.a += omp_in.a, omp_out.b += omp_in.b))
#pragma omp declare reduction(wmax : wrap : omp_out.v = omp_in.v > omp_out.v ? omp_in.v : omp_out.v) initializer(omp_priv = omp_orig)
#pragma omp declare reduction(cor : c3 : (omp_out.c[0] |= omp_in.c[0], omp_out.c[2] |= omp_in.c[2]))

int main(void)
{
  f2 x = {0, 0};
  wrap w = {-1};
  c3 c = {{0, 0, 0}};
#pragma omp target teams distribute reduction(f2add: x) reduction(wmax: w) reduction(cor: c)
  for (int i = 0; i < 200; i++) {
    x.a += 1;
    x.b += 2;
    w.v = i > w.v ? i : w.v;
    c.c[i % 2 ? 0 : 2] |= 1 << (i % 7);
  }
  CHECK(x.a == 200 && x.b == 400);
  CHECK(w.v == 199);
  CHECK(c.c[0] == 127 && c.c[1] == 0 && c.c[2] == 127);

  x.a = x.b = 0;
  w.v = -1;
#pragma omp target parallel for reduction(f2add: x) reduction(wmax: w)
  for (int i = 0; i < 300; i++) {
    x.a += 1;
    x.b += 2;
    w.v = i > w.v ? i : w.v;
  }
  CHECK(x.a == 300 && x.b == 600);
  CHECK(w.v == 299);

  x.a = x.b = 0;
#pragma omp target map(tofrom: x)
  {
    x.a += 0.5f;
#pragma omp parallel sections reduction(f2add: x)
    {
#pragma omp section
      x.a += 1;
#pragma omp section
      x.b += 5;
    }
  }
  CHECK(x.a == 1.5f && x.b == 5);
  if (fails)
    printf("%d failed\n", fails);
  return fails != 0;
}
