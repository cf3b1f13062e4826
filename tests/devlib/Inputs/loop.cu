/* loop.cu - the SPMD loop of the device library (omp-loop.h) against the
 * iterations it must give: for each case, every iteration first, first +
 * stride, ... below end, with the nest's indices recovered by division.
 * Cases in 32-bit range, across 2^31 and beyond 2^32 (the 64-bit walk),
 * with extents above 2^31, carries through every digit, and empty ones.
 * With OMPICC_CUDA_EMU a program (g++) that prints "N cases, 0 wrong";
 * for nvcc a kernel that instantiates both widths. */
#include "ompicc-device.h"

template <int N> struct Seen {
  long long want_iv;
  long long stride, end, wrong, count, most;
  long long ext[N];
};

template <int N> static __device__ void check_one(Seen<N> &s, long long iv, const long long *k)
{
  long long rest = s.want_iv;
  for (int d = N - 1; d >= 0; d--) {
    long long want = d ? rest % s.ext[d] : rest;
    rest = d ? rest / s.ext[d] : rest;
    s.wrong += k[d] != want;
  }
  s.wrong += iv != s.want_iv || iv >= s.end;
  s.want_iv += s.stride;
  if (++s.count > s.most) /* a walk that wrapped around would never end */
    __trap();
}

template <int N>
static __device__ long long run(long long first, long long end, long long stride,
                                const long long (&ext)[N])
{
  long long want = first < end ? (end - first + stride - 1) / stride : 0;
  Seen<N> s = {first, stride, end, 0, 0, want, {0}};
  for (int d = 0; d < N; d++)
    s.ext[d] = ext[d];
  __ompicc_for(first, end, stride, ext, [&](auto iv, auto *k) {
    long long kk[N];
    for (int d = 0; d < N; d++)
      kk[d] = (long long)k[d];
    check_one<N>(s, (long long)iv, kk);
  });
  return s.wrong + (s.count != want);
}

/* __ompicc_digits_at (a generic kernel's worksharing loop going from one
 * chunk to the next) over chunk starts whose gaps repeat, change, are 0
 * or go back, each position checked by division */
template <int N>
static __device__ long long cursor(const long long (&ext)[N], const long long *starts, int n)
{
  __ompicc_dcursor<N> c = {-1, 0, {0}};
  long long k[N], wrong = 0;
  for (int i = 0; i < n; i++) {
    __ompicc_digits_at(&c, starts[i], ext, k);
    long long rest = starts[i];
    for (int d = N - 1; d >= 0; d--) {
      wrong += k[d] != (d ? rest % ext[d] : rest);
      rest = d ? rest / ext[d] : rest;
    }
  }
  return wrong;
}

/* schedule(static) without a chunk (OpenMP 5.2 11.5.3): the blocks of the
 * participants me = 0.. of nth tile [0, n) in order, their sizes one
 * apart at most; checked for every participant of a small nth, for the
 * first and last ones of a large one (the division above 2^32 goes a bit
 * a step, __ompicc_static_block). */
static __device__ long long blocks(long long n, long long nth)
{
  long long wrong = 0, end = 0, least = n, most = 0;
  for (long long me = 0; me < nth; me++) {
    if (me == 20 && nth > 40) { /* skip to the last 20: they end at n */
      me = nth - 20;
      __ompicc_block_share b = __ompicc_static_block(n, (unsigned)me, (unsigned)nth);
      end = b.first;
    }
    __ompicc_block_share b = __ompicc_static_block(n, (unsigned)me, (unsigned)nth);
    wrong += b.first != end || b.size < 0;
    end = b.first + b.size;
    least = b.size < least ? b.size : least;
    most = b.size > most ? b.size : most;
  }
  return wrong + (end != n) + (most - least > 1);
}

extern "C" __global__ void loop_cases(long long *wrong)
{
  const long long big = 1LL << 31, huge = 1LL << 33;
  const long long e1[] = {1000}, e1b[] = {5000000000LL};
  const long long e2[] = {7, 13}, e2b[] = {3, big + 7}, e2c[] = {2, 0};
  const long long e3[] = {5, 3, 4}, e3b[] = {4, 3, 1LL << 32}, e3c[] = {1000, 1, 1};
  long long w = 0;
  w += run(0, 1000, 1, e1);
  w += run(3, 1000, 128, e1);
  w += run(999, 1000, 7, e1);
  w += run(big - 10, big + 10, 3, e1b);          /* across 2^31: 64-bit */
  w += run(huge, huge + 100, 9, e1b);             /* beyond 2^32 */
  w += run(0xffffffffLL - 100, 0xffffffffLL, 64, e1b); /* a 32-bit step would wrap */
  w += run(0, 91, 1, e2);
  w += run(5, 91, 14, e2);                        /* stride carries a whole row and more */
  w += run(2, 91, 40, e2);
  w += run(1, 3 * (big + 7), big / 3, e2b);      /* an extent above 2^31 */
  w += run(big + 3, big + 40, 5, e2b);
  w += run(0, 0, 1, e2c);                         /* empty: no division by the 0 extent */
  w += run(0, 60, 1, e3);
  w += run(4, 60, 11, e3);                        /* carries through both inner digits */
  w += run(7, 60, 1000, e3);                      /* stride above the whole space */
  w += run(huge + 1, huge + 200, 17, e3b);
  w += run(0, 1000, 3, e3c);                      /* extents of 1 */
  const long long starts[] = {0, 5, 10, 15, 17, 30, 31, 31, 3, 50, 57, 64, 71, 90};
  w += cursor(e2, starts, 14);
  w += cursor(e3, starts, 14);
  w += blocks(1000, 7) + blocks(5, 8) + blocks(0, 3) + blocks(0xffffffffLL, 32);
  w += blocks((1LL << 32) + 5, 3) + blocks((1LL << 40) + 12345, 1000);
  w += blocks(0x7fffffffffffffffLL, 0x7fffffffLL) + blocks(huge * 3 + 1, 0xffffffffLL);
  *wrong = w;
}

#ifdef OMPICC_CUDA_EMU
int main(void)
{
  long long wrong = -1;
  loop_cases(&wrong);
  printf("27 cases, %lld wrong\n", wrong);
  return wrong != 0;
}
#endif
