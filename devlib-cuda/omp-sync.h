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
 * the lock is one __device__ int per name in the image, whatever file
 * the critical construct is in (OMPICC_CRITICAL_LOCK; the unnamed one is
 * __ompicc_crit_unnamed).  The body runs once per thread,
 * holding the lock.  A critical section runs on a thread of a team or
 * alone; it must not contain a barrier (OpenMP 5.2 17.1). */
#define OMPICC_CRITICAL(lock)                                                                  \
  for (unsigned __ompicc_pending = __ompicc_turn_lanes(); __ompicc_pending;                   \
       __ompicc_pending = __ompicc_next_turn(__ompicc_pending))                                \
    if (__ompicc_my_turn(__ompicc_pending))                                                    \
      for (int __ompicc_held = __ompicc_lock_acquire(lock); __ompicc_held;                    \
           __ompicc_held = __ompicc_lock_release(lock))

/* The lock of the critical sections named NAME: a variable template's
 * instance, one per image however many kernel files use it (ompicc-device.h,
 * __ompicc_device_env); the kernel file declares `struct
 * __ompicc_critical_NAME;` first. */
template <typename Name> __device__ int __ompicc_crit_v;
#define OMPICC_CRITICAL_LOCK(name) __ompicc_crit_v<struct __ompicc_critical_##name>
struct __ompicc_critical_unnamed;
#define __ompicc_crit_unnamed OMPICC_CRITICAL_LOCK(unnamed)

/* The lock routines (OpenMP 5.2 18.9), on omp_lock_t and omp_nest_lock_t
 * of omp-types.h.  Hints (18.9.2) change nothing: every lock is the
 * same compare-and-swap word. */

#if OMPICC_PER_THREAD_BARRIERS
static __device__ __forceinline__ void __ompicc_set_lock_word(int *w) { __ompicc_lock_acquire(w); }
#else
/* Before Volta a lane that holds a lock waits for the rest of its warp:
 * the lanes that arrive together take the lock in turns, and two of them
 * asking for the same lock (which would hang the warp) is an error. */
static __device__ inline void __ompicc_set_lock_word(int *w)
{
  unsigned lanes = __activemask();
  unsigned long long mine = (unsigned long long)w;
  for (unsigned p = lanes; p; p &= p - 1) {
    unsigned long long other = __shfl_sync(lanes, mine, __ffs((int)p) - 1);
    if (other == mine && !__ompicc_my_turn(p))
      __ompicc_fail("omp_set_lock: two threads of one warp set the same lock at once, "
                    "which cannot work before Volta (sm_70)");
  }
  for (unsigned p = lanes; p; p = __ompicc_next_turn(p))
    if (__ompicc_my_turn(p))
      __ompicc_lock_acquire(w);
}
#endif

static __device__ __forceinline__ int __ompicc_test_lock_word(int *w)
{
  if (atomicCAS(w, 0, 1) != 0)
    return 0;
  __threadfence();
  return 1;
}

static __device__ __forceinline__ void omp_init_lock(omp_lock_t *l) { atomicExch(&l->lock, 0); }
static __device__ __forceinline__ void omp_init_lock_with_hint(omp_lock_t *l, omp_sync_hint_t hint)
{
  (void)hint;
  omp_init_lock(l);
}
static __device__ __forceinline__ void omp_destroy_lock(omp_lock_t *l) { (void)l; }
static __device__ __forceinline__ int omp_test_lock(omp_lock_t *l) { return __ompicc_test_lock_word(&l->lock); }
static __device__ __forceinline__ void omp_unset_lock(omp_lock_t *l) { __ompicc_lock_release(&l->lock); }
static __device__ __forceinline__ void omp_set_lock(omp_lock_t *l) { __ompicc_set_lock_word(&l->lock); }

/* A nestable lock belongs to a task; in device code a task is the thread
 * that runs it (tasks run at once), named by its block and thread. */
static __device__ __forceinline__ unsigned long long __ompicc_task_id(void)
{
  unsigned long long block = blockIdx.x + (unsigned long long)gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
  return (block << 32 | threadIdx.x) + 1;
}
static __device__ __forceinline__ void omp_init_nest_lock(omp_nest_lock_t *l)
{
  l->owner = 0;
  l->count = 0;
  atomicExch(&l->lock, 0);
}
static __device__ __forceinline__ void omp_init_nest_lock_with_hint(omp_nest_lock_t *l,
                                                                    omp_sync_hint_t hint)
{
  (void)hint;
  omp_init_nest_lock(l);
}
static __device__ __forceinline__ void omp_destroy_nest_lock(omp_nest_lock_t *l) { (void)l; }
/* Only the holder ever finds its own name in owner.  Other tasks read it
 * while the holder writes it: volatile both ways (a plain write beside a
 * volatile read is a data race in the PTX memory model). */
static __device__ __forceinline__ int __ompicc_nest_held(omp_nest_lock_t *l)
{
  return *(volatile unsigned long long *)&l->owner == __ompicc_task_id();
}
static __device__ __forceinline__ void __ompicc_nest_own(omp_nest_lock_t *l, unsigned long long who)
{
  *(volatile unsigned long long *)&l->owner = who;
}
static __device__ inline void omp_set_nest_lock(omp_nest_lock_t *l)
{
  if (!__ompicc_nest_held(l)) {
    __ompicc_set_lock_word(&l->lock);
    __ompicc_nest_own(l, __ompicc_task_id());
  }
  l->count++;
}
static __device__ inline void omp_unset_nest_lock(omp_nest_lock_t *l)
{
  if (--l->count == 0) {
    __ompicc_nest_own(l, 0);
    __ompicc_lock_release(&l->lock);
  }
}
/* The new nesting count, or 0 when another task holds the lock. */
static __device__ inline int omp_test_nest_lock(omp_nest_lock_t *l)
{
  if (!__ompicc_nest_held(l)) {
    if (!__ompicc_test_lock_word(&l->lock))
      return 0;
    __ompicc_nest_own(l, __ompicc_task_id());
  }
  return ++l->count;
}

/* Atomics (read, write, update, capture) are those of ompicc-device.h,
 * which SPMD kernels use too. */

#endif
