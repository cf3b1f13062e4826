// Kernels for the cuda-emu checks (OMPICC_EMU_CHECK, tests/emu/race.test):
// each thread of a block writes its shared-memory cell and reads its
// neighbour's, once with nothing that orders the write before the read (a
// race: on a GPU the neighbour may not have written yet), and once ordered
// by each mechanism CUDA gives: __syncthreads, __syncwarp, an atomic flag
// with a fence.  Without a check, cuda-emu runs a thread up to its next
// switch point before the next thread starts, so the racy kernel happens
// to give the right answer.
#include "cuda-emu.h"

extern "C" __global__ void shift_racy(int *out)
{
  __shared__ int cell[64];
  int t = threadIdx.x;
  cell[t] = t * t + blockIdx.x;
  out[blockIdx.x * 64 + t] = t > 0 ? cell[t - 1] : 0; // the race: no barrier
}
extern "C" void shift_racy__emu(void **a) { shift_racy(*(int **)a[0]); }

extern "C" __global__ void shift_synced(int *out)
{
  __shared__ int cell[64];
  int t = threadIdx.x;
  cell[t] = t * t + blockIdx.x;
  __syncthreads();
  out[blockIdx.x * 64 + t] = t > 0 ? cell[t - 1] : 0;
}
extern "C" void shift_synced__emu(void **a) { shift_synced(*(int **)a[0]); }

// Lanes exchange with their pair through shared memory inside a warp.
extern "C" __global__ void pair_syncwarp(int *out)
{
  __shared__ int cell[64];
  int t = threadIdx.x;
  cell[t] = t * t + blockIdx.x;
  __syncwarp();
  int pair = cell[t ^ 1];
  __syncwarp(); // the next block's writes come after every read
  out[blockIdx.x * 64 + t] = pair;
}
extern "C" void pair_syncwarp__emu(void **a) { pair_syncwarp(*(int **)a[0]); }

// Thread 0 publishes a value; the others wait for its flag (an atomic),
// then read the value with a plain load.
extern "C" __global__ void flag_published(int *out)
{
  __shared__ int value;
  __shared__ unsigned flag;
  int t = threadIdx.x;
  if (t == 0) {
    flag = 0;
    value = 0;
  }
  __syncthreads();
  if (t == 63) {
    value = 4242 + blockIdx.x;
    __threadfence_block();
    atomicExch(&flag, 1u);
  } else {
    while (atomicAdd(&flag, 0u) == 0)
      ;
  }
  out[blockIdx.x * 64 + t] = value;
  __syncthreads(); // the next block on this host thread resets value
}
extern "C" void flag_published__emu(void **a) { flag_published(*(int **)a[0]); }
