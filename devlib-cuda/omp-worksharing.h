/* omp-worksharing.h - worksharing inside generic kernels (included by
 * ompicc-generic.h): loop chunks for every schedule, distribute, sections,
 * single with copyprivate, masked, and reductions of a team.
 *
 * Loops work on a normalised iteration space 0..n-1 (the caller collapses
 * and maps back to the user's variables).  __ompicc_ws is the calling
 * thread's view of one loop, in registers; dynamic and guided loops share
 * a 64-bit slot of the team state, `sequence << 32 | next iteration`,
 * claimed by compare-and-swap (lock-free, so nothing can deadlock inside a
 * warp).  A thread's k-th dynamic loop of a region uses slot k % 8,
 * restarting it when it holds an older sequence; before that it waits
 * until every thread has finished the slot's previous loop (ws_done), so
 * a thread may run up to 7 nowait loops ahead of another.  Only threads
 * of different warps can be in different loops (the lanes of a warp meet
 * again after each loop, before Volta), so the wait cannot hang a warp.
 *
 * for ordered: a count of the ended iterations in the team state, see
 * "ordered" below.
 *
 * OpenMP 5.2 11.5 (for: schedule 11.5.3, nowait, lastprivate 5.4.5,
 * ordered 15.10.1),
 * 11.6 distribute, 11.3 sections, 11.1 single, 5.7.2 copyprivate, 10.5
 * masked, 5.5 reductions.
 */
#ifndef OMPICC_OMP_WORKSHARING_H
#define OMPICC_OMP_WORKSHARING_H

/* A moment of waiting for another warp. */
static __device__ __forceinline__ void __ompicc_pause(void)
{
#if defined(OMPICC_CUDA_EMU) || (defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700)
  __nanosleep(100); /* on the CPU device: the other threads run */
#else
  __threadfence_block();
#endif
}

/* One thread's share of a loop of n iterations. */
struct __ompicc_ws {
  long long n, next, chunk, stride;
  int kind;
  unsigned seq;
  int ordered; /* a for ordered whose iterations wait for each other */
};

/* Static: one contiguous block per thread (chunk 0), or chunks dealt
 * round robin; this thread is `me` of `nth`. */
static __device__ inline void __ompicc_static_init(__ompicc_ws *w, long long n, long long chunk, int me,
                                            int nth)
{
  w->n = n;
  w->kind = OMPICC_SCHED_STATIC;
  w->seq = 0;
  w->ordered = 0;
  __ompicc_static_share(n, chunk, me, nth, &w->next, &w->chunk, &w->stride);
}

/* #pragma omp for: start a loop of n iterations with schedule `kind`
 * (OMPICC_SCHED_*) and chunk size `chunk` (0: none given). */
static __device__ inline void __ompicc_for_init(__ompicc_ws *w, long long n, int kind, long long chunk,
                                                int team = 0)
{
  __ompicc_gstate *g = __OMPICC_G;
  if (kind == OMPICC_SCHED_RUNTIME) { /* run-sched-var, less the monotonic modifier */
    const __ompicc_icvs *icv = __ompicc_icv_cur();
    kind = icv->run_sched & ~(int)omp_sched_monotonic;
    chunk = icv->run_chunk;
  }
  int nth = team ? g->nthreads : __ompicc_g_get_num_threads();
  int me = team ? (int)__ompicc_tid() : __ompicc_g_get_thread_num();
  int shared = (kind == OMPICC_SCHED_DYNAMIC || kind == OMPICC_SCHED_GUIDED) &&
               (team || (g->generic && !__ompicc_alone())) && n < (1ll << 32);
  if (!shared) {
    /* auto is a static block.  A dynamic or guided loop not shared
     * through the team state (a team of one, 2^32 iterations or more, an
     * SPMD block) is dealt round robin in chunks of its chunk size, one
     * possible order of its requests, and a team of one takes every
     * iteration at once: no division, so that a kernel whose only loops
     * are dynamic or guided lacks __ompicc_static_block (bench/sass). */
    if (kind == OMPICC_SCHED_DYNAMIC || kind == OMPICC_SCHED_GUIDED)
      chunk = nth == 1 ? (n > 0 ? n : 1) : chunk > 0 ? chunk : 1;
    else if (kind != OMPICC_SCHED_STATIC)
      chunk = 0;
    __ompicc_static_init(w, n < 0 ? 0 : n, chunk, me, nth);
    return;
  }
  w->n = n;
  w->kind = kind;
  w->ordered = 0;
  w->chunk = chunk > 0 ? chunk : 1;
  w->next = w->stride = 0;
  unsigned *word = __ompicc_thread_word(), begun = (*word & OMPICC_THREAD_LOOPS) + 1;
  *word = (*word & OMPICC_THREAD_TURN) | begun;
  w->seq = begun;
  unsigned slot = w->seq % OMPICC_WS_SLOTS;
  unsigned before = (w->seq - 1) / OMPICC_WS_SLOTS * (unsigned)nth; /* finishes of earlier loops */
  while ((int)(*(volatile unsigned *)&__OMPICC_T->ws_done[slot] - before) < 0)
    __ompicc_pause();
}

/* The size of the chunks a dynamic or guided loop hands out from
 * iteration cur of n: chunk iterations (at most n), or for guided the
 * unassigned ones shared by the team if more (OpenMP 5.2 11.5.3:
 * proportional to the unassigned iterations over the threads, decreasing
 * to chunk; the last chunk ends at n).  Shared loops have fewer than 2^32
 * iterations (__ompicc_for_init), so the arithmetic is 32-bit: the 64-bit
 * division routine, once per lane and claim, made a guided loop of a
 * generic kernel instruction-bound (ncu on an H200: 7 active threads per
 * warp). */
static __device__ __forceinline__ unsigned __ompicc_dyn_size(const __ompicc_ws *w, unsigned cur,
                                                             unsigned n, unsigned nth)
{
  unsigned take = w->chunk < (long long)n ? (unsigned)w->chunk : n;
  if (w->kind == OMPICC_SCHED_GUIDED) {
    unsigned left = n - cur, share = left / nth + (left % nth != 0);
    take = share > take ? share : take;
  }
  return take;
}

/* The lanes of the calling thread's warp that claim chunks together:
 * those converged here.  On the CPU device from Volta on, __activemask()
 * counts every lane that has not exited, not those here: the thread
 * claims alone (its pre-Volta mode, which knows, claims together). */
static __device__ __forceinline__ unsigned __ompicc_claim_lanes(void)
{
#if defined(OMPICC_CUDA_EMU) && OMPICC_PER_THREAD_BARRIERS
  return 1u << __ompicc_lane();
#else
  return __activemask();
#endif
}

/* Claim the next chunk of a dynamic or guided loop.  The lanes of a warp
 * that ask together in the same loop claim with one compare-and-swap, by
 * their lowest lane, a chunk each, in lane order; all of them asked when
 * the same iterations were unassigned, so a guided loop gives them chunks
 * of one size.  Every thread of a team asking on its own made a row's
 * guided loop of a generic kernel 160 times slower than hand-written CUDA
 * on an H200 (bench/run spmv-generic): the team's threads retried the
 * slot's compare-and-swap against each other for every chunk.  Lanes in
 * another loop than the lowest lane's (after a nowait) claim alone.  The
 * lanes that get nothing are done with the slot: the lowest adds them to
 * its count of finished threads. */
static __device__ inline int __ompicc_dyn_next(__ompicc_ws *w, long long *lo, long long *hi)
{
  __ompicc_gstate *g = __OMPICC_G;
  unsigned which = w->seq % OMPICC_WS_SLOTS;
  unsigned long long *slot = &__OMPICC_T->ws[which];
  unsigned nth = (unsigned)g->nthreads, n = (unsigned)w->n; /* below 2^32 */
  unsigned lane = __ompicc_lane(), asking = __ompicc_claim_lanes();
  unsigned lowest_seq = __shfl_sync(asking, w->seq, __ffs((int)asking) - 1);
  unsigned peers = __ballot_sync(asking, w->seq == lowest_seq);
  if (!(peers >> lane & 1u))
    peers = 1u << lane;
  int leader = __ffs((int)peers) - 1, k = __popc(peers);
  unsigned rank = __popc(peers & ((1u << lane) - 1u));
  unsigned first = 0, size = 0;
  if ((int)lane == leader) {
    unsigned long long old = *(volatile unsigned long long *)slot;
    for (;;) {
      first = (unsigned)(old >> 32) != w->seq ? 0 : (unsigned)old;
      if (first >= n)
        break;
      size = __ompicc_dyn_size(w, first, n, nth);
      unsigned long long left = n - first, want = size >= left ? left : (unsigned long long)size * k;
      unsigned end = want < left ? first + (unsigned)want : n;
      unsigned long long mine = (unsigned long long)w->seq << 32 | end;
      unsigned long long seen = atomicCAS(slot, old, mine);
      if (seen == old)
        break;
      old = seen;
    }
  }
  /* one 64-bit shuffle: two on the GPU, one warp operation on the CPU device */
  unsigned long long claim = __shfl_sync(peers, (unsigned long long)first << 32 | size, leader);
  first = (unsigned)(claim >> 32);
  size = (unsigned)claim;
  unsigned long long at = first + (unsigned long long)rank * size;
  int none = size == 0 || at >= n;
  unsigned idle = __ballot_sync(peers, none);
  if ((int)lane == leader && idle)
    atomicAdd(&__OMPICC_T->ws_done[which], (unsigned)__popc(idle));
  if (none) {
    __ompicc_static_init(w, 0, 0, 0, 1);
    return 0;
  }
  *lo = (long long)at;
  *hi = n - at > size ? (long long)(at + size) : (long long)n;
  return 1;
}

/* The next chunk [lo, hi) of this thread, or 0 when it has no more. */
static __device__ inline int __ompicc_for_next(__ompicc_ws *w, long long *lo, long long *hi)
{
  if (w->kind != OMPICC_SCHED_STATIC)
    return __ompicc_dyn_next(w, lo, hi);
  if (w->next >= w->n || w->chunk <= 0)
    return 0;
  *lo = w->next;
  /* chunks of one (round robin, the schedule where none is given):
   * nvcc then sees that the chunk's loop runs once */
  *hi = w->chunk == 1 ? w->next + 1 : w->next + w->chunk < w->n ? w->next + w->chunk : w->n;
  w->next += w->stride;
  return 1;
}

/* The end of a worksharing construct: its implicit barrier, unless nowait. */
static __device__ __forceinline__ void __ompicc_for_fini(int nowait, int team = 0)
{
  if (!nowait && team)
    __ompicc_team_barrier();
  else if (!nowait)
    __ompicc_barrier();
}

/* lastprivate: did the chunk [lo, hi) hold the sequentially last iteration? */
static __device__ __forceinline__ int __ompicc_is_last(long long hi, long long n)
{
  return hi == n && n > 0;
}

/* #pragma omp distribute (OpenMP 5.2 11.6, static only): the master of
 * each team takes its share of n iterations, by teams. */
static __device__ inline void __ompicc_distribute_init(__ompicc_ws *w, long long n, long long chunk)
{
  __ompicc_static_init(w, n < 0 ? 0 : n, chunk, blockIdx.x, gridDim.x);
}

/* ---------------------------------------------------------------- ordered
 * for ordered with ordered blocks (OpenMP 5.2 11.5, 15.10.1): the team's
 * `ord` says that the iterations below it have ended; an iteration ends
 * (__ompicc_ordered_end) once `ord` reaches it, then raises it.  A block
 * waits for its iteration's turn in one of two ways:
 *
 * - threads scheduled independently (sm_70 on, the CPU device): the
 *   block waits until `ord` reaches its iteration.  The iteration below
 *   is held by a thread that is not waiting for a later one (chunks are
 *   handed out and run in increasing order), so it ends.
 * - before Volta a lane waiting for a lane of its own warp would hang the
 *   warp, so the loop runs schedule(static, 1) whatever its clause: in a
 *   round the lanes of a warp hold consecutive iterations, and the warp
 *   waits, all lanes alike, for the rounds of the warps before it
 *   (__ompicc_ordered_begin); inside, the lanes that reach a block
 *   together run it in turns, in lane order, which is iteration order
 *   (OMPICC_ORDERED).  Two different ordered constructs in one loop, or a
 *   block that the lanes of a warp reach at different times (in an inner
 *   loop), are not ordered among the lanes of one warp: doc/DEVLIB.md.
 *
 * A team of one runs its iterations in order anyway. */

/* Wait until the iterations below k have ended. */
static __device__ __forceinline__ void __ompicc_ordered_wait(long long k)
{
  while (*(volatile unsigned long long *)&__OMPICC_T->ord < (unsigned long long)k)
    __ompicc_pause();
  __threadfence();
}

/* #pragma omp for ordered: the loop starts when the previous ordered loop
 * of the team has ended for every thread (it may have had nowait). */
static __device__ inline void __ompicc_for_init_ordered(__ompicc_ws *w, long long n, int kind, long long chunk)
{
  int alone = __ompicc_alone();
  if (!alone) {
    __ompicc_barrier();
    if (__ompicc_g_get_thread_num() == 0)
      __OMPICC_T->ord = 0;
    __ompicc_barrier();
  }
#if !OMPICC_PER_THREAD_BARRIERS
  kind = OMPICC_SCHED_STATIC;
  chunk = 1;
#endif
  __ompicc_for_init(w, n, kind, chunk);
  w->ordered = !alone;
}

/* The start of iteration k (0 .. n-1) of a for ordered. */
static __device__ __forceinline__ void __ompicc_ordered_begin(__ompicc_ws *w, long long k)
{
#if !OMPICC_PER_THREAD_BARRIERS
  if (w->ordered) /* the warp's round starts at its lane 0's iteration */
    __ompicc_ordered_wait(k - __ompicc_g_get_thread_num() % 32);
#else
  (void)w, (void)k;
#endif
}

/* The end of iteration k, whether or not it ran an ordered block. */
static __device__ __forceinline__ void __ompicc_ordered_end(__ompicc_ws *w, long long k)
{
  if (!w->ordered)
    return;
#if OMPICC_PER_THREAD_BARRIERS
  __ompicc_ordered_wait(k);
#endif
  __threadfence();
  atomicMax(&__OMPICC_T->ord, (unsigned long long)(k + 1));
}

/* #pragma omp ordered: OMPICC_ORDERED(&w, k) { body } in iteration k. */
#if OMPICC_PER_THREAD_BARRIERS
#define OMPICC_ORDERED(w, k)                                                                   \
  for (int __ompicc_once = ((w)->ordered ? __ompicc_ordered_wait(k) : (void)0, 1); __ompicc_once; \
       __ompicc_once = 0)
#else
#define OMPICC_ORDERED(w, k)                                                                   \
  for (unsigned __ompicc_pending = (w)->ordered ? __activemask() : 1u << __ompicc_lane();      \
       __ompicc_pending; __ompicc_pending = __ompicc_next_turn(__ompicc_pending))              \
    if (__ompicc_my_turn(__ompicc_pending))
#endif

/* ---------------------------------------------------------------- single, masked */

/* #pragma omp single: thread 0 runs the block (the specification leaves
 * the choice to the implementation). */
static __device__ __forceinline__ int __ompicc_single(void)
{
  return __ompicc_g_get_thread_num() == 0;
}

/* #pragma omp masked filter(f) / master. */
static __device__ __forceinline__ int __ompicc_masked(int filter)
{
  return __ompicc_g_get_thread_num() == filter;
}

/* copyprivate(var): after the single block, the thread that ran it
 * (`executed`) broadcasts `size` bytes at p to the other threads' copies,
 * through shared memory, a piece at a time.  Ends with a barrier: this is
 * also the single's implicit barrier. */
static __device__ inline void __ompicc_copyprivate(void *p, size_t size, int executed)
{
  if (__ompicc_alone())
    return;
  __ompicc_gteam *t = __OMPICC_T;
  unsigned char *c = (unsigned char *)p;
  for (size_t off = 0; off < size; off += OMPICC_BCAST) {
    size_t len = size - off < OMPICC_BCAST ? size - off : OMPICC_BCAST;
    if (executed)
      memcpy(t->bcast, c + off, len);
    __ompicc_barrier();
    if (!executed)
      memcpy(c + off, t->bcast, len);
    __ompicc_barrier();
  }
}

/* ---------------------------------------------------------------- reductions */

/* reduction(op: var) on parallel, for, sections, in a parallel region's
 * function (a generic kernel's team, or a serialised region's team of
 * one, never an SPMD block, so the block's reduction is not compiled in):
 * every thread of the team calls this once with its private copy v; the
 * team's result is combined into *dst (the shared original) by thread 0
 * with one atomic update.  A team of one combines directly (dst may then
 * be thread-local).  Ends with a barrier only when the team has several
 * threads; the construct's own barrier (or the join) makes *dst
 * complete. */
template <class T, class Op>
static __device__ void __ompicc_region_reduce(T *dst, T v, Op op, int team = 0)
{
  if (!team && __ompicc_alone()) {
    *dst = op(*dst, v);
    return;
  }
  __ompicc_gstate *g = __OMPICC_G;
  unsigned t = __ompicc_tid(), n = g->nthreads, lane = t % 32, warp = t / 32;
  unsigned in_warp = n - warp * 32 < 32 ? n - warp * 32 : 32;
  v = __ompicc_warp_reduce(v, lane, in_warp, op);
  if (sizeof(T) > 8) {
    /* too big for partial: each warp combines its own, once every thread
     * has its private copy (an initializer may read the original) */
    __ompicc_team_barrier();
    if (lane == 0)
      __ompicc_combine(dst, v, op);
    return;
  }
  /* the reductions of a region take turns with two buffers: thread 0
   * reads the last one's while the threads write this one's, and has
   * read it before any of them passes this one's barrier to write it
   * again (a barrier less than with one buffer) */
  unsigned *word = __ompicc_thread_word(), turn = *word >> 31;
  *word ^= OMPICC_THREAD_TURN;
  T *partial = (T *)__OMPICC_T->partial[turn];
  if (lane == 0)
    partial[warp] = v;
  __ompicc_team_barrier();
  if (t == 0) { /* rolled: unrolled, this loop of at most 31 was 96 instructions of spmv-generic */
#if defined(__CUDACC__) && !defined(OMPICC_CUDA_EMU)
#pragma unroll 1
#endif
    for (unsigned i = 1; i < (n + 31) / 32; i++)
      v = op(v, partial[i]);
    __ompicc_combine(dst, v, op);
  }
}

/* reduction on teams (OpenMP 5.2 5.5.8): the master of each team combines
 * its value into the device copy once. */
template <class T, class Op> static __device__ __forceinline__ void __ompicc_teams_reduce(T *dst, T v, Op op)
{
  __ompicc_combine(dst, v, op);
}

/* The same anywhere else (the serial code's, or an orphaned construct's
 * in a function an SPMD kernel may call): an SPMD block's threads
 * combine as a block. */
template <class T, class Op> static __device__ void __ompicc_team_reduce(T *dst, T v, Op op)
{
  if (!__OMPICC_G->generic && !__ompicc_alone())
    __ompicc_reduce(dst, v, op);
  else
    __ompicc_region_reduce(dst, v, op);
}

/* Arrays and array sections (OpenMP 5.2 5.5.8), element by element: v
 * is the private copy of n elements, dst the original's first. */
template <class T, class Op>
static __device__ void __ompicc_team_reduce_n(T *dst, const T *v, long long n, Op op)
{
  for (long long k = 0; k < n; k++)
    __ompicc_team_reduce(&dst[k], v[k], op);
}
template <class T, class Op>
static __device__ void __ompicc_region_reduce_n(T *dst, const T *v, long long n, Op op)
{
  for (long long k = 0; k < n; k++)
    __ompicc_region_reduce(&dst[k], v[k], op);
}
template <class T, class Op>
static __device__ void __ompicc_teams_reduce_n(T *dst, const T *v, long long n, Op op)
{
  for (long long k = 0; k < n; k++)
    __ompicc_combine(&dst[k], v[k], op);
}

#endif
