/* rt-core.c - the runtime core's frame: the environment (OMP_TARGET_OFFLOAD,
 * OMP_DEFAULT_DEVICE, OMP_NUM_TEAMS, OMP_TEAMS_THREAD_LIMIT, OMPICC_DEBUG,
 * OMPICC_DEVICES, OMPICC_PLUGIN_DIR, OMPICC_PINNED, OMPICC_ZERO_COPY), the
 * trace and error messages, loading the device modules on first use and
 * numbering their devices, one queue per host thread and device, and the
 * exit handler that frees it all (the parts above the core hand it what
 * they free through rt_at_exit, so the core calls none of them).
 *
 * Structures: `devices` (every device of every loaded module, in OpenMP
 * device-number order), `modules` (the dlopen handles and tables, for
 * fini), and a per-thread RtQueues kept on a list so that the exit handler
 * can destroy the queues of threads still alive.
 *
 * OpenMP: 4.5 2.3 (ICVs default-device-var; 5.0 target-offload-var), 4.5
 * 4.13 (OMP_DEFAULT_DEVICE), 5.0 6.17 (OMP_TARGET_OFFLOAD), 4.5 2.15.5 (the
 * host fallback when no device is available).
 */
#define _GNU_SOURCE /* asprintf, vasprintf */
#include <dlfcn.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "rt.h"

#ifndef OMPICC_PKGLIBDIR
#define OMPICC_PKGLIBDIR "/usr/local/lib/ompicc"
#endif

/* The folder of the device modules, recorded in the program by the driver. */
extern const char __ompicc_plugin_dir[] __attribute__((weak));

typedef struct RtModule {
  void *handle;
  const OmpiccPlugin *plugin;
} RtModule;

static pthread_once_t env_once = PTHREAD_ONCE_INIT;
static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int debug_on, offload_policy, default_device, pinned_policy, zero_copy_policy;
static int nteams_var, teams_thread_limit_var;
static size_t device_heap;
static pthread_mutex_t rt_lock = PTHREAD_MUTEX_INITIALIZER;

static RtModule *modules;
static int nmodules;
static RtDevice **devices;
static int ndevices;
static volatile int dying; /* a fatal error is on its way out */

/* ------------------------------------------------------------ memory */

static _Noreturn void out_of_memory(void)
{
  fputs("ompicc: error: out of host memory\n", stderr);
  dying = 1;
  exit(1);
}

void *rt_xmalloc(size_t n)
{
  void *p = malloc(n ? n : 1);
  if (!p)
    out_of_memory();
  return p;
}

void *rt_xcalloc(size_t n, size_t size)
{
  void *p = calloc(n ? n : 1, size ? size : 1);
  if (!p)
    out_of_memory();
  return p;
}

char *rt_xstrdup(const char *s)
{
  char *p = strdup(s);
  if (!p)
    out_of_memory();
  return p;
}

/* ------------------------------------------------------- environment */

static const struct {
  const char *word;
  int policy;
} offload_words[] = {
    {"DEFAULT", RT_OFFLOAD_DEFAULT},
    {"DISABLED", RT_OFFLOAD_DISABLED},
    {"MANDATORY", RT_OFFLOAD_MANDATORY},
};

static const char *const hostmem_words[] = {
    [RT_HOSTMEM_AUTO] = "auto", [RT_HOSTMEM_NEVER] = "never", [RT_HOSTMEM_ALWAYS] = "always"};

/* OMPICC_PINNED, OMPICC_ZERO_COPY: auto when unset or not understood. */
static int hostmem_policy(const char *var)
{
  const char *s = getenv(var);
  if (!s || !*s)
    return RT_HOSTMEM_AUTO;
  for (int i = 0; i < (int)(sizeof hostmem_words / sizeof *hostmem_words); i++)
    if (strcasecmp(s, hostmem_words[i]) == 0)
      return i;
  fprintf(stderr, "ompicc: warning: %s=%s: expected auto, never or always; using auto\n", var,
          s);
  return RT_HOSTMEM_AUTO;
}

/* A positive number of teams or threads (OMP_NUM_TEAMS,
 * OMP_TEAMS_THREAD_LIMIT); 0 when unset, with a warning when not one. */
static int positive_env(const char *var)
{
  const char *s = getenv(var);
  if (!s || !*s)
    return 0;
  char *end;
  long v = strtol(s, &end, 10);
  if (*end == '\0' && v > 0 && v <= INT_MAX)
    return (int)v;
  fprintf(stderr, "ompicc: warning: %s=%s: expected a positive number; ignored\n", var, s);
  return 0;
}

/* A size (plugin.h, ompicc_env_size); 0 when unset, with a warning when
 * not one. */
static size_t size_env(const char *var)
{
  int bad;
  size_t n = ompicc_env_size(var, &bad);
  if (bad)
    fprintf(stderr, "ompicc: warning: %s=%s: expected a size in bytes (a number, with k, m or g "
                    "after it for KiB, MiB or GiB); ignored\n", var, getenv(var));
  return n;
}

static void read_env(void)
{
  nteams_var = positive_env("OMP_NUM_TEAMS");
  teams_thread_limit_var = positive_env("OMP_TEAMS_THREAD_LIMIT");
  device_heap = size_env("OMPICC_DEVICE_HEAP");
  pinned_policy = hostmem_policy("OMPICC_PINNED");
  zero_copy_policy = hostmem_policy("OMPICC_ZERO_COPY");
  const char *s = getenv("OMPICC_DEBUG");
  debug_on = s && *s && strcmp(s, "0") != 0;
  s = getenv("OMP_TARGET_OFFLOAD");
  for (size_t i = 0; s && i < sizeof offload_words / sizeof *offload_words; i++)
    if (strcasecmp(s, offload_words[i].word) == 0)
      offload_policy = offload_words[i].policy;
  s = getenv("OMP_DEFAULT_DEVICE");
  if (s && *s) {
    char *end;
    long v = strtol(s, &end, 10);
    if (*end == '\0' && v >= 0 && v < 1L << 30)
      default_device = (int)v;
  }
}

int rt_debug(void)
{
  pthread_once(&env_once, read_env);
  return debug_on;
}

size_t rt_device_heap(void)
{
  pthread_once(&env_once, read_env);
  return device_heap;
}

int rt_nteams_var(void)
{
  pthread_once(&env_once, read_env);
  return nteams_var;
}

int rt_teams_thread_limit_var(void)
{
  pthread_once(&env_once, read_env);
  return teams_thread_limit_var;
}

int rt_pinned_policy(void)
{
  pthread_once(&env_once, read_env);
  return pinned_policy;
}

int rt_zero_copy_policy(void)
{
  pthread_once(&env_once, read_env);
  return zero_copy_policy;
}

int rt_offload_policy(void)
{
  pthread_once(&env_once, read_env);
  return offload_policy;
}

int rt_default_device(void)
{
  pthread_once(&env_once, read_env);
  return __atomic_load_n(&default_device, __ATOMIC_RELAXED);
}

void rt_set_default_device(int d)
{
  pthread_once(&env_once, read_env);
  __atomic_store_n(&default_device, d, __ATOMIC_RELAXED);
}

/* ------------------------------------------------- trace and errors */

void rt_say(const char *fmt, va_list ap)
{
  flockfile(stderr);
  fputs("ompicc: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  funlockfile(stderr);
}

void rt_trace(const char *fmt, ...)
{
  if (!rt_debug())
    return;
  va_list ap;
  va_start(ap, fmt);
  rt_say(fmt, ap);
  va_end(ap);
}

/* The explanation a module gives of its failure, per host thread. */
static __thread char *detail_msg;

static void plugin_detail(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  char *msg;
  if (vasprintf(&msg, fmt, ap) < 0)
    msg = NULL;
  va_end(ap);
  free(detail_msg);
  detail_msg = msg;
}

const char *rt_last_detail(void)
{
  return detail_msg ? detail_msg : "the device module gave no detail";
}

static void plugin_trace(const char *fmt, ...)
{
  if (!rt_debug())
    return;
  va_list ap;
  va_start(ap, fmt);
  flockfile(stderr);
  fputs("ompicc: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  funlockfile(stderr);
  va_end(ap);
}

static OmpiccPluginHost plugin_host = {plugin_trace, plugin_detail, 0};

/* Errors stop the program: exit(1) without the exit handler's cleanup,
 * which could wait on a lock the failing thread holds. */
_Noreturn void rt_fatal(const char *where, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  flockfile(stderr);
  fprintf(stderr, "%s: error: ", where ? where : "ompicc");
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  funlockfile(stderr);
  va_end(ap);
  dying = 1;
  exit(1);
}

_Noreturn void rt_fail(const char *where, RtDevice *d, const char *what)
{
  const char *detail = rt_last_detail();
  if (d)
    rt_fatal(where, "%s on device %d (%s): %s", what, d->number, d->plugin->name, detail);
  rt_fatal(where, "%s: %s", what, detail);
}

/* ------------------------------------------------------------ modules */

static const char *plugin_dir(void)
{
  const char *s = getenv("OMPICC_PLUGIN_DIR");
  if (s && *s)
    return s;
  if (__ompicc_plugin_dir && __ompicc_plugin_dir[0])
    return __ompicc_plugin_dir;
  return OMPICC_PKGLIBDIR;
}

/* Every required operation present? */
static int plugin_complete(const OmpiccPlugin *p)
{
  return p->version == OMPICC_PLUGIN_VERSION && p->name && p->init && p->alloc &&
         p->free && p->queue_create && p->queue_destroy && p->queue_sync && p->copy_to &&
         p->copy_from && p->copy_within && p->load_image && p->get_kernel && p->launch;
}

/* Why the modules gave no device, for OMP_TARGET_OFFLOAD=MANDATORY's
 * message: "module 'cuda': no NVIDIA driver: ...; module ...". */
static char *no_device_why;

static void module_gave_none(const char *name, const char *why)
{
  char *all;
  if (asprintf(&all, "%s%smodule '%s': %s", no_device_why ? no_device_why : "",
               no_device_why ? "; " : "", name, why) < 0)
    out_of_memory();
  free(no_device_why);
  no_device_why = all;
}

static const OmpiccPlugin *open_module(const char *dir, const char *name, void **handle)
{
  char *path;
  if (asprintf(&path, "%s/ompicc-%s.so", dir, name) < 0)
    out_of_memory();
  *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!*handle) {
    const char *err = dlerror();
    rt_trace("module '%s': %s", name, err);
    module_gave_none(name, err ? err : path);
    free(path);
    return NULL;
  }
  OmpiccPluginQuery query = (OmpiccPluginQuery)dlsym(*handle, OMPICC_PLUGIN_QUERY);
  const OmpiccPlugin *p = query ? query(OMPICC_PLUGIN_VERSION) : NULL;
  if (!p || !plugin_complete(p)) {
    rt_trace("module '%s' (%s): no usable %s for version %d", name, path,
             OMPICC_PLUGIN_QUERY, OMPICC_PLUGIN_VERSION);
    module_gave_none(name, "not a device module of this version of ompicc's runtime");
    dlclose(*handle);
    free(path);
    return NULL;
  }
  rt_trace("module '%s' loaded from %s", name, path);
  free(path);
  return p;
}

/* #pragma omp requires of the program's units (OpenMP 5.2 8.2), from
 * their constructors, before the devices load. */
static int requires_flags, refused_devices;
static const char *requires_where;
static char *refused_why; /* the first device refused, and why */

void __ompicc_requires(const char *where, int flags)
{
  if (!requires_where)
    requires_where = where;
  requires_flags |= flags;
}

int rt_requires(void)
{
  return requires_flags;
}

/* The first requirement a device cannot meet, as the clause's name, or
 * NULL.  A device of no address space shared with the host, or of no
 * access to the host's memory, cannot run such a program; reverse
 * offload is not implemented.  Allocators in device code (dynamic_allocators)
 * every device has: the device library's omp_init_allocator and
 * omp_alloc work on the device heap (devlib-cuda/omp-alloc.h). */
static const char *unmet_requirement(const RtDevice *d, const char **why)
{
  static const struct { int flag; const char *clause, *why; } all[] = {
      {OMPICC_REQUIRES_UNIFIED_ADDRESS, "unified_address",
       "it does not share the host's address space"},
      {OMPICC_REQUIRES_UNIFIED_SHARED_MEMORY, "unified_shared_memory",
       "it cannot access the host's pageable memory (the CUDA driver's "
       "CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS is 0)"},
      {OMPICC_REQUIRES_REVERSE_OFFLOAD, "reverse_offload", "ompicc does not implement it"},
      {OMPICC_REQUIRES_DYNAMIC_ALLOCATORS, "dynamic_allocators", ""},
  };
  int met = OMPICC_REQUIRES_DYNAMIC_ALLOCATORS;
  if (d->have_info && d->info.unified_addressing)
    met |= OMPICC_REQUIRES_UNIFIED_ADDRESS;
  if (d->have_info && d->info.pageable_access)
    met |= OMPICC_REQUIRES_UNIFIED_SHARED_MEMORY;
  for (size_t i = 0; i < sizeof all / sizeof *all; i++)
    if ((requires_flags & all[i].flag) && !(met & all[i].flag)) {
      *why = all[i].why;
      return all[i].clause;
    }
  return NULL;
}

static void add_devices(const OmpiccPlugin *p, int n)
{
  devices = realloc(devices, (size_t)(ndevices + n) * sizeof *devices);
  if (!devices)
    out_of_memory();
  for (int i = 0; i < n; i++) {
    RtDevice *d = rt_xcalloc(1, sizeof *d);
    d->plugin = p;
    d->id = i;
    d->number = ndevices;
    pthread_mutex_init(&d->lock, NULL);
    if (p->device_info && p->device_info(i, &d->info) == 0)
      d->have_info = 1;
    const char *why, *unmet = unmet_requirement(d, &why);
    if (unmet) { /* 8.2: the device is not one the program may use */
      rt_trace("%s device %d: cannot meet 'requires %s' (%s): not used", p->name, i, unmet,
               requires_where);
      if (!refused_why &&
          asprintf(&refused_why, "%s device %d: '%s': %s", p->name, i, unmet, why) < 0)
        out_of_memory();
      pthread_mutex_destroy(&d->lock);
      free(d);
      refused_devices++;
      continue;
    }
    rt_trace("device %d: %s device %d%s%s", d->number, p->name, i, d->have_info ? ": " : "",
             d->have_info ? d->info.name : "");
    devices[ndevices++] = d;
  }
}

static void load_module(const char *dir, const char *name)
{
  void *handle;
  const OmpiccPlugin *p = open_module(dir, name, &handle);
  if (!p)
    return;
  free(detail_msg);
  detail_msg = NULL;
  plugin_host.device_heap = rt_device_heap();
  int n = p->init(&plugin_host);
  rt_trace("module '%s': %d device%s", name, n, n == 1 ? "" : "s");
  if (n <= 0) {
    module_gave_none(name, detail_msg ? detail_msg : "no device found");
    if (p->fini)
      p->fini();
    dlclose(handle);
    return;
  }
  modules = realloc(modules, (size_t)(nmodules + 1) * sizeof *modules);
  if (!modules)
    out_of_memory();
  modules[nmodules++] = (RtModule){handle, p};
  add_devices(p, n);
}

static void rt_exit(void);

/* OMPICC_DEVICES: a comma list of module names, in device-number order. */
static void load_all(void)
{
  if (rt_offload_policy() == RT_OFFLOAD_DISABLED) {
    rt_trace("OMP_TARGET_OFFLOAD=DISABLED: no device");
    return;
  }
  const char *list = getenv("OMPICC_DEVICES");
  char *names = rt_xstrdup(list && *list ? list : "cuda");
  const char *dir = plugin_dir();
  char *save = NULL;
  for (char *w = strtok_r(names, ", ", &save); w; w = strtok_r(NULL, ", ", &save))
    load_module(dir, w);
  free(names);
  rt_trace("%d device%s; the host is device %d", ndevices, ndevices == 1 ? "" : "s",
           ndevices);
  atexit(rt_exit);
}

int rt_num_devices(void)
{
  pthread_once(&load_once, load_all);
  return ndevices;
}

RtDevice *rt_device(int number)
{
  int n = rt_num_devices();
  return number >= 0 && number < n ? devices[number] : NULL;
}

/* The number a construct's device value stands for: no clause is the
 * default device; -1 is 5.2's omp_initial_device, the host. */
long rt_device_number(long device)
{
  if (device == OMPICC_DEVICE_DEFAULT)
    return rt_default_device();
  if (device == -1)
    return rt_num_devices();
  return device;
}

/* 4.5 2.15.5 / 5.0 6.17: the device of a construct.  A device number that
 * is not a device runs on the host, unless offload is mandatory. */
RtDevice *rt_choose(const char *where, long device)
{
  int n = rt_num_devices();
  long num = rt_device_number(device);
  if (rt_offload_policy() != RT_OFFLOAD_MANDATORY)
    return num >= 0 && num < n ? devices[num] : NULL;
  if (n == 0 && refused_devices)
    rt_fatal(where, "OMP_TARGET_OFFLOAD=MANDATORY but no device can meet the program's "
                    "'requires' (%s): %s", requires_where, refused_why);
  if (n == 0)
    rt_fatal(where, "OMP_TARGET_OFFLOAD=MANDATORY but no device is available (%s)",
             no_device_why ? no_device_why : "OMPICC_DEVICES names no module");
  if (num == n)
    return NULL; /* the host, named on purpose */
  if (num < 0 || num > n)
    rt_fatal(where, "OMP_TARGET_OFFLOAD=MANDATORY but device %ld does not exist "
                    "(devices 0 to %d)", num, n - 1);
  return devices[num];
}

/* ------------------------------------------------------------- queues */

/* The queues of one host thread, one slot per device. */
typedef struct RtQueues {
  void **q;
  int n;
  struct RtQueues *prev, *next;
} RtQueues;

static RtQueues *all_queues;
static pthread_key_t queue_key;
static pthread_once_t key_once = PTHREAD_ONCE_INIT;
static __thread RtQueues *my_queues;

static void destroy_queues(RtQueues *t)
{
  for (int i = 0; i < t->n; i++)
    if (t->q[i])
      devices[i]->plugin->queue_destroy(devices[i]->id, t->q[i]);
  free(t->q);
  free(t);
}

/* A host thread ends: its queues go with it. */
static void thread_end(void *arg)
{
  RtQueues *t = arg;
  pthread_mutex_lock(&rt_lock);
  if (!dying && modules) {
    if (t->prev)
      t->prev->next = t->next;
    else
      all_queues = t->next;
    if (t->next)
      t->next->prev = t->prev;
    destroy_queues(t);
  }
  pthread_mutex_unlock(&rt_lock);
}

static void make_key(void)
{
  pthread_key_create(&queue_key, thread_end);
}

static RtQueues *thread_queues(void)
{
  if (my_queues)
    return my_queues;
  pthread_once(&key_once, make_key);
  RtQueues *t = rt_xcalloc(1, sizeof *t);
  t->n = ndevices;
  t->q = rt_xcalloc((size_t)ndevices, sizeof *t->q);
  pthread_mutex_lock(&rt_lock);
  t->next = all_queues;
  if (all_queues)
    all_queues->prev = t;
  all_queues = t;
  pthread_mutex_unlock(&rt_lock);
  pthread_setspecific(queue_key, t);
  return my_queues = t;
}

void *rt_queue(RtDevice *d)
{
  RtQueues *t = thread_queues();
  if (!t->q[d->number]) {
    RT_CHECK(NULL, d, d->plugin->queue_create(d->id, &t->q[d->number]),
             "cannot create a queue");
    rt_trace("device %d: new queue for a host thread", d->number);
  }
  return t->q[d->number];
}

/* --------------------------------------------------------------- exit */

static void (*exit_fns[8])(void);
static int nexit_fns;

void rt_at_exit(void (*fn)(void))
{
  if (nexit_fns == (int)(sizeof exit_fns / sizeof *exit_fns))
    abort(); /* a part of the runtime more than the table allows */
  exit_fns[nexit_fns++] = fn;
}

/* Everything the runtime allocated, then the modules' fini. */
static void rt_exit(void)
{
  if (dying)
    return;
  rt_trace("exit: releasing %d device%s", ndevices, ndevices == 1 ? "" : "s");
  pthread_mutex_lock(&rt_lock);
  while (all_queues) {
    RtQueues *t = all_queues;
    all_queues = t->next;
    destroy_queues(t);
  }
  my_queues = NULL;
  for (int i = nexit_fns - 1; i >= 0; i--)
    exit_fns[i]();
  for (int i = 0; i < ndevices; i++) {
    pthread_mutex_destroy(&devices[i]->lock);
    free(devices[i]);
  }
  free(devices);
  devices = NULL;
  ndevices = 0;
  for (int i = nmodules - 1; i >= 0; i--) {
    if (modules[i].plugin->fini)
      modules[i].plugin->fini();
    dlclose(modules[i].handle);
  }
  free(modules);
  modules = NULL;
  nmodules = 0;
  free(detail_msg);
  detail_msg = NULL;
  free(no_device_why);
  no_device_why = NULL;
  free(refused_why);
  refused_why = NULL;
  pthread_mutex_unlock(&rt_lock);
}
