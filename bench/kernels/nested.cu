/* nested.cu - hand-written CUDA versions of the nested-parallel benchmark
 * kernels and of their outer-loop-only forms: CSR sparse matrix-vector
 * product (a warp per row, reduced with shuffles; or a thread per row) and
 * histogram (a block per input block with the bins in shared memory; or a
 * thread per input block with global atomics).  Launched by harness.c
 * through plugin.h; NAME__emu trampolines for the CPU-executed device. */
#include "ompicc-device.h"

#ifdef OMPICC_CUDA_EMU
#define EMU(k) \
  extern "C" void k##__emu(void **args) { __ompicc_emu_call(k, args); }
#else
#define EMU(k)
#endif

#define HISTO_BINS 256

/* Warp per row: lanes stride over the row's nonzeros. */
extern "C" __global__ void spmv(const long *ptr, const int *col, const float *val, const float *x,
                                float *y, long rows)
{
  long r = ((long)blockIdx.x * blockDim.x + threadIdx.x) / 32;
  int lane = threadIdx.x % 32;
  if (r >= rows) /* whole warps leave together: rows are per warp */
    return;
  float s = 0;
  for (long e = ptr[r] + lane; e < ptr[r + 1]; e += 32)
    s += val[e] * x[col[e]];
  for (int d = 16; d > 0; d /= 2)
    s += __shfl_down_sync(0xffffffffu, s, d);
  if (lane == 0)
    y[r] = s;
}
EMU(spmv)

extern "C" __global__ void spmv_outer(const long *ptr, const int *col, const float *val,
                                      const float *x, float *y, long rows)
{
  long r = (long)blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows)
    return;
  float s = 0;
  for (long e = ptr[r]; e < ptr[r + 1]; e++)
    s += val[e] * x[col[e]];
  y[r] = s;
}
EMU(spmv_outer)

/* One CUDA block per input block: counts in shared memory, then one
 * atomic per bin and block. */
extern "C" __global__ void histo(const unsigned *data, unsigned long long *hist, long n, long block)
{
  __shared__ unsigned local[HISTO_BINS];
  for (int b = threadIdx.x; b < HISTO_BINS; b += blockDim.x)
    local[b] = 0;
  __syncthreads();
  long end = ((long)blockIdx.x + 1) * block < n ? ((long)blockIdx.x + 1) * block : n;
  for (long i = (long)blockIdx.x * block + threadIdx.x; i < end; i += blockDim.x)
    atomicAdd(&local[data[i] % HISTO_BINS], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < HISTO_BINS; b += blockDim.x)
    if (local[b])
      atomicAdd(&hist[b], (unsigned long long)local[b]);
}
EMU(histo)

extern "C" __global__ void histo_outer(const unsigned *data, unsigned long long *hist, long n,
                                       long block)
{
  long b = (long)blockIdx.x * blockDim.x + threadIdx.x;
  long end = (b + 1) * block < n ? (b + 1) * block : n;
  for (long i = b * block; i < end; i++)
    atomicAdd(&hist[data[i] % HISTO_BINS], 1ull);
}
EMU(histo_outer)
