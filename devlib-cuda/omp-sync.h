/* omp-sync.h - mutual exclusion and atomics inside generic kernels
 * (included by ompicc-generic.h): critical sections, the lock routines,
 * and atomic read, write, update and capture.
 *
 * Locks are ints in device (or shared) memory, taken with atomicCAS.  A
 * critical section never lets two lanes of one warp spin on one lock:
 * before Volta the lanes that arrive together take turns, one lane at a
 * time in a loop that is the same for all of them (so the warp
 * reconverges after each turn); from Volta on, and on the CPU-executed
 * device, each thread takes its own turn and the hardware (or the
 * scheduler) lets the holder run.  Atomics are compare-and-swap loops on
 * the 4- or 8-byte word (lock-free), or the native atomic where every
 * architecture from sm_53 has it.
 *
 * OpenMP 5.2 15.2 critical, 15.8 atomic, 18.9 lock routines.
 */
#ifndef OMPICC_OMP_SYNC_H
#define OMPICC_OMP_SYNC_H

/* ---------------------------------------------------------------- locks */

static __device__ __forceinline__ int __ompicc_lock_acquire(int *lock)
{
  while (atomicCAS(lock, 0, 1) != 0) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700
    __nanosleep(64);
#endif
  }
  __threadfence();
  return 1;
}

static __device__ __forceinline__ int __ompicc_lock_release(int *lock)
{
  __threadfence();
  atomicExch(lock, 0);
  return 0;
}

/* The lanes that take turns: the converged lanes before Volta, else the
 * calling thread alone. */
static __device__ __forceinline__ unsigned __ompicc_turn_lanes(void)
{
#if OMPICC_PER_THREAD_BARRIERS
  return 1u << __ompicc_lane();
#else
  return __activemask();
#endif
}

static __device__ __forceinline__ int __ompicc_my_turn(unsigned pending)
{
  return (unsigned)(__ffs((int)pending) - 1) == __ompicc_lane();
}

/* #pragma omp critical [(name)]: OMPICC_CRITICAL(&lock) { body }, where
 * the lock is a __device__ int of the kernel file (one per name; the
 * unnamed one is __ompicc_crit_unnamed).  The body runs once per thread,
 * holding the lock.  A critical section runs on a thread of a team or
 * alone; it must not contain a barrier (OpenMP 5.2 17.1). */
#define OMPICC_CRITICAL(lock)                                                                  \
  for (unsigned __ompicc_pending = __ompicc_turn_lanes(); __ompicc_pending;                   \
       __ompicc_pending &= __ompicc_pending - 1)                                               \
    if (__ompicc_my_turn(__ompicc_pending))                                                    \
      for (int __ompicc_held = __ompicc_lock_acquire(lock); __ompicc_held;                    \
           __ompicc_held = __ompicc_lock_release(lock))

__device__ int __ompicc_crit_unnamed;

/* The lock routines (OpenMP 5.2 18.9).  omp_lock_t of the device: the
 * kernel file must not print the host's omp.h definition. */
#ifndef OMPICC_NO_OMP_LOCK_T
typedef struct omp_lock_t {
  int lock;
} omp_lock_t;
#endif

static __device__ __forceinline__ void omp_init_lock(omp_lock_t *l)
{
  atomicExch(&l->lock, 0);
}
static __device__ __forceinline__ void omp_destroy_lock(omp_lock_t *l) { (void)l; }
static __device__ __forceinline__ int omp_test_lock(omp_lock_t *l)
{
  if (atomicCAS(&l->lock, 0, 1) != 0)
    return 0;
  __threadfence();
  return 1;
}
static __device__ __forceinline__ void omp_unset_lock(omp_lock_t *l)
{
  __ompicc_lock_release(&l->lock);
}

#if OMPICC_PER_THREAD_BARRIERS
static __device__ __forceinline__ void omp_set_lock(omp_lock_t *l) { __ompicc_lock_acquire(&l->lock); }
#else
/* Before Volta a lane that holds a lock waits for the rest of its warp:
 * the lanes that arrive together take the lock in turns, and two of them
 * asking for the same lock (which would hang the warp) is an error. */
static __device__ inline void omp_set_lock(omp_lock_t *l)
{
  unsigned lanes = __activemask();
  unsigned long long mine = (unsigned long long)l;
  for (unsigned p = lanes; p; p &= p - 1) {
    unsigned long long other = __shfl_sync(lanes, mine, __ffs((int)p) - 1);
    if (other == mine && !__ompicc_my_turn(p))
      __ompicc_fail("omp_set_lock: two threads of one warp set the same lock at once, "
                    "which cannot work before Volta (sm_70)");
  }
  for (unsigned p = lanes; p; p &= p - 1)
    if (__ompicc_my_turn(p))
      __ompicc_lock_acquire(&l->lock);
}
#endif

/* ---------------------------------------------------------------- atomics */

/* #pragma omp atomic read: v = *p. */
template <class T> static __device__ __forceinline__ T __ompicc_atomic_read(T *p)
{
  static_assert(sizeof(T) == 4 || sizeof(T) == 8, "atomics on 4- and 8-byte types");
  typedef typename __ompicc_word<sizeof(T)>::type W;
  W bits = *(volatile W *)p;
  T v;
  memcpy(&v, &bits, sizeof v);
  return v;
}

/* *p = op(*p, v) by compare-and-swap, returning the value before. */
template <class T, class Op> static __device__ T __ompicc_atomic_fetch(T *p, T v, Op op)
{
  static_assert(sizeof(T) == 4 || sizeof(T) == 8, "atomics on 4- and 8-byte types");
  typedef typename __ompicc_word<sizeof(T)>::type W;
  W *word = (W *)p;
  W old = *(volatile W *)word, assumed;
  T cur;
  do {
    assumed = old;
    memcpy(&cur, &assumed, sizeof cur);
    T next = op(cur, v);
    W nbits;
    memcpy(&nbits, &next, sizeof nbits);
    old = atomicCAS(word, assumed, nbits);
  } while (old != assumed);
  return cur;
}

/* Replace with v (the write form and the swap of capture). */
struct __ompicc_op_assign {
  template <class T> __device__ T operator()(T, T b) const { return b; }
};

/* #pragma omp atomic write: *p = v. */
template <class T> static __device__ __forceinline__ void __ompicc_atomic_write(T *p, T v)
{
  __ompicc_atomic_fetch(p, v, __ompicc_op_assign());
}

/* #pragma omp atomic capture: the value of *p before (after = 0) or after
 * (after = 1) *p = op(*p, v). */
template <class T, class Op>
static __device__ __forceinline__ T __ompicc_atomic_capture(T *p, T v, Op op, int after)
{
  T old = __ompicc_atomic_fetch(p, v, op);
  return after ? op(old, v) : old;
}

/* #pragma omp atomic [update] is __ompicc_atomic(p, v, op) of
 * ompicc-device.h; x -= v is x += -v (and for unsigned, the same bits). */

#endif
