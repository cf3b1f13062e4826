// The OpenMP routines of chapter 18 (OpenMP 5.2) in device code, called
// from the serial code and the parallel regions of a generic kernel and
// from every thread of an SPMD kernel, their values checked against what
// the specification says of each (issue 12, case 2):
// - the ICVs of a data environment (2.1: nthreads-var, dyn-var,
//   run-sched-var, max-active-levels-var, default-device-var,
//   def-allocator-var) belong to a task: a set is seen by the same task's
//   later gets (18.2.1, 18.2.6, 18.2.11, 18.2.15, 18.7.1, 18.13.4), by
//   the next parallel region of the serial code, and not by the other
//   threads of a region; device ICVs (nteams-var, teams-thread-limit-var,
//   18.4.3-18.4.6) are the device's;
// - device numbers (18.7.2-18.7.7): the host is omp_get_num_devices();
// - locks with hints and nestable locks (18.9), omp_get_wtick (18.10),
//   omp_fulfill_event (18.11.1), the affinity format routines (18.3.4-7),
//   omp_display_env (18.15), and the memory management routines (18.13)
//   with allocator traits (6.2: alignment, pool_size, fallback).
// The same program runs on the host fallback, where libgomp answers.
// Not on the CPU device as an sm_53: four lanes of one warp set one lock,
// which the device library refuses before Volta (doc/DEVLIB.md, Limits).
// UNSUPPORTED: device-emu-sm53
// RUN: %ompicc -o %t %s && %t 2>&1 | FileCheck --check-prefix=ENV %s
// (a host gcc before 11 lacks the detach clause: README, Host compilers)
// UNSUPPORTED: host-gcc-before-11
// ENV: OPENMP DISPLAY ENVIRONMENT BEGIN
// ENV: _OPENMP
// ENV: OPENMP DISPLAY ENVIRONMENT END
#include <omp.h>
#include <stdint.h>

#include "Inputs/check.h"

#define N 96

enum { R_DYN_SET, R_DYN_CLEAR, R_MAXTH, R_NTH, R_SCHED_KIND, R_SCHED_CHUNK, R_RUNTIME_SUM,
       R_MAL0, R_MAL_INACTIVE, R_MAL1, R_MAL_BIG, R_THREAD_DYN_BAD, R_THREAD_SCHED_BAD,
       R_DYN_AFTER, R_DEFDEV, R_NTEAMS, R_TTL, R_NDEV, R_DEVNUM, R_INITDEV, R_IS_INIT,
       R_PROCS, R_NO_PLACES, R_PRIO, R_SUPPORTED, R_HINT_COUNT, R_NEST_TEST, R_NEST_OTHER,
       R_NEST_AFTER, R_TICK, R_FINAL, R_FMT_LEN, R_FMT_SAME, R_CAPTURE, R_CAPTURE_LEN,
       R_ALLOC, R_ALIGNED, R_CALLOC, R_REALLOC, R_POOL_FIRST, R_POOL_OVER, R_DEFALLOC,
       R_DEFALLOC_USED, R_BAD_TRAIT, R_FALLBACK, R_COUNT };

/* strcmp(a, b) == 0, which device code lacks */
static int same(const char *a, const char *b)
{
  while (*a && *a == *b)
    a++, b++;
  return *a == *b;
}

static void generic_kernel(int *r, int ndev)
{
  #pragma omp target map(tofrom: r[0:R_COUNT]) thread_limit(64)
  {
    /* dyn-var, nthreads-var and run-sched-var of the initial task */
    omp_set_dynamic(1);
    r[R_DYN_SET] = omp_get_dynamic();
    omp_set_dynamic(0);
    r[R_DYN_CLEAR] = omp_get_dynamic();
    omp_set_num_threads(5);
    r[R_MAXTH] = omp_get_max_threads();
    #pragma omp parallel
    {
      #pragma omp single
      r[R_NTH] = omp_get_num_threads();
    }
    omp_set_schedule(omp_sched_dynamic, 3);
    omp_sched_t kind;
    int chunk;
    omp_get_schedule(&kind, &chunk);
    r[R_SCHED_KIND] = kind;
    r[R_SCHED_CHUNK] = chunk;
    int sum = 0;
    #pragma omp parallel for schedule(runtime) reduction(+: sum)
    for (int i = 0; i < 100; i++)
      sum += i;
    r[R_RUNTIME_SUM] = sum;

    /* max-active-levels-var: 0 makes the next region inactive (one
     * thread); more levels than supported is the supported number */
    omp_set_max_active_levels(0);
    r[R_MAL0] = omp_get_max_active_levels();
    #pragma omp parallel num_threads(4)
    {
      #pragma omp single
      r[R_MAL_INACTIVE] = omp_get_num_threads();
    }
    omp_set_max_active_levels(1);
    r[R_MAL1] = omp_get_max_active_levels();
    omp_set_max_active_levels(1000);
    r[R_MAL_BIG] = omp_get_max_active_levels() == omp_get_supported_active_levels();
    r[R_SUPPORTED] = omp_get_supported_active_levels() >= 1;

    /* each thread of a region sets its own ICVs */
    omp_set_dynamic(0);
    int dyn_bad = 0, sched_bad = 0;
    #pragma omp parallel num_threads(5) reduction(+: dyn_bad, sched_bad)
    {
      int me = omp_get_thread_num();
      omp_set_dynamic(me % 2);
      omp_set_schedule(omp_sched_static, me + 1);
      #pragma omp barrier
      omp_sched_t k;
      int c;
      omp_get_schedule(&k, &c);
      dyn_bad += omp_get_dynamic() != me % 2;
      sched_bad += k != omp_sched_static || c != me + 1;
    }
    r[R_THREAD_DYN_BAD] = dyn_bad;
    r[R_THREAD_SCHED_BAD] = sched_bad;
    r[R_DYN_AFTER] = omp_get_dynamic(); /* the threads' sets stayed theirs */

    /* default-device-var, and the device ICVs of the teams routines */
    omp_set_default_device(0);
    r[R_DEFDEV] = omp_get_default_device();
    omp_set_num_teams(3);
    r[R_NTEAMS] = omp_get_max_teams();
    omp_set_teams_thread_limit(7);
    r[R_TTL] = omp_get_teams_thread_limit();

    /* device numbers */
    r[R_IS_INIT] = omp_is_initial_device();
    r[R_NDEV] = omp_get_num_devices();
    r[R_DEVNUM] = omp_get_device_num();
    r[R_INITDEV] = omp_get_initial_device();
    r[R_PROCS] = omp_get_num_procs() >= 1;
    r[R_NO_PLACES] = omp_is_initial_device() ||
                     (omp_get_num_places() == 0 && omp_get_place_num() == -1 &&
                      omp_get_partition_num_places() == 0 &&
                      omp_get_proc_bind() == omp_proc_bind_false && !omp_get_cancellation());
    r[R_PRIO] = omp_get_max_task_priority() >= 0;
    r[R_TICK] = omp_get_wtick() > 0;

    /* a lock with a hint, and a nestable lock held by one thread */
    omp_lock_t lock;
    omp_nest_lock_t nest;
    int count = 0, other = -1;
    omp_init_lock_with_hint(&lock, omp_sync_hint_contended);
    omp_init_nest_lock_with_hint(&nest, omp_sync_hint_uncontended);
    #pragma omp parallel num_threads(4)
    {
      omp_set_lock(&lock);
      count++;
      omp_unset_lock(&lock);
      if (omp_get_thread_num() == 0) {
        omp_set_nest_lock(&nest);
        r[R_NEST_TEST] = omp_test_nest_lock(&nest); /* the new depth, 2 */
      }
      #pragma omp barrier
      if (omp_get_thread_num() == 1)
        other = omp_test_nest_lock(&nest); /* held by thread 0 */
      #pragma omp barrier
      if (omp_get_thread_num() == 0) {
        omp_unset_nest_lock(&nest);
        omp_unset_nest_lock(&nest);
      }
    }
    r[R_HINT_COUNT] = count;
    r[R_NEST_OTHER] = other;
    r[R_NEST_AFTER] = omp_test_nest_lock(&nest); /* free again: depth 1 */
    omp_unset_nest_lock(&nest);
    omp_destroy_nest_lock(&nest);
    omp_destroy_lock(&lock);

    r[R_FINAL] = omp_in_final();
    /* the task completes once its body ran and its event is fulfilled
     * (12.5.2); the encountering task may wait for it at once */
    omp_event_handle_t event;
    #pragma omp task detach(event)
    omp_fulfill_event(event);
    #pragma omp taskwait

    /* affinity-format-var and its fields */
    char buf[64];
    omp_set_affinity_format("T%t N%n");
    r[R_FMT_LEN] = (int)omp_get_affinity_format(buf, sizeof buf);
    r[R_FMT_SAME] = same(buf, "T%t N%n");
    r[R_CAPTURE_LEN] = (int)omp_capture_affinity(buf, sizeof buf, "%0.3n|%{team_num}|%%");
    r[R_CAPTURE] = same(buf, "000|0|%");
    omp_display_env(0);

    /* memory management */
    int *p = (int *)omp_alloc(100 * sizeof(int), omp_default_mem_alloc);
    for (int i = 0; i < 100; i++)
      p[i] = i;
    p = (int *)omp_realloc(p, 200 * sizeof(int), omp_default_mem_alloc, omp_default_mem_alloc);
    int kept = 1;
    for (int i = 0; i < 100; i++)
      kept &= p[i] == i;
    r[R_REALLOC] = kept;
    omp_free(p, omp_default_mem_alloc);
    double *d = (double *)omp_aligned_alloc(256, 10 * sizeof(double), omp_large_cap_mem_alloc);
    r[R_ALLOC] = d != NULL;
    r[R_ALIGNED] = (uintptr_t)d % 256 == 0;
    omp_free(d, omp_large_cap_mem_alloc);
    long *z = (long *)omp_aligned_calloc(64, 50, sizeof(long), omp_high_bw_mem_alloc);
    int zero = (uintptr_t)z % 64 == 0;
    for (int i = 0; i < 50; i++)
      zero &= z[i] == 0;
    omp_free(z, omp_high_bw_mem_alloc);
    char *cz = (char *)omp_calloc(33, 3, omp_low_lat_mem_alloc);
    for (int i = 0; i < 99; i++)
      zero &= cz[i] == 0;
    omp_free(cz, omp_low_lat_mem_alloc);
    r[R_CALLOC] = zero;

    omp_alloctrait_t traits[] = {{omp_atk_alignment, 128},
                                 {omp_atk_pool_size, 4096},
                                 {omp_atk_fallback, omp_atv_null_fb}};
    omp_allocator_handle_t a = omp_init_allocator(omp_default_mem_space, 3, traits);
    void *first = omp_alloc(1000, a);
    r[R_POOL_FIRST] = first != NULL && (uintptr_t)first % 128 == 0;
    r[R_POOL_OVER] = omp_alloc(8000, a) == NULL; /* over the pool: null_fb */
    omp_set_default_allocator(a);
    r[R_DEFALLOC] = omp_get_default_allocator() == a;
    void *dflt = omp_alloc(16, omp_null_allocator); /* def-allocator-var: a */
    r[R_DEFALLOC_USED] = dflt != NULL && (uintptr_t)dflt % 128 == 0;
    omp_free(dflt, a);
    omp_free(first, a);
    omp_set_default_allocator(omp_default_mem_alloc);
    omp_destroy_allocator(a);
    omp_alloctrait_t bad[] = {{omp_atk_alignment, 3}};
    r[R_BAD_TRAIT] = omp_init_allocator(omp_default_mem_space, 1, bad) == omp_null_allocator;
    /* default_mem_fb: over the pool, the default allocator serves */
    omp_alloctrait_t small[] = {{omp_atk_pool_size, 64}};
    omp_allocator_handle_t s = omp_init_allocator(omp_default_mem_space, 1, small);
    void *big = omp_alloc(1000, s);
    r[R_FALLBACK] = big != NULL;
    omp_free(big, s);
    omp_destroy_allocator(s);
  }
  check_eq("dyn-var set", r[R_DYN_SET], 1);
  check_eq("dyn-var cleared", r[R_DYN_CLEAR], 0);
  check_eq("omp_get_max_threads after omp_set_num_threads(5)", r[R_MAXTH], 5);
  check_eq("threads of a parallel region after omp_set_num_threads(5)", r[R_NTH], 5);
  check_eq("omp_get_schedule kind", r[R_SCHED_KIND], omp_sched_dynamic);
  check_eq("omp_get_schedule chunk", r[R_SCHED_CHUNK], 3);
  check_eq("schedule(runtime) loop", r[R_RUNTIME_SUM], 4950);
  check_eq("max-active-levels-var 0", r[R_MAL0], 0);
  check_eq("threads of an inactive region", r[R_MAL_INACTIVE], 1);
  check_eq("max-active-levels-var 1", r[R_MAL1], 1);
  check_eq("max-active-levels-var beyond the supported levels", r[R_MAL_BIG], 1);
  check_eq("omp_get_supported_active_levels", r[R_SUPPORTED], 1);
  check_eq("threads whose dyn-var was another's", r[R_THREAD_DYN_BAD], 0);
  check_eq("threads whose run-sched-var was another's", r[R_THREAD_SCHED_BAD], 0);
  check_eq("dyn-var of the serial code after the region", r[R_DYN_AFTER], 0);
  check_eq("default-device-var", r[R_DEFDEV], 0);
  check_eq("nteams-var", r[R_NTEAMS], 3);
  check_eq("teams-thread-limit-var", r[R_TTL], 7);
  check_eq("omp_get_num_devices", r[R_NDEV], ndev);
  check_eq("omp_get_initial_device", r[R_INITDEV], ndev);
  check_eq("omp_get_device_num", r[R_DEVNUM], r[R_IS_INIT] ? ndev : omp_get_default_device());
  check_eq("omp_is_initial_device", r[R_IS_INIT], ndev == 0);
  check_eq("omp_get_num_procs", r[R_PROCS], 1);
  check_eq("no places on the device", r[R_NO_PLACES], 1);
  check_eq("omp_get_max_task_priority", r[R_PRIO], 1);
  check_eq("omp_get_wtick", r[R_TICK], 1);
  check_eq("lock with a hint", r[R_HINT_COUNT], 4);
  check_eq("omp_test_nest_lock by its holder", r[R_NEST_TEST], 2);
  check_eq("omp_test_nest_lock by another thread", r[R_NEST_OTHER], 0);
  check_eq("omp_test_nest_lock of a free lock", r[R_NEST_AFTER], 1);
  check_eq("omp_in_final", r[R_FINAL], 0);
  check_eq("omp_get_affinity_format length", r[R_FMT_LEN], 7);
  check_eq("omp_get_affinity_format text", r[R_FMT_SAME], 1);
  check_eq("omp_capture_affinity length", r[R_CAPTURE_LEN], 7);
  check_eq("omp_capture_affinity text", r[R_CAPTURE], 1);
  check_eq("omp_aligned_alloc", r[R_ALLOC], 1);
  check_eq("omp_aligned_alloc alignment", r[R_ALIGNED], 1);
  check_eq("omp_calloc, omp_aligned_calloc", r[R_CALLOC], 1);
  check_eq("omp_realloc", r[R_REALLOC], 1);
  check_eq("allocator with alignment and pool", r[R_POOL_FIRST], 1);
  check_eq("null_fb over the pool", r[R_POOL_OVER], 1);
  check_eq("def-allocator-var", r[R_DEFALLOC], 1);
  check_eq("omp_alloc with omp_null_allocator", r[R_DEFALLOC_USED], 1);
  check_eq("omp_init_allocator with a bad trait", r[R_BAD_TRAIT], 1);
  check_eq("default_mem_fb over the pool", r[R_FALLBACK], 1);
}

/* Every thread of an SPMD kernel is a task of its own: its sets are its
 * own, and the routines answer in each. */
static void spmd_kernel(int ndev, int host_default)
{
  int dyn[N], sched[N], alloc[N], dev[N], nested = 0;
  omp_nest_lock_t nest;
  omp_init_nest_lock(&nest);
  #pragma omp target teams distribute parallel for num_teams(3) thread_limit(32) \
      map(from: dyn, sched, alloc, dev) map(tofrom: nested, nest)
  for (int i = 0; i < N; i++) {
    omp_set_dynamic(i % 2);
    dyn[i] = omp_get_dynamic() == i % 2;
    omp_set_schedule(omp_sched_guided, i + 1);
    omp_sched_t k;
    int c;
    omp_get_schedule(&k, &c);
    sched[i] = k == omp_sched_guided && c == i + 1;
    int *p = (int *)omp_aligned_alloc(32, (i + 1) * sizeof(int), omp_thread_mem_alloc);
    for (int j = 0; j <= i; j++)
      p[j] = i - j;
    int ok = (uintptr_t)p % 32 == 0;
    for (int j = 0; j <= i; j++)
      ok &= p[j] == i - j;
    omp_free(p, omp_thread_mem_alloc);
    alloc[i] = ok;
    dev[i] = omp_get_num_devices() == ndev && omp_get_initial_device() == ndev &&
             omp_get_device_num() == (omp_is_initial_device() ? ndev : host_default);
    omp_set_nest_lock(&nest);
    omp_set_nest_lock(&nest);
    nested++;
    omp_unset_nest_lock(&nest);
    omp_unset_nest_lock(&nest);
  }
  omp_destroy_nest_lock(&nest);
  int bad_dyn = 0, bad_sched = 0, bad_alloc = 0, bad_dev = 0;
  for (int i = 0; i < N; i++)
    bad_dyn += !dyn[i], bad_sched += !sched[i], bad_alloc += !alloc[i], bad_dev += !dev[i];
  check_eq("SPMD: iterations whose dyn-var was wrong", bad_dyn, 0);
  check_eq("SPMD: iterations whose run-sched-var was wrong", bad_sched, 0);
  check_eq("SPMD: iterations whose allocation was wrong", bad_alloc, 0);
  check_eq("SPMD: iterations whose device numbers were wrong", bad_dev, 0);
  check_eq("SPMD: nestable lock increments", nested, N);
}

int main(void)
{
  int r[R_COUNT] = {0}, ndev = omp_get_num_devices();
  generic_kernel(r, ndev);
  spmd_kernel(ndev, omp_get_default_device());
  return fails != 0;
}
