// Combined loop constructs, collapse, lastprivate and every reduction
// operator, checked against the same computation on the host.
// RUN: %ompicc -o %t %s -lm && %t
#include <stdio.h>
#include <stdlib.h>

#define N 1000
static float x[N], y[N], ref[N];

static float axpy(float a, float u, float v) { return a * u + v; }

int main(void)
{
  int n = N, fails = 0;
  float a = 1.5f;
  for (int i = 0; i < n; i++)
    x[i] = i % 17, y[i] = ref[i] = i % 5;
  for (int i = 0; i < n; i++)
    ref[i] = axpy(a, x[i], ref[i]);
#pragma omp target teams distribute parallel for map(to: x[0:n]) map(tofrom: y[0:n])
  for (int i = 0; i < n; i++)
    y[i] = axpy(a, x[i], y[i]);
  for (int i = 0; i < n; i++)
    fails += y[i] != ref[i];

  long sum = 0, prod = 1, diff = 0;
  int mx = -1, mn = 1 << 30, band = ~0, bor = 0, bxor = 0, land = 1, lor = 0;
  double dsum = 0;
#pragma omp target teams distribute parallel for reduction(+: sum, dsum) reduction(*: prod) \
    reduction(-: diff) reduction(max: mx) reduction(min: mn) reduction(&: band) \
    reduction(|: bor) reduction(^: bxor) reduction(&&: land) reduction(||: lor)
  for (int i = 1; i <= n; i++) {
    sum += i;
    dsum += 0.5 * i;
    prod *= i % 7 == 0 ? 2 : 1;
    diff -= i;
    mx = i > mx ? i : mx;
    mn = i < mn ? i : mn;
    band &= i | 0x100;
    bor |= i;
    bxor ^= i;
    land = land && i > 0;
    lor = lor || i == 500;
  }
  long eprod = 1, ebxor = 0;
  int eband = ~0, ebor = 0;
  for (int i = 1; i <= n; i++)
    eprod *= i % 7 == 0 ? 2 : 1, eband &= i | 0x100, ebor |= i, ebxor ^= i;
  fails += sum != (long)n * (n + 1) / 2 || dsum != 0.25 * n * (n + 1) || prod != eprod;
  fails += diff != -(long)n * (n + 1) / 2 || mx != n || mn != 1;
  fails += band != eband || bor != ebor || bxor != ebxor || !land || !lor;

  int last = -1;
  int grid[10][20];
#pragma omp target parallel for collapse(2) map(from: grid) lastprivate(last)
  for (int i = 0; i < 10; i++)
    for (int j = 19; j >= 0; j -= 1) {
      grid[i][j] = i * 100 + j;
      last = grid[i][j];
    }
  for (int i = 0; i < 10; i++)
    for (int j = 0; j < 20; j++)
      fails += grid[i][j] != i * 100 + j;
  fails += last != 900;

  int count = 0;
#pragma omp target map(tofrom: count)
  {
#pragma omp parallel for
    for (int i = 0; i < n; i++) {
#pragma omp atomic
      count += 2;
    }
  }
  fails += count != 2 * n;
  if (fails)
    printf("%d mismatches\n", fails);
  return fails != 0;
}
