// Barriers of the cuda-emu device: partial-count named barriers, bar.arrive,
// a short last warp, __syncthreads and its reductions across 1024 threads.
#include "cuda-emu.h"

// Two groups of 64 threads, each on its own named barrier, exchange values
// through shared memory; then warp 0 hands warp 1 data with bar.arrive.
extern "C" __global__ void named_barriers(int *out, int *handed)
{
  __shared__ int buf[128];
  int t = threadIdx.x, id = t < 64 ? 1 : 2, base = t < 64 ? 0 : 64, acc = 0;
  for (int round = 1; round <= 10; round++) {
    buf[t] = t * round;
    OMPICC_BAR_SYNC(id, 64);
    acc += buf[base + (t - base + 1) % 64];
    OMPICC_BAR_SYNC(id, 64);
  }
  out[t] = acc;
  __syncthreads();
  if (t < 32) {
    buf[t] = 1000 + t;
    OMPICC_BAR_ARRIVE(3, 64);
  } else if (t < 64) {
    OMPICC_BAR_SYNC(3, 64);
    handed[t - 32] = buf[t - 32];
  }
}
extern "C" void named_barriers__emu(void **a) { named_barriers(*(int **)a[0], *(int **)a[1]); }

// 48 threads: the last warp has 16 lanes and counts as a whole warp.
extern "C" __global__ void short_warp(int *out)
{
  __shared__ int buf[48];
  int t = threadIdx.x;
  buf[t] = t;
  OMPICC_BAR_SYNC(1, 64);
  out[t] = buf[47 - t];
  __syncthreads();
  buf[t] = -t;
  __syncthreads();
  out[48 + t] = buf[(t + 1) % 48];
}
extern "C" void short_warp__emu(void **a) { short_warp(*(int **)a[0]); }

// 1024 threads (32x32) reverse an array through shared memory, 20 times.
extern "C" __global__ void sync1024(int *out, int *votes)
{
  __shared__ int buf[1024];
  int t = threadIdx.y * blockDim.x + threadIdx.x, v = t;
  for (int round = 0; round < 20; round++) {
    buf[t] = v;
    __syncthreads();
    v = buf[1023 - t] + 1;
    __syncthreads();
  }
  out[blockIdx.x * 1024 + t] = v;
  int c = __syncthreads_count(t % 3 == 0);
  int all = __syncthreads_and(t < 1024);
  int none = __syncthreads_or(t > 5000);
  int any = __syncthreads_or(t == 777);
  if (t == 0 && blockIdx.x == 0) {
    votes[0] = c;
    votes[1] = all;
    votes[2] = none;
    votes[3] = any;
  }
}
extern "C" void sync1024__emu(void **a) { sync1024(*(int **)a[0], *(int **)a[1]); }
