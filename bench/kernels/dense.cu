/* dense.cu - hand-written CUDA versions of the dense benchmark kernels
 * (triad, conv3d, bicg, atax, mvt, gemm, gramschmidt, jacobi), the
 * baselines of the OpenMP programs beside them, and the device's copy and
 * FMA kernels that measure its bandwidth and FLOP rate.
 *
 * Written as a CUDA programmer writes them: one thread per output element,
 * consecutive threads on consecutive addresses, a 2D block for 2D grids,
 * a block reduction with shuffles and one atomic per block.  Launched by
 * harness.c through the project's device modules (plugin.h); each kernel
 * has an `extern "C"` name and, for the CPU-executed device, a
 * NAME__emu(void **args) trampoline (doc/ARCHITECTURE.md). */
#include "ompicc-device.h"

#ifdef OMPICC_CUDA_EMU
#define EMU(k) \
  extern "C" void k##__emu(void **args) { __ompicc_emu_call(k, args); }
#else
#define EMU(k)
#endif

/* ------------------------------------------------------------ device rates */

extern "C" __global__ void bench_copy(double *dst, const double *src, long n)
{
  for (long i = (long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (long)gridDim.x * blockDim.x)
    dst[i] = src[i];
}
EMU(bench_copy)

/* 8 independent FMA chains of `iters` steps per thread: 16 * iters flops. */
extern "C" __global__ void bench_fma(float *out, int iters)
{
  float a = threadIdx.x * 1e-3f, x[8];
  for (int c = 0; c < 8; c++)
    x[c] = c * 0.5f;
  for (int i = 0; i < iters; i++)
    for (int c = 0; c < 8; c++)
      x[c] = fmaf(x[c], 0.999f, a);
  float s = 0;
  for (int c = 0; c < 8; c++)
    s += x[c];
  out[(long)blockIdx.x * blockDim.x + threadIdx.x] = s;
}
EMU(bench_fma)

/* ------------------------------------------------------------ triad */

extern "C" __global__ void triad(double *a, const double *b, const double *c, double s, long n)
{
  long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = b[i] + s * c[i];
}
EMU(triad)

/* ------------------------------------------------------------ conv3d
 * Block (32, 8): x along k, y along j; grid.z along i. */
extern "C" __global__ void conv3d(const float *A, float *B, long n)
{
  long k = (long)blockIdx.x * blockDim.x + threadIdx.x;
  long j = (long)blockIdx.y * blockDim.y + threadIdx.y, i = blockIdx.z;
  if (k >= n || j >= n)
    return;
  long p = (i * n + j) * n + k;
  if (i == 0 || j == 0 || k == 0 || i == n - 1 || j == n - 1 || k == n - 1) {
    B[p] = A[p];
    return;
  }
  float s = 0;
  for (int a = -1; a <= 1; a++)
    for (int b = -1; b <= 1; b++)
      for (int c = -1; c <= 1; c++)
        s += (float)((a ? 1 : 2) * (b ? 1 : 2) * (c ? 1 : 2)) * A[((i + a) * n + j + b) * n + k + c];
  B[p] = s * (1.0f / 64);
}
EMU(conv3d)

/* ------------------------------------------------------------ matrix-vector
 * y[i] = base[i] + sum_j A[i][j] x[j] (rows: one thread per row) and
 * y[j] = base[j] + sum_i A[i][j] x[i] (cols: one thread per column,
 * coalesced); base may be NULL.  BiCG, ATAX and MVT are made of these. */
extern "C" __global__ void mv_rows(const float *A, const float *x, const float *base, float *y, long n)
{
  long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float s = base ? base[i] : 0;
  for (long j = 0; j < n; j++)
    s += A[i * n + j] * x[j];
  y[i] = s;
}
EMU(mv_rows)

extern "C" __global__ void mv_cols(const float *A, const float *x, const float *base, float *y, long n)
{
  long j = (long)blockIdx.x * blockDim.x + threadIdx.x;
  if (j >= n)
    return;
  float s = base ? base[j] : 0;
  for (long i = 0; i < n; i++)
    s += A[i * n + j] * x[i];
  y[j] = s;
}
EMU(mv_cols)

/* ------------------------------------------------------------ gemm
 * Block (32, 8): x along j (coalesced B and C), y along i. */
extern "C" __global__ void gemm(const float *A, const float *B, float *C, float alpha, float beta, long n)
{
  long j = (long)blockIdx.x * blockDim.x + threadIdx.x;
  long i = (long)blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= n || j >= n)
    return;
  float s = 0;
  for (long k = 0; k < n; k++)
    s += A[i * n + k] * B[k * n + j];
  C[i * n + j] = alpha * s + beta * C[i * n + j];
}
EMU(gemm)

/* ------------------------------------------------------------ gramschmidt
 * Per column k: gs_norm (sum of squares into *nrm: a block reduction and
 * one atomicAdd per block; the host reads it and takes the root, as the
 * OpenMP program does), gs_scale (Q's column k), gs_project (one thread
 * per later column j). */
extern "C" __global__ void gs_norm(const float *A, float *nrm, long m, long n, long k)
{
  __shared__ float part[32];
  float s = 0;
  for (long i = (long)blockIdx.x * blockDim.x + threadIdx.x; i < m; i += (long)gridDim.x * blockDim.x)
    s += A[i * n + k] * A[i * n + k];
  for (int d = 16; d > 0; d /= 2)
    s += __shfl_down_sync(0xffffffffu, s, d);
  if (threadIdx.x % 32 == 0)
    part[threadIdx.x / 32] = s;
  __syncthreads();
  if (threadIdx.x < 32) {
    s = threadIdx.x < blockDim.x / 32 ? part[threadIdx.x] : 0;
    for (int d = 16; d > 0; d /= 2)
      s += __shfl_down_sync(0xffffffffu, s, d);
    if (threadIdx.x == 0)
      atomicAdd(nrm, s);
  }
}
EMU(gs_norm)

extern "C" __global__ void gs_scale(const float *A, float *Q, float rkk, long m, long n, long k)
{
  long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < m)
    Q[i * n + k] = A[i * n + k] / rkk;
}
EMU(gs_scale)

extern "C" __global__ void gs_project(float *A, const float *Q, float *R, float rkk, long m, long n, long k)
{
  long j = k + (long)blockIdx.x * blockDim.x + threadIdx.x;
  if (j >= n)
    return;
  if (j == k) {
    R[k * n + k] = rkk;
    return;
  }
  float s = 0;
  for (long i = 0; i < m; i++)
    s += Q[i * n + k] * A[i * n + j];
  R[k * n + j] = s;
  for (long i = 0; i < m; i++)
    A[i * n + j] -= Q[i * n + k] * s;
}
EMU(gs_project)

/* ------------------------------------------------------------ jacobi
 * One 5-point sweep src -> dst over the interior; block (32, 8). */
extern "C" __global__ void jacobi(const float *src, float *dst, long n)
{
  long j = 1 + (long)blockIdx.x * blockDim.x + threadIdx.x;
  long i = 1 + (long)blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= n - 1 || j >= n - 1)
    return;
  dst[i * n + j] = 0.2f * (src[i * n + j] + src[i * n + j - 1] + src[i * n + j + 1] +
                           src[(i - 1) * n + j] + src[(i + 1) * n + j]);
}
EMU(jacobi)
