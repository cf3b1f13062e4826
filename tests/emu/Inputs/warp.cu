// Warp functions of the cuda-emu device: every shuffle on several types and
// widths, ballots and votes, divergent masks, __syncwarp, and misuse.
#include "cuda-emu.h"

#define FULL 0xffffffffu

// out[k * n + t]: result k of global thread t (n threads in all).
extern "C" __global__ void shuffles(long long *out)
{
  __shared__ int seen[64];
  unsigned n = gridDim.x * blockDim.x, t = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned l = threadIdx.x % 32;
  long long r[18];
  r[0] = __shfl_sync(FULL, (int)(3 * t), 5);
  r[1] = __shfl_sync(FULL, t + 100u, 33);
  r[2] = __shfl_up_sync(FULL, (long long)t * 10000000000LL, 3);
  r[3] = (long long)(__shfl_down_sync(FULL, (unsigned long long)t << 40, 4) >> 40);
  r[4] = (long long)(2 * __shfl_xor_sync(FULL, t + 0.5f, 1));
  r[5] = (long long)(4 * __shfl_xor_sync(FULL, t * 0.25, 16));
  r[6] = __shfl_sync(FULL, (int)t, 3, 8);
  r[7] = __shfl_up_sync(FULL, (int)t, 2, 8);
  r[8] = __shfl_down_sync(FULL, (int)t, 2, 8);
  r[9] = __shfl_xor_sync(FULL, (int)t, 4, 8);
  r[10] = __ballot_sync(FULL, l % 3 == 0);
  r[11] = __any_sync(FULL, t % 64 == 40);
  r[12] = __all_sync(FULL, t % 64 < 50);
  if (l < 16)
    r[13] = __shfl_sync(0x0000ffffu, (int)t, 15);
  else
    r[13] = __shfl_sync(0xffff0000u, (int)(2 * t), 16);
  r[14] = __activemask();
  float s = (float)t;
  for (int d = 16; d > 0; d /= 2)
    s += __shfl_down_sync(FULL, s, d);
  r[15] = (long long)__shfl_sync(FULL, s, 0);
  seen[threadIdx.x] = (int)t;
  __syncwarp();
  r[16] = seen[threadIdx.x ^ 1];
  r[17] = __shfl_xor_sync(FULL, (long)t, 31);
  for (int k = 0; k < 18; k++)
    out[k * n + t] = r[k];
}
extern "C" void shuffles__emu(void **a) { shuffles(*(long long **)a[0]); }

// Lane 1 shuffles with a mask that leaves it out.
extern "C" __global__ void bad_mask(int *out)
{
  out[threadIdx.x] = __shfl_sync(threadIdx.x == 1 ? 0x1u : FULL, (int)threadIdx.x, 0);
}
extern "C" void bad_mask__emu(void **a) { bad_mask(*(int **)a[0]); }
