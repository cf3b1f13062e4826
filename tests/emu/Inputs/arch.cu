// Kernels whose behaviour depends on the architecture cuda-emu runs them
// as (OMPICC_EMU_ARCH, or the image's own): barriers count whole warps
// on every architecture (PTX ISA "bar, barrier"); before sm_70 the lanes
// of a warp do not run independently.
#include "cuda-emu.h"

// Warp 0 keeps one lane; its arrival still counts the warp (32 threads),
// since a barrier waits only for the lanes that have not exited.
extern "C" __global__ void exited_lanes(int *out)
{
  __shared__ int v;
  unsigned t = threadIdx.x;
  if (t > 0 && t < 32)
    return;
  if (t == 0)
    v = 7;
  OMPICC_BAR_SYNC(1, 64);
  out[t] = v;
}
extern "C" void exited_lanes__emu(void **a) { exited_lanes(*(int **)a[0]); }

// Lanes 0..3 of warp 0 meet warp 1 at barrier 2, three rounds, while the
// other lanes of warp 0 went ahead to barrier 1, where everybody ends.
// Before Volta those lanes are parked where the paths meet again (the
// device library's partly used warps); from Volta on lanes 0..3 wait for
// them at barrier 2, and the block hangs.
extern "C" __global__ void diverged(int *out)
{
  __shared__ int round_value;
  unsigned t = threadIdx.x;
  if (t < 4 || t >= 32) {
    for (int k = 1; k <= 3; k++) {
      if (t == 32)
        round_value = 10 * k;
      OMPICC_BAR_SYNC(2, 64);
      if (t < 4)
        out[t] += round_value;
      OMPICC_BAR_SYNC(2, 64);
    }
  }
  OMPICC_BAR_SYNC(1, 64);
  if (t >= 4 && t < 32)
    out[t] = 1;
}
extern "C" void diverged__emu(void **a) { diverged(*(int **)a[0]); }

// __activemask() where lanes 8..31 took the other path, to a barrier:
// before Volta the lanes executing it together (0xff), from Volta on
// every lane that has not exited.
extern "C" __global__ void converged_mask(int *out)
{
  unsigned t = threadIdx.x;
  if (t < 8)
    out[t] = (int)__activemask();
  __syncthreads();
  out[t + 32] = 1;
}
extern "C" void converged_mask__emu(void **a) { converged_mask(*(int **)a[0]); }

// A spin lock that every lane of the block takes: out[0] (the lock, in
// device memory) and out[1] (a counter).  From Volta on each lane waits
// its turn (the failed compare-and-swap lets the holder run here); before,
// a lane spinning on the lock that a lane of its own warp holds keeps
// that lane from releasing it, and the GPU hangs.
extern "C" __global__ void lane_spin_lock(int *out)
{
  while (atomicCAS(&out[0], 0, 1) != 0)
    ;
  __threadfence();
  out[1]++;
  __threadfence();
  atomicExch(&out[0], 0);
}
extern "C" void lane_spin_lock__emu(void **a) { lane_spin_lock(*(int **)a[0]); }

// The same lock taken by one lane of each warp (the leader), which works
// before Volta too: the lanes that spin are of other warps.
extern "C" __global__ void leader_spin_lock(int *out)
{
  if (threadIdx.x % 32 == 0) {
    while (atomicCAS(&out[0], 0, 1) != 0)
      ;
    __threadfence();
    out[1] += 32;
    __threadfence();
    atomicExch(&out[0], 0);
  }
}
extern "C" void leader_spin_lock__emu(void **a) { leader_spin_lock(*(int **)a[0]); }

// Every lane adds to one float with a loop of compare-and-swaps (atomicAdd
// on a float, by hand): a failed one is retried with the value it found,
// waits for nobody, and is no spin lock on any architecture.
extern "C" __global__ void cas_add(int *out)
{
  float *sum = (float *)&out[2];
  unsigned *word = (unsigned *)sum, old = *(volatile unsigned *)word, assumed;
  do {
    assumed = old;
    float next = __uint_as_float(assumed) + 1.0f;
    old = atomicCAS(word, assumed, __float_as_uint(next));
  } while (old != assumed);
  if (threadIdx.x == 0)
    out[1] = 1;
}
extern "C" void cas_add__emu(void **a) { cas_add(*(int **)a[0]); }
