// tile (OpenMP 5.2 9.1) and unroll (9.2), with macros in their clauses
// (the host's preprocessor leaves them; the translator expands them):
//  - tile visits the iterations tile by tile, partial tiles included, for
//    loops going up and down, with <= and >=, steps other than 1, a
//    variable declared before the loop;
//  - the floor loops tile generates are what an enclosing worksharing
//    construct takes: parallel for collapse(2) on the host and target
//    teams distribute parallel for collapse(2) in a kernel, each
//    iteration exactly once;
//  - unroll partial(f) makes a loop of chunks that an enclosing for
//    takes; unroll and unroll full keep every iteration.
// RUN: %ompicc -o %t %s
// RUN: %t
#include "Inputs/check.h"

#define N 10
#define M 7
#define TS 4
#define SIZES(a, b) sizes(a, b)

int main(void)
{
  int order[N][M], t = 0;
#pragma omp tile SIZES(TS, 3)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      order[i][j] = t++;
  /* the same order written out */
  t = 0;
  int bad = 0;
  for (int i0 = 0; i0 < N; i0 += TS)
    for (int j0 = 0; j0 < M; j0 += 3)
      for (int i = i0; i < i0 + TS && i < N; i++)
        for (int j = j0; j < j0 + 3 && j < M; j++)
          bad += order[i][j] != t++;
  check_eq("tile order", bad, 0);

  /* down, inclusive bounds, steps, a variable of the enclosing scope */
  int seen[30] = {0}, k, last = -1, jumps = 0;
#pragma omp tile sizes(2)
  for (k = 29; k >= 1; k -= 3) {
    seen[k]++;
    jumps += last >= 0 && last - k != 3;
    last = k;
  }
  for (int i = 0; i < 30; i++)
    check_eq("down loop", seen[i], i % 3 == 2 ? 1 : 0);
  check_eq("down loop order", jumps, 0);

  int count[N][M] = {{0}};
#pragma omp parallel for collapse(2) num_threads(3)
#pragma omp tile sizes(3, TS)
  for (int i = 0; i <= N - 1; i++) {
    for (int j = 0; j < M; j += 1) {
#pragma omp atomic
      count[i][j]++;
    }
  }
  bad = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      bad += count[i][j] != 1;
  check_eq("parallel for over tiles", bad, 0);

  int a[N][M];
#pragma omp target teams distribute parallel for collapse(2) map(from: a)
#pragma omp tile sizes(TS, TS)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      a[i][j] = i * M + j;
  bad = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      bad += a[i][j] != i * M + j;
  check_eq("kernel over tiles", bad, 0);

  int u[100] = {0};
#pragma omp target map(tofrom: u)
#pragma omp parallel for
#pragma omp unroll partial(TS)
  for (int i = 0; i < 99; i++)
    u[i] += i;
#pragma omp unroll full
  for (int i = 0; i < 8; i++)
    u[i] += 1;
#pragma omp unroll
  for (int i = 0; i < 100; i += 2)
    u[i] += 1;
  bad = 0;
  for (int i = 0; i < 100; i++)
    bad += u[i] != (i < 99 ? i : 0) + (i < 8) + (i % 2 == 0);
  check_eq("unroll", bad, 0);
  return fails != 0;
}
