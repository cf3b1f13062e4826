/* omp-sync.h - mutual exclusion inside generic kernels
 * (included by ompicc-generic.h): critical sections and the lock routines.
 *
 * Locks are ints in device (or shared) memory, taken with atomicCAS.  A
 * critical section never lets two lanes of one warp spin on one lock:
 * before Volta the lanes that arrive together take turns, one lane at a
 * time in a loop that is the same for all of them (so the warp
 * reconverges after each turn); from Volta on, and on the CPU-executed
 * device, each thread takes its own turn and the hardware (or the
 * scheduler) lets the holder run.  Atomics are in ompicc-device.h.
 *
 * OpenMP 5.2 15.2 critical, 18.9 lock routines.
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

/* Atomics (read, write, update, capture) are those of ompicc-device.h,
 * which SPMD kernels use too. */

#endif
