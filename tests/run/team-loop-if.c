// The if clause of a parallel loop inside a teams distribute loop
// (OpenMP 5.2 10.1.1, 3.4: if the expression is false, the parallel
// region is inactive and its team is the encountering thread alone),
// in an SPMD kernel whose team threads share the loop
// (transform/team-loops.c): where the clause is true the team's threads
// (or num_threads of them) share the iterations, where it is false one
// thread runs them all.  With a reduction, lastprivate, schedule(static)
// chunks, num_threads, the parallel modifier, and a simd modifier (which
// only says whether to vectorise); and a dynamic schedule in chunks,
// which such a kernel deals as static ones (11.5.3: which thread gets
// which chunk is the implementation's).  The rows are of 0 to 97 entries,
// the clause true from 9.
// RUN: %ompicc -o %t %s && %t
#include "Inputs/check.h"

#define ROWS 400

int main(void)
{
  static long ptr[ROWS + 1];
  static float val[ROWS * 100], y[ROWS], want[ROWS];
  static long last[ROWS], want_last[ROWS], chunked[ROWS * 100];
  ptr[0] = 0;
  for (int r = 0; r < ROWS; r++)
    ptr[r + 1] = ptr[r] + (r * 37) % 98;
  long nnz = ptr[ROWS];
  for (long e = 0; e < nnz; e++)
    val[e] = (float)(e % 5) - 2.0f;
  for (int r = 0; r < ROWS; r++) {
    float s = 0;
    for (long e = ptr[r]; e < ptr[r + 1]; e++)
      s += val[e];
    want[r] = s;
    want_last[r] = ptr[r + 1] > ptr[r] ? ptr[r + 1] - 1 : -1;
  }

  /* a reduction, the clause true and false by row */
#pragma omp target teams distribute map(to : ptr, val) map(from : y)
  for (int r = 0; r < ROWS; r++) {
    float sum = 0;
#pragma omp parallel for reduction(+ : sum) if (ptr[r + 1] - ptr[r] > 8)
    for (long e = ptr[r]; e < ptr[r + 1]; e++)
      sum += val[e];
    y[r] = sum;
  }
  long bad = 0;
  for (int r = 0; r < ROWS; r++)
    bad += y[r] != want[r];
  check_eq("reduction: rows wrong", bad, 0);

  /* lastprivate, num_threads and the parallel modifier */
#pragma omp target teams distribute map(to : ptr) map(from : last) thread_limit(96)
  for (int r = 0; r < ROWS; r++) {
    long at = -1;
#pragma omp parallel for lastprivate(at) num_threads(40) if (parallel : r % 3 != 0)
    for (long e = ptr[r]; e < ptr[r + 1]; e++)
      at = e;
    last[r] = at;
  }
  bad = 0;
  for (int r = 0; r < ROWS; r++)
    bad += ptr[r + 1] > ptr[r] && last[r] != want_last[r];
  check_eq("lastprivate: rows wrong", bad, 0);

  /* schedule(static, 3) chunks, and a simd modifier on a parallel for simd:
   * every element written once */
  for (long e = 0; e < nnz; e++)
    chunked[e] = 0;
#pragma omp target teams distribute map(to : ptr) map(tofrom : chunked)
  for (int r = 0; r < ROWS; r++) {
#pragma omp parallel for schedule(static, 3) if (r % 2)
    for (long e = ptr[r]; e < ptr[r + 1]; e++)
      chunked[e] += e + 1;
#pragma omp parallel for simd if (simd : r % 4 == 0)
    for (long e = ptr[r]; e < ptr[r + 1]; e++)
      chunked[e] += 1;
#pragma omp parallel for schedule(dynamic, 5)
    for (long e = ptr[r]; e < ptr[r + 1]; e++)
      chunked[e] += 10;
  }
  bad = 0;
  for (long e = 0; e < nnz; e++)
    bad += chunked[e] != e + 12;
  check_eq("chunks: elements wrong", bad, 0);
  return fails != 0;
}
