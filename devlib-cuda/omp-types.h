/* omp-types.h - the types of <omp.h> as device code sees them (included
 * by ompicc-device.h, before the program's own types): the lock types,
 * schedules, affinity policies, synchronisation hints, the memory
 * management types (memory spaces, allocators, traits) and event
 * handles, with the values OpenMP 5.2 gives their constants (chapter 20,
 * the same as GCC's and LLVM's omp.h).  The kernel writer never prints
 * the host's definitions of these types (codegen-cuda/kernels.c,
 * devlib_types): the device library's routines take them before the
 * program's types are printed, and omp_lock_t and omp_nest_lock_t are
 * the device's own.
 *
 * OpenMP 5.2 18.2.12 (omp_sched_t), 18.3.1 (omp_proc_bind_t), 18.9
 * (locks, omp_sync_hint_t), 18.11 (omp_event_handle_t), 6.1-6.4 and 18.13
 * (memory spaces, allocators, traits), 18.6 (omp_pause_resource_t).
 */
#ifndef OMPICC_OMP_TYPES_H
#define OMPICC_OMP_TYPES_H

#include <stdint.h>

typedef uintptr_t omp_uintptr_t;

/* A lock: 0 free, 1 held (omp-sync.h). */
typedef struct omp_lock_t {
  int lock;
} omp_lock_t;

/* A nestable lock: the lock word, the task that holds it and how many
 * times (omp-sync.h). */
typedef struct omp_nest_lock_t {
  int lock;
  int count;
  unsigned long long owner;
} omp_nest_lock_t;

typedef enum omp_sched_t {
  omp_sched_static = 1,
  omp_sched_dynamic = 2,
  omp_sched_guided = 3,
  omp_sched_auto = 4,
  omp_sched_monotonic = (int)0x80000000u
} omp_sched_t;

typedef enum omp_proc_bind_t {
  omp_proc_bind_false = 0,
  omp_proc_bind_true = 1,
  omp_proc_bind_primary = 2,
  omp_proc_bind_master = omp_proc_bind_primary,
  omp_proc_bind_close = 3,
  omp_proc_bind_spread = 4
} omp_proc_bind_t;

typedef enum omp_sync_hint_t {
  omp_sync_hint_none = 0,
  omp_lock_hint_none = omp_sync_hint_none,
  omp_sync_hint_uncontended = 1,
  omp_lock_hint_uncontended = omp_sync_hint_uncontended,
  omp_sync_hint_contended = 2,
  omp_lock_hint_contended = omp_sync_hint_contended,
  omp_sync_hint_nonspeculative = 4,
  omp_lock_hint_nonspeculative = omp_sync_hint_nonspeculative,
  omp_sync_hint_speculative = 8,
  omp_lock_hint_speculative = omp_sync_hint_speculative
} omp_sync_hint_t;
typedef omp_sync_hint_t omp_lock_hint_t;

typedef enum omp_pause_resource_t { omp_pause_soft = 1, omp_pause_hard = 2 } omp_pause_resource_t;

typedef enum omp_memspace_handle_t : omp_uintptr_t {
  omp_default_mem_space = 0,
  omp_large_cap_mem_space = 1,
  omp_const_mem_space = 2,
  omp_high_bw_mem_space = 3,
  omp_low_lat_mem_space = 4,
  __omp_memspace_handle_t_max__ = UINTPTR_MAX
} omp_memspace_handle_t;

/* The predefined allocators; any other handle is the device address of
 * an allocator omp_init_allocator made (omp-alloc.h). */
typedef enum omp_allocator_handle_t : omp_uintptr_t {
  omp_null_allocator = 0,
  omp_default_mem_alloc = 1,
  omp_large_cap_mem_alloc = 2,
  omp_const_mem_alloc = 3,
  omp_high_bw_mem_alloc = 4,
  omp_low_lat_mem_alloc = 5,
  omp_cgroup_mem_alloc = 6,
  omp_pteam_mem_alloc = 7,
  omp_thread_mem_alloc = 8,
  __omp_allocator_handle_t_max__ = UINTPTR_MAX
} omp_allocator_handle_t;

typedef enum omp_alloctrait_key_t {
  omp_atk_sync_hint = 1,
  omp_atk_alignment = 2,
  omp_atk_access = 3,
  omp_atk_pool_size = 4,
  omp_atk_fallback = 5,
  omp_atk_fb_data = 6,
  omp_atk_pinned = 7,
  omp_atk_partition = 8
} omp_alloctrait_key_t;

typedef enum omp_alloctrait_value_t : omp_uintptr_t {
  omp_atv_default = (omp_uintptr_t)-1,
  omp_atv_false = 0,
  omp_atv_true = 1,
  omp_atv_contended = 3,
  omp_atv_uncontended = 4,
  omp_atv_serialized = 5,
  omp_atv_sequential = omp_atv_serialized,
  omp_atv_private = 6,
  omp_atv_all = 7,
  omp_atv_thread = 8,
  omp_atv_pteam = 9,
  omp_atv_cgroup = 10,
  omp_atv_default_mem_fb = 11,
  omp_atv_null_fb = 12,
  omp_atv_abort_fb = 13,
  omp_atv_allocator_fb = 14,
  omp_atv_environment = 15,
  omp_atv_nearest = 16,
  omp_atv_blocked = 17,
  omp_atv_interleaved = 18
} omp_alloctrait_value_t;

typedef struct omp_alloctrait_t {
  omp_alloctrait_key_t key;
  omp_uintptr_t value;
} omp_alloctrait_t;

/* The event of a detached task (OpenMP 5.2 12.5.2): tasks in device
 * code run at once, so an event is complete when made. */
typedef enum omp_event_handle_t : omp_uintptr_t {
  __omp_event_handle_t_max__ = UINTPTR_MAX
} omp_event_handle_t;

#endif
