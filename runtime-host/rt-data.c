/* rt-data.c - the device data environment: the present table of each
 * device and the map semantics of target, target data, target enter/exit
 * data and target update.
 *
 * The present table (RtDevice.maps) is an array of disjoint host ranges
 * [lo, hi) sorted by lo, each with its device address, reference count and
 * the source place of the map that made it; lookups are binary searches.
 * A map that overlaps a mapping without lying inside it would extend it,
 * which OpenMP forbids: a run-time error naming both places.
 *
 * OpenMP: 4.5 2.15.5.1 (map clause: reference counts, to/from/tofrom/alloc/
 * release/delete, always), 2.15.6 (target update), 2.15.2-2.15.4 (target
 * data, enter data, exit data), 5.0 2.19.7.1 (zero-length sections, attach
 * of pointers), 5.1 2.21.7.1 (present modifier, update of absent items is
 * nothing), 4.5 2.10.6 (declare target variables: present for the whole
 * program).
 */
#include <stdlib.h>
#include <string.h>

#include "rt.h"

/* ------------------------------------------------------- the table */

/* Index of the last mapping with lo <= p, or -1. */
static int last_at_or_before(RtDevice *d, uintptr_t p)
{
  int lo = 0, hi = d->nmaps - 1, found = -1;
  while (lo <= hi) {
    int mid = lo + (hi - lo) / 2;
    if (d->maps[mid].lo <= p) {
      found = mid;
      lo = mid + 1;
    } else
      hi = mid - 1;
  }
  return found;
}

/* The mapping that contains [p, p+size), or NULL; *overlap gets a mapping
 * that intersects the range without containing it.  A zero-length range
 * is inside a mapping that contains p, or that ends at p (a pointer one
 * past an array). */
RtMapping *rt_lookup(RtDevice *d, uintptr_t p, size_t size, RtMapping **overlap)
{
  int i = last_at_or_before(d, p);
  RtMapping *m = i >= 0 ? &d->maps[i] : NULL;
  if (overlap)
    *overlap = NULL;
  if (size == 0) {
    if (m && (p < m->hi || (p == m->hi && m->lo < p)))
      return m;
    return NULL;
  }
  if (m && p < m->hi) {
    if (p + size <= m->hi)
      return m;
    if (overlap)
      *overlap = m;
    return NULL;
  }
  if (overlap && i + 1 < d->nmaps && d->maps[i + 1].lo < p + size)
    *overlap = &d->maps[i + 1];
  return NULL;
}

RtMapping *rt_insert(RtDevice *d, uintptr_t lo, size_t size, uint64_t dev)
{
  if (d->nmaps == d->capmaps) {
    int cap = d->capmaps ? 2 * d->capmaps : 16;
    RtMapping *n = rt_xmalloc((size_t)cap * sizeof *n);
    if (d->nmaps)
      memcpy(n, d->maps, (size_t)d->nmaps * sizeof *n);
    free(d->maps);
    d->maps = n;
    d->capmaps = cap;
  }
  int i = last_at_or_before(d, lo) + 1;
  memmove(&d->maps[i + 1], &d->maps[i], (size_t)(d->nmaps - i) * sizeof *d->maps);
  d->nmaps++;
  RtMapping *m = &d->maps[i];
  *m = (RtMapping){.lo = lo, .hi = lo + size, .dev = dev, .refs = 1};
  return m;
}

void rt_remove(RtDevice *d, RtMapping *m)
{
  int i = (int)(m - d->maps);
  memmove(m, m + 1, (size_t)(d->nmaps - i - 1) * sizeof *m);
  d->nmaps--;
}

uint64_t rt_translate(RtDevice *d, const void *p, int *found)
{
  RtMapping *m = rt_lookup(d, (uintptr_t)p, 0, NULL);
  if (found)
    *found = m != NULL;
  return m ? m->dev + ((uintptr_t)p - m->lo) : (uint64_t)(uintptr_t)p;
}

void rt_data_fini(RtDevice *d)
{
  for (int i = 0; i < d->nmaps; i++)
    if (d->maps[i].owned)
      d->plugin->free(d->id, d->maps[i].dev);
  free(d->maps);
  d->maps = NULL;
  d->nmaps = d->capmaps = 0;
}

/* ------------------------------------------------------ map entries */

static _Noreturn void extension_error(RtDevice *d, const char *where, const __ompicc_map *e,
                                      const RtMapping *m)
{
  rt_fatal(where,
           "map of '%s' (%lu bytes at %p) extends the mapping of '%s' made at %s "
           "(%lu bytes at %p) on device %d: a map must lie inside or outside present data",
           e->name ? e->name : "?", e->size, e->begin, m->name ? m->name : "?",
           m->where ? m->where : "?", (unsigned long)(m->hi - m->lo), (void *)m->lo,
           d->number);
}

static _Noreturn void absent_error(RtDevice *d, const char *where, const __ompicc_map *e)
{
  rt_fatal(where, "'%s' (%lu bytes at %p) is not present on device %d, and its map has "
                  "the present modifier", e->name ? e->name : "?", e->size, e->begin,
           d->number);
}

/* Entries that map storage (the others are kernel arguments only). */
static int maps_storage(const __ompicc_map *e)
{
  return !(e->flags & (OMPICC_MAP_LITERAL | OMPICC_MAP_LOOKUP));
}

/* 5.0 2.19.7.1: the device copy of the pointer at e->base gets the device
 * address that corresponds to its host value. */
static void attach(RtDevice *d, const char *where, const __ompicc_map *e, void *queue)
{
  void *target = *(void **)e->base;
  int ptr_found, sec_found;
  uint64_t slot = rt_translate(d, e->base, &ptr_found);
  RtMapping *sec = rt_lookup(d, (uintptr_t)e->begin, e->size, NULL);
  sec_found = sec != NULL;
  if (!ptr_found || !sec_found) {
    rt_trace("device %d: %s: no attach of '%s' (pointer %s, section %s)", d->number, where,
             e->name, ptr_found ? "mapped" : "not mapped", sec_found ? "mapped" : "not mapped");
    return;
  }
  uint64_t value = sec->dev + ((uintptr_t)target - sec->lo);
  RT_CHECK(where, d, d->plugin->copy_to(d->id, slot, &value, sizeof(void *), queue),
           "cannot attach a pointer");
  rt_trace("device %d: attach '%s': pointer at %#llx = %#llx", d->number, e->name,
           (unsigned long long)slot, (unsigned long long)value);
}

static void new_mapping(RtDevice *d, const char *where, const __ompicc_map *e, void *queue)
{
  uint64_t addr;
  RT_CHECK(where, d, d->plugin->alloc(d->id, e->size, &addr), "cannot allocate device memory");
  RtMapping *m = rt_insert(d, (uintptr_t)e->begin, e->size, addr);
  m->where = where;
  m->name = e->name;
  m->owned = 1;
  rt_trace("device %d: %s: map '%s' %p+%lu -> %#llx (new)", d->number, where, e->name,
           e->begin, e->size, (unsigned long long)addr);
  if (e->flags & OMPICC_MAP_TO)
    RT_CHECK(where, d, d->plugin->copy_to(d->id, addr, e->begin, e->size, queue),
             "cannot copy to the device");
}

/* 4.5 2.15.5.1, on entry. */
static void enter_one(RtDevice *d, const char *where, const __ompicc_map *e, void *queue)
{
  RtMapping *over, *m = rt_lookup(d, (uintptr_t)e->begin, e->size, &over);
  if (over)
    extension_error(d, where, e, over);
  if (!m && (e->flags & OMPICC_MAP_PRESENT))
    absent_error(d, where, e);
  if (e->size == 0) {
    /* zero-length section: nothing is mapped, it refers to what is */
  } else if (!m) {
    new_mapping(d, where, e, queue);
  } else {
    if (m->refs != RT_REF_INFINITE)
      m->refs++;
    rt_trace("device %d: %s: map '%s' present (refs %llu)", d->number, where, e->name,
             (unsigned long long)m->refs);
    if ((e->flags & OMPICC_MAP_ALWAYS) && (e->flags & OMPICC_MAP_TO))
      RT_CHECK(where, d,
               d->plugin->copy_to(d->id, m->dev + ((uintptr_t)e->begin - m->lo), e->begin,
                                  e->size, queue),
               "cannot copy to the device");
  }
  if (e->flags & OMPICC_MAP_ATTACH)
    attach(d, where, e, queue);
}

/* 4.5 2.15.5.1, on exit: from copies on the last reference or always. */
static void exit_one(RtDevice *d, const char *where, const __ompicc_map *e, void *queue)
{
  RtMapping *m = rt_lookup(d, (uintptr_t)e->begin, e->size, NULL);
  if (!m && (e->flags & OMPICC_MAP_PRESENT))
    absent_error(d, where, e);
  if (!m || e->size == 0)
    return;
  if (m->refs != RT_REF_INFINITE)
    m->refs = (e->flags & OMPICC_MAP_DELETE) || m->refs == 0 ? 0 : m->refs - 1;
  rt_trace("device %d: %s: unmap '%s' (refs %llu)", d->number, where, e->name,
           (unsigned long long)m->refs);
  if ((e->flags & OMPICC_MAP_FROM) && (m->refs == 0 || (e->flags & OMPICC_MAP_ALWAYS)))
    RT_CHECK(where, d,
             d->plugin->copy_from(d->id, e->begin, m->dev + ((uintptr_t)e->begin - m->lo),
                                  e->size, queue),
             "cannot copy from the device");
  if (m->refs == 0) {
    if (m->owned) {
      /* the copy back must land before the memory goes */
      RT_CHECK(where, d, d->plugin->queue_sync(d->id, queue), "cannot copy from the device");
      RT_CHECK(where, d, d->plugin->free(d->id, m->dev), "cannot free device memory");
    }
    rt_remove(d, m);
  }
}

void rt_map_enter(RtDevice *d, const char *where, int nmaps, __ompicc_map *maps)
{
  void *queue = rt_queue(d);
  pthread_mutex_lock(&d->lock);
  for (int i = 0; i < nmaps; i++)
    if (maps_storage(&maps[i]))
      enter_one(d, where, &maps[i], queue);
  RT_CHECK(where, d, d->plugin->queue_sync(d->id, queue), "cannot copy to the device");
  pthread_mutex_unlock(&d->lock);
}

void rt_map_exit(RtDevice *d, const char *where, int nmaps, __ompicc_map *maps)
{
  void *queue = rt_queue(d);
  pthread_mutex_lock(&d->lock);
  for (int i = nmaps - 1; i >= 0; i--)
    if (maps_storage(&maps[i]))
      exit_one(d, where, &maps[i], queue);
  RT_CHECK(where, d, d->plugin->queue_sync(d->id, queue), "cannot copy from the device");
  pthread_mutex_unlock(&d->lock);
}

/* 4.5 2.10.6: a declare target variable is present with an infinite
 * reference count at its image address.  If the program mapped it before
 * the image was loaded, that copy moves to the image.  Caller holds
 * d->lock. */
void rt_map_global(RtDevice *d, const char *where, const __ompicc_global *g, uint64_t addr)
{
  void *queue = rt_queue(d);
  RtMapping *over, *m = rt_lookup(d, (uintptr_t)g->host, g->size, &over);
  __ompicc_map e = {g->host, g->host, g->size, OMPICC_MAP_TO, g->name};
  if (over || (m && (m->lo != (uintptr_t)g->host || m->hi - m->lo != g->size)))
    extension_error(d, where, &e, over ? over : m);
  /* a const variable's image copy already holds its value, and may be
   * read-only (cuda-emu): it is never written */
  int copy = !(g->flags & OMPICC_GLOBAL_CONST);
  if (m) {
    if (copy)
      RT_CHECK(where, d, d->plugin->copy_within(d->id, addr, m->dev, g->size, queue),
               "cannot copy a declare target variable");
    RT_CHECK(where, d, d->plugin->queue_sync(d->id, queue), "cannot copy");
    if (m->owned)
      RT_CHECK(where, d, d->plugin->free(d->id, m->dev), "cannot free device memory");
  } else {
    m = rt_insert(d, (uintptr_t)g->host, g->size, addr);
    if (copy)
      RT_CHECK(where, d, d->plugin->copy_to(d->id, addr, g->host, g->size, queue),
               "cannot copy a declare target variable");
    RT_CHECK(where, d, d->plugin->queue_sync(d->id, queue), "cannot copy");
  }
  m->dev = addr;
  m->owned = 0;
  m->refs = RT_REF_INFINITE;
  m->where = where;
  m->name = g->name;
  rt_trace("device %d: declare target '%s' %p+%lu -> %#llx", d->number, g->name, g->host,
           g->size, (unsigned long long)addr);
}

/* ------------------------------------------------ data constructs */

void __ompicc_data_begin(const char *where, long device, int nmaps, __ompicc_map *maps)
{
  RtDevice *d = rt_choose(where, device);
  if (d)
    rt_map_enter(d, where, nmaps, maps);
}

void __ompicc_data_end(const char *where, long device, int nmaps, __ompicc_map *maps)
{
  RtDevice *d = rt_choose(where, device);
  if (d)
    rt_map_exit(d, where, nmaps, maps);
}

/* 4.5 2.15.6, 5.1 2.21.6: update what is present; an absent item is
 * nothing unless it has the present modifier. */
static void update_one(RtDevice *d, const char *where, const __ompicc_map *e, void *queue)
{
  RtMapping *m = rt_lookup(d, (uintptr_t)e->begin, e->size, NULL);
  if (!m && (e->flags & OMPICC_MAP_PRESENT))
    absent_error(d, where, e);
  if (!m || e->size == 0)
    return;
  uint64_t dev = m->dev + ((uintptr_t)e->begin - m->lo);
  rt_trace("device %d: %s: update %s '%s'", d->number, where,
           e->flags & OMPICC_MAP_TO ? "to" : "from", e->name);
  if (e->flags & OMPICC_MAP_TO)
    RT_CHECK(where, d, d->plugin->copy_to(d->id, dev, e->begin, e->size, queue),
             "cannot copy to the device");
  if (e->flags & OMPICC_MAP_FROM)
    RT_CHECK(where, d, d->plugin->copy_from(d->id, e->begin, dev, e->size, queue),
             "cannot copy from the device");
}

void __ompicc_update(const char *where, long device, int nmaps, __ompicc_map *maps)
{
  RtDevice *d = rt_choose(where, device);
  if (!d)
    return;
  void *queue = rt_queue(d);
  pthread_mutex_lock(&d->lock);
  for (int i = 0; i < nmaps; i++)
    update_one(d, where, &maps[i], queue);
  RT_CHECK(where, d, d->plugin->queue_sync(d->id, queue), "cannot update");
  pthread_mutex_unlock(&d->lock);
}

void *__ompicc_device_ptr(const char *where, long device, void *host_ptr)
{
  RtDevice *d = rt_choose(where, device);
  if (!d)
    return host_ptr;
  pthread_mutex_lock(&d->lock);
  uint64_t p = rt_translate(d, host_ptr, NULL);
  pthread_mutex_unlock(&d->lock);
  return (void *)(uintptr_t)p;
}

int __ompicc_is_host_device(long device)
{
  long num = rt_device_number(device);
  return !rt_device((int)(num < 0 || num > 1L << 30 ? -1 : num));
}
