// A thread reads another thread's local variable through a pointer: on a
// CPU, one address space, it works; on a GPU each thread's local memory
// is its own, and the others read garbage.  OMPICC_EMU_CHECK=local makes
// it fault.  The same through a thread's own stack is fine.
#include "cuda-emu.h"

extern "C" __global__ void other_local(int *out)
{
  __shared__ int *published;
  int mine = 7;
  if (threadIdx.x == 0)
    published = &mine; // thread 0's local variable, for the others
  __syncthreads();
  out[threadIdx.x] = *published;
  __syncthreads();
}
extern "C" void other_local__emu(void **args) { other_local(*(int **)args[0]); }

extern "C" __global__ void own_local(int *out)
{
  int mine[4] = {1, 2, 3, 4};
  int *p = &mine[threadIdx.x % 4];
  __syncthreads();
  out[threadIdx.x] = *p;
}
extern "C" void own_local__emu(void **args) { own_local(*(int **)args[0]); }

// An atomic on a thread's own local variable: ptxas warns ("Cannot do
// atomic on local memory") and the launch fails on a GPU; the CPU device
// stops it with a message.
extern "C" __global__ void atomic_local(int *out)
{
  int mine = (int)threadIdx.x;
  __syncthreads();
  if (threadIdx.x == 3)
    atomicAdd(&mine, 1); // the GPU's launch fails here
  out[threadIdx.x] = mine;
}
extern "C" void atomic_local__emu(void **args) { atomic_local(*(int **)args[0]); }
