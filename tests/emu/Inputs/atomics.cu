// Atomic functions of the cuda-emu device under contention: every block
// runs on a host thread of its own, every thread hammers the same words.
#include "cuda-emu.h"

struct Counters {
  int add_i, sub_i, exch_i, min_i, max_i, and_i, or_i, xor_i, cas_i;
  unsigned add_u, sub_u, exch_u, min_u, max_u, inc_u, dec_u, and_u, or_u, xor_u, cas_u;
  unsigned long long add_ull, exch_ull, min_ull, max_ull, and_ull, or_ull, xor_ull, cas_ull;
  long long min_ll, max_ll;
  long long exch_sum;
  float add_f, exch_f;
  double add_d;
  unsigned short cas_us;
  int lock, locked_count;
};

#define ITER 50

extern "C" __global__ void atomics(Counters *c)
{
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int i = 0; i < ITER; i++) {
    atomicAdd(&c->add_i, 1);
    atomicSub(&c->sub_i, 2);
    atomicAdd(&c->add_u, 3u);
    atomicSub(&c->sub_u, 1u);
    atomicAdd(&c->add_ull, 1ull << 33);
    atomicAdd(&c->add_f, 1.0f);
    atomicAdd(&c->add_d, 0.5);
    atomicInc(&c->inc_u, 999u);
    atomicDec(&c->dec_u, 999u);
    int old;
    do
      old = c->cas_i;
    while (atomicCAS(&c->cas_i, old, old + 1) != old);
    unsigned uo;
    do
      uo = c->cas_u;
    while (atomicCAS(&c->cas_u, uo, uo + 2) != uo);
    unsigned long long lo;
    do
      lo = c->cas_ull;
    while (atomicCAS(&c->cas_ull, lo, lo + 3) != lo);
    unsigned short so;
    do
      so = c->cas_us;
    while (atomicCAS(&c->cas_us, so, (unsigned short)(so + 1)) != so);
  }
  long long v = (long long)t * 7919 % 100003 - 50000;
  atomicMin(&c->min_i, (int)v);
  atomicMax(&c->max_i, (int)v);
  atomicMin(&c->min_u, (unsigned)(v + 50000));
  atomicMax(&c->max_u, (unsigned)(v + 50000));
  atomicMin(&c->min_ll, v * 1000000000LL);
  atomicMax(&c->max_ll, v * 1000000000LL);
  atomicMin(&c->min_ull, (unsigned long long)(v + 50000) << 30);
  atomicMax(&c->max_ull, (unsigned long long)(v + 50000) << 30);
  atomicAnd(&c->and_i, ~(1 << (t % 31)));
  atomicOr(&c->or_i, 1 << (t % 31));
  atomicXor(&c->xor_i, (int)(t * 2654435761u));
  atomicAnd(&c->and_u, ~(1u << (t % 32)));
  atomicOr(&c->or_u, 1u << (t % 32));
  atomicXor(&c->xor_u, t * 2654435761u);
  atomicAnd(&c->and_ull, ~(1ull << (t % 64)));
  atomicOr(&c->or_ull, 1ull << (t % 64));
  atomicXor(&c->xor_ull, (unsigned long long)t * 0x9e3779b97f4a7c15ull);
  // Exchanges pass tokens around: what comes out plus what is left is what went in.
  atomicAdd((unsigned long long *)&c->exch_sum, (unsigned long long)atomicExch(&c->exch_i, (int)t));
  atomicAdd((unsigned long long *)&c->exch_sum, (unsigned long long)atomicExch(&c->exch_u, t));
  atomicAdd((unsigned long long *)&c->exch_sum, atomicExch(&c->exch_ull, (unsigned long long)t));
  atomicAdd(&c->add_f, 0.0f * atomicExch(&c->exch_f, 1.5f));
  // A lock taken by one lane per warp (a lock per lane would hang a
  // pre-Volta GPU): the critical sections do not overlap.
  if (threadIdx.x % 32 == 0) {
    while (atomicCAS(&c->lock, 0, 1) != 0)
      ;
    int n = *(volatile int *)&c->locked_count;
    __threadfence();
    *(volatile int *)&c->locked_count = n + 1;
    __threadfence();
    atomicExch(&c->lock, 0);
  }
}
extern "C" void atomics__emu(void **a) { atomics(*(Counters **)a[0]); }
