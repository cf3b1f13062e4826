// An out-of-range store through a mapped pointer, for AddressSanitizer.
#include "cuda-emu.h"

extern "C" __global__ void overflow(int *a, int n)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i <= n) // one too many
    a[i] = i;
}
extern "C" void overflow__emu(void **args) { overflow(*(int **)args[0], *(int *)args[1]); }
