/* omp-icv.h - the internal control variables of device code and the
 * OpenMP routines that set and read them (included by ompicc-generic.h,
 * after the team state).
 *
 * ICVs of a data environment (OpenMP 5.2 2.1: nthreads-var, dyn-var,
 * run-sched-var, max-active-levels-var, default-device-var,
 * def-allocator-var) belong to a task: in device code, to the thread
 * that runs it.  The team's initial task (the master's serial code, the
 * only thread of a kernel of one thread) keeps them in the team state
 * (__ompicc_gstate.icv); the threads of a parallel region start with
 * those values (5.2 2.2: an implicit task inherits its generating task's)
 * and, the first time one of them sets one, get a record of their own in
 * an array of one per thread of the block (device malloc, made on first
 * use, freed at the end of the kernel), valid for the region it was made
 * in (epoch).  So a set in one thread is seen by that thread's later
 * gets, and a set in the serial code by the next parallel region.
 *
 * Device ICVs (nteams-var, teams-thread-limit-var: 5.2 2.1, device
 * scope) are variables of the kernel file.
 *
 * OpenMP 5.2 18.2 (thread team routines), 18.4 (teams region routines),
 * 18.7.1-2 (default device), 18.13.4-5 (default allocator), 18.15
 * (omp_display_env), 18.11.1 (omp_fulfill_event).
 */
#ifndef OMPICC_OMP_ICV_H
#define OMPICC_OMP_ICV_H

/* Does the calling thread run the team's initial task? */
static __device__ __forceinline__ int __ompicc_initial_task(void)
{
  __ompicc_gstate *g = __OMPICC_G;
  return g->generic ? __ompicc_tid() >= __ompicc_workers() : blockDim.x == 1;
}

/* The calling thread's record if it made one in this region, else NULL. */
static __device__ __forceinline__ __ompicc_icvs *__ompicc_icv_own(void)
{
  __ompicc_gstate *g = __OMPICC_G;
  __ompicc_icvs *all = g->thread_icvs;
  if (!all || __ompicc_initial_task())
    return 0;
  __ompicc_icvs *mine = &all[__ompicc_tid()];
  return mine->epoch == g->epoch ? mine : 0;
}

/* The ICVs the calling task reads. */
static __device__ __forceinline__ const __ompicc_icvs *__ompicc_icv_cur(void)
{
  __ompicc_icvs *own = __ompicc_icv_own();
  return own ? own : &__OMPICC_G->icv;
}

/* The ICVs the calling task sets: the team's for the initial task, else
 * the thread's own record, made from the team's values. */
static __device__ inline __ompicc_icvs *__ompicc_icv_set(void)
{
  __ompicc_gstate *g = __OMPICC_G;
  if (__ompicc_initial_task())
    return &g->icv;
  __ompicc_icvs *own = __ompicc_icv_own();
  if (own)
    return own;
  if (!g->thread_icvs) { /* the first setter of the block makes the array */
    __ompicc_icvs *all = (__ompicc_icvs *)malloc(blockDim.x * sizeof *all);
    if (!all)
      __ompicc_fail("out of device memory for the ICVs a thread set (raise "
                    "the device heap with OMPICC_DEVICE_HEAP)");
    for (unsigned i = 0; i < blockDim.x; i++)
      all[i].epoch = ~0u;
    __threadfence_block();
    unsigned long long seen = atomicCAS((unsigned long long *)&g->thread_icvs, 0ull,
                                        (unsigned long long)all);
    if (seen)
      free(all);
  }
  own = &g->thread_icvs[__ompicc_tid()];
  *own = g->icv;
  own->epoch = g->epoch;
  return own;
}

/* ---------------------------------------------------------------- 18.2 */

static __device__ __forceinline__ void omp_set_num_threads(int n)
{
  if (n > 0)
    __ompicc_icv_set()->nthreads = n;
}
static __device__ __forceinline__ void omp_set_dynamic(int on) { __ompicc_icv_set()->dyn = on != 0; }
static __device__ __forceinline__ int omp_get_dynamic(void) { return __ompicc_icv_cur()->dyn; }

/* run-sched-var: the kind with its monotonic modifier, and the chunk; a
 * chunk below 1 is the kind's default (18.2.11). */
static __device__ __forceinline__ void omp_set_schedule(omp_sched_t kind, int chunk)
{
  int base = (int)kind & ~(int)omp_sched_monotonic;
  if (base < omp_sched_static || base > omp_sched_auto)
    return; /* not a schedule kind this implementation knows */
  __ompicc_icvs *v = __ompicc_icv_set();
  v->run_sched = (int)kind;
  v->run_chunk = chunk > 0 && base != omp_sched_auto ? chunk : 0;
}
static __device__ __forceinline__ void omp_get_schedule(omp_sched_t *kind, int *chunk)
{
  const __ompicc_icvs *v = __ompicc_icv_cur();
  *kind = (omp_sched_t)v->run_sched;
  *chunk = v->run_chunk;
}

/* max-active-levels-var: at most the one level this library runs in
 * parallel (18.2.15: the value is set to the supported number when a
 * larger one is asked for). */
static __device__ __forceinline__ void omp_set_max_active_levels(int n)
{
  if (n >= 0)
    __ompicc_icv_set()->max_active = n < 1 ? n : 1;
}
static __device__ __forceinline__ int omp_get_max_active_levels(void)
{
  return __ompicc_icv_cur()->max_active;
}
/* Deprecated (5.0 3.2.10-11): nesting is enabled when more than one level
 * may be active, which is never the case here. */
static __device__ __forceinline__ void omp_set_nested(int on)
{
  __ompicc_icv_set()->max_active = 1;
  (void)on;
}
static __device__ __forceinline__ int omp_get_nested(void) { return __ompicc_icv_cur()->max_active > 1; }

/* ---------------------------------------------------------------- 18.4: device ICVs */

/* one per image: variable templates (ompicc-device.h, __ompicc_device_env) */
template <int> __device__ int __ompicc_nteams_var_v;             /* nteams-var: 0, none set */
template <int> __device__ int __ompicc_teams_thread_limit_var_v; /* teams-thread-limit-var: 0, none set */
#define __ompicc_nteams_var __ompicc_nteams_var_v<0>
#define __ompicc_teams_thread_limit_var __ompicc_teams_thread_limit_var_v<0>

static __device__ __forceinline__ void omp_set_num_teams(int n)
{
  if (n > 0)
    atomicExch(&__ompicc_nteams_var, n);
}
static __device__ __forceinline__ int omp_get_max_teams(void)
{
  return *(volatile int *)&__ompicc_nteams_var;
}
static __device__ __forceinline__ void omp_set_teams_thread_limit(int n)
{
  if (n > 0)
    atomicExch(&__ompicc_teams_thread_limit_var, n);
}
static __device__ __forceinline__ int omp_get_teams_thread_limit(void)
{
  return *(volatile int *)&__ompicc_teams_thread_limit_var;
}

/* ---------------------------------------------------------------- 18.7, 18.13 */

static __device__ __forceinline__ void omp_set_default_device(int dev)
{
  __ompicc_icv_set()->default_device = dev;
}
static __device__ __forceinline__ int omp_get_default_device(void)
{
  return __ompicc_icv_cur()->default_device;
}
static __device__ __forceinline__ void omp_set_default_allocator(omp_allocator_handle_t a)
{
  __ompicc_icv_set()->def_alloc = a;
}
static __device__ __forceinline__ omp_allocator_handle_t omp_get_default_allocator(void)
{
  return __ompicc_icv_cur()->def_alloc;
}

/* ---------------------------------------------------------------- 18.11, 18.15 */

/* A detached task in device code ran at once, and nothing waits for its
 * event: fulfilling it has no effect left to have. */
static __device__ __forceinline__ void omp_fulfill_event(omp_event_handle_t event) { (void)event; }

/* The OpenMP version and the ICVs of the calling task and of the device,
 * in the form 5.2 18.15 and 21.7 (OMP_DISPLAY_ENV) give. */
static __device__ inline void omp_display_env(int verbose)
{
  const __ompicc_icvs *v = __ompicc_icv_cur();
  int limit = __OMPICC_G->generic ? (int)__ompicc_team_limit() : (int)blockDim.x;
  const char *const kinds[] = {"?", "STATIC", "DYNAMIC", "GUIDED", "AUTO"};
  int kind = v->run_sched & ~(int)omp_sched_monotonic;
  printf("OPENMP DISPLAY ENVIRONMENT BEGIN\n  _OPENMP = '202111'\n  [device %d] OMP_DYNAMIC = '%s'\n"
         "  [device %d] OMP_NUM_THREADS = '%d'\n  [device %d] OMP_SCHEDULE = '%s%s, %d'\n"
         "  [device %d] OMP_MAX_ACTIVE_LEVELS = '%d'\n  [device %d] OMP_DEFAULT_DEVICE = '%d'\n"
         "  [device %d] OMP_NUM_TEAMS = '%d'\n  [device %d] OMP_TEAMS_THREAD_LIMIT = '%d'\n"
         "  [device %d] OMP_THREAD_LIMIT = '%d'\n  [device %d] OMP_CANCELLATION = 'FALSE'\n"
         "  [device %d] OMP_PROC_BIND = 'FALSE'\n",
         omp_get_device_num(), v->dyn ? "TRUE" : "FALSE", omp_get_device_num(), v->nthreads,
         omp_get_device_num(), v->run_sched & (int)omp_sched_monotonic ? "MONOTONIC:" : "",
         kinds[kind >= 1 && kind <= 4 ? kind : 0], v->run_chunk, omp_get_device_num(),
         v->max_active, omp_get_device_num(), v->default_device, omp_get_device_num(),
         omp_get_max_teams(), omp_get_device_num(), omp_get_teams_thread_limit(),
         omp_get_device_num(), limit, omp_get_device_num(),
         omp_get_device_num());
  if (verbose)
    printf("  [device %d] OMP_MAX_TASK_PRIORITY = '0'\n  [device %d] OMP_ALLOCATOR = '%llu'\n",
           omp_get_device_num(), omp_get_device_num(), (unsigned long long)v->def_alloc);
  printf("OPENMP DISPLAY ENVIRONMENT END\n");
}

#endif
