// Collapsed non-rectangular loop nests (OpenMP 5.2 4.4.1: a bound of an
// inner loop may be var-outer, a1 * var-outer + a2, a2 - var-outer, ...
// of an enclosing loop of the nest, not necessarily the next one out).
// The collapsed iteration space is the sequence of the nest's iterations
// in sequential order (4.4.2): every (i, j) pair runs once, empty inner
// ranges included, under each construct that takes collapse, in SPMD and
// generic kernels; static schedules deal its logical iterations as for
// any loop (11.5.3, 11.6.1), reductions see every iteration (5.5.8),
// linear variables step with the logical iteration (5.4.6), and a
// lastprivate variable gets the sequentially last iteration's value; a
// loop variable gets its value there plus its step (5.4.5), as gcc's
// host code does.  Each nest is checked against the same loops run
// sequentially on the host.
// RUN: %ompicc -o %t %s && %t
// (a host gcc before 12 lacks some of these non-rectangular loop nests in
// host code, gcc 10 all: README, Host compilers)
// UNSUPPORTED: host-gcc-before-12
#include <omp.h>
#include <string.h>

#include "Inputs/check.h"

#define N 12

static int hits[N][N], want[N][N];
static int hits3[N][N][N], want3[N][N][N];
static int who[N][N]; /* thread of each iteration */
static int row[N];

static void clear(void)
{
  memset(hits, 0, sizeof hits), memset(want, 0, sizeof want);
  memset(hits3, 0, sizeof hits3), memset(want3, 0, sizeof want3);
  memset(who, -1, sizeof who);
}

/* every element, so that an iteration run twice, run never or run
 * outside the nest shows */
static void compare(const char *what)
{
  int bad = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      bad += hits[i][j] != want[i][j];
      for (int k = 0; k < N; k++)
        bad += hits3[i][j][k] != want3[i][j][k];
    }
  check_eq(what, bad, 0);
}

/* SPMD kernels: combined constructs, and target teams / target whose only
 * statement is the loop construct */
static void spmd(void)
{
  int n = N, m = N / 2, cnt = 0, seq = 0;

  /* upper triangle, a != test, reduction */
  clear();
#pragma omp target teams distribute parallel for collapse(2) map(tofrom: hits) reduction(+: cnt)
  for (int i = 0; i < n; i++)
    for (int j = i; j != n; j++) {
      hits[i][j]++;
      cnt++;
    }
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j++)
      want[i][j]++, seq++;
  compare("teams distribute parallel for, j from i");
  check_eq("teams distribute parallel for, reduction", cnt, seq);

  /* lower triangle with <=, lastprivate of a variable the body sets */
  clear();
  int last = -1, seq_last = -1;
#pragma omp target parallel for collapse(2) map(tofrom: hits) lastprivate(last)
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= i; j++) {
      hits[i][j]++;
      last = 100 * i + j;
    }
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= i; j++)
      want[i][j]++, seq_last = 100 * i + j;
  compare("parallel for, j <= i");
  check_eq("parallel for, lastprivate", last, seq_last);

  /* both loops decreasing, >= test (teams distribute: a thread per team) */
  clear();
#pragma omp target teams distribute collapse(2) map(tofrom: hits)
  for (int i = n - 1; i >= 0; i--)
    for (int j = n - 1; j >= i; j--)
      hits[i][j]++;
  for (int i = n - 1; i >= 0; i--)
    for (int j = n - 1; j >= i; j--)
      want[i][j]++;
  compare("teams distribute, decreasing");

  /* steps other than 1, in both loops */
  clear();
#pragma omp target simd collapse(2) map(tofrom: hits)
  for (int i = 0; i < n; i += 3)
    for (int j = i; j < n; j += 3)
      hits[i][j]++;
  for (int i = 0; i < n; i += 3)
    for (int j = i; j < n; j += 3)
      want[i][j]++;
  compare("simd, steps of 3");

  /* a1 * var-outer + a2 as the upper bound, a step of 2; i -= -1 */
  clear();
#pragma omp target teams loop collapse(2) map(tofrom: hits)
  for (int i = 0; i < m; i -= -1)
    for (int j = 0; j < 2 * i + 1; j += 2)
      hits[i][j]++;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < 2 * i + 1; j += 2)
      want[i][j]++;
  compare("teams loop, j < 2 * i + 1");

  /* both bounds use i; the last rows are empty (3 * i >= n); a decreasing
   * loop by += of a negative step */
  clear();
  int li = -1, lj = -1, step = -1;
#pragma omp target parallel for simd collapse(2) map(tofrom: hits) lastprivate(li, lj)
  for (int i = 0; i < n; i++)
    for (int j = n - 2 - i; j >= 2 * i - 1; j += step) {
      hits[i][j + 1]++;
      li = i, lj = j;
    }
  int si = -1, sj = -1;
  for (int i = 0; i < n; i++)
    for (int j = n - 2 - i; j >= 2 * i - 1; j--)
      want[i][j + 1]++, si = i, sj = j;
  compare("parallel for simd, j from n - 2 - i down to 2 * i - 1");
  check_eq("parallel for simd, lastprivate i", li, si);
  check_eq("parallel for simd, lastprivate j", lj, sj);

  /* empty first rows, several threads of one team */
  clear();
#pragma omp target parallel for collapse(2) num_threads(4) map(tofrom: hits)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i - 3; j++)
      hits[i][j]++;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i - 3; j++)
      want[i][j]++;
  compare("parallel for, j < i - 3");

  /* empty last rows, teams of one thread */
  clear();
#pragma omp target teams distribute num_teams(3) collapse(2) map(tofrom: hits)
  for (int i = 0; i < n; i++)
    for (int j = i; j < m; j++)
      hits[i][j]++;
  for (int i = 0; i < n; i++)
    for (int j = i; j < m; j++)
      want[i][j]++;
  compare("teams distribute, rows i >= m empty");

  /* pointer loop variables (4.4.1: q's bounds use p) */
  clear();
#pragma omp target teams distribute parallel for collapse(2) map(tofrom: hits) map(to: row)
  for (int *p = row; p < row + n; p += 2)
    for (int *q = p + 1; q < row + n; q += 2)
      hits[p - row][q - row]++;
  for (int *p = row; p < row + n; p += 2)
    for (int *q = p + 1; q < row + n; q += 2)
      want[p - row][q - row]++;
  compare("pointers, q from p + 1");

  /* three loops: k's bounds use i, which is not the next loop out */
  clear();
#pragma omp target teams distribute parallel for collapse(3) map(tofrom: hits3)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      for (int k = i; k < n; k++)
        hits3[i][j][k]++;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      for (int k = i; k < n; k++)
        want3[i][j][k]++;
  compare("collapse(3), k from i");

  /* three loops, each from the one around it (a tetrahedron), declared
   * outside: lastprivate loop variables, a linear variable */
  clear();
  int i, j, kk, lin = 1000, seq_lin = 1000;
#pragma omp target parallel for collapse(3) map(tofrom: hits3) \
    lastprivate(i, j, kk) linear(lin: 2)
  for (i = 0; i < n; i++)
    for (j = i; j < n; j++)
      for (kk = n - 1; kk >= j; kk--) {
        hits3[i][j][kk] = lin;
        lin += 2;
      }
  int ri, rj, rk;
  for (ri = 0; ri < n; ri++)
    for (rj = ri; rj < n; rj++)
      for (rk = n - 1; rk >= rj; rk--)
        want3[ri][rj][rk] = seq_lin, seq_lin += 2;
  compare("collapse(3) tetrahedron, linear");
  check_eq("collapse(3) lastprivate i", i, n);
  check_eq("collapse(3) lastprivate j", j, n);
  check_eq("collapse(3) lastprivate k", kk, n - 2);
  check_eq("collapse(3) linear", lin, seq_lin);

  /* target teams { distribute parallel for } and target { teams distribute ... } */
  clear();
#pragma omp target teams map(tofrom: hits)
#pragma omp distribute parallel for collapse(2)
  for (int i = 0; i < m; i++)
    for (int j = i; j < 2 * i + 2; j++)
      hits[i][j]++;
#pragma omp target map(tofrom: hits)
#pragma omp teams distribute parallel for collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n - i; j++)
      hits[i][j] += 2;
  for (int i = 0; i < n; i++) {
    for (int j = i; j < 2 * i + 2 && i < m; j++)
      want[i][j]++;
    for (int j = 0; j < n - i; j++)
      want[i][j] += 2;
  }
  compare("target teams + distribute parallel for, target + teams distribute parallel for");
}

/* Generic kernels: worksharing constructs in parallel and teams regions
 * with serial code around them */
static void generic(void)
{
  int n = N, m = N / 2, cnt = 0, seq = 0, nth = 0;
  clear();
#pragma omp target teams num_teams(2) map(tofrom: hits, cnt)
  {
    int base = omp_get_team_num() >= 0; /* serial code: a generic kernel */
#pragma omp distribute parallel for collapse(2) reduction(+: cnt)
    for (int i = 0; i < n; i++)
      for (int j = i; j < n; j++) {
        hits[i][j] += base;
        cnt++;
      }
  }
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j++)
      want[i][j]++, seq++;
  compare("generic distribute parallel for");
  check_eq("generic distribute parallel for, reduction", cnt, seq);

  clear();
  int li = -1, lj = -1, bad = 0;
#pragma omp target parallel num_threads(4) map(tofrom: hits, hits3, who, li, lj, nth)
  {
    if (omp_get_thread_num() == 0)
      nth = omp_get_num_threads();
#pragma omp for collapse(2) lastprivate(li, lj) nowait
    for (int i = 0; i < n; i += 2)
      for (int j = n - 1; j > i; j -= 2) {
        hits[i][j]++;
        li = i, lj = j;
      }
#pragma omp for collapse(2)
    for (int i = n - 1; i >= 0; i--)
      for (int j = 0; j < i; j++)
        who[i][j] = omp_get_thread_num();
#pragma omp loop collapse(3)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < m; j++)
        for (int k = n - i; k < n; k++)
          hits3[i][j][k]++;
#pragma omp single
    {
#pragma omp taskloop collapse(2)
      for (int i = 0; i < n; i++)
        for (int j = i; j < m; j++)
          hits[j][i] += 10;
#pragma omp simd collapse(2)
      for (int i = 0; i < m; i++)
        for (int j = 0; j < i; j++)
          hits3[0][i][j] += 100;
    }
  }
  int si = -1, sj = -1;
  for (int i = 0; i < n; i += 2)
    for (int j = n - 1; j > i; j -= 2)
      want[i][j]++, si = i, sj = j;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      bad += j < i ? who[i][j] < 0 || who[i][j] >= nth : who[i][j] != -1;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      for (int k = n - i; k < n; k++)
        want3[i][j][k]++;
  for (int i = 0; i < n; i++)
    for (int j = i; j < m; j++)
      want[j][i] += 10;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < i; j++)
      want3[0][i][j] += 100;
  compare("generic for, loop, taskloop, simd");
  check_eq("generic for, lastprivate i", li, si);
  check_eq("generic for, lastprivate j", lj, sj);
  check_eq("generic for, j < i: iterations missed or out of the nest", bad, 0);

  /* distribute alone in a generic teams region */
  clear();
#pragma omp target teams num_teams(3) map(tofrom: hits)
  {
    int one = omp_get_num_teams() > 0;
#pragma omp distribute collapse(2)
    for (int i = 0; i < n; i += 2)
      for (int j = i; j < n; j += 2)
        hits[i][j] += one;
  }
  for (int i = 0; i < n; i += 2)
    for (int j = i; j < n; j += 2)
      want[i][j]++;
  compare("generic distribute");
}

int main(void)
{
  spmd();
  generic();
  return fails != 0;
}
