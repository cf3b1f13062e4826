/* ref.h - what the two versions of each benchmark kernel share: the sizes,
 * the input data, the CPU reference that checks a result, the bytes and
 * floating-point operations that set the device floor, and the timing and
 * output conventions that bench/run parses.
 *
 * Included by every OpenMP program (kernels/NAME.c, built by ompicc) and by
 * the harness that runs the hand-written CUDA kernels (harness.c, built by
 * cc), so both versions start from the same data and are held to the same
 * check.  Host code only: nothing here is called inside a target region.
 *
 * Output of a run (one program, one size):
 *     time kernel=SECONDS total=SECONDS     one line per timed repetition
 *     check ok | check FAIL what went wrong
 * "kernel" is the device work alone (the kernels, and for the OpenMP
 * programs the runtime calls around them, inside `target data`); "total"
 * adds device allocation and the transfers both ways.  A first, untimed
 * repetition loads the kernel image and warms the device.
 *
 * Sizes: xs (CI, the CPU-executed device), s (an embedded board), m, l
 * (a large GPU busy for a second or more).  The checks of the O(n^3)
 * kernels test a sample of the outputs; the others test every output.
 */
#ifndef BENCH_REF_H
#define BENCH_REF_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct BenchSize {
  const char *name;
  long a, b; /* the kernel's parameters: see each table */
} BenchSize;

/* Command line of every program: NAME SIZE [REPS]. */
static const BenchSize *bench_size(const BenchSize *table, const char *name)
{
  for (; table->name; table++)
    if (!strcmp(table->name, name))
      return table;
  fprintf(stderr, "bench: unknown size '%s' (xs, s, m, l)\n", name);
  exit(2);
}

static double bench_now(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

/* Repetition 0 warms up and is not reported. */
static void bench_time(int rep, double kernel, double total)
{
  if (rep > 0)
    printf("time kernel=%.9f total=%.9f\n", kernel, total);
}

static int bench_check(int bad, const char *what)
{
  if (bad)
    printf("check FAIL %s\n", what);
  else
    printf("check ok\n");
  fflush(stdout);
  return bad != 0;
}

static void *bench_alloc(size_t n)
{
  void *p = malloc(n ? n : 1);
  if (!p) {
    fprintf(stderr, "bench: out of host memory (%zu bytes)\n", n);
    exit(2);
  }
  return p;
}

/* Deterministic input in [0, 1): a hash of the index and a seed. */
static inline float bench_val(unsigned long i, unsigned seed)
{
  unsigned long h = (i + 1) * 0x9e3779b97f4a7c15ul ^ (seed * 0xbf58476d1ce4e5b9ul);
  h ^= h >> 31;
  h *= 0x94d049bb133111ebul;
  h ^= h >> 29;
  return (float)(h >> 40) / (float)(1ul << 24);
}

static void bench_fill(float *x, long n, unsigned seed)
{
#pragma omp parallel for
  for (long i = 0; i < n; i++)
    x[i] = bench_val(i, seed);
}

/* |got - want| within tol relative to max(|want|, 1). */
static inline int bench_near(double got, double want, double tol)
{
  double m = fabs(want) > 1 ? fabs(want) : 1;
  return fabs(got - want) <= tol * m;
}

/* ------------------------------------------------------------ 3D convolution
 * B = A convolved with the 3x3x3 kernel of weights (1+[a==0])(1+[b==0])(1+[c==0])/64
 * on the interior of an n^3 grid; B = A on the border.  a = n. */
static const BenchSize conv3d_sizes[] = {
    {"xs", 20, 0}, {"s", 128, 0}, {"m", 384, 0}, {"l", 1600, 0}, {0}};

static double conv3d_point(const float *A, long n, long i, long j, long k)
{
  if (i == 0 || j == 0 || k == 0 || i == n - 1 || j == n - 1 || k == n - 1)
    return A[(i * n + j) * n + k];
  float s = 0;
  for (int a = -1; a <= 1; a++)
    for (int b = -1; b <= 1; b++)
      for (int c = -1; c <= 1; c++)
        s += (float)((a ? 1 : 2) * (b ? 1 : 2) * (c ? 1 : 2)) * A[((i + a) * n + j + b) * n + k + c];
  return s * (1.0f / 64);
}

static int conv3d_check(const float *A, const float *B, long n)
{
  long bad = 0;
#pragma omp parallel for collapse(2) reduction(+ : bad)
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++)
      for (long k = 0; k < n; k++)
        bad += !bench_near(B[(i * n + j) * n + k], conv3d_point(A, n, i, j, k), 1e-5);
  return bench_check(bad != 0, "conv3d: B differs from the CPU result");
}

/* ------------------------------------------------------------ BiCG
 * s = A^T r, q = A p, for an n x n matrix A.  a = n. */
static const BenchSize linalg_sizes[] = {
    {"xs", 64, 0}, {"s", 2048, 0}, {"m", 8192, 0}, {"l", 90000, 0}, {0}};

/* y = A x (trans 0) or A^T x (trans 1), in double, on the CPU. */
static double mv_elem(const float *A, const float *x, long n, long i, int trans)
{
  double s = 0;
  for (long j = 0; j < n; j++)
    s += (double)(trans ? A[j * n + i] : A[i * n + j]) * x[j];
  return s;
}

/* got (float) against A x or A^T x, plus base when not NULL. */
static long mv_bad(const float *A, const float *x, const float *base, const float *got, long n,
                   int trans)
{
  long bad = 0;
#pragma omp parallel for reduction(+ : bad)
  for (long i = 0; i < n; i++)
    bad += !bench_near(got[i], (base ? base[i] : 0) + mv_elem(A, x, n, i, trans), 1e-4 * sqrt(n));
  return bad;
}

static int bicg_check(const float *A, const float *r, const float *p, const float *s,
                      const float *q, long n)
{
  long bad = mv_bad(A, r, NULL, s, n, 1) + mv_bad(A, p, NULL, q, n, 0);
  return bench_check(bad != 0, "bicg: s or q differs from the CPU result");
}

/* ------------------------------------------------------------ ATAX
 * y = A^T (A x).  a = n (linalg_sizes). */
static int atax_check(const float *A, const float *x, const float *y, long n)
{
  float *tmp = bench_alloc(n * sizeof *tmp);
#pragma omp parallel for
  for (long i = 0; i < n; i++)
    tmp[i] = mv_elem(A, x, n, i, 0);
  long bad = mv_bad(A, tmp, NULL, y, n, 1);
  free(tmp);
  return bench_check(bad != 0, "atax: y differs from the CPU result");
}

/* ------------------------------------------------------------ MVT
 * x1 += A y1, x2 += A^T y2.  a = n (linalg_sizes). */
static int mvt_check(const float *A, const float *x1_0, const float *x2_0, const float *y1,
                     const float *y2, const float *x1, const float *x2, long n)
{
  long bad = mv_bad(A, y1, x1_0, x1, n, 0) + mv_bad(A, y2, x2_0, x2, n, 1);
  return bench_check(bad != 0, "mvt: x1 or x2 differs from the CPU result");
}

/* ------------------------------------------------------------ GEMM
 * C = alpha A B + beta C, n x n.  a = n.  The check samples C. */
static const BenchSize gemm_sizes[] = {
    {"xs", 32, 0}, {"s", 512, 0}, {"m", 4096, 0}, {"l", 16384, 0}, {0}};
#define GEMM_ALPHA 1.5f
#define GEMM_BETA 1.25f

static int gemm_check(const float *A, const float *B, const float *C0, const float *C, long n)
{
  long bad = 0, samples = n * n < 65536 ? n * n : 65536;
#pragma omp parallel for reduction(+ : bad)
  for (long s = 0; s < samples; s++) {
    long e = samples == n * n ? s : (long)(bench_val(s, 99) * n * n), i = e / n, j = e % n;
    double d = 0;
    for (long k = 0; k < n; k++)
      d += (double)A[i * n + k] * B[k * n + j];
    bad += !bench_near(C[e], GEMM_ALPHA * d + GEMM_BETA * C0[e], 1e-4 * sqrt(n));
  }
  return bench_check(bad != 0, "gemm: C differs from the CPU result");
}

/* ------------------------------------------------------------ Gram-Schmidt
 * A (m x n, m >= n) = Q R, Q with orthonormal columns, R upper triangular
 * (modified Gram-Schmidt; A is overwritten).  a = m, b = n.  The check
 * samples Q R = A0 and Q^T Q = I rather than repeating the O(m n^2) work. */
static const BenchSize gramschmidt_sizes[] = {
    {"xs", 48, 32}, {"s", 512, 256}, {"m", 4096, 2048}, {"l", 16384, 8192}, {0}};

/* Well conditioned: a strong diagonal. */
static void gramschmidt_init(float *A, long m, long n)
{
  bench_fill(A, m * n, 7);
  for (long j = 0; j < n; j++)
    A[j * n + j] += 4;
}

static int gramschmidt_check(const float *A0, const float *Q, const float *R, long m, long n)
{
  long bad = 0, samples = 4096;
#pragma omp parallel for reduction(+ : bad)
  for (long s = 0; s < samples; s++) {
    long i = (long)(bench_val(s, 11) * m), j = (long)(bench_val(s, 12) * n);
    long c = (long)(bench_val(s, 13) * n);
    double qr = 0, qq = 0;
    for (long k = 0; k <= j; k++)
      qr += (double)Q[i * n + k] * R[k * n + j];
    for (long r = 0; r < m; r++)
      qq += (double)Q[r * n + j] * Q[r * n + c];
    bad += !bench_near(qr, A0[i * n + j], 1e-3) + !bench_near(qq, j == c, 1e-3);
  }
  return bench_check(bad != 0, "gramschmidt: Q R != A or Q^T Q != I");
}

/* ------------------------------------------------------------ 2D Jacobi
 * b iterations of two 5-point sweeps (A -> B, B -> A) on an n x n grid.
 * a = n, b = iterations. */
static const BenchSize jacobi_sizes[] = {
    {"xs", 32, 10}, {"s", 1024, 100}, {"m", 4096, 500}, {"l", 16384, 500}, {0}};

static void jacobi_sweep(const float *src, float *dst, long n)
{
#pragma omp parallel for
  for (long i = 1; i < n - 1; i++)
    for (long j = 1; j < n - 1; j++)
      dst[i * n + j] = 0.2f * (src[i * n + j] + src[i * n + j - 1] + src[i * n + j + 1] +
                               src[(i - 1) * n + j] + src[(i + 1) * n + j]);
}

static int jacobi_check(const float *A0, const float *A, long n, long iters)
{
  float *x = bench_alloc(n * n * sizeof *x), *y = bench_alloc(n * n * sizeof *y);
  memcpy(x, A0, n * n * sizeof *x);
  memcpy(y, A0, n * n * sizeof *y);
  for (long t = 0; t < iters; t++) {
    jacobi_sweep(x, y, n);
    jacobi_sweep(y, x, n);
  }
  long bad = 0;
#pragma omp parallel for reduction(+ : bad)
  for (long i = 0; i < n * n; i++)
    bad += !bench_near(A[i], x[i], 1e-4);
  free(x);
  free(y);
  return bench_check(bad != 0, "jacobi: A differs from the CPU result");
}

/* ------------------------------------------------------------ stream triad
 * a = b + s c, doubles, b times in a row.  a = n, b = repetitions. */
static const BenchSize triad_sizes[] = {
    {"xs", 4096, 4}, {"s", 1l << 22, 20}, {"m", 1l << 26, 20}, {"l", 1l << 31, 20}, {0}};
#define TRIAD_S 3.0

static void triad_init(double *b, double *c, long n)
{
#pragma omp parallel for
  for (long i = 0; i < n; i++) {
    b[i] = bench_val(i, 1);
    c[i] = bench_val(i, 2);
  }
}

static int triad_check(const double *a, const double *b, const double *c, long n)
{
  long bad = 0;
#pragma omp parallel for reduction(+ : bad)
  for (long i = 0; i < n; i++)
    bad += a[i] != b[i] + TRIAD_S * c[i];
  return bench_check(bad != 0, "triad: a differs from the CPU result");
}

/* ------------------------------------------------------------ SpMV (CSR)
 * y = M x for a sparse matrix of a rows (and columns) with about b
 * nonzeros per row, from b/2 to 3b/2. */
static const BenchSize spmv_sizes[] = {
    {"xs", 128, 48}, {"s", 16384, 64}, {"m", 1l << 20, 64}, {"l", 1l << 24, 64}, {0}};

typedef struct Csr {
  long rows, nnz;
  long *ptr;
  int *col;
  float *val;
} Csr;

static Csr spmv_matrix(long rows, long avg)
{
  Csr m = {rows, 0, bench_alloc((rows + 1) * sizeof(long)), NULL, NULL};
  m.ptr[0] = 0;
  for (long r = 0; r < rows; r++)
    m.ptr[r + 1] = m.ptr[r] + avg / 2 + (long)(bench_val(r, 3) * avg);
  m.nnz = m.ptr[rows];
  m.col = bench_alloc(m.nnz * sizeof *m.col);
  m.val = bench_alloc(m.nnz * sizeof *m.val);
#pragma omp parallel for
  for (long e = 0; e < m.nnz; e++) {
    m.col[e] = (int)(bench_val(e, 4) * rows);
    m.val[e] = bench_val(e, 5) - 0.5f;
  }
  return m;
}

static void csr_free(Csr *m)
{
  free(m->ptr);
  free(m->col);
  free(m->val);
}

static int spmv_check(const Csr *m, const float *x, const float *y)
{
  long bad = 0;
#pragma omp parallel for reduction(+ : bad)
  for (long r = 0; r < m->rows; r++) {
    double s = 0;
    for (long e = m->ptr[r]; e < m->ptr[r + 1]; e++)
      s += (double)m->val[e] * x[m->col[e]];
    bad += !bench_near(y[r], s, 1e-4);
  }
  return bench_check(bad != 0, "spmv: y differs from the CPU result");
}

/* ------------------------------------------------------------ histogram
 * HISTO_BINS bins of a values, counted in blocks of b values. */
static const BenchSize histo_sizes[] = {
    {"xs", 1l << 14, 1024}, {"s", 1l << 22, 4096}, {"m", 1l << 26, 4096}, {"l", 1l << 32, 4096},
    {0}};
#define HISTO_BINS 256

static void histo_init(unsigned *data, long n)
{
#pragma omp parallel for
  for (long i = 0; i < n; i++) {
    float v = bench_val(i, 6);
    data[i] = (unsigned)(v * v * 65536); /* skewed towards the low bins */
  }
}

static int histo_check(const unsigned *data, long n, const unsigned long long *hist)
{
  unsigned long long want[HISTO_BINS] = {0};
  for (long i = 0; i < n; i++)
    want[data[i] % HISTO_BINS]++;
  int bad = 0;
  for (int b = 0; b < HISTO_BINS; b++)
    bad += hist[b] != want[b];
  return bench_check(bad, "histo: counts differ from the CPU result");
}

#endif
