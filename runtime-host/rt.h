/* rt.h - the inside of libompicc, the device-agnostic runtime core:
 * the device table, the present table of each device, and the helpers
 * the parts of the core share.
 *
 * Parts, each calling only those before it: rt-core.c (environment,
 * trace and errors, loading the device modules, queues, exit),
 * rt-profile.c (OMPICC_INFO and OMPICC_PROFILE: what a run did, for the
 * user),
 * rt-present.c (the present table of each device), rt-transfer.c (device
 * storage of mappings, pinned and zero-copy host memory), rt-data.c (the
 * data environment: map semantics, OpenMP 4.5 2.15.5-2.15.6), rt-target.c
 * (target regions: images, kernels, arguments, geometry), rt-api.c (the
 * device routines of OpenMP 4.5 3.2.31-3.2.36 and 3.5).
 *
 * Locking: one mutex per device guards its present table and its loaded
 * images and kernels; rt_lock guards the lists of things to free at exit.
 * No function takes two device locks.
 */
#ifndef OMPICC_RT_INTERNAL_H
#define OMPICC_RT_INTERNAL_H

#include <pthread.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "plugin.h"

/* A reference count no exit reaches: declare target variables and
 * omp_target_associate_ptr mappings. */
#define RT_REF_INFINITE UINT64_MAX

/* One mapping: the host bytes [lo, hi) live at device address dev. */
/* A pointer inside a mapping that an attach (5.0 2.19.7.1) set on the
 * device: its host address and the device address it holds there. */
typedef struct RtAttach {
  uintptr_t slot;
  uint64_t dev;
} RtAttach;

typedef struct RtMapping {
  uintptr_t lo, hi;
  uint64_t dev;
  uint64_t refs;
  const char *where; /* source place of the map that created it */
  const char *name;  /* the list item as written there */
  int owned;         /* device memory allocated by the runtime (freed with it) */
  int associated;    /* made by omp_target_associate_ptr */
  int zero_copy;     /* dev is the host bytes themselves, registered and mapped */
  int unified;       /* ... reached without registration (unified shared memory) */
  int readonly;      /* a const declare target variable: its image copy is never
                        written (it may lie in read-only memory) */
  int pin_tried;     /* registration of its pages was tried (rt-transfer.c) */
  uintptr_t pin_lo, pin_hi; /* its registered whole pages, if any */
  uint64_t moved;    /* bytes copied either way since it was made */
  RtAttach *att;     /* its attached pointers: a copy of its bytes either way
                        keeps each side's own pointer value (rt-transfer.c) */
  int natt, capatt;
} RtMapping;

/* One device of one module. */
typedef struct RtDevice {
  const OmpiccPlugin *plugin;
  int id;       /* the module's own device number */
  int number;   /* the OpenMP device number */
  pthread_mutex_t lock;
  RtMapping **maps; /* sorted by lo, disjoint; each its own allocation, so that a
                       pointer to one stays valid while others come and go */
  int nmaps, capmaps;
  OmpiccDeviceInfo info;
  int have_info;
} RtDevice;

/* Devices and modules: loaded once, on first use. */
int rt_num_devices(void);
RtDevice *rt_device(int number); /* NULL for the host or no such device */

/* The device a construct runs on: its device clause (-1: default), or
 * NULL for the host.  Applies OMP_TARGET_OFFLOAD (fatal under MANDATORY
 * when no device is available). */
long rt_device_number(long device);
RtDevice *rt_choose(const char *where, long device);

/* The calling host thread's queue on dev (created on first use). */
void *rt_queue(RtDevice *dev);

/* Environment. */
int rt_debug(void);
int rt_default_device(void);
void rt_set_default_device(int d);
enum { RT_OFFLOAD_DEFAULT, RT_OFFLOAD_DISABLED, RT_OFFLOAD_MANDATORY };
int rt_offload_policy(void);
/* OMPICC_PINNED, OMPICC_ZERO_COPY (rt-transfer.c). */
enum { RT_HOSTMEM_AUTO, RT_HOSTMEM_NEVER, RT_HOSTMEM_ALWAYS };
int rt_pinned_policy(void);
/* nteams-var and teams-thread-limit-var (OMP_NUM_TEAMS,
 * OMP_TEAMS_THREAD_LIMIT, OpenMP 5.2 21.6-21.7); 0 when unset. */
int rt_nteams_var(void);
int rt_teams_thread_limit_var(void);
int rt_zero_copy_policy(void);
/* OMPICC_DEVICE_HEAP in bytes, for the device modules; 0 when unset. */
size_t rt_device_heap(void);
/* OMPICC_REQUIRES_* of the program's requires directives. */
int rt_requires(void);

/* A line "ompicc: ..." on stderr, whole among other threads' lines. */
void rt_say(const char *fmt, va_list ap) __attribute__((format(printf, 1, 0)));
/* Trace (OMPICC_DEBUG) and errors, printed as "where: error: ...". */
void rt_trace(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
_Noreturn void rt_fatal(const char *where, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* The calling thread's last failure explanation from a module. */
const char *rt_last_detail(void);
/* A module's operation failed: report with its detail and stop. */
_Noreturn void rt_fail(const char *where, RtDevice *d, const char *what);
/* Run a module operation; on failure report `what` and stop. */
#define RT_CHECK(where, d, call, what)                                                   \
  do {                                                                                   \
    if ((call) != 0)                                                                     \
      rt_fail((where), (d), (what));                                                     \
  } while (0)

/* OMPICC_INFO and OMPICC_PROFILE (rt-profile.c).  rt_info prints a
 * line of what the runtime does (maps, copies, launches) when OMPICC_INFO
 * or OMPICC_DEBUG is set. */
void rt_info(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int rt_info_on(void);
int rt_profiling(void);
double rt_clock_us(void);
/* A timed operation: rt_time_begin before it is queued on queue,
 * rt_time_end after, which waits for it and gives its start and
 * duration (microseconds of rt_clock_us); non-zero when the wait failed
 * (the module's detail says why). */
typedef struct RtTiming {
  double host_start;
  void *mark;
} RtTiming;
void rt_time_begin(RtDevice *d, void *queue, RtTiming *t);
int rt_time_end(RtDevice *d, void *queue, RtTiming *t, double *start, double *dur);
void rt_profile_kernel(RtDevice *d, const char *where, const char *kernel,
                       const OmpiccLaunch *g, double start, double dur);
void rt_profile_copy(RtDevice *d, const char *where, const char *item, int to_device,
                     size_t bytes, double start, double dur);
void rt_profile_memory(RtDevice *d, const char *where, const char *item, int freed,
                       size_t bytes, double start, double dur);

void *rt_xmalloc(size_t n);
void *rt_xcalloc(size_t n, size_t size);
char *rt_xstrdup(const char *s);

/* What a part above the core frees at exit (rt-data.c: the mappings;
 * rt-target.c: images and kernels): fn runs from the exit handler, with
 * the devices still there and their queues gone, before the modules'
 * fini.  The parts register from a constructor; the functions do not
 * depend on each other's order. */
void rt_at_exit(void (*fn)(void));

/* Present table (rt-present.c); the caller holds d->lock. */
RtMapping *rt_lookup(RtDevice *d, uintptr_t p, size_t size, RtMapping **overlap);
/* The mappings that intersect [p, p+size): how many, from index *first
 * of the table on. */
int rt_overlapping(RtDevice *d, uintptr_t p, size_t size, int *first);
RtMapping *rt_insert(RtDevice *d, uintptr_t lo, size_t size, uint64_t dev);
void rt_remove(RtDevice *d, RtMapping *m);
/* Device address of host p (translated when in a mapping, else p). */
uint64_t rt_translate(RtDevice *d, const void *p, int *found);

/* Device storage and copies of mappings (rt-transfer.c); the caller holds
 * d->lock.  rt_map_new inserts a mapping of e: zero-copy when the policy
 * says so for a construct's own (transient) map not attached into, else
 * new device memory.  rt_map_release frees what m holds (after its queued
 * copies), without removing it from the table. */
RtMapping *rt_map_new(RtDevice *d, const char *where, const __ompicc_map *e, int transient,
                      int attached_into);
void rt_copy_to(RtDevice *d, const char *where, RtMapping *m, const void *host, size_t n,
                void *queue);
void rt_copy_from(RtDevice *d, const char *where, RtMapping *m, void *host, size_t n,
                  void *queue);
void rt_map_release(RtDevice *d, const char *where, RtMapping *m, void *queue);
void rt_map_release_quietly(RtDevice *d, RtMapping *m);
/* The pointer at host address slot, inside m, holds dev on the device. */
void rt_note_attach(RtMapping *m, uintptr_t slot, uint64_t dev);

/* Map entries on entry to / exit from a construct: lock held inside.
 * transient: the target construct's own maps (they end with its kernel). */
void rt_map_enter(RtDevice *d, const char *where, int nmaps, __ompicc_map *maps,
                  int transient);
void rt_map_exit(RtDevice *d, const char *where, int nmaps, __ompicc_map *maps);
/* A declare target variable's image copy becomes its mapping. */
void rt_map_global(RtDevice *d, const char *where, const __ompicc_global *g, uint64_t addr);


#endif
