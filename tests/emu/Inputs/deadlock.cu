// Kernels that would hang a GPU: the cuda-emu device reports them.
#include "cuda-emu.h"

// Half the block leaves before the barrier the other half waits at.
extern "C" __global__ void early_exit(int *out)
{
  if (threadIdx.x >= 32)
    return;
  __syncthreads();
  out[threadIdx.x] = 1;
}
extern "C" void early_exit__emu(void **a) { early_exit(*(int **)a[0]); }

// Two warps wait at different named barriers, each expecting both warps.
extern "C" __global__ void crossed(int *out)
{
  if (threadIdx.x < 32)
    OMPICC_BAR_SYNC(1, 64);
  else
    OMPICC_BAR_SYNC(2, 64);
  out[threadIdx.x] = 1;
}
extern "C" void crossed__emu(void **a) { crossed(*(int **)a[0]); }

// Half a warp shuffles with a full mask; the other half never does.
extern "C" __global__ void half_warp(int *out)
{
  if (threadIdx.x < 16)
    out[threadIdx.x] = __shfl_sync(0xffffffffu, (int)threadIdx.x, 0);
  else
    __syncthreads();
}
extern "C" void half_warp__emu(void **a) { half_warp(*(int **)a[0]); }

// Block 0 fails before it sets the flag that block 1 waits for: the launch
// fails with block 0's error, and block 1, which runs at the same time on
// another host thread, stops instead of waiting for ever.
extern "C" __global__ void failed_block(int *out)
{
  if (blockIdx.x == 0) {
    if (threadIdx.x == 0)
      __trap();
    return;
  }
  while (atomicCAS(&out[0], 1, 1) != 1)
    ;
}
extern "C" void failed_block__emu(void **a) { failed_block(*(int **)a[0]); }
