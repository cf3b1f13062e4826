// __shared__ is one copy per block, also when blocks run at once on
// several host threads: function-scope, file-scope and dynamic shared memory.
// A block finds its shared memory filled with 0xA5 bytes, not as the block
// before it on the host thread left it (a GPU's holds no value a block can
// count on): stale().
#include "cuda-emu.h"

__shared__ int file_scope[4];

extern "C" __global__ void per_block(int *out)
{
  __shared__ int s[128];
  OMPICC_DYNAMIC_SHARED(long long, dyn);
  int t = threadIdx.x, b = blockIdx.x;
  s[t] = b * 1000 + t;
  dyn[t] = -(long long)b;
  if (t < 4)
    file_scope[t] = b;
  int ok = 1;
  for (int round = 0; round < 8; round++) {
    __syncthreads();
    for (int i = 0; i < 128; i += 7) {
      ok &= s[i] == b * 1000 + i && dyn[i] == -(long long)b;
      __threadfence_block(); // let the other threads, and blocks, run
    }
    ok &= file_scope[round % 4] == b;
    __syncthreads();
    s[t] = b * 1000 + t;
  }
  out[b * 128 + t] = ok;
}
extern "C" void per_block__emu(void **a) { per_block(*(int **)a[0]); }

// Each thread reads its words of shared memory before writing them: every
// block, not only the first on each host thread, must find 0xA5 bytes.
extern "C" __global__ void stale(int *out)
{
  __shared__ int s[64];
  OMPICC_DYNAMIC_SHARED(int, dyn);
  int t = threadIdx.x, b = blockIdx.x;
  out[b * 64 + t] = s[t] == (int)0xa5a5a5a5 && dyn[t] == (int)0xa5a5a5a5;
  s[t] = b, dyn[t] = b;
  __syncthreads();
}
extern "C" void stale__emu(void **a) { stale(*(int **)a[0]); }
