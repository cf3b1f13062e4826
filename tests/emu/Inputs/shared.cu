// __shared__ is one copy per block, also when blocks run at once on
// several host threads: function-scope, file-scope and dynamic shared memory.
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
