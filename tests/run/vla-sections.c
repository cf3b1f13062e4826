// Arrays of more than one variable dimension on the device: function-local
// VLAs and VLA parameters (2-D and 3-D), mapped whole or by sections of
// their first dimension, indexed a[i][j] (a[i][j][l]) in the region, in
// SPMD kernels and in a generic one's parallel regions; each result
// compared with the same computation done on the host.
// RUN: %ompicc -o %t %s && %t
#include <stdio.h>

static int bad;

static void check(const char *what, long i, double got, double want)
{
  if (got != want && bad++ < 10)
    fprintf(stderr, "%s[%ld]: %g, expected %g\n", what, i, got, want);
}

/* a VLA parameter, seen by the compiler as double (*a)[m] */
static void scale2(int n, int m, double a[n][m], double f)
{
#pragma omp target teams distribute parallel for collapse(2) map(tofrom: a[0:n][0:m])
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      a[i][j] = a[i][j] * f + i - j;
}

/* rows lo..lo+len-1 only: a partial section of a parameter */
static void rows2(int n, int m, double a[n][m], int lo, int len)
{
#pragma omp target map(tofrom: a[lo:len][0:m])
  for (int i = lo; i < lo + len; i++)
    for (int j = 0; j < m; j++)
      a[i][j] += 1000;
}

/* a pointer to VLAs the region only reads: the read-only arrays become
 * __restrict__ parameters, which printed b without its view (an error in
 * the kernel file) */
static void axpy2(int n, int m, double a[n][m], double (*b)[m])
{
#pragma omp target teams distribute parallel for collapse(2) map(tofrom: a[0:n][0:m]) map(to: b[0:n][0:m])
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      a[i][j] += b[i][j] * 2;
}

/* a generic kernel (the team's master runs the rows and forks a
 * parallel region for each): the region gets each view's element
 * pointer and strides (a sorry before) */
static void row_sums(int n, int m, double a[n][m], double (*b)[m], double *sum)
{
#pragma omp target teams num_teams(2) map(to: a[0:n][0:m]) map(tofrom: b[0:n][0:m]) map(from: sum[0:n])
  {
#pragma omp distribute
    for (int i = 0; i < n; i++) {
      double s = 0;
#pragma omp parallel for reduction(+: s) schedule(guided)
      for (int j = 0; j < m; j++) {
        s += a[i][j];
        b[i][j] = a[i][j] * 2;
      }
      sum[i] = s + b[i][0];
    }
  }
}

static void add3(int n, int m, int k, int b[n][m][k])
{
#pragma omp target teams distribute parallel for map(tofrom: b[0:n][0:m][0:k])
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      for (int l = 0; l < k; l++)
        b[i][j][l] += i * 100 + j * 10 + l;
}

static void two_d(int n, int m)
{
  double a[n][m];
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      a[i][j] = i * m + j;
  scale2(n, m, a, 2);
  rows2(n, m, a, 1, n - 2);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      check("2-D param", i * m + j, a[i][j],
            (i * m + j) * 2.0 + i - j + (i >= 1 && i < n - 1 ? 1000 : 0));
  double d[n][m];
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      d[i][j] = a[i][j];
  axpy2(n, m, d, a);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      check("2-D read-only pointer param", i * m + j, d[i][j], a[i][j] * 3);
  double sums[n];
  row_sums(n, m, a, d, sums);
  for (int i = 0; i < n; i++) {
    double want = 0;
    for (int j = 0; j < m; j++) {
      want += a[i][j];
      check("2-D generic kernel, b", i * m + j, d[i][j], a[i][j] * 2);
    }
    check("2-D generic kernel, row sum", i, sums[i], want + a[i][0] * 2);
  }
  /* a local VLA used directly: mapped whole, implicitly and by section */
  double c[n][m], s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      c[i][j] = 0;
#pragma omp target teams distribute parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      c[i][j] = a[i][j] + j;
#pragma omp target teams distribute parallel for reduction(+: s) map(to: c[2:n - 4][0:m])
  for (int i = 2; i < n - 2; i++)
    for (int j = 0; j < m; j++)
      s += c[i][j];
  double want = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      check("2-D local", i * m + j, c[i][j], a[i][j] + j);
      if (i >= 2 && i < n - 2)
        want += a[i][j] + j;
    }
  check("2-D section sum", 0, s, want);
}

static void three_d(int n, int m, int k)
{
  int b[n][m][k];
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      for (int l = 0; l < k; l++)
        b[i][j][l] = l - j;
  add3(n, m, k, b);
  /* a local 3-D VLA, a partial section of its first dimension; rows of
   * the view passed on as pointers */
#pragma omp target map(tofrom: b[1:n - 1][0:m][0:k])
  for (int i = 1; i < n; i++) {
    int *row = b[i][m - 1];
    row[0] = -i;
  }
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      for (int l = 0; l < k; l++)
        check("3-D", (i * m + j) * k + l, b[i][j][l],
              i >= 1 && j == m - 1 && l == 0 ? -i : l - j + i * 100 + j * 10 + l);
}

int main(void)
{
  two_d(37, 29);
  two_d(5, 1);
  three_d(7, 5, 3);
  three_d(2, 9, 11);
  return bad != 0;
}
