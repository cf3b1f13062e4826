// Generic-mode kernels written as the code generator lowers OpenMP to the
// calls of ompicc-generic.h (doc/DEVLIB.md); harness.c launches and checks
// them.  Each parallel region is a function taking its block of shared
// variables; Regions::run is the file's switch over the region ids.
#include "ompicc-generic.h"

struct Regions {
  // the regions __ompicc_fork starts (the serial code's: here forkjoin's)
  static __device__ __forceinline__ void dispatch(int id, void *args);
  // those __ompicc_parallel starts, or runs on the calling thread
  static __device__ void run(int id, void *args);
};

// ------------------------------------------------------------ fork and join
// #pragma omp target: for k: #pragma omp parallel num_threads(nts[k]) with
// two user barriers inside; serial code between the regions reads what
// the region left.

struct ForkArgs {
  int *out, *buf, k, count;
};

static __device__ void region_fork(ForkArgs *a)
{
  int t = omp_get_thread_num(), n = omp_get_num_threads(), *o = a->out + a->k * 8;
  atomicAdd(&a->count, 1);
  atomicAdd(&o[0], t);
  if (t == 0)
    o[1] = n;
  if (omp_get_level() != 1 || omp_in_parallel() != (n > 1))
    atomicAdd(&o[2], 1);
  for (int round = 1; round <= 2; round++) {
    a->buf[t] = t * round + a->k;
    __ompicc_barrier();
    if (a->buf[(t + 1) % n] != (t + 1) % n * round + a->k)
      atomicAdd(&o[3], 1);
    __ompicc_barrier();
  }
}

// fork: start the regions as the code generator does in a kernel's serial
// code (__ompicc_fork, which needs workers), else as in a device function
// the master calls (__ompicc_parallel, which runs them on the master alone
// in a block without workers)
extern "C" __global__ void forkjoin(int *out, int *buf, int *nts, int regions, int fork)
{
  if (!__ompicc_generic_begin<Regions>())
    return;
  ForkArgs *a = (ForkArgs *)__ompicc_push(sizeof(ForkArgs));
  a->out = out;
  a->buf = buf + blockIdx.x * OMPICC_MAX_BLOCK; // this team's
  for (int k = 0; k < regions; k++) {
    a->k = k;
    a->count = 0;
    if (fork)
      __ompicc_fork<Regions>(1, a, nts[k]);
    else
      __ompicc_parallel<Regions>(1, a, nts[k]);
    out[k * 8 + 4] = a->count; // serial code sees the region's work
    out[k * 8 + 5] = omp_get_thread_num() + 10 * omp_get_num_threads() + 100 * omp_get_level();
  }
  __ompicc_pop(a);
  __ompicc_generic_end();
}

// ------------------------------------------------------------ critical
// target teams: each team's master and parallel threads increment one
// counter in an unnamed critical section and another under a named one.

__device__ int crit_named_lock;

struct CritArgs {
  int *counter, reps, team_count;
  omp_lock_t lock;
};

static __device__ void bump(int *p, int by)
{
  int v = *(volatile int *)p;
  __threadfence();
  *(volatile int *)p = v + by;
}

static __device__ void region_crit(CritArgs *a)
{
  for (int i = 0; i < a->reps; i++) {
    // read, let the other threads run (a fence does on the CPU device), write
    OMPICC_CRITICAL(&__ompicc_crit_unnamed) { bump(&a->counter[0], 1); }
    OMPICC_CRITICAL(&crit_named_lock) { bump(&a->counter[1], 2); }
    omp_set_lock(&a->lock); // a lock of this team, in shared memory
    bump(&a->team_count, 1);
    omp_unset_lock(&a->lock);
  }
}

extern "C" __global__ void critical(int *counter, int reps, int nthreads)
{
  if (!__ompicc_generic_begin<Regions>())
    return;
  CritArgs *a = (CritArgs *)__ompicc_push(sizeof(CritArgs));
  a->counter = counter;
  a->team_count = 0;
  a->reps = reps;
  omp_init_lock(&a->lock);
  OMPICC_CRITICAL(&__ompicc_crit_unnamed) { counter[0]++; }
  __ompicc_parallel<Regions>(2, a, nthreads);
  OMPICC_CRITICAL(&crit_named_lock) { counter[3] += a->team_count; }
  if (!omp_test_lock(&a->lock))
    counter[2] = 99; // nobody holds it now
  omp_unset_lock(&a->lock);
  omp_destroy_lock(&a->lock);
  __ompicc_pop(a);
  __ompicc_generic_end();
}

// ------------------------------------------------------------ atomics

#include "atoms.h"

static __device__ void region_atomics(Atoms *a)
{
  int t = omp_get_thread_num();
  __ompicc_atomic(&a->i, 3, __ompicc_op_add());
  __ompicc_atomic(&a->u, 5u, __ompicc_op_add());
  __ompicc_atomic(&a->ll, 1ll << 33, __ompicc_op_add());
  __ompicc_atomic(&a->f, 0.5f, __ompicc_op_add());
  __ompicc_atomic(&a->d, 0.25, __ompicc_op_add());
  __ompicc_atomic(&a->i, -1, __ompicc_op_add()); // x -= 1
  // capture: each thread sees a different value before its update
  int ci = __ompicc_atomic_capture(&a->ci, 1, __ompicc_op_add(), 0);
  long long cll = __ompicc_atomic_capture(&a->cll, 1ll << 40, __ompicc_op_add(), 1);
  double cd = __ompicc_atomic_capture(&a->cd, 1.0, __ompicc_op_add(), 0);
  unsigned cu = __ompicc_atomic_capture(&a->cu, 1u, __ompicc_op_max(), 0);
  float cf = __ompicc_atomic_capture(&a->cf, 2.0f, __ompicc_op_mul(), 1);
  if (ci < 0 || cll % (1ll << 40) || cd != (double)(int)cd ||
      cu > 1 || cf < 2.0f)
    atomicAdd(&a->bad, 1);
  __ompicc_atomic_write(&a->wi, t);
  __ompicc_atomic_write(&a->wll, (long long)t << 35);
  __ompicc_atomic_write(&a->wd, t + 0.5);
  int ri = __ompicc_atomic_read(&a->wi);
  long long rll = __ompicc_atomic_read(&a->wll);
  double rd = __ompicc_atomic_read(&a->wd);
  unsigned ru = __ompicc_atomic_read(&a->u);
  float rf = __ompicc_atomic_read(&a->f);
  if (ri < 0 || rll % (1ll << 35) || rd - (int)rd != 0.5 || ru % 5 || rf < 0.5f)
    atomicAdd(&a->bad, 1);
}

extern "C" __global__ void atomics(Atoms *a, int nthreads)
{
  if (!__ompicc_generic_begin<Regions>())
    return;
  a->cf = 1.0f;
  __ompicc_parallel<Regions>(3, a, nthreads);
  __ompicc_generic_end();
}

// ------------------------------------------------------------ schedules
// for schedule(kind, chunk) over n iterations, several times with nowait,
// counting each iteration; lastprivate(i) by the thread of the last one.

struct SchedArgs {
  int *hits;
  long long n, last;
  int kind, chunk, loops, lastcount;
};

static __device__ void region_sched(SchedArgs *a)
{
  for (int l = 0; l < a->loops; l++) {
    __ompicc_ws w;
    long long lo, hi, last = -1;
    __ompicc_for_init(&w, a->n, a->kind, a->chunk);
    while (__ompicc_for_next(&w, &lo, &hi)) {
      for (long long i = lo; i < hi; i++) {
        atomicAdd(&a->hits[i], 1);
        last = i;
      }
      if (__ompicc_is_last(hi, a->n)) {
        a->last = last;
        atomicAdd(&a->lastcount, 1);
      }
    }
    __ompicc_for_fini(l < a->loops - 1); // nowait but for the last loop
  }
}

extern "C" __global__ void schedules(int *hits, long long *last, long long n, int kind, int chunk,
                                     int loops, int nthreads, int run_kind)
{
  if (!__ompicc_generic_begin<Regions>(run_kind, 3))
    return;
  SchedArgs *a = (SchedArgs *)__ompicc_push(sizeof(SchedArgs));
  a->hits = hits;
  a->n = n;
  a->kind = kind;
  a->chunk = chunk;
  a->loops = loops;
  a->lastcount = 0;
  __ompicc_parallel<Regions>(4, a, nthreads);
  last[0] = a->last;
  last[1] = a->lastcount;
  region_sched(a); // the same loops, orphaned, on the master alone
  __ompicc_pop(a);
  __ompicc_generic_end();
}

// ------------------------------------------------------------ sections, single

struct Big {
  int v[200];
};

struct SecArgs {
  int *out;
};

static __device__ void region_sections(SecArgs *a)
{
  __ompicc_ws w;
  long long lo, hi;
  __ompicc_for_init(&w, 5, OMPICC_SCHED_STATIC, 1); // #pragma omp sections: 5 sections
  while (__ompicc_for_next(&w, &lo, &hi))
    for (long long s = lo; s < hi; s++)
      switch (s) {
      case 0: atomicAdd(&a->out[0], 1); break;
      case 1: atomicAdd(&a->out[1], 1); break;
      case 2: atomicAdd(&a->out[2], 1); break;
      case 3: atomicAdd(&a->out[3], 1); break;
      default: atomicAdd(&a->out[4], 1); break;
      }
  __ompicc_for_fini(0);
  // #pragma omp single copyprivate(x, big)
  int x = -1;
  Big big;
  int ran = __ompicc_single();
  if (ran) {
    x = 42 + omp_get_num_threads();
    for (int i = 0; i < 200; i++)
      big.v[i] = i * 7;
    atomicAdd(&a->out[5], 1);
  }
  __ompicc_copyprivate(&x, sizeof x, ran);
  __ompicc_copyprivate(&big, sizeof big, ran);
  int ok = x == 42 + omp_get_num_threads();
  for (int i = 0; i < 200; i++)
    ok &= big.v[i] == i * 7;
  atomicAdd(&a->out[6], ok);
  if (__ompicc_masked(1))
    atomicAdd(&a->out[7], 1);
}

extern "C" __global__ void sections(int *out, int nthreads)
{
  if (!__ompicc_generic_begin<Regions>())
    return;
  SecArgs *a = (SecArgs *)__ompicc_push(sizeof(SecArgs));
  a->out = out;
  __ompicc_parallel<Regions>(5, a, nthreads);
  __ompicc_pop(a);
  __ompicc_generic_end();
}

// ------------------------------------------------------------ histogram
// target teams distribute over blocks of the data; in each team a parallel
// region counts into a team histogram, barrier, adds it to the global one.

enum { BINS = 64, PIECE = 1000 };

struct HistArgs {
  const int *data;
  int *hist;
  long long lo, hi;
  int local[BINS];
};

static __device__ void region_hist(HistArgs *a)
{
  __ompicc_ws w;
  long long lo, hi;
  __ompicc_for_init(&w, BINS, OMPICC_SCHED_STATIC, 0);
  while (__ompicc_for_next(&w, &lo, &hi))
    for (long long b = lo; b < hi; b++)
      a->local[b] = 0;
  __ompicc_for_fini(0);
  __ompicc_for_init(&w, a->hi - a->lo, OMPICC_SCHED_DYNAMIC, 16);
  while (__ompicc_for_next(&w, &lo, &hi))
    for (long long i = lo; i < hi; i++)
      __ompicc_atomic(&a->local[a->data[a->lo + i] % BINS], 1, __ompicc_op_add());
  __ompicc_for_fini(1);
  __ompicc_barrier();
  __ompicc_for_init(&w, BINS, OMPICC_SCHED_STATIC, 0);
  while (__ompicc_for_next(&w, &lo, &hi))
    for (long long b = lo; b < hi; b++)
      atomicAdd(&a->hist[b], a->local[b]);
  __ompicc_for_fini(0);
}

extern "C" __global__ void histogram(const int *data, int *hist, long long n, int nthreads)
{
  if (!__ompicc_generic_begin<Regions>())
    return;
  HistArgs *a = (HistArgs *)__ompicc_push(sizeof(HistArgs));
  a->data = data;
  a->hist = hist;
  __ompicc_ws d;
  long long lo, hi;
  __ompicc_distribute_init(&d, (n + PIECE - 1) / PIECE, 1); // dist_schedule(static, 1)
  while (__ompicc_for_next(&d, &lo, &hi))
    for (long long p = lo; p < hi; p++) {
      a->lo = p * PIECE;
      a->hi = a->lo + PIECE < n ? a->lo + PIECE : n;
      __ompicc_parallel<Regions>(6, a, nthreads);
    }
  __ompicc_pop(a);
  __ompicc_generic_end();
}

// ------------------------------------------------------------ orphaned and nested
// A declare-target function holds the parallel region; the region calls a
// function with an orphaned for and barrier, and a nested parallel region
// that its thread runs alone.

struct OrphanArgs {
  int *out;
};
struct NestedArgs {
  int *out, outer;
};

static __device__ void orphan_work(int *out)
{
  __ompicc_ws w;
  long long lo, hi;
  __ompicc_for_init(&w, 1000, OMPICC_SCHED_GUIDED, 2);
  while (__ompicc_for_next(&w, &lo, &hi))
    for (long long i = lo; i < hi; i++)
      atomicAdd(&out[0], (int)i);
  __ompicc_for_fini(0);
  __ompicc_barrier();
}

static __device__ void region_nested(NestedArgs *a)
{
  // inactive, inside an active region: omp_in_parallel() is true
  // (active-levels-var 1, OpenMP 5.2 18.2.5), as libgomp answers
  if (omp_get_thread_num() == 0 && omp_get_num_threads() == 1 && omp_get_level() == 2 &&
      omp_get_active_level() == 1 && omp_in_parallel())
    atomicAdd(&a->out[2], 1);
  orphan_work(a->out + 3); // a team of one: every iteration
}

static __device__ void region_orphan(OrphanArgs *a)
{
  orphan_work(a->out);
  NestedArgs n; // the thread's own: a nested region runs on this thread
  n.out = a->out;
  n.outer = omp_get_thread_num();
  __ompicc_parallel<Regions>(8, &n, 4);
  if (omp_get_level() == 1)
    atomicAdd(&a->out[1], 1);
}

static __device__ void declared_target(int *out, int nthreads)
{
  OrphanArgs *a = (OrphanArgs *)__ompicc_push(sizeof(OrphanArgs));
  a->out = out;
  __ompicc_parallel<Regions>(7, a, nthreads);
  __ompicc_pop(a);
  orphan_work(out + 4); // orphaned, in serial code
}

extern "C" __global__ void orphaned(int *out, int nthreads)
{
  if (!__ompicc_generic_begin<Regions>())
    return;
  declared_target(out, nthreads);
  __ompicc_generic_end();
}

// ------------------------------------------------------------ reductions
// target teams distribute parallel for reduction(+: sum) reduction(max: mx)
// over n iterations; each team reduces its threads into its own copy, then
// its master into the device copy.

struct RedArgs {
  long long lo, hi, sum;
  double mx;
};

static __device__ void region_reduce(RedArgs *a)
{
  long long sum = 0; // private copies
  double mx = -1e300;
  __ompicc_ws w;
  long long lo, hi;
  __ompicc_for_init(&w, a->hi - a->lo, OMPICC_SCHED_STATIC, 7);
  while (__ompicc_for_next(&w, &lo, &hi))
    for (long long i = a->lo + lo; i < a->lo + hi; i++) {
      sum += i;
      mx = mx > (double)(i % 1000) ? mx : (double)(i % 1000);
    }
  __ompicc_team_reduce(&a->sum, sum, __ompicc_op_add());
  __ompicc_team_reduce(&a->mx, mx, __ompicc_op_max());
  __ompicc_for_fini(0);
}

extern "C" __global__ void reduce(long long *sum, double *mx, long long n, int nthreads)
{
  if (!__ompicc_generic_begin<Regions>())
    return;
  RedArgs *a = (RedArgs *)__ompicc_push(sizeof(RedArgs));
  a->sum = 0;
  a->mx = -1e300;
  __ompicc_ws d;
  __ompicc_distribute_init(&d, n, 0);
  if (__ompicc_for_next(&d, &a->lo, &a->hi))
    __ompicc_parallel<Regions>(9, a, nthreads);
  __ompicc_teams_reduce(sum, a->sum, __ompicc_op_add());
  __ompicc_teams_reduce(mx, a->mx, __ompicc_op_max());
  __ompicc_pop(a);
  __ompicc_generic_end();
}

// ------------------------------------------------------------ shared stack spill
// More shared variables than the shared-memory stack holds: the rest come
// from device malloc; a request that malloc cannot meet fails the launch.

struct SpillArgs {
  int *out;
  int *arrays[4];
};

static __device__ void region_spill(SpillArgs *a)
{
  int t = omp_get_thread_num();
  for (int k = 0; k < 4; k++)
    a->arrays[k][t] = t * (k + 1);
  __ompicc_barrier();
  int n = omp_get_num_threads(), s = 0;
  for (int k = 0; k < 4; k++)
    s += a->arrays[k][(t + 1) % n];
  atomicAdd(a->out, s);
}

extern "C" __global__ void spill(int *out, long long fail_size, int nthreads)
{
  if (!__ompicc_generic_begin<Regions>())
    return;
  SpillArgs *a = (SpillArgs *)__ompicc_push(sizeof(SpillArgs));
  a->out = out;
  for (int k = 0; k < 4; k++) // 4 x 1 KB: two on the stack, two in global memory
    a->arrays[k] = (int *)__ompicc_push(256 * sizeof(int));
  unsigned char *stack = __OMPICC_T->stack, *last = (unsigned char *)a->arrays[3];
  out[1] = last < stack || last >= stack + OMPICC_SHARED_STACK; // spilled
  __ompicc_parallel<Regions>(10, a, nthreads);
  for (int k = 3; k >= 0; k--)
    __ompicc_pop(a->arrays[k]);
  __ompicc_pop(a);
  if (fail_size)
    __ompicc_push((size_t)fail_size);
  __ompicc_generic_end();
}

// ------------------------------------------------------------ the switch

__device__ void Regions::dispatch(int id, void *args)
{
  if (id == 1)
    region_fork((ForkArgs *)args);
}

__device__ void Regions::run(int id, void *args)
{
  switch (id) {
  case 1: region_fork((ForkArgs *)args); break;
  case 2: region_crit((CritArgs *)args); break;
  case 3: region_atomics((Atoms *)args); break;
  case 4: region_sched((SchedArgs *)args); break;
  case 5: region_sections((SecArgs *)args); break;
  case 6: region_hist((HistArgs *)args); break;
  case 7: region_orphan((OrphanArgs *)args); break;
  case 8: region_nested((NestedArgs *)args); break;
  case 9: region_reduce((RedArgs *)args); break;
  case 10: region_spill((SpillArgs *)args); break;
  }
}

#ifdef OMPICC_CUDA_EMU
extern "C" void forkjoin__emu(void **a) { __ompicc_emu_call(forkjoin, a); }
extern "C" void critical__emu(void **a) { __ompicc_emu_call(critical, a); }
extern "C" void atomics__emu(void **a) { __ompicc_emu_call(atomics, a); }
extern "C" void schedules__emu(void **a) { __ompicc_emu_call(schedules, a); }
extern "C" void sections__emu(void **a) { __ompicc_emu_call(sections, a); }
extern "C" void histogram__emu(void **a) { __ompicc_emu_call(histogram, a); }
extern "C" void orphaned__emu(void **a) { __ompicc_emu_call(orphaned, a); }
extern "C" void reduce__emu(void **a) { __ompicc_emu_call(reduce, a); }
extern "C" void spill__emu(void **a) { __ompicc_emu_call(spill, a); }
#endif
