// RUN: %ompicc -o %t %s && %t
// linear on a loop construct (OpenMP 5.2 5.4.6): "the value of the new
// list item on each logical iteration of the associated loops
// corresponds to the value of the original list item before entering the
// construct plus the logical number of the iteration times linear-step",
// and the value of the sequentially last iteration goes back to the
// original.  A body that reads the variable without stepping it must see
// that value in every iteration, on the host (gcc sets it only at the
// start of each thread's chunk and under simd not at all:
// transform/host-compat.c lower_linear), in a target region's host
// fallback and on the device; a body that steps it sees the same values.
// Loops going up and down, of signed, unsigned and pointer variables, a
// step held in a variable, collapsed nests (4.4.2 numbers their
// iterations), simd, for simd, default(none).
#include "Inputs/check.h"

#define N 1000

static int a[N];

int main(void)
{
  int x = 5, bad = 0;
#pragma omp parallel for linear(x : 2) reduction(+ : bad) num_threads(4)
  for (int i = 0; i < N; i++)
    bad += x != 5 + 2 * i;
  check_eq("parallel for: iterations wrong", bad, 0);
  check_eq("parallel for: x after", x, 5 + 2 * (N - 1));

  long y = 0;
  bad = 0;
#pragma omp simd linear(y : 3) reduction(+ : bad)
  for (int i = 0; i < N; i++)
    bad += y != 3L * i;
  check_eq("simd: iterations wrong", bad, 0);
  check_eq("simd: y after", y, 3L * (N - 1));

  /* down by 2, a step in a variable, default(none) */
  int s = -3, z = 100;
  bad = 0;
#pragma omp parallel for default(none) shared(s) linear(z : s) reduction(+ : bad) num_threads(3)
  for (int i = N - 1; i >= 0; i -= 2)
    bad += z != 100 - 3 * ((N - 1 - i) / 2);
  check_eq("down, step in a variable: iterations wrong", bad, 0);
  check_eq("down: z after", z, 100 - 3 * (N / 2 - 1));

  /* an unsigned variable going down to 1, and a pointer stepping
   * through a collapsed nest */
  for (int i = 0; i < N; i++)
    a[i] = i;
  int *p = a;
  bad = 0;
#pragma omp parallel for collapse(2) linear(p : 1) reduction(+ : bad) num_threads(4)
  for (unsigned u = 20; u > 0; u--)
    for (long j = 0; j < 50; j++)
      bad += *p != (int)((20 - u) * 50 + j);
  check_eq("collapse, pointer: iterations wrong", bad, 0);
  check_eq("collapse, pointer: p after", (long)(p - a), N - 1);

  /* a body that steps the variable, as usual, beside one that does not */
  int w = 1, v = 0;
  bad = 0;
#pragma omp parallel for simd linear(w : 2) linear(v) reduction(+ : bad) num_threads(4)
  for (int i = 0; i < N; i++) {
    bad += (w != 1 + 2 * i) + (v != i);
    w += 2;
  }
  check_eq("stepped by the body: iterations wrong", bad, 0);
  check_eq("stepped: w after", w, 1 + 2 * N);
  check_eq("unstepped beside it: v after", v, N - 1);

  /* target regions: the device, or the host fallback */
  int t = 7;
  bad = 0;
#pragma omp target parallel for linear(t : 4) reduction(+ : bad)
  for (int i = 0; i < N; i++)
    bad += t != 7 + 4 * i;
  check_eq("target parallel for: iterations wrong", bad, 0);
  check_eq("target: t after", t, 7 + 4 * (N - 1));

  int r = 3;
  bad = 0;
#pragma omp target simd linear(r : 5) reduction(+ : bad)
  for (int i = 0; i < N; i++)
    bad += r != 3 + 5 * i;
  check_eq("target simd: iterations wrong", bad, 0);
  check_eq("target simd: r after", r, 3 + 5 * (N - 1));

  long q = -1;
  bad = 0;
#pragma omp target parallel for collapse(2) linear(q : 2) reduction(+ : bad)
  for (int i = 0; i < 20; i++)
    for (int j = 0; j < 50; j++)
      bad += q != -1 + 2L * (i * 50 + j);
  check_eq("target parallel for collapse(2): iterations wrong", bad, 0);
  check_eq("target collapse: q after", q, -1 + 2L * (N - 1));
  return fails != 0;
}
