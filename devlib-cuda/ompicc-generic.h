/* ompicc-generic.h - the device library of generic-mode kernels: warp
 * specialisation and what OpenMP needs inside a target region that is not
 * one loop nest (DESIGN D4, D7; the calls each construct lowers to are in
 * doc/DEVLIB.md).
 *
 * Thread model.  A generic kernel runs one team per 1-D block of W + 32
 * threads: W worker threads (warps 0..W/32-1) and one master warp (the
 * last).  Lane 0 of the master warp (the master thread) runs the serial
 * code of the region; the workers wait at named barrier 1 (fork/join)
 * until the master registers a parallel region (its id and the block of
 * shared variables) and releases them; workers 0..n-1 run it as OpenMP
 * threads 0..n-1 while the master waits at the join.  Barriers inside a
 * parallel region use named barrier 2 with the thread count rounded up to
 * whole warps.  Nested parallel regions run on the encountering thread
 * alone (OpenMP 5.2 12.1.1: max-active-levels is 1 here).
 *
 * Whole warps and barriers (PTX ISA "bar, barrier").  Before Volta a warp
 * arrives at a barrier as a whole, whatever lanes are active: the other
 * lanes of the master warp exit at the start, and the lanes of a partly
 * used warp beyond num_threads simply skip the region.  From Volta on
 * (and on the CPU-executed device) each thread arrives on its own: the
 * other lanes of the master warp follow the workers through every fork
 * and join without running regions, and the lanes beyond num_threads of a
 * partly used warp arrive at every barrier of the region until thread 0
 * announces the region's last one (OMPICC_PER_THREAD_BARRIERS).
 *
 * Main structures, all in __shared__ memory so that orphaned constructs in
 * called functions find them: __ompicc_gstate (the team: region, shared
 * block, thread count, barrier counts, worksharing slots, the broadcast
 * and reduction buffers) and the shared-memory stack, which spills to
 * device malloc when full.
 *
 * OpenMP 5.2 sections implemented: 10.2 parallel, 11.5 for, 11.3 sections,
 * 11.1 single (copyprivate, 5.7.2), 10.5 masked/master, 15.3.1 barrier,
 * 15.2 critical, 15.8 atomic, 5.5 reductions, 11.6 distribute, 18.2/18.4/
 * 18.9/18.10 the device routines (thread and team numbers, levels, wtime,
 * locks).  Needs sm_53 and CUDA 10.2 at least; nothing assumes that the
 * lanes of a warp run in lockstep, and no two lanes of one warp spin on one
 * lock except where doc/DEVLIB.md says so (omp_set_lock before Volta).
 */
#ifndef OMPICC_GENERIC_H
#define OMPICC_GENERIC_H

#include "ompicc-device.h"

/* ---------------------------------------------------------------- limits */

#ifndef OMPICC_SHARED_STACK
#define OMPICC_SHARED_STACK 2048 /* bytes of shared memory for shared variables */
#endif
#ifndef OMPICC_FRAME_MAX
#define OMPICC_FRAME_MAX 128 /* bytes of a serial code's variable in a frame of its own */
#endif
#define OMPICC_MAX_BLOCK 1024  /* threads of a block (CUDA's limit) */
#define OMPICC_WS_SLOTS 8      /* dynamic loops a thread may run ahead of another, with nowait */
#define OMPICC_BCAST 256       /* copyprivate travels in pieces of this size */
#define OMPICC_BAR_FORK 1
#define OMPICC_BAR_TEAM 2
#define OMPICC_REGION_END (-1)

/* Schedules: the values of omp_sched_t (OpenMP 5.2 18.2.12), and runtime. */
enum {
  OMPICC_SCHED_STATIC = 1,
  OMPICC_SCHED_DYNAMIC = 2,
  OMPICC_SCHED_GUIDED = 3,
  OMPICC_SCHED_AUTO = 4,
  OMPICC_SCHED_RUNTIME = 5
};

/* Named barriers and the block's dynamic shared memory on the GPU
 * (cuda-emu.h defines them for the CPU).  From sm_70 barrier.sync, which
 * lets the threads of a warp arrive apart. */
#ifndef OMPICC_CUDA_EMU
#if __CUDA_ARCH__ >= 700
#define OMPICC_BAR_SYNC(id, n) asm volatile("barrier.sync %0, %1;" ::"r"(id), "r"(n) : "memory")
#define OMPICC_BAR_ARRIVE(id, n) asm volatile("barrier.arrive %0, %1;" ::"r"(id), "r"(n) : "memory")
#else
#define OMPICC_BAR_SYNC(id, n) asm volatile("bar.sync %0, %1;" ::"r"(id), "r"(n) : "memory")
#define OMPICC_BAR_ARRIVE(id, n) asm volatile("bar.arrive %0, %1;" ::"r"(id), "r"(n) : "memory")
#endif
#define OMPICC_DYNAMIC_SHARED(T, p)                                                            \
  extern __shared__ __align__(16) unsigned char __ompicc_dyn_shared[];                        \
  T *p = (T *)__ompicc_dyn_shared
#endif

#ifndef OMPICC_PER_THREAD_BARRIERS /* predefined 0 to compile the pre-Volta path */
#if defined(OMPICC_CUDA_EMU)
#define OMPICC_PER_THREAD_BARRIERS (OMPICC_EMU_ARCH >= 70) /* cuda-emu.h */
#elif !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 700
#define OMPICC_PER_THREAD_BARRIERS 1
#else
#define OMPICC_PER_THREAD_BARRIERS 0
#endif
#endif

/* ---------------------------------------------------------------- team state */

/* The ICVs of a data environment that device code may set (OpenMP 5.2
 * 2.1, table 2.1: nthreads-var, run-sched-var, dyn-var,
 * max-active-levels-var, default-device-var, def-allocator-var): one
 * record for the team's initial task (the master's serial code, or the
 * only thread of a kernel of one thread), and one per thread of a
 * parallel region that sets one (omp-icv.h).  epoch: the parallel region
 * the record of a thread belongs to. */
struct __ompicc_icvs {
  int nthreads;       /* 0: every thread the team may have */
  int run_sched, run_chunk; /* an omp_sched_t (with omp_sched_monotonic), 0: no chunk */
  int dyn;
  int max_active;
  int default_device;
  omp_allocator_handle_t def_alloc;
  unsigned epoch;
};

/* The initial values on the device (OpenMP 5.2 2.2): dyn-var false, one
 * active level (the most this library supports), default-device-var
 * the host, the default memory allocator. */
static __device__ __forceinline__ void __ompicc_icv_init(__ompicc_icvs *v, int sched, int chunk,
                                                         int nthreads)
{
  v->nthreads = nthreads;
  v->run_sched = sched == OMPICC_SCHED_RUNTIME ? OMPICC_SCHED_STATIC : sched;
  v->run_chunk = chunk;
  v->dyn = 0;
  v->max_active = 1;
  v->default_device = __ompicc_device_env.num_devices;
  v->def_alloc = omp_default_mem_alloc;
  v->epoch = ~0u;
}

struct __ompicc_gstate {
  int generic;            /* 1 in a generic kernel, 0 after __ompicc_spmd_begin */
  volatile int region;    /* the region the workers run next, or OMPICC_REGION_END */
  void *volatile args;    /* its block of shared variables */
  void (*volatile run)(int, void *); /* the switch of the file the region is in (a device
                                        function of another file may fork) */
  volatile int nthreads;  /* threads of the running parallel region, 0 outside */
  int bar_count;          /* team barriers thread 0 passed in this region */
  volatile int last_bar[2]; /* the count of the region's last barrier, in the slot of its
                               parity (-1 before): thread 0 writes it between the barrier
                               before and that one, while the idle lanes read the other
                               slot (compute-sanitizer's racecheck saw the race of one) */
  __ompicc_icvs icv;        /* the ICVs of the team's initial task */
  __ompicc_icvs *volatile thread_icvs; /* per thread (device malloc), NULL until one sets one */
  unsigned epoch;           /* parallel regions the team has begun */
  int thread_limit;         /* thread-limit-var: the thread_limit clause of the target or
                               teams construct (OpenMP 5.2 10.2, 10.1.1), 0: none */
#ifdef OMPICC_CUDA_EMU
  unsigned *thread_words;   /* the block's dynamic shared memory (__ompicc_thread_word) */
#endif
};

/* What only the threads of a generic team's parallel regions and
 * worksharing use: apart from __ompicc_gstate, so that an SPMD kernel
 * of a file with generic kernels, which sets the few words of the first
 * (__ompicc_spmd_begin), does not carry the 7.6 KB of this one in its
 * static shared memory unless it calls a routine that needs them. */
struct __ompicc_gteam {
  unsigned stack_top;       /* bytes used of stack[] */
  unsigned long long ord;   /* for ordered: the iterations below it have ended */
  unsigned long long ws[OMPICC_WS_SLOTS]; /* dynamic loops: sequence << 32 | next */
  unsigned ws_done[OMPICC_WS_SLOTS];      /* threads that finished a loop of the slot */
  __align__(16) unsigned char bcast[OMPICC_BCAST];  /* copyprivate */
  __align__(16) unsigned char partial[2][32 * 8];   /* a value per warp (reductions), by turn */
  __align__(16) unsigned char stack[OMPICC_SHARED_STACK];
};

/* The state of the block: one definition per kernel file, which is one
 * translation unit (as the template's static member, without warnings
 * for kernel files that never use it). */
template <int N> struct __ompicc_gstate_holder {
  static __device__ __forceinline__ __ompicc_gstate *get()
  {
    __shared__ __ompicc_gstate s;
    return &s;
  }
  static __device__ __forceinline__ __ompicc_gteam *team()
  {
    __shared__ __ompicc_gteam t;
    return &t;
  }
  /* per thread: the serialised parallel regions it is in (a parallel
   * inside a parallel region, or in a function an SPMD kernel calls:
   * OMPICC_NEST_LEVELS), and OMPICC_NEST_ALONE for a thread that is a
   * team of one outside them (the master and the other lanes of its warp
   * in a generic kernel, the thread of an SPMD block of one); apart from
   * the team's state, as SPMD kernels need it too */
  static __device__ __forceinline__ unsigned char *nest()
  {
    __shared__ unsigned char n[OMPICC_MAX_BLOCK];
    return n;
  }
};
#define __OMPICC_G (__ompicc_gstate_holder<0>::get())
#define __OMPICC_T (__ompicc_gstate_holder<0>::team())
#define __OMPICC_NEST (__ompicc_gstate_holder<0>::nest())

/* A word per thread of a generic kernel's block, in its dynamic shared
 * memory, which the runtime sizes to the block (OMPICC_GENERIC_DYNAMIC_SHARED
 * bytes a thread, rt-target.c): the dynamic loops the thread has begun in
 * the running parallel region (OMPICC_THREAD_LOOPS), and the turn of its
 * next reduction (OMPICC_THREAD_TURN, reductions begun modulo 2).  Arrays
 * of 1024 in the team's static state were 5 KB of shared memory in every
 * block, which limited a Jetson Nano's SM to 6 blocks of 160 threads. */
#define OMPICC_GENERIC_DYNAMIC_SHARED 4
#define OMPICC_THREAD_LOOPS 0x7fffffffu
#define OMPICC_THREAD_TURN 0x80000000u
static __device__ __forceinline__ unsigned *__ompicc_thread_word(void)
{
#ifdef OMPICC_CUDA_EMU /* its address once per block: on the CPU device a call */
  return &__ompicc_gstate_holder<0>::get()->thread_words[threadIdx.x];
#else
  OMPICC_DYNAMIC_SHARED(unsigned, words);
  return &words[threadIdx.x];
#endif
}
#define OMPICC_NEST_LEVELS 0x7f
#define OMPICC_NEST_ALONE 0x80

static __device__ __forceinline__ unsigned __ompicc_tid(void) { return threadIdx.x; }
static __device__ __forceinline__ unsigned __ompicc_lane(void) { return threadIdx.x % 32; }
static __device__ __forceinline__ unsigned __ompicc_workers(void) { return blockDim.x - 32; }
static __device__ __forceinline__ unsigned __ompicc_master_tid(void) { return blockDim.x - 32; }
static __device__ __forceinline__ unsigned __ompicc_whole(unsigned n) { return (n + 31) / 32 * 32; }
/* The threads a parallel region of the team may have: the workers, no
 * more than thread-limit-var (the block has whole warps of workers). */
static __device__ __forceinline__ unsigned __ompicc_team_limit(void)
{
  int limit = __OMPICC_G->thread_limit;
  return limit > 0 && (unsigned)limit < __ompicc_workers() ? (unsigned)limit : __ompicc_workers();
}

/* Does the calling thread run in a team of one: the master in serial code,
 * a thread inside a serialised nested region (in a generic or an SPMD
 * kernel), or the thread of an SPMD block of one?  One load: the kernel's
 * start set OMPICC_NEST_ALONE where the answer is yes outside serialised
 * regions (bench/sass: the three loads of each of its copies were 50
 * instructions of spmv-generic). */
static __device__ __forceinline__ int __ompicc_alone(void)
{
  return __OMPICC_NEST[__ompicc_tid()] != 0;
}
/* The serialised parallel regions the calling thread is in. */
static __device__ __forceinline__ unsigned __ompicc_nested(void)
{
  return __OMPICC_NEST[__ompicc_tid()] & OMPICC_NEST_LEVELS;
}

/* The calling thread's number and its team's size (OpenMP 5.2 18.2.2-4). */
static __device__ __forceinline__ int __ompicc_g_get_thread_num(void)
{
  if (__ompicc_alone())
    return 0;
  return (int)__ompicc_tid();
}
static __device__ __forceinline__ int __ompicc_g_get_num_threads(void)
{
  if (__ompicc_alone())
    return 1;
  return __OMPICC_G->generic ? __OMPICC_G->nthreads : (int)blockDim.x;
}

/* ---------------------------------------------------------------- errors */

/* A failure inside a kernel: the message, then the launch fails.  Out of
 * line: a printf inlined at each of its places made a tenth of a generic
 * kernel's code (bench/sass). */
static __device__ __noinline__ void __ompicc_fail(const char *what)
{
  printf("ompicc: error: device block %u thread %u: %s\n", blockIdx.x, threadIdx.x, what);
  __trap();
}

/* ---------------------------------------------------------------- barriers */

/* The barrier of a team of a generic kernel's workers, the calling
 * thread one of them.  Thread 0 counts them for the lanes beyond
 * num_threads. */
static __device__ __forceinline__ void __ompicc_team_barrier(void)
{
  __ompicc_gstate *g = __OMPICC_G;
  if (__ompicc_tid() == 0)
    g->bar_count++;
  __threadfence_block();
  OMPICC_BAR_SYNC(OMPICC_BAR_TEAM, __ompicc_whole(g->nthreads));
}

/* A team barrier (OpenMP 5.2 15.3.1), explicit or implicit, anywhere;
 * nothing for a team of one. */
static __device__ inline void __ompicc_barrier(void)
{
  if (__ompicc_alone())
    return;
  if (!__OMPICC_G->generic) {
    __syncthreads();
    return;
  }
  __ompicc_team_barrier();
}

/* The lanes of a partly used warp beyond num_threads (per-thread barriers
 * only): arrive at each barrier of the region until its last one. */
static __device__ inline void __ompicc_idle_lane(void)
{
  __ompicc_gstate *g = __OMPICC_G;
  unsigned whole = __ompicc_whole(g->nthreads);
  for (int passed = 1;; passed++) {
    OMPICC_BAR_SYNC(OMPICC_BAR_TEAM, whole);
    if (g->last_bar[passed & 1] == passed)
      return;
  }
}

/* The end of a region: when some lanes of the last warp idle, thread 0
 * announces the last barrier and the team passes it together. */
static __device__ inline void __ompicc_region_end(void)
{
  __ompicc_gstate *g = __OMPICC_G;
  if (g->nthreads % 32 == 0)
    return; /* the join is the implicit barrier */
  if (__ompicc_tid() == 0) {
    int last = g->bar_count + 1;
    g->last_bar[last & 1] = last;
  }
  __ompicc_team_barrier();
}

/* ---------------------------------------------------------------- fork and join */

/* A worker (or, with per-thread barriers, an idle lane of the master warp)
 * waits for regions until the end of the kernel.  R::dispatch(id, args)
 * is the kernel file's switch over the regions of its kernels' serial
 * code (__ompicc_fork), inlined here, the only place that runs them; any
 * other region (an orphaned parallel construct in a device function, of
 * this kernel file or another one linked into the image) comes with a
 * pointer to its file's R::run. */
template <class R> static __device__ void __ompicc_worker_loop(void)
{
  __ompicc_gstate *g = __OMPICC_G;
  unsigned t = __ompicc_tid(), all = blockDim.x;
  for (;;) {
    OMPICC_BAR_SYNC(OMPICC_BAR_FORK, all);
    int region = g->region;
    if (region == OMPICC_REGION_END)
      return;
    unsigned n = g->nthreads;
    if (t < n) {
      *__ompicc_thread_word() = 0;
      void (*run)(int, void *) = g->run;
      if (!run) /* a region of the kernel's own serial code: inlined here */
        R::dispatch(region, g->args);
      else
        run(region, g->args);
      __ompicc_region_end();
    } else if (OMPICC_PER_THREAD_BARRIERS && t < __ompicc_whole(n) && n % 32 != 0) {
      __ompicc_idle_lane();
    }
    __threadfence_block();
    OMPICC_BAR_SYNC(OMPICC_BAR_FORK, all);
  }
}

/* The start of a generic kernel, called by every thread of the block:
 * returns 1 in the master thread, which runs the serial code, and 0 in the
 * others once the master has called __ompicc_generic_end (they return
 * from the kernel).  run_sched/run_chunk: the run-sched-var ICV;
 * nthreads: the nthreads-var ICV (0: every worker). */
template <class R>
static __device__ inline int __ompicc_generic_begin(int run_sched = OMPICC_SCHED_STATIC,
                                             int run_chunk = 0, int nthreads = 0,
                                             int thread_limit = 0)
{
  __ompicc_gstate *g = __OMPICC_G;
  unsigned t = __ompicc_tid();
  if (blockDim.x % 32 || blockDim.y * blockDim.z != 1)
    __ompicc_fail("a generic kernel needs a 1-D block of whole warps");
  __OMPICC_NEST[t] = t >= __ompicc_workers() ? OMPICC_NEST_ALONE : 0;
  if (t == __ompicc_master_tid()) {
    /* the master alone: the workers read it inside parallel regions, after
     * the fork barrier (the same value from every thread was a race) */
    g->generic = 1;
    g->region = OMPICC_REGION_END;
    g->nthreads = 0;
    __OMPICC_T->stack_top = 0;
    __ompicc_icv_init(&g->icv, run_sched, run_chunk, nthreads);
    g->thread_icvs = 0;
    g->epoch = 0;
    g->thread_limit = thread_limit;
#ifdef OMPICC_CUDA_EMU
    OMPICC_DYNAMIC_SHARED(unsigned, words);
    g->thread_words = words;
#endif
    return 1;
  }
  if (t < __ompicc_workers() || OMPICC_PER_THREAD_BARRIERS)
    __ompicc_worker_loop<R>();
  return 0;
}

/* The end of the serial code: the workers leave their loop. */
static __device__ inline void __ompicc_generic_end(void)
{
  __ompicc_gstate *g = __OMPICC_G;
  g->region = OMPICC_REGION_END;
  __threadfence_block();
  OMPICC_BAR_SYNC(OMPICC_BAR_FORK, blockDim.x);
  if (g->thread_icvs)
    free(g->thread_icvs);
}

/* An SPMD kernel in a file that includes this header calls this first, so
 * that the OpenMP routines answer as in SPMD mode, and __ompicc_spmd_end
 * last (every thread of the block calls both): the ICVs every thread
 * starts with, and the records of those that set one. */
static __device__ inline void __ompicc_spmd_begin(void)
{
  __ompicc_gstate *g = __OMPICC_G;
  __OMPICC_NEST[threadIdx.x] = blockDim.x == 1 ? OMPICC_NEST_ALONE : 0;
  if (threadIdx.x == 0) {
    g->generic = 0;
    __ompicc_icv_init(&g->icv, OMPICC_SCHED_STATIC, 0, 0);
    g->thread_icvs = 0;
    g->epoch = 0;
  }
  __syncthreads();
}
static __device__ inline void __ompicc_spmd_end(void)
{
  __ompicc_gstate *g = __OMPICC_G;
  __syncthreads();
  if (threadIdx.x == 0 && g->thread_icvs)
    free(g->thread_icvs);
}

/* Run a region serialised on the calling thread (a team of one): in a
 * generic kernel, or in a function an SPMD kernel's threads call, each
 * thread then its own team (OpenMP 5.2 10.2: a nested parallel region
 * that is inactive). */
template <class R> static __device__ void __ompicc_serial_region(int id, void *args)
{
  unsigned t = __ompicc_tid();
  if ((__OMPICC_NEST[t] & OMPICC_NEST_LEVELS) == OMPICC_NEST_LEVELS)
    __ompicc_fail("more than 126 nested parallel regions");
  __OMPICC_NEST[t]++;
  R::run(id, args);
  __OMPICC_NEST[t]--;
}

/* The fork and join of a team for `run`'s region `id` (0: the kernel's
 * own R::dispatch) on n threads, from the master's serial code. */
static __device__ void __ompicc_fork_team(void (*run)(int, void *), int id, void *args, unsigned n)
{
  __ompicc_gstate *g = __OMPICC_G;
  g->epoch++; /* its threads start with the master's ICVs */
  g->region = id;
  g->args = args;
  g->run = run;
  g->nthreads = n;
  g->bar_count = 0;
  g->last_bar[0] = g->last_bar[1] = -1;
  for (int i = 0; i < OMPICC_WS_SLOTS; i++) {
    __OMPICC_T->ws[i] = 0;
    __OMPICC_T->ws_done[i] = 0;
  }
  __threadfence_block();
  OMPICC_BAR_SYNC(OMPICC_BAR_FORK, blockDim.x); /* fork */
  OMPICC_BAR_SYNC(OMPICC_BAR_FORK, blockDim.x); /* join */
  g->nthreads = 0;
}

/* The threads of a region the master forks: num_threads (0: none given),
 * else nthreads-var, within the team's limit; one when max-active-levels-
 * var is 0 (an inactive region, OpenMP 5.2 10.2.1). */
static __device__ __forceinline__ unsigned __ompicc_fork_threads(int nthreads)
{
  __ompicc_gstate *g = __OMPICC_G;
  unsigned w = __ompicc_team_limit();
  unsigned n = g->icv.max_active < 1 ? 1u
               : nthreads > 0        ? (unsigned)nthreads
               : g->icv.nthreads > 0 ? (unsigned)g->icv.nthreads
                                     : w;
  return n < w ? n : w;
}

/* #pragma omp parallel in a generic kernel's serial code (OpenMP 5.2
 * 10.2): region `id` of R::dispatch, with the shared variables at
 * `args`, on the workers (nthreads: the num_threads clause, 0: none; 1
 * for an if clause that is false).  Only the master runs that code, and
 * the region never runs on it: R::dispatch is inlined into the workers'
 * loop alone, with no call and no registers saved around one.  The
 * runtime gives a generic kernel a warp of workers at least, unless its
 * blocks cannot hold two warps (rt-target.c): then the kernel fails here. */
template <class R> static __device__ void __ompicc_fork(int id, void *args, int nthreads)
{
  unsigned n = __ompicc_fork_threads(nthreads);
  if (n == 0)
    __ompicc_fail("a parallel region of a generic kernel launched without workers (a block of "
                  "one warp)");
  __ompicc_fork_team(0, id, args, n);
}

/* #pragma omp parallel anywhere else: region `id` of R::run.  From the
 * master (a device function the serial code calls) the workers run it;
 * anywhere else (a nested region, or a kernel without workers) the
 * calling thread alone. */
template <class R> static __device__ void __ompicc_parallel(int id, void *args, int nthreads)
{
  __ompicc_gstate *g = __OMPICC_G;
  unsigned t = __ompicc_tid();
  if (!g->generic || t != __ompicc_master_tid() || __ompicc_nested() != 0 ||
      __ompicc_team_limit() == 0 ||
      g->icv.max_active < 1) { /* max-active-levels-var 0: an inactive region */
    __ompicc_serial_region<R>(id, args);
    return;
  }
  __ompicc_fork_team(R::run, id, args, __ompicc_fork_threads(nthreads));
}

/* ---------------------------------------------------------------- shared stack */

/* `size` bytes of device malloc, or the kernel fails with `what`: the
 * slow path of the shared stack, out of line. */
static __device__ __noinline__ void *__ompicc_heap(size_t size, const char *what)
{
  void *p = malloc(size);
  if (!p)
    __ompicc_fail(what);
  return p;
}

/* Room for `size` bytes that the master shares with the workers: on the
 * shared-memory stack, or from device malloc when that is full.  Freed in
 * reverse order with __ompicc_pop. */
static __device__ inline void *__ompicc_push(size_t size)
{
  __ompicc_gteam *t = __OMPICC_T;
  size_t at = (t->stack_top + 15) & ~(size_t)15;
  if (at + size <= OMPICC_SHARED_STACK) {
    t->stack_top = (unsigned)(at + size);
    return t->stack + at;
  }
  return __ompicc_heap(size, "out of device memory for the variables shared with a parallel region "
                             "(the shared-memory stack is full and malloc failed; give the "
                             "device heap more with OMPICC_DEVICE_HEAP, or build with a larger "
                             "-DOMPICC_SHARED_STACK)");
}

/* Is p in shared memory (the shared stack), not in the heap?  On the GPU
 * one instruction, where two 64-bit comparisons of generic addresses
 * were 9 at each pop (bench/sass). */
static __device__ __forceinline__ int __ompicc_in_stack(const void *p)
{
#ifdef OMPICC_CUDA_EMU
  const unsigned char *c = (const unsigned char *)p, *stack = __OMPICC_T->stack;
  return c >= stack && c < stack + OMPICC_SHARED_STACK;
#else
  unsigned yes;
  asm("{\n\t.reg .pred p;\n\tisspacep.shared p, %1;\n\tselp.u32 %0, 1, 0, p;\n\t}"
      : "=r"(yes)
      : "l"(p));
  return yes;
#endif
}

static __device__ inline void __ompicc_pop(void *p)
{
  __ompicc_gteam *t = __OMPICC_T;
  if (__ompicc_in_stack(p))
    t->stack_top = (unsigned)((unsigned char *)p - t->stack);
  else
    free(p);
}

/* Room for `Size` bytes that a kernel's serial code shares with its
 * regions at its place number `Site` (one per place in a kernel file):
 * the place's own static shared memory, so that neither the room nor its
 * release costs an instruction; larger than OMPICC_FRAME_MAX bytes, the
 * shared stack.  Only the master runs the serial code, once per block,
 * and a kernel does not recurse, so a place's room is never in use twice
 * at once (a place in a loop has it again in the next iteration, as the
 * stack's push after the pop would).  The pushes and pops of spmv-generic's
 * row were 110 of its 984 instructions (bench/sass). */
template <int Site, size_t Size> static __device__ __forceinline__ void *__ompicc_frame(void)
{
  if (Size > OMPICC_FRAME_MAX)
    return __ompicc_push(Size);
  __shared__ __align__(16) unsigned char room[Size > 0 && Size <= OMPICC_FRAME_MAX ? Size : 1];
  return room;
}
/* The end of __ompicc_frame<Site, Size>'s room. */
template <int Site, size_t Size> static __device__ __forceinline__ void __ompicc_unframe(void *p)
{
  if (Size > OMPICC_FRAME_MAX)
    __ompicc_pop(p);
  else
    (void)p;
}

/* A slot of a region's argument block (void *[n]) that carries a value,
 * not a pointer: a scalar of at most a pointer's size, in the slot's
 * bytes (what was a memcpy, which nvcc made a copy byte by byte, 36
 * instructions for two slots of spmv-generic). */
template <class T> static __device__ __forceinline__ void __ompicc_slot_set(void **slot, const T &v)
{
  static_assert(sizeof(T) <= sizeof(void *), "a value in a slot of the argument block");
  union {
    void *p;
    T v;
  } bits;
  bits.p = 0;
  bits.v = v;
  *slot = bits.p;
}
template <class T> static __device__ __forceinline__ void __ompicc_slot_get(T *v, void *const *slot)
{
  static_assert(sizeof(T) <= sizeof(void *), "a value in a slot of the argument block");
  union {
    void *p;
    T v;
  } bits;
  bits.p = *slot;
  *v = bits.v;
}

#include "omp-icv.h"
#include "omp-worksharing.h"
#include "omp-sync.h"
#include "omp-alloc.h"

/* ---------------------------------------------------------------- OpenMP routines */

/* Is the calling thread one of the team of the kernel's own parallel
 * region (level 1): a worker of a generic kernel's region, or a thread
 * of an SPMD block of several?  Serialised regions inside count above. */
static __device__ __forceinline__ int __ompicc_in_team(void)
{
  return __OMPICC_G->generic ? __ompicc_tid() < __ompicc_workers() : blockDim.x > 1;
}
static __device__ __forceinline__ int __ompicc_g_get_level(void)
{
  return __ompicc_in_team() + (int)__ompicc_nested();
}
/* the serialised regions are inactive; the team's region is active when
 * it has several threads (OpenMP 5.2 18.2.17) */
static __device__ __forceinline__ int __ompicc_g_get_active_level(void)
{
  __ompicc_gstate *g = __OMPICC_G;
  return __ompicc_in_team() && (g->generic ? g->nthreads > 1 : 1);
}
static __device__ __forceinline__ int __ompicc_g_in_parallel(void)
{
  return __ompicc_g_get_active_level() > 0;
}
static __device__ __forceinline__ int __ompicc_g_get_max_threads(void)
{
  __ompicc_gstate *g = __OMPICC_G;
  if (!g->generic)
    return blockDim.x;
  if (__ompicc_tid() != __ompicc_master_tid() || __ompicc_nested())
    return 1; /* a nested region would be serialised */
  int w = (int)__ompicc_team_limit(), n = g->icv.nthreads;
  if (g->icv.max_active < 1)
    return 1;
  return n > 0 && n < w ? n : w > 0 ? w : 1;
}
static __device__ __forceinline__ int __ompicc_g_get_thread_limit(void)
{
  int w = __OMPICC_G->generic ? (int)__ompicc_team_limit() : (int)blockDim.x;
  return w > 0 ? w : 1;
}
/* level 1 is the team's region, the levels above it serialised regions
 * of one thread (OpenMP 5.2 18.2.18-19) */
static __device__ __forceinline__ int __ompicc_g_get_ancestor_thread_num(int level)
{
  int l = __ompicc_g_get_level();
  if (level < 0 || level > l)
    return -1;
  if (level == 1 && __ompicc_in_team())
    return (int)__ompicc_tid();
  return 0;
}
static __device__ __forceinline__ int __ompicc_g_get_team_size(int level)
{
  int l = __ompicc_g_get_level();
  if (level < 0 || level > l)
    return -1;
  if (level == 1 && __ompicc_in_team())
    return __OMPICC_G->generic ? __OMPICC_G->nthreads : (int)blockDim.x;
  return 1;
}
static __device__ __forceinline__ double omp_get_wtime(void)
{
  unsigned long long ns;
#ifdef OMPICC_CUDA_EMU
  ns = __globaltimer();
#else
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(ns));
#endif
  return ns * 1e-9;
}
static __device__ __forceinline__ double omp_get_wtick(void) { return 1e-6; }
static __device__ __forceinline__ int omp_in_final(void) { return 0; }

/* The names user code calls, from here on the generic versions (which also
 * answer in SPMD kernels that called __ompicc_spmd_begin). */
#define omp_get_thread_num __ompicc_g_get_thread_num
#define omp_get_num_threads __ompicc_g_get_num_threads
#define omp_get_max_threads __ompicc_g_get_max_threads
#define omp_get_thread_limit __ompicc_g_get_thread_limit
#define omp_get_level __ompicc_g_get_level
#define omp_get_active_level __ompicc_g_get_active_level
#define omp_in_parallel __ompicc_g_in_parallel
#define omp_get_ancestor_thread_num __ompicc_g_get_ancestor_thread_num
#define omp_get_team_size __ompicc_g_get_team_size

#include "omp-affinity.h"

#endif
