/* omp-loop.h - the loop of an SPMD kernel: a thread's walk through the
 * normalised iteration space 0..total-1 of a loop or a collapsed
 * rectangular nest (OpenMP 5.2 4.4.1-4.4.3), as the kernel reads
 *
 *   const long long __ompicc_ext[] = {__ompicc_n0, __ompicc_n1};
 *   __ompicc_for_in<__ompicc_I>(first, end, stride, __ompicc_ext,
 *                               [&](auto __ompicc_iv, auto *__ompicc_k) {
 *     long i = (1) + (long long)__ompicc_k[0] * (1);
 *     long j = (1) + (long long)__ompicc_k[1] * (1);
 *     ... the user's loop body ...
 *   });
 *
 * The thread runs the iterations first, first + stride, ... below end;
 * __ompicc_k[d] is the logical iteration of loop d of the nest at
 * iteration __ompicc_iv, innermost fastest.  Three things make the loop
 * as lean as a hand-written one (bench/sass):
 *
 * - 32-bit arithmetic whenever end + stride and the extents fit in an
 *   int, which is every loop of a realistic size whatever the type of
 *   its variables: 64-bit loop control makes nvcc compute the trip
 *   count of an unrolled loop with a 64-bit division routine.  Larger
 *   spaces take a 64-bit walk: in a kernel of its own (__ompicc_for_in),
 *   so that its registers and code do not weigh on the usual one, or
 *   beside the 32-bit walk (__ompicc_for).
 * - The indices of a collapsed nest are counted forward: a thread
 *   divides its first iteration and its stride into the nest's digits
 *   once, then adds digits with carry at each step, where recovering
 *   them from the iteration number costs a division and a remainder per
 *   loop per iteration.
 * - Where the grid's threads cover the loop, as they do for every loop
 *   up to what fills the device, a kernel of its own runs one iteration
 *   per thread (NAME__once, __ompicc_walker<N, I, 0>), without the loop
 *   around the body, which runs once there but out of which nvcc hoists
 *   invariant work into registers.
 *
 * The 32-bit walk of a collapsed nest whose body holds a loop (one of a
 * run-time trip count: transform/offload.c offload_body_loops) is
 * unrolled 4 times (U of __ompicc_for_in, codegen-cuda/kernels.c
 * walk_unrolled), at the cost of a 32-bit division for the thread's trip
 * count; a single loop's, and a nest's without an inner loop, stay
 * rolled.  Measured on an H100 (bench/run, size m, ratio to the
 * hand-written CUDA, rolled -> unrolled): gemm 1.48 -> 0.71, conv3d 1.49
 * -> 1.46 (its loops, of 3 iterations, no longer count: its nest walks
 * on a 3-D grid, 179 SASS instructions on sm_75 against 739), but jacobi 0.90 -> 0.91 (its body: a stencil, no loop; rolled,
 * 96 SASS instructions instead of 209), bicg and atax 0.81 -> 1.12, mvt
 * 1.12 -> 1.55, gramschmidt 1.08 -> 1.23, spmv-outer 1.07 -> 1.19 (single
 * loops, whose threads walk rows of their own).  The 64-bit walk is never unrolled:
 * that would cost a 64-bit division routine.  The body is a
 * lambda, so that it is written once for both widths; a `continue` of
 * the user's loop becomes a jump to its end (codegen-cuda/kernels.c).
 * Compiled by nvcc (CUDA 10.2 and later, C++14) and by g++ for the CPU
 * device.
 */
#ifndef OMPICC_OMP_LOOP_H
#define OMPICC_OMP_LOOP_H

/* nvcc's loop pragmas; g++ (the CPU device) has its own optimiser */
#if defined(__CUDACC__) && !defined(OMPICC_CUDA_EMU)
#define OMPICC_UNROLL _Pragma("unroll")
#else
#define OMPICC_UNROLL
#endif

/* The digits k of v in a nest of extents n (k[d]: the logical iteration
 * of loop d, innermost last; n[0] is not read). */
template <int N, typename I>
static __device__ __forceinline__ void __ompicc_split(I v, const I *n, I *k)
{
OMPICC_UNROLL
  for (int d = N - 1; d > 0; d--)
    k[d] = v % n[d], v /= n[d];
  k[0] = v;
}

/* k += step, digit by digit with carry, in a nest of extents n. */
template <int N, typename I>
static __device__ __forceinline__ void __ompicc_advance(I *k, const I *step, const I *n)
{
  I carry = 0;
OMPICC_UNROLL
  for (int d = N - 1; d > 0; d--) {
    k[d] += step[d] + carry;
    carry = k[d] >= n[d];
    if (carry)
      k[d] -= n[d];
  }
  k[0] += step[0] + carry;
}

/* The walk in integers of type I, unrolled U times on the GPU: end +
 * stride and every extent fit in I's positive half, so a digit plus a
 * step digit plus a carry does too. */
template <int N, typename I, int U> struct __ompicc_walker {
  template <typename Body>
  static __device__ __forceinline__ void run(I first, I end, I stride, const long long *ext,
                                             Body &body)
  {
    I k[N], step[N], n[N];
OMPICC_UNROLL
    for (int d = 0; d < N; d++)
      n[d] = (I)ext[d];
    __ompicc_split<N>(first, n, k);
    __ompicc_split<N>(stride, n, step);
    /* one call of the body, which g++ -O1 (the CPU device) inlines only so */
#if defined(__CUDACC__) && !defined(OMPICC_CUDA_EMU)
#pragma unroll U
#endif
    for (I iv = first; iv < end; iv += stride) {
      body(iv, k);
      __ompicc_advance<N>(k, step, n);
    }
  }
};

/* A single loop: its one digit is the iteration itself (a second
 * induction variable would cost a register and an add per iteration). */
template <typename I, int U> struct __ompicc_walker<1, I, U> {
  template <typename Body>
  static __device__ __forceinline__ void run(I first, I end, I stride, const long long *,
                                             Body &body)
  {
#if defined(__CUDACC__) && !defined(OMPICC_CUDA_EMU)
#pragma unroll U
#endif
    for (I iv = first; iv < end; iv += stride)
      body(iv, &iv);
  }
};

/* One iteration, first, the caller having found first < end: the walk
 * of a kernel that the runtime launches only on a grid whose threads
 * cover the loop (NAME__once, __ompicc_for_in).  Without the walk's loop,
 * nvcc has no loop to hoist the body's invariant work out of, nor the
 * user's inner loops to version inside it: gramschmidt's projection, 510
 * SASS instructions on sm_75, takes 244, as many as a kernel written by
 * hand for one iteration per thread (bench/sass). */
template <int N, typename I> struct __ompicc_walker<N, I, 0> {
  template <typename Body>
  static __device__ __forceinline__ void run(I first, I, I, const long long *ext, Body &body)
  {
    I k[N], n[N];
OMPICC_UNROLL
    for (int d = 0; d < N; d++)
      n[d] = (I)ext[d];
    __ompicc_split<N>(first, n, k);
    body(first, k);
  }
};
template <typename I> struct __ompicc_walker<1, I, 0> {
  template <typename Body>
  static __device__ __forceinline__ void run(I first, I, I, const long long *, Body &body)
  {
    body(first, &first);
  }
};

/* The digits k of iteration iv of a rectangular nest of extents ext
 * (k[d]: the logical iteration of loop d), and the digits of the next
 * one: the worksharing loops of generic kernels (codegen-cuda/generic.c)
 * step through a chunk from its first iteration's digits. */
template <int N>
static __device__ __forceinline__ void __ompicc_digits(long long iv, const long long (&ext)[N],
                                                       long long (&k)[N])
{
  __ompicc_split<N>(iv, ext, k);
}

/* A thread's way through the chunks of a collapsed worksharing loop: k
 * holds the digits of iteration `at` (the end of the chunk before), so a
 * chunk's first iteration is reached by adding the gap, divided into
 * digits once for as long as the gap stays the same.  A thread's static
 * chunks are all the same gap apart (round robin chunks of one, the
 * generic kernels' default schedule: a division per chunk otherwise);
 * other schedules divide when the gap changes.
 *   __ompicc_dcursor<2> c = {-1};
 *   while (next chunk [lo, hi)) { __ompicc_digits_at(&c, lo, ext, k); ...; c.at = hi; } */
template <int N> struct __ompicc_dcursor {
  long long at, gap, step[N];
};
template <int N>
static __device__ __forceinline__ void __ompicc_digits_at(__ompicc_dcursor<N> *c, long long iv,
                                                          const long long (&ext)[N],
                                                          long long (&k)[N])
{
  if (c->at < 0 || iv < c->at) {
    __ompicc_split<N>(iv, ext, k);
  } else if (iv > c->at) {
    if (iv - c->at != c->gap) {
      c->gap = iv - c->at;
      __ompicc_split<N>(c->gap, ext, c->step);
    }
    __ompicc_advance<N>(k, c->step, ext);
  }
  c->at = iv;
}

template <int N>
static __device__ __forceinline__ void __ompicc_digits_next(long long (&k)[N],
                                                            const long long (&ext)[N])
{
OMPICC_UNROLL
  for (int d = N - 1; d > 0; d--) {
    if (++k[d] < ext[d])
      return;
    k[d] = 0;
  }
  k[0]++;
}

/* A loop's extent in a kernel of width I: count if the loop runs, else 0.
 * The runtime launches the 32-bit kernel (I unsigned) only for a nest
 * whose every loop runs, as the host computed from the same values
 * (rt-target.c needs_wide; codegen-cuda/kernels.c bounds_from_host), so
 * that kernel need not test again (three instructions of a kernel as
 * small as triad's, bench/sass). */
template <typename I>
static __device__ __forceinline__ long long __ompicc_extent(bool runs, long long count)
{
  if (sizeof(I) < sizeof(long long)) {
#ifdef OMPICC_CUDA_EMU
    if (!runs) /* the runtime chose the wrong kernel: a bug */
      __trap();
#endif
    return count;
  }
  return runs ? count : 0;
}

/* Whether the walk fits in 32-bit integers: end + stride and every
 * extent in an int. */
template <int N>
static __device__ __forceinline__ bool __ompicc_narrow(long long end, long long stride,
                                                       const long long (&ext)[N])
{
  bool narrow = end <= 0x7fffffffLL - stride;
OMPICC_UNROLL
  for (int d = 1; d < N; d++)
    narrow = narrow && ext[d] <= 0x7fffffffLL;
  return narrow;
}

/* The kernels' template argument __ompicc_I for one iteration per thread
 * (NAME__once): 32-bit like unsigned, of its size, so that the code a
 * kernel has for the narrow width (__ompicc_extent, the team copies of
 * codegen-cuda/kernels.c) is the same. */
struct __ompicc_once {
  unsigned v;
};

/* The walk a kernel's __ompicc_I stands for: its integers, and how many
 * times its loop runs unrolled (U: the code's wish; 0: no loop). */
template <typename I, int U> struct __ompicc_walk_of {
  typedef I type;
  enum { unroll = sizeof(I) < sizeof(long long) ? U : 1 }; /* a 64-bit walk: rolled */
};
template <int U> struct __ompicc_walk_of<__ompicc_once, U> {
  typedef unsigned type;
  enum { unroll = 0 };
};

/* for (iv = first; iv < end; iv += stride) body(iv, k) over a nest of
 * extents ext (ext[0] is not read: the outermost loop needs no bound),
 * in integers of type I: the kernels of a rectangular nest come in two
 * widths, NAME (unsigned) and NAME__wide (long long), of which the runtime
 * launches the first when the space and the grid allow (rt-target.c,
 * OMPICC_REGION_WIDE), so a kernel holds only the code that runs.  A
 * third, NAME__once (I = __ompicc_once), runs the iteration first alone:
 * the runtime launches it in the first's place when the grid's threads
 * cover the loop, stride >= end (OMPICC_REGION_ONCE), as they do for
 * every loop up to what fills the device.
 * first >= 0, stride > 0; an empty nest (some extent 0) has end 0. */
template <typename I, int U = 1, int N, typename Body>
static __device__ __forceinline__ void __ompicc_for_in(long long first, long long end,
                                                       long long stride, const long long (&ext)[N],
                                                       Body body)
{
  typedef __ompicc_walk_of<I, U> walk;
  typedef typename walk::type W;
#ifdef OMPICC_CUDA_EMU
  /* the runtime chose the wrong width, or a grid too small for one
   * iteration per thread: never, or a bug (checked where the tests run:
   * on a GPU the test and its branch are a third of a small kernel,
   * bench/sass) */
  if (sizeof(W) < sizeof(long long) && first < end && !__ompicc_narrow(end, stride, ext))
    __trap();
  if (walk::unroll == 0 && first + stride < end)
    __trap();
#endif
  if ((W)first < (W)end)
    __ompicc_walker<N, W, walk::unroll>::run((W)first, (W)end, (W)stride, ext, body);
}

/* The nest of 2 or 3 loops of extents ext, total iterations, on a grid
 * of as many dimensions (the runtime makes it from the extents the host
 * passes: rt-target.c grid_geometry): x walks the innermost loop, a
 * block's threads on consecutive iterations, y the loop outside it, z
 * the outermost of three.  Each dimension strides by the grid's extent
 * in it, so that any grid covers the nest, and no index is divided out
 * (codegen-cuda/kernels.c, transform/offload.c offload_grid_dims).
 * body(iv, k) as for __ompicc_for_in: iv, the iteration's number in the
 * collapsed space, costs nothing unless used (lastprivate, linear).  The
 * grid's coordinates are read once: on the CPU device each read is a
 * thread-local access, which the body's stores keep g++ from hoisting.
 * The 64-bit kernel walks the collapsed space on a 1-D grid instead: the
 * runtime launches it for a nest too large for 32 bits, and for one whose
 * innermost loop is too short to fill a warp along x. */
template <int N> struct __ompicc_grid_walker;

/* v, which the optimiser must take for a value computed where it stands
 * (an empty asm that may change it).  The grid walk hands the body its
 * outer indices through it in the x loop, which usually runs once: nvcc
 * otherwise hoists the body's work on them out of that loop and keeps
 * the results in registers across it (conv3d: the row addresses of its
 * stencil, 62 registers on sm_75 instead of 45, 16 more than the hand
 * kernel's on sm_90 and sm_53 instead of none). */
static __device__ __forceinline__ unsigned __ompicc_opaque(unsigned v)
{
  __asm__("" : "+r"(v));
  return v;
}
template <> struct __ompicc_grid_walker<2> {
  template <typename Body>
  static __device__ __forceinline__ void run(const long long *ext, Body &body)
  {
    const unsigned rows = (unsigned)ext[0], cols = (unsigned)ext[1];
    const unsigned x = blockIdx.x * blockDim.x + threadIdx.x, sx = gridDim.x * blockDim.x;
    const unsigned y = blockIdx.y, sy = gridDim.y;
    unsigned k[2];
    for (unsigned k0 = y; k0 < rows; k0 += sy)
      for (unsigned k1 = x; k1 < cols; k1 += sx) {
        k[0] = __ompicc_opaque(k0), k[1] = k1;
        body(k0 * cols + k1, k);
      }
  }
};
template <> struct __ompicc_grid_walker<3> {
  template <typename Body>
  static __device__ __forceinline__ void run(const long long *ext, Body &body)
  {
    const unsigned planes = (unsigned)ext[0], rows = (unsigned)ext[1], cols = (unsigned)ext[2];
    const unsigned x = blockIdx.x * blockDim.x + threadIdx.x, sx = gridDim.x * blockDim.x;
    const unsigned y = blockIdx.y, sy = gridDim.y, z = blockIdx.z, sz = gridDim.z;
    unsigned k[3];
    for (unsigned k0 = z; k0 < planes; k0 += sz)
      for (unsigned k1 = y; k1 < rows; k1 += sy)
        for (unsigned k2 = x; k2 < cols; k2 += sx) {
          k[0] = __ompicc_opaque(k0), k[1] = __ompicc_opaque(k1), k[2] = k2;
          body((k0 * rows + k1) * cols + k2, k);
        }
  }
};

template <typename I> struct __ompicc_nest_walk { /* unsigned: on the grid */
  template <int N, typename Body>
  static __device__ __forceinline__ void run(long long total, const long long (&ext)[N], Body &body)
  {
#ifdef OMPICC_CUDA_EMU
    /* as in __ompicc_for_in: the runtime chose the wrong width */
    if (total > 0 &&
        !__ompicc_narrow(total, (long long)gridDim.x * gridDim.y * gridDim.z * blockDim.x, ext))
      __trap();
#endif
    (void)total;
    __ompicc_grid_walker<N>::run(ext, body);
  }
};
template <> struct __ompicc_nest_walk<long long> { /* the collapsed space on x */
  template <int N, typename Body>
  static __device__ __forceinline__ void run(long long total, const long long (&ext)[N], Body &body)
  {
    __ompicc_for_in<long long>((long long)blockIdx.x * blockDim.x + threadIdx.x, total,
                               (long long)gridDim.x * blockDim.x, ext, body);
  }
};

template <typename I, int N, typename Body>
static __device__ __forceinline__ void __ompicc_for_grid(long long total, const long long (&ext)[N],
                                                         Body body)
{
  __ompicc_nest_walk<I>::run(total, ext, body);
}

/* The same, the width chosen here: for the kernels of a non-rectangular
 * nest, whose size the runtime does not know. */
template <int N, typename Body>
static __device__ __forceinline__ void __ompicc_for(long long first, long long end, long long stride,
                                                    const long long (&ext)[N], Body body)
{
  if (first >= end)
    return;
  if (__ompicc_narrow(end, stride, ext))
    __ompicc_walker<N, unsigned, 1>::run((unsigned)first, (unsigned)end, (unsigned)stride, ext, body);
  else
    __ompicc_walker<N, long long, 1>::run(first, end, stride, ext, body);
}

#endif
