/* rt-target.c - target regions: __ompicc_target picks the device, loads
 * the translation unit's kernel image for that device's module on first
 * use, finds the kernel, maps the entries, builds the kernel's arguments,
 * chooses the grid, launches on the host thread's queue and unmaps.
 *
 * Structures: UnitState (hung on __ompicc_unit.state: per device, the
 * loaded image and the device slots of `declare target link` variables)
 * and RegionState (on __ompicc_region.state: per device, the kernel and
 * what the module knows of it).  Both are made on first use under
 * state_lock, filled under the device's lock, and freed at exit.
 *
 * OpenMP: 4.5 2.15.5 (target: device selection, host fallback, the data
 * environment of the region), 2.10.6 (declare target, link; 5.2 7.8.1:
 * indirect, the image's table of host function addresses), 2.10.7/
 * 2.10.8 (teams, num_teams, thread_limit: the grid).
 */
#define _GNU_SOURCE /* asprintf, vasprintf */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rt.h"

/* Threads per block when the program does not say (a multiple of every
 * warp size NVIDIA has used). */
#define DEFAULT_THREADS 128
/* Threads of a team that runs a teams distribute loop with parallel loops
 * inside (OMPICC_REGION_TEAM_LOOPS), without thread_limit. */
#define TEAM_LOOP_THREADS 64

typedef struct LinkSlot {
  uint64_t addr; /* the image's pointer variable */
  uint64_t value; /* what it holds now */
} LinkSlot;

typedef struct UnitDev {
  int loaded;
  void *module;
  void *bytes;    /* an image read from a file, freed at exit */
  char *path;
  LinkSlot *links; /* per global, used by link ones */
} UnitDev;

typedef struct UnitState {
  __ompicc_unit *unit;
  UnitDev *dev; /* per device number */
  struct UnitState *next;
} UnitState;

typedef struct RegionDev {
  void *kernel;
  OmpiccKernelInfo info;
  void *wide; /* OMPICC_REGION_WIDE: the kernel__wide, once launched */
  OmpiccKernelInfo wide_info;
  char *wide_name;
  void *once; /* OMPICC_REGION_ONCE: the kernel__once, once launched */
  OmpiccKernelInfo once_info;
  char *once_name;
} RegionDev;

typedef struct RegionState {
  __ompicc_region *region;
  RegionDev *dev;
  struct RegionState *next;
} RegionState;

static pthread_mutex_t state_lock = PTHREAD_MUTEX_INITIALIZER;
static UnitState *units;
static RegionState *regions;

/* ------------------------------------------------------------ state */

static UnitState *unit_state(__ompicc_unit *u)
{
  UnitState *s = __atomic_load_n((UnitState **)&u->state, __ATOMIC_ACQUIRE);
  if (s)
    return s;
  pthread_mutex_lock(&state_lock);
  s = u->state;
  if (!s) {
    s = rt_xcalloc(1, sizeof *s);
    s->unit = u;
    s->dev = rt_xcalloc((size_t)rt_num_devices(), sizeof *s->dev);
    s->next = units;
    units = s;
    __atomic_store_n((UnitState **)&u->state, s, __ATOMIC_RELEASE);
  }
  pthread_mutex_unlock(&state_lock);
  return s;
}

static RegionState *region_state(__ompicc_region *r)
{
  RegionState *s = __atomic_load_n((RegionState **)&r->state, __ATOMIC_ACQUIRE);
  if (s)
    return s;
  pthread_mutex_lock(&state_lock);
  s = r->state;
  if (!s) {
    s = rt_xcalloc(1, sizeof *s);
    s->region = r;
    s->dev = rt_xcalloc((size_t)rt_num_devices(), sizeof *s->dev);
    s->next = regions;
    regions = s;
    __atomic_store_n((RegionState **)&r->state, s, __ATOMIC_RELEASE);
  }
  pthread_mutex_unlock(&state_lock);
  return s;
}

/* At exit: the loaded images and kernels. */
static void target_fini(void)
{
  pthread_mutex_lock(&state_lock);
  for (UnitState *s = units, *next; s; s = next) {
    next = s->next;
    for (int i = 0; i < rt_num_devices(); i++) {
      free(s->dev[i].bytes);
      free(s->dev[i].path);
      free(s->dev[i].links);
    }
    s->unit->state = NULL;
    free(s->dev);
    free(s);
  }
  for (RegionState *s = regions, *next; s; s = next) {
    next = s->next;
    s->region->state = NULL;
    for (int i = 0; i < rt_num_devices(); i++)
      free(s->dev[i].wide_name), free(s->dev[i].once_name);
    free(s->dev);
    free(s);
  }
  units = NULL;
  regions = NULL;
  pthread_mutex_unlock(&state_lock);
}

__attribute__((constructor)) static void target_register_exit(void) { rt_at_exit(target_fini); }

/* ------------------------------------------------------------ images */

/* Separate-file mode: a relative name is in the executable's folder. */
static char *image_path(const char *file)
{
  if (file[0] == '/')
    return rt_xstrdup(file);
  char *exe = realpath("/proc/self/exe", NULL);
  char *slash = exe ? strrchr(exe, '/') : NULL;
  char *path;
  if (asprintf(&path, "%.*s/%s", slash ? (int)(slash - exe) : 1, slash ? exe : ".", file) < 0)
    path = NULL;
  free(exe);
  return path ? path : rt_xstrdup(file);
}

static void *read_file(const char *path, size_t *size)
{
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  size_t cap = 1 << 16, n = 0, got;
  char *buf = rt_xmalloc(cap);
  while ((got = fread(buf + n, 1, cap - n, f)) > 0) {
    n += got;
    if (n == cap) {
      char *b = realloc(buf, cap *= 2);
      if (!b)
        break;
      buf = b;
    }
  }
  fclose(f);
  *size = n;
  return buf;
}

static const __ompicc_image *find_image(const __ompicc_unit *u, int kind)
{
  for (int i = 0; i < u->nimages; i++)
    if (u->images[i].kind == kind && (u->images[i].bytes || u->images[i].file))
      return &u->images[i];
  return NULL;
}

/* The image as the module gets it: embedded bytes, or the file's bytes
 * and its full path. */
static int linked(const __ompicc_unit *u);

static OmpiccImage image_for(__ompicc_region *r, RtDevice *d, UnitDev *ud)
{
  const __ompicc_image *im = find_image(r->unit, d->plugin->image_kind);
  if (!im && linked(r->unit))
    rt_fatal(r->where, "no kernel image for device %d (%s) in the program for %s, whose "
             "device code is linked when ompicc links the program: build every file with "
             "--devices=%s and link with ompicc, or choose the devices with OMPICC_DEVICES",
             d->number, d->plugin->name, r->unit->source, d->plugin->name);
  if (!im)
    rt_fatal(r->where, "no kernel image for device %d (%s) in the program for %s: build "
             "it with --devices=%s, or choose the devices with OMPICC_DEVICES",
             d->number, d->plugin->name, r->unit->source, d->plugin->name);
  OmpiccImage img = *im;
  if (!img.bytes) {
    ud->path = image_path(img.file);
    ud->bytes = read_file(ud->path, &img.size);
    if (!ud->bytes)
      rt_fatal(r->where, "cannot read the kernel image %s for device %d (%s)", ud->path,
               d->number, d->plugin->name);
    img.bytes = ud->bytes;
    img.file = ud->path;
  }
  return img;
}

/* Declare target variables: present from the image's load on. */
static void load_globals(const char *where, const __ompicc_unit *u, RtDevice *d, UnitDev *ud)
{
  if (u->nglobals == 0)
    return;
  if (!d->plugin->get_global || !(d->plugin->caps & OMPICC_CAP_GLOBALS))
    rt_fatal(where, "device %d (%s) does not support declare target variables",
             d->number, d->plugin->name);
  ud->links = rt_xcalloc((size_t)u->nglobals, sizeof *ud->links);
  for (int i = 0; i < u->nglobals; i++) {
    const __ompicc_global *g = &u->globals[i];
    uint64_t addr;
    size_t size;
    if (d->plugin->get_global(d->id, ud->module, g->name, &addr, &size) != 0)
      rt_fail(where, d, "cannot find a declare target variable");
    if (g->flags & OMPICC_GLOBAL_LINK)
      ud->links[i].addr = addr;
    else
      rt_map_global(d, where, g, addr);
  }
}

/* declare target indirect functions (OpenMP 5.2 7.8.1): the image's
 * table gets their host addresses, in the order of the unit's, so that a
 * call through a pointer holding one calls the device version (the
 * kernel file's __ompicc_indirect).  Caller holds d->lock. */
static void load_indirect(const char *where, const __ompicc_unit *u, RtDevice *d, UnitDev *ud)
{
  if (u->nindirect == 0)
    return;
  if (!d->plugin->get_global || !(d->plugin->caps & OMPICC_CAP_GLOBALS))
    rt_fatal(where, "device %d (%s) does not support declare target indirect functions",
             d->number, d->plugin->name);
  uint64_t addr;
  size_t size;
  uint64_t *hosts = rt_xcalloc((size_t)u->nindirect, sizeof *hosts);
  for (int i = 0; i < u->nindirect; i++)
    hosts[i] = (uint64_t)(uintptr_t)u->indirect[i];
  const char *table = u->indirect_table ? u->indirect_table : OMPICC_INDIRECT_TABLE;
  if (d->plugin->get_global(d->id, ud->module, table, &addr, &size) != 0)
    rt_fail(where, d, "cannot find the table of declare target indirect functions");
  if (size && size != (size_t)u->nindirect * sizeof *hosts)
    rt_fatal(where, "the kernel image of %s has %zu declare target indirect functions, "
             "the program %d: rebuild it", u->source, size / sizeof *hosts, u->nindirect);
  RT_CHECK(where, d, d->plugin->copy_to(d->id, addr, hosts, (size_t)u->nindirect * sizeof *hosts, NULL),
           "cannot fill the table of declare target indirect functions");
  free(hosts);
  rt_trace("device %d: %d declare target indirect functions of %s", d->number, u->nindirect,
           u->source);
}

/* What the device library reads of its device (devlib-cuda/ompicc-device.h,
 * __ompicc_device_env): its number and the number of devices (OpenMP 5.2
 * 18.7.4-18.7.7 in device code), its processors (threads it runs at
 * once) and the process id (affinity format field P).  A module without
 * variables, or an image without the variable, goes without. */
static void load_device_env(const char *where, RtDevice *d, UnitDev *ud)
{
  uint64_t addr;
  size_t size;
  int env[4] = {d->number, rt_num_devices(),
                d->have_info ? d->info.multiprocessors * d->info.max_threads_per_multiprocessor : 0,
                (int)getpid()};
  if (!d->plugin->get_global || !(d->plugin->caps & OMPICC_CAP_GLOBALS) ||
      d->plugin->get_global(d->id, ud->module, OMPICC_DEVICE_ENV_SYMBOL, &addr, &size) != 0 ||
      size != sizeof env)
    return;
  RT_CHECK(where, d, d->plugin->copy_to(d->id, addr, env, sizeof env, NULL),
           "cannot tell the device its number");
}

/* ------------------------------------------------------------ linked units */

/* The units of relocatable device code of the process (their
 * constructors register them): the units of one executable or shared
 * library share its linked image, which the runtime loads once per
 * device, with every unit's variables and tables (doc/ARCHITECTURE.md,
 * "Device code across files").  Guarded by state_lock. */
static __ompicc_unit *registered;

void __ompicc_register_unit(__ompicc_unit *u)
{
  pthread_mutex_lock(&state_lock);
  u->next = registered;
  registered = u;
  pthread_mutex_unlock(&state_lock);
}

void __ompicc_unregister_unit(__ompicc_unit *u)
{
  pthread_mutex_lock(&state_lock);
  for (__ompicc_unit **p = &registered; *p; p = &(*p)->next)
    if (*p == u) {
      *p = u->next;
      break;
    }
  pthread_mutex_unlock(&state_lock);
}

/* A linked unit names its own table of indirect functions (ompicc-rt.h). */
static int linked(const __ompicc_unit *u) { return u->indirect_table != NULL; }

/* Do units a and b have the same image for a device kind? */
static int same_image(const __ompicc_unit *a, const __ompicc_unit *b, int kind)
{
  const __ompicc_image *x = find_image(a, kind), *y = find_image(b, kind);
  if (!x || !y)
    return 0;
  return x->bytes ? x->bytes == y->bytes : y->file && !strcmp(x->file, y->file);
}

/* The registered units that share u's image on d (u among them, unless
 * it is not registered), in a new array of *n.  Caller holds d->lock. */
static __ompicc_unit **sharing(const __ompicc_unit *u, RtDevice *d, int *n)
{
  pthread_mutex_lock(&state_lock);
  int count = 0;
  for (__ompicc_unit *v = registered; v; v = v->next)
    count++;
  __ompicc_unit **all = rt_xcalloc((size_t)count + 1, sizeof *all);
  *n = 0;
  for (__ompicc_unit *v = registered; v; v = v->next)
    if (v == u || (linked(u) && same_image(u, v, d->plugin->image_kind)))
      all[(*n)++] = v;
  pthread_mutex_unlock(&state_lock);
  return all;
}

/* Caller holds d->lock. */
static UnitDev *unit_on(__ompicc_region *r, RtDevice *d)
{
  UnitDev *ud = &unit_state(r->unit)->dev[d->number];
  if (ud->loaded)
    return ud;
  OmpiccImage img = image_for(r, d, ud);
  RT_CHECK(r->where, d, d->plugin->load_image(d->id, &img, &ud->module),
           "cannot load the kernel image");
  rt_trace("device %d: loaded the image of %s (%lu bytes%s%s)", d->number, r->unit->source,
           img.size, ud->path ? " from " : "", ud->path ? ud->path : "");
  ud->loaded = 1;
  load_globals(r->where, r->unit, d, ud);
  load_indirect(r->where, r->unit, d, ud);
  /* the other units linked into the image: the same module */
  int n;
  __ompicc_unit **units = sharing(r->unit, d, &n);
  for (int i = 0; i < n; i++) {
    UnitDev *other = &unit_state(units[i])->dev[d->number];
    if (other->loaded)
      continue;
    other->module = ud->module;
    other->loaded = 1;
    load_globals(r->where, units[i], d, other);
    load_indirect(r->where, units[i], d, other);
  }
  free(units);
  load_device_env(r->where, d, ud);
  return ud;
}

/* Caller holds d->lock. */
static RegionDev *kernel_on(__ompicc_region *r, RtDevice *d)
{
  RegionDev *rd = &region_state(r)->dev[d->number];
  if (rd->kernel)
    return rd;
  UnitDev *ud = unit_on(r, d);
  if (d->plugin->get_kernel(d->id, ud->module, r->kernel, &rd->kernel, &rd->info) != 0)
    rt_fail(r->where, d, "cannot find the kernel of the region");
  rt_trace("device %d: kernel %s: %d registers, at most %d threads", d->number, r->kernel,
           rd->info.regs_per_thread, rd->info.max_threads_per_block);
  return rd;
}

/* A nest's extents (OMPICC_REGION_GRID), outermost first, and its trip
 * count. */
typedef struct Nest {
  int loops; /* 0: not on a grid */
  long long ext[3], trip;
} Nest;

/* Does an SPMD loop of OMPICC_REGION_WIDE need its 64-bit kernel?  The
 * 32-bit one walks iterations first < end by stride with end + stride
 * in an int (omp-loop.h): end is at most the trip count, and stride the
 * grid's threads, a block's or the grid's blocks, or the trip count (simd
 * rounds).  It also takes every loop of the nest to run, when its bounds
 * are the host's values (__ompicc_extent): an empty nest takes the 64-bit
 * kernel.  A nest on a grid (OMPICC_REGION_GRID) whose innermost loop is
 * shorter than a warp takes it too: there the 32-bit kernel's x would
 * leave most lanes idle, the 64-bit one walks the collapsed space. */
static int needs_wide(const __ompicc_region *r, const Nest *nest, const OmpiccLaunch *g, long warp)
{
  if (!(r->hints & OMPICC_REGION_WIDE))
    return 0;
  if (nest->loops && nest->ext[nest->loops - 1] < warp)
    return 1; /* OMPICC_REGION_GRID: x would leave most of each warp idle */
  long long trip = nest->trip;
  long long threads = (long long)g->grid[0] * g->grid[1] * g->grid[2] * g->block[0];
  return trip <= 0 || trip > INT_MAX || trip + (threads > trip ? threads : trip) > INT_MAX;
}

/* The device memory a kernel parameter reaches: the whole mapping that
 * holds what it points to.  1: [*lo, *hi); 0: none (a value, a null
 * pointer, a private copy of its own); -1: the runtime cannot tell (a
 * device address, a pointer to memory that is not mapped).  Caller holds
 * d->lock. */
static int param_range(RtDevice *d, const __ompicc_map *e, uint64_t *lo, uint64_t *hi)
{
  RtMapping *m;
  if (e->flags & (OMPICC_MAP_PRIVATE | OMPICC_MAP_SNAPSHOT))
    return 0;
  if (e->flags & OMPICC_MAP_ARG) {
    RtMapping *over;
    m = rt_lookup(d, (uintptr_t)e->begin, e->size, &over);
    if (!m && !over && !e->size)
      return 0; /* passed as NULL (build_args) */
  } else if (e->flags & OMPICC_MAP_LOOKUP) {
    if (!e->base)
      return 0;
    m = rt_lookup(d, (uintptr_t)e->base, 0, NULL);
  } else
    return e->flags & OMPICC_MAP_DEVADDR ? -1 : 0;
  if (!m)
    return -1;
  *lo = m->dev, *hi = m->dev + (m->hi - m->lo);
  return 1;
}

/* Do the arrays the region only reads (r->readonly) lie apart from the
 * memory every other parameter reaches, so that the kernel may take them
 * as __restrict__ (transform/readonly.c)?  Caller holds d->lock. */
static int readonly_holds(RtDevice *d, const __ompicc_region *r, int nmaps,
                          const __ompicc_map *maps)
{
  for (int i = 0; i < nmaps && i < 64; i++) {
    uint64_t lo, hi, olo, ohi;
    if (!(r->readonly >> i & 1))
      continue;
    int k = param_range(d, &maps[i], &lo, &hi);
    if (k < 0)
      return 0;
    for (int j = 0; k && j < nmaps; j++) {
      if (j < 64 && (r->readonly >> j & 1))
        continue; /* read only too */
      int o = param_range(d, &maps[j], &olo, &ohi);
      if (o < 0 || (o && olo < hi && lo < ohi))
        return 0;
    }
  }
  return 1;
}

/* The region's kernel NAME`suffix` (__wide, __once) into *kernel, *info
 * and *name, the first time; missing, the run stops with `missing`.
 * Caller holds d->lock. */
static void sibling_kernel_on(__ompicc_region *r, RtDevice *d, const char *suffix,
                              const char *missing, void **kernel, OmpiccKernelInfo *info,
                              char **name)
{
  if (*kernel)
    return;
  size_t n = strlen(r->kernel) + strlen(suffix) + 1;
  *name = rt_xcalloc(n, 1);
  snprintf(*name, n, "%s%s", r->kernel, suffix);
  if (d->plugin->get_kernel(d->id, unit_on(r, d)->module, *name, kernel, info) != 0)
    rt_fail(r->where, d, missing);
  rt_trace("device %d: kernel %s: %d registers, at most %d threads", d->number, *name,
           info->regs_per_thread, info->max_threads_per_block);
}

/* Does a 1-D grid g cover a loop of OMPICC_REGION_ONCE, so that the
 * narrow kernel, whose walk takes a thread from its first iteration by
 * the grid's threads (omp-loop.h), would run each thread's iteration
 * alone?  The walk of a distribute loop over parallel loops strides by
 * the grid's blocks, a team per iteration (a distribute loop alone runs
 * on blocks of one thread). */
static int grid_covers(const __ompicc_region *r, const Nest *nest, const OmpiccLaunch *g)
{
  long long walkers = (long long)g->grid[0] * (r->hints & OMPICC_REGION_TEAM_LOOPS ? 1 : g->block[0]);
  return (r->hints & OMPICC_REGION_ONCE) && g->grid[1] == 1 && g->grid[2] == 1 &&
         g->block[1] == 1 && g->block[2] == 1 && nest->trip > 0 && walkers >= nest->trip;
}

/* The mapping through which a declare target link variable is reached:
 * the one holding the first item of the region's own maps that lies in
 * the variable, else the first mapping of any of its bytes, else NULL.
 * Its storage may be mapped in part (a section sv[k:n], OpenMP 5.2 7.8.1:
 * the corresponding storage of what is mapped), so the zero-length
 * look-up of its address will not do: it misses such a section and takes
 * a mapping that only ends where the variable begins (the variable before
 * it in memory) for the variable's own.  Caller holds d->lock. */
static RtMapping *link_mapping(RtDevice *d, const __ompicc_global *g, int nmaps,
                               const __ompicc_map *maps)
{
  uintptr_t lo = (uintptr_t)g->host, hi = lo + g->size;
  for (int i = 0; i < nmaps; i++) {
    uintptr_t b = (uintptr_t)maps[i].begin;
    if (maps[i].size == 0 || b < lo || b >= hi ||
        (maps[i].flags & (OMPICC_MAP_LITERAL | OMPICC_MAP_LOOKUP | OMPICC_MAP_DEVADDR |
                          OMPICC_MAP_PRIVATE | OMPICC_MAP_SNAPSHOT | OMPICC_MAP_ATTACH)))
      continue;
    RtMapping *m = rt_lookup(d, b, 1, NULL);
    if (m)
      return m;
  }
  int first;
  return rt_overlapping(d, lo, g->size, &first) ? d->maps[first] : NULL;
}

/* declare target link: the image's pointer gets the device address of the
 * variable when (part of) it is mapped, the address its first byte has
 * in that mapping (which lies before the mapping's block when only a
 * later section is mapped), NULL when none of it is: of every link
 * variable of the units sharing the image, since a device function of
 * another file may use one the region's file does not name.  The value
 * kept in links[] is what every queue's kernels will read, so a new one
 * is waited for before the lock goes: another host thread that finds it
 * there launches on its own queue, which is not ordered after this one.
 * Caller holds d->lock. */
static void update_unit_links(__ompicc_region *r, const __ompicc_unit *u, RtDevice *d,
                              int nmaps, const __ompicc_map *maps, void *queue)
{
  UnitDev *ud = &unit_state((__ompicc_unit *)u)->dev[d->number];
  if (!ud->loaded || !ud->links)
    return;
  for (int i = 0; i < u->nglobals; i++) {
    const __ompicc_global *g = &u->globals[i];
    if (!(g->flags & OMPICC_GLOBAL_LINK))
      continue;
    RtMapping *m = link_mapping(d, g, nmaps, maps);
    uint64_t v = m ? m->dev + ((uintptr_t)g->host - m->lo) : 0;
    if (v == ud->links[i].value)
      continue;
    RT_CHECK(r->where, d, d->plugin->copy_to(d->id, ud->links[i].addr, &v, sizeof v, queue),
             "cannot set a declare target link variable");
    RT_CHECK(r->where, d, d->plugin->queue_sync(d->id, queue),
             "cannot set a declare target link variable");
    ud->links[i].value = v;
  }
}

static void update_links(__ompicc_region *r, RtDevice *d, int nmaps, const __ompicc_map *maps,
                         void *queue)
{
  if (!linked(r->unit)) {
    update_unit_links(r, r->unit, d, nmaps, maps, queue);
    return;
  }
  int n;
  __ompicc_unit **units = sharing(r->unit, d, &n);
  for (int i = 0; i < n; i++)
    update_unit_links(r, units[i], d, nmaps, maps, queue);
  free(units);
}

/* ---------------------------------------------------------- launches */

/* The kernel's parameters: ARG (device address of base), LITERAL (the
 * bytes at begin), LOOKUP (base translated if mapped), DEVADDR (base),
 * PRIVATE (a copy of the bytes at begin in device memory) and SNAPSHOT (a
 * copy of their device copy), in order; the caller frees the copies after
 * the launch (copies[]).
 * Caller holds d->lock. */
static int build_args(RtDevice *d, const char *where, int nmaps, const __ompicc_map *maps,
                      uint64_t *vals, void **args, uint64_t *copies, void *queue)
{
  int n = 0;
  for (int i = 0; i < nmaps; i++) {
    const __ompicc_map *e = &maps[i];
    if (e->flags & (OMPICC_MAP_PRIVATE | OMPICC_MAP_SNAPSHOT)) {
      /* a copy of the launch's own: of the host's bytes, or of their
       * device copy (a reduction's original, mapped by an earlier entry) */
      RtMapping *m = NULL;
      if ((e->flags & OMPICC_MAP_SNAPSHOT) &&
          !(m = rt_lookup(d, (uintptr_t)e->begin, e->size, NULL)))
        rt_fatal(where, "'%s' is not present on device %d for the copy its reduction's "
                        "initializer reads as omp_orig", e->name ? e->name : "?", d->number);
      uint64_t dev = 0;
      if (e->size) {
        RT_CHECK(where, d, d->plugin->alloc(d->id, e->size, &dev),
                 "cannot allocate a copy of a list item for the launch");
        RT_CHECK(where, d,
                 m ? d->plugin->copy_within(d->id, dev, m->dev + ((uintptr_t)e->begin - m->lo),
                                            e->size, queue)
                   : d->plugin->copy_to(d->id, dev, e->begin, e->size, queue),
                 "cannot copy a list item for the launch");
      }
      copies[i] = dev;
      vals[n] = dev + ((uintptr_t)e->base - (uintptr_t)e->begin);
      args[n] = &vals[n];
      n++;
    } else if (e->flags & OMPICC_MAP_LITERAL) {
      args[n++] = e->begin;
    } else if (e->flags & OMPICC_MAP_LOOKUP) {
      vals[n] = rt_translate(d, e->base, NULL);
      args[n] = &vals[n];
      n++;
    } else if (e->flags & OMPICC_MAP_DEVADDR) {
      vals[n] = (uint64_t)(uintptr_t)e->base;
      args[n] = &vals[n];
      n++;
    } else if (e->flags & OMPICC_MAP_ARG) {
      /* the mapping holding the item, or its present part (an implicit
       * map of a partly present item); a zero-length section of storage
       * that is not present is NULL (OpenMP 5.2 5.8.3) */
      RtMapping *over, *m = rt_lookup(d, (uintptr_t)e->begin, e->size, &over);
      if (!m)
        m = over;
      vals[n] = m ? m->dev + ((uintptr_t)e->base - m->lo)
                  : e->size ? (uint64_t)(uintptr_t)e->base : 0;
      args[n] = &vals[n];
      n++;
    }
  }
  return n;
}

/* The most threads a block of the kernel may have: what the device, the
 * kernel, its registers and the region allow. */
static long block_most(const OmpiccDeviceInfo *di, const OmpiccKernelInfo *ki,
                       const __ompicc_region *r, long warp)
{
  long most = __ompicc_min_positive(__ompicc_min_positive(di->max_threads_per_block, ki->max_threads_per_block),
                           r->max_threads);
  if (most <= 0)
    most = 1024;
  if (ki->regs_per_thread > 0 && di->regs_per_multiprocessor > 0)
    most = __ompicc_min_positive(most, di->regs_per_multiprocessor / ki->regs_per_thread / warp * warp);
  return most;
}

/* Threads per block: the clause, else DEFAULT_THREADS, or for the one
 * team of a league of one (target parallel, a target region over
 * parallel loops, num_teams(1)) all that a block may have, which is all
 * the parallelism the region has (fewer for a short loop); within
 * block_most. */
static long block_size(const OmpiccDeviceInfo *di, const OmpiccKernelInfo *ki,
                       const __ompicc_region *r, long thread_limit, long long trip, long warp,
                       int one_team)
{
  long most = block_most(di, ki, r, warp);
  if (thread_limit > 0)
    return thread_limit < most ? thread_limit : most;
  long t = one_team ? most : DEFAULT_THREADS < most ? DEFAULT_THREADS : most;
  if (trip >= 0 && trip < t)
    t = trip <= warp ? warp : (long)((trip + warp - 1) / warp * warp);
  if (t > most)
    t = most;
  return t >= warp ? t / warp * warp : t;
}

/* Resident threads per SM, in percent of what the SM holds, for a loop
 * with the hint OMPICC_REGION_UNCOALESCED (each thread walks its own row
 * in an inner loop).  A warp's uncoalesced load touches 32 cache lines of
 * 128 bytes; a thread reuses its line over its next iterations only if
 * the lines of all resident threads stay in L1: 128 bytes x 2048 threads
 * is 256 KB, all of an H100's L1 and shared memory, while a quarter of
 * them (512 threads, 64 KB) fits beside a carve-out for shared memory on
 * an H100 (256 KB per SM) and an A100 (192 KB), and roughly on a Jetson
 * (Maxwell's 48 KB texture/L1 cache, 1536-2048 threads per SM).  Fewer
 * still would hide too little latency.  OMPICC_UNCOALESCED_OCCUPANCY
 * (1 to 100, 100: no reduction) overrides it, for measurements. */
#define UNCOALESCED_OCCUPANCY 25

static long uncoalesced_occupancy(void)
{
  const char *s = getenv("OMPICC_UNCOALESCED_OCCUPANCY");
  if (!s || !*s)
    return UNCOALESCED_OCCUPANCY;
  char *end;
  long v = strtol(s, &end, 10);
  if (*end || v < 1 || v > 100) {
    rt_trace("OMPICC_UNCOALESCED_OCCUPANCY=%s is not a percentage from 1 to 100: using %d", s,
             UNCOALESCED_OCCUPANCY);
    return UNCOALESCED_OCCUPANCY;
  }
  return v;
}

/* Blocks: the clause, else enough to fill every SM (as far as threads
 * and registers let blocks share one) but no more than the loop needs;
 * occupancy (percent) scales the blocks an SM gets, at least one. */
static long grid_size(const OmpiccDeviceInfo *di, const OmpiccKernelInfo *ki, long threads,
                      long num_teams, long long trip, long occupancy)
{
  if (num_teams > 0)
    return num_teams < INT_MAX ? num_teams : INT_MAX;
  long sms = di->multiprocessors > 0 ? di->multiprocessors : 1;
  long per_sm = di->max_threads_per_multiprocessor > 0
                    ? di->max_threads_per_multiprocessor / threads : 2048 / threads;
  if (ki->regs_per_thread > 0 && di->regs_per_multiprocessor > 0)
    per_sm = __ompicc_min_positive(per_sm, di->regs_per_multiprocessor / (ki->regs_per_thread * threads));
  if (occupancy < 100 && per_sm > 0)
    per_sm = per_sm * occupancy / 100 > 0 ? per_sm * occupancy / 100 : 1;
  long long fill = sms * (per_sm > 0 ? per_sm : 1);
  long long need = trip >= 0 ? (trip + threads - 1) / threads : fill;
  long long blocks = need < fill ? need : fill;
  return blocks < 1 ? 1 : blocks > INT_MAX ? INT_MAX : (long)blocks;
}

/* Generic kernels (doc/DEVLIB.md): whole warps of workers, thread_limit
 * of them, else DEFAULT_THREADS, or as many as the block may have for a
 * league of one team; and a master warp; num_teams blocks, else enough
 * to fill the device. */
static void generic_geometry(const OmpiccDeviceInfo *di, const OmpiccKernelInfo *ki,
                             const __ompicc_region *r, long num_teams, long thread_limit,
                             long warp, OmpiccLaunch *g)
{
  long most = block_most(di, ki, r, warp);
  long workers = thread_limit > 0 ? (thread_limit + warp - 1) / warp * warp
                 : num_teams == 1 ? most - warp
                                  : DEFAULT_THREADS;
  if (workers > most - warp)
    workers = most - warp > 0 ? (most - warp) / warp * warp : 0;
  g->block[0] = (unsigned)(workers + warp);
  g->grid[0] = (unsigned)grid_size(di, ki, workers + warp, num_teams, -1, 100);
  /* a word per thread: the loops and reductions it has begun in a
   * parallel region (OMPICC_GENERIC_DYNAMIC_SHARED, ompicc-generic.h) */
  g->dynamic_shared = (size_t)g->block[0] * 4;
}

/* The occupancy (percent) an SPMD region runs at: reduced for the hint
 * OMPICC_REGION_UNCOALESCED unless num_teams fixes the grid. */
static long occupancy_of(const __ompicc_region *r, long num_teams)
{
  if (r->spmd != 1 || !(r->hints & OMPICC_REGION_UNCOALESCED) || num_teams > 0)
    return 100;
  return uncoalesced_occupancy();
}

/* The largest divisor of n that is at most want (at least 1). */
static long divisor_below(long n, long long want)
{
  long best = 1;
  for (long i = 1; i <= n / i; i++)
    if (n % i == 0) {
      if (i <= want && i > best)
        best = i;
      if (n / i <= want && n / i > best)
        best = n / i;
    }
  return best;
}

/* GRID_MOST: the largest y and z of a grid (CUDA's limit). */
#define GRID_MOST 65535

/* The grid of a nest walked on 2 or 3 dimensions (OMPICC_REGION_GRID,
 * __ompicc_for_grid), within the blocks that fill the device: a block
 * per iteration of the outer loops first (z, then y), then along x as
 * many blocks as the innermost loop needs and the device still holds;
 * exactly num_teams blocks when the clause asks (OpenMP 5.2 10.2), split
 * by its divisors in the same order.  Each dimension strides by the
 * grid's extent in it, so any grid covers the nest.  A GPU runs the
 * same threads either way, each warp on consecutive iterations; a
 * thread that walks along a row rather than down a column keeps the CPU
 * device's caches (jacobi at n = 1024, a power of two: seven times
 * faster there than with x covering the rows). */
static void grid_geometry(const OmpiccDeviceInfo *di, const OmpiccKernelInfo *ki,
                          const __ompicc_region *r, long num_teams, long thread_limit,
                          const Nest *nest, long warp, OmpiccLaunch *g)
{
  int n = nest->loops;
  long long cols = nest->ext[n - 1], rows = nest->ext[n - 2], planes = n == 3 ? nest->ext[0] : 1;
  long threads = block_size(di, ki, r, thread_limit, cols, warp, num_teams == 1);
  long long want_x = cols > 0 ? (cols + threads - 1) / threads : 1;
  long long want_y = rows < 1 ? 1 : rows < GRID_MOST ? rows : GRID_MOST;
  long long want_z = planes < 1 ? 1 : planes < GRID_MOST ? planes : GRID_MOST;
  g->block[0] = (unsigned)threads;
  if (num_teams > 0) {
    long teams = num_teams < INT_MAX ? num_teams : INT_MAX;
    long z = divisor_below(teams, want_z);
    long y = divisor_below(teams / z, want_y);
    g->grid[0] = (unsigned)(teams / z / y), g->grid[1] = (unsigned)y, g->grid[2] = (unsigned)z;
    return;
  }
  long long fill = grid_size(di, ki, threads, 0, -1, occupancy_of(r, num_teams));
  long long z = want_z < fill ? want_z : fill;
  long long y = want_y < fill / z ? want_y : fill / z;
  long long x = want_x < fill / (z * y) ? want_x : fill / (z * y);
  g->grid[0] = (unsigned)(x < 1 ? 1 : x), g->grid[1] = (unsigned)(y < 1 ? 1 : y),
  g->grid[2] = (unsigned)z;
}

/* The device's warp, 32 when it does not say. */
static long warp_of(const RtDevice *d)
{
  return d->have_info && d->info.warp_size > 0 ? d->info.warp_size : 32;
}

static void geometry(RtDevice *d, const __ompicc_region *r, const OmpiccKernelInfo *ki,
                     long num_teams, long thread_limit, const Nest *nest, OmpiccLaunch *g)
{
  long long trip = nest->trip;
  memset(g, 0, sizeof *g);
  g->where = r->where;
  g->grid[0] = g->grid[1] = g->grid[2] = 1;
  g->block[0] = g->block[1] = g->block[2] = 1;
  if (!r->spmd)
    return; /* a kernel of one thread */
  OmpiccDeviceInfo none = {0};
  const OmpiccDeviceInfo *di = d->have_info ? &d->info : &none;
  long warp = warp_of(d);
  if (r->spmd == 2) {
    generic_geometry(di, ki, r, num_teams, thread_limit, warp, g);
    return;
  }
  if (r->hints & OMPICC_REGION_TEAM_LOOPS) {
    /* a block per team, a team per iteration of the distribute loop at
     * most (num_teams, else as many as fill the device) */
    int one = num_teams == 1 || (trip < 0 && num_teams <= 0);
    long threads = block_size(di, ki, r, thread_limit > 0 ? thread_limit
                                         : one             ? 0
                                                           : TEAM_LOOP_THREADS,
                              -1, warp, one);
    g->block[0] = (unsigned)threads;
    g->grid[0] = trip < 0 && num_teams <= 0 /* a region without a loop: one team */
                     ? 1
                     : (unsigned)grid_size(di, ki, threads, num_teams,
                                           trip < LLONG_MAX / threads ? trip * threads : -1, 100);
    return;
  }
  if (nest->loops) {
    grid_geometry(di, ki, r, num_teams, thread_limit, nest, warp, g);
    return;
  }
  long threads = block_size(di, ki, r, thread_limit, trip, warp, num_teams == 1);
  g->block[0] = (unsigned)threads;
  g->grid[0] = (unsigned)grid_size(di, ki, threads, num_teams, trip, occupancy_of(r, num_teams));
}

static void launch(__ompicc_region *r, RtDevice *d, RegionDev *rd, int nmaps,
                   __ompicc_map *maps, long num_teams, long thread_limit, const Nest *nest)
{
  if (r->hints & OMPICC_REGION_TEAMS) { /* OpenMP 5.2 10.1.1, 10.2: upper bounds */
    if (num_teams <= 0)
      num_teams = rt_nteams_var();
    if (thread_limit <= 0)
      thread_limit = rt_teams_thread_limit_var();
  }
  void *queue = rt_queue(d);
  uint64_t *vals = rt_xcalloc((size_t)nmaps + 1, sizeof *vals);
  uint64_t *copies = rt_xcalloc((size_t)nmaps + 1, sizeof *copies);
  void **args = rt_xcalloc((size_t)nmaps + 2, sizeof *args);
  pthread_mutex_lock(&d->lock);
  update_links(r, d, nmaps, maps, queue);
  int nargs = build_args(d, r->where, nmaps, maps, vals, args, copies, queue);
  int apart = !r->readonly || readonly_holds(d, r, nmaps, maps);
  pthread_mutex_unlock(&d->lock);
  int limit = thread_limit > 0 && thread_limit <= INT_MAX ? (int)thread_limit : 0;
  if (r->spmd == 2) /* a generic kernel's last parameter: thread-limit-var */
    args[nargs++] = &limit;
  OmpiccLaunch g;
  geometry(d, r, &rd->info, num_teams, thread_limit, nest, &g);
  void *kernel = rd->kernel;
  const char *name = r->kernel;
  if (!apart)
    rt_trace("device %d: %s: arrays the region only reads share memory with other "
             "parameters: the kernel without __restrict__", d->number, r->where);
  if (!apart || needs_wide(r, nest, &g, warp_of(d))) {
    pthread_mutex_lock(&d->lock);
    sibling_kernel_on(r, d, "__wide",
                      "cannot find the kernel of the region for more than 2^31 iterations",
                      &rd->wide, &rd->wide_info, &rd->wide_name);
    pthread_mutex_unlock(&d->lock);
    Nest line = {.trip = nest->trip}; /* the wide kernel walks the collapsed space on x */
    geometry(d, r, &rd->wide_info, num_teams, thread_limit, &line, &g);
    kernel = rd->wide, name = rd->wide_name;
  } else if (grid_covers(r, nest, &g)) {
    pthread_mutex_lock(&d->lock);
    sibling_kernel_on(r, d, "__once",
                      "cannot find the kernel of the region for one iteration per thread",
                      &rd->once, &rd->once_info, &rd->once_name);
    pthread_mutex_unlock(&d->lock);
    int most = rd->once_info.max_threads_per_block;
    if (most <= 0 || g.block[0] <= (unsigned)most) /* as it should: no more registers */
      kernel = rd->once, name = rd->once_name;
  }
  long occ = occupancy_of(r, num_teams);
  char why[48] = "";
  if (occ < 100)
    snprintf(why, sizeof why, " (uncoalesced: occupancy %ld%%)", occ);
  char blocks[40];
  if (g.grid[1] * g.grid[2] > 1)
    snprintf(blocks, sizeof blocks, "%ux%ux%u", g.grid[0], g.grid[1], g.grid[2]);
  else
    snprintf(blocks, sizeof blocks, "%u", g.grid[0]);
  rt_info("device %d: %s: launch %s: %d argument%s, %s blocks of %u threads%s", d->number,
          r->where, name, nargs, nargs == 1 ? "" : "s", blocks, g.block[0], why);
  RtTiming timing;
  double start, dur;
  int profiling = rt_profiling();
  if (profiling)
    rt_time_begin(d, queue, &timing);
  if (d->plugin->launch(d->id, kernel, &g, args, queue) != 0 ||
      (profiling ? rt_time_end(d, queue, &timing, &start, &dur)
                 : d->plugin->queue_sync(d->id, queue)) != 0)
    rt_fail(r->where, d, "the kernel of the target region failed");
  if (profiling)
    rt_profile_kernel(d, r->where, name, &g, start, dur);
  for (int i = 0; i < nmaps; i++)
    if (copies[i])
      d->plugin->free(d->id, copies[i]);
  free(copies);
  free(vals);
  free(args);
}

static int target(__ompicc_region *r, long device, int nmaps, __ompicc_map *maps,
                  long num_teams, long thread_limit, const Nest *nest)
{
  /* the unit, once, from the descriptor's function (ompicc-rt.h); other
   * threads may do the same at once, with the same value */
  if (!__atomic_load_n(&r->unit, __ATOMIC_ACQUIRE) && r->unit_of)
    __atomic_store_n(&r->unit, r->unit_of(), __ATOMIC_RELEASE);
  RtDevice *d = rt_choose(r->where, device);
  if (!d) {
    rt_trace("%s: target region runs on the host", r->where);
    return 1;
  }
  pthread_mutex_lock(&d->lock);
  RegionDev *rd = kernel_on(r, d);
  pthread_mutex_unlock(&d->lock);
  rt_map_enter(d, r->where, nmaps, maps, 1);
  launch(r, d, rd, nmaps, maps, num_teams, thread_limit, nest);
  rt_map_exit(d, r->where, nmaps, maps);
  return 0;
}

int __ompicc_target(__ompicc_region *r, long device, int nmaps, __ompicc_map *maps,
                    long num_teams, long thread_limit, long long trip_count)
{
  Nest nest = {.trip = trip_count};
  return target(r, device, nmaps, maps, num_teams, thread_limit, &nest);
}

int __ompicc_target_nest(__ompicc_region *r, long device, int nmaps, __ompicc_map *maps,
                         long num_teams, long thread_limit, int loops, const long long *extents)
{
  Nest nest = {.loops = loops, .trip = 1};
  if (loops < 2 || loops > 3 || !(r->hints & OMPICC_REGION_GRID))
    rt_fatal(r->where, "a kernel's grid takes a nest of 2 or 3 loops, not %d", loops);
  for (int i = 0; i < loops; i++) {
    nest.ext[i] = extents[i];
    if (extents[i] <= 0)
      nest.trip = 0;
    else if (nest.trip > 0 && __builtin_mul_overflow(nest.trip, extents[i], &nest.trip))
      nest.trip = LLONG_MAX; /* the 64-bit kernel, which walks as far as it can */
  }
  return target(r, device, nmaps, maps, num_teams, thread_limit, &nest);
}
