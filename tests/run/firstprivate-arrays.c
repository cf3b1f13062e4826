// Firstprivate arrays of constant size (one and two dimensions) reach the
// kernel by value: each thread works on its own copy, initialised from
// the host's; the host's array is unchanged afterwards.
// RUN: %ompicc -o %t %s && %t
#include <stdio.h>

static int check(const char *what, double got, double want)
{
  if (got == want)
    return 0;
  fprintf(stderr, "%s: %g, expected %g\n", what, got, want);
  return 1;
}

int main(void)
{
  int fa[4] = {1, 2, 3, 4}, out[4] = {0}, bad = 0;
  double m2[2][3] = {{1, 2, 3}, {4, 5, 6}}, s = 0;
#pragma omp target firstprivate(fa) map(from: out)
  {
    fa[0] += 10; /* the copy changes, not the host's array */
    for (int i = 0; i < 4; i++)
      out[i] = fa[i] + (int)sizeof fa;
  }
  bad += check("fa[0]", fa[0], 1);
  for (int i = 0; i < 4; i++)
    bad += check("out", out[i], (i ? i + 1 : 11) + 16);
  /* every iteration writes its thread's copy, then reads it back */
#pragma omp target teams distribute parallel for firstprivate(fa, m2) reduction(+: s)
  for (int i = 0; i < 1000; i++) {
    m2[0][0] = i;
    fa[1] = 2 * i;
    s += fa[i % 4 == 1 ? 0 : i % 4] + m2[1][2] + m2[0][0] - i + fa[1] - 2 * i;
  }
  double want = 0;
  for (int i = 0; i < 1000; i++)
    want += (i % 4 == 1 ? 1 : i % 4 + 1) + 6;
  bad += check("s", s, want);
  bad += check("m2[0][0]", m2[0][0], 1) + check("fa[1]", fa[1], 2);
  /* parallel for: the threads of one block */
  int hist[8] = {0}, counts[64] = {0}; /* a count per iteration: no two write one */
#pragma omp target parallel for firstprivate(hist) map(tofrom: counts) num_threads(32)
  for (int i = 0; i < 64; i++) {
    hist[i % 8]++;
    counts[i] = hist[i % 8] > 0; /* always 1: the copy started at 0 */
  }
  for (int i = 0; i < 64; i++)
    bad += check("counts", counts[i], 1);
  for (int i = 0; i < 8; i++)
    bad += check("hist", hist[i], 0);
  return bad != 0;
}
