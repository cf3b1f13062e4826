/* rt-data.c - the device data environment: the map semantics of target,
 * target data, target enter/exit data and target update, over the present
 * table of each device (rt-present.c).  A map that overlaps a mapping without lying inside it would extend it,
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

/* At exit: free every mapping the runtime owns and the table. */
static void data_fini(RtDevice *d)
{
  for (int i = 0; i < d->nmaps; i++)
    rt_map_release_quietly(d, &d->maps[i]);
  free(d->maps);
  d->maps = NULL;
  d->nmaps = d->capmaps = 0;
}

static void data_exit(void)
{
  for (int i = 0; i < rt_num_devices(); i++)
    data_fini(rt_device(i));
}

__attribute__((constructor)) static void data_register_exit(void) { rt_at_exit(data_exit); }

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
  RtMapping *holder = rt_lookup(d, (uintptr_t)e->base, sizeof(void *), NULL);
  if (holder && holder->zero_copy) {
    /* the device's pointer is the program's own: it may only keep its value */
    if (value != (uint64_t)(uintptr_t)target)
      rt_fatal(where, "cannot attach '%s': the pointer lies in '%s', whose storage is shared "
                      "with the host (zero-copy, mapped at %s); run with OMPICC_ZERO_COPY=never",
               e->name, holder->name ? holder->name : "?", holder->where ? holder->where : "?");
    return;
  }
  RT_CHECK(where, d, d->plugin->copy_to(d->id, slot, &value, sizeof(void *), queue),
           "cannot attach a pointer");
  if (holder)
    rt_note_attach(holder, (uintptr_t)e->base, value);
  rt_trace("device %d: attach '%s': pointer at %#llx = %#llx", d->number, e->name,
           (unsigned long long)slot, (unsigned long long)value);
}

/* Does an entry of the list attach a pointer that lies inside e? */
static int attached_into(const __ompicc_map *e, int nmaps, const __ompicc_map *maps)
{
  for (int i = 0; i < nmaps; i++)
    if ((maps[i].flags & OMPICC_MAP_ATTACH) && (char *)maps[i].base >= (char *)e->begin &&
        (char *)maps[i].base < (char *)e->begin + e->size)
      return 1;
  return 0;
}

/* 4.5 2.15.5.1, on entry.  e is one of the construct's nmaps maps. */
static void enter_one(RtDevice *d, const char *where, const __ompicc_map *e, int nmaps,
                      const __ompicc_map *maps, int transient, void *queue)
{
  RtMapping *over, *m = rt_lookup(d, (uintptr_t)e->begin, e->size, &over);
  if (over)
    extension_error(d, where, e, over);
  if (!m && (e->flags & OMPICC_MAP_PRESENT))
    absent_error(d, where, e);
  if (e->size == 0) {
    /* zero-length section: nothing is mapped, it refers to what is */
  } else if (!m) {
    m = rt_map_new(d, where, e, transient, attached_into(e, nmaps, maps));
    if (e->flags & OMPICC_MAP_TO)
      rt_copy_to(d, where, m, e->begin, e->size, queue);
  } else {
    if (m->refs != RT_REF_INFINITE)
      m->refs++;
    rt_trace("device %d: %s: map '%s' present (refs %llu)", d->number, where, e->name,
             (unsigned long long)m->refs);
    if ((e->flags & OMPICC_MAP_ALWAYS) && (e->flags & OMPICC_MAP_TO))
      rt_copy_to(d, where, m, e->begin, e->size, queue);
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
    rt_copy_from(d, where, m, e->begin, e->size, queue);
  if (m->refs == 0) {
    rt_map_release(d, where, m, queue);
    rt_remove(d, m);
  }
}

/* The entries of a construct with its OMPICC_MAP_ELEMS entries replaced
 * by the entries their mappers make for each element (a new array, freed
 * by the caller), or maps itself when it has none. */
static __ompicc_map *expand(int nmaps, __ompicc_map *maps, int *nout)
{
  int n = 0, elems = 0;
  for (int i = 0; i < nmaps; i++) {
    __ompicc_map *e = &maps[i];
    if (!(e->flags & OMPICC_MAP_ELEMS)) {
      n++;
      continue;
    }
    __ompicc_mapper_fn *fn = *(__ompicc_mapper_fn *const *)e->base;
    n += fn(e->begin, e->size, e->flags & ~OMPICC_MAP_ELEMS, NULL);
    elems = 1;
  }
  *nout = nmaps;
  if (!elems)
    return maps;
  __ompicc_map *out = rt_xcalloc((size_t)n + 1, sizeof *out);
  int k = 0;
  for (int i = 0; i < nmaps; i++) {
    __ompicc_map *e = &maps[i];
    if (e->flags & OMPICC_MAP_ELEMS) {
      __ompicc_mapper_fn *fn = *(__ompicc_mapper_fn *const *)e->base;
      k += fn(e->begin, e->size, e->flags & ~OMPICC_MAP_ELEMS, &out[k]);
    } else
      out[k++] = *e;
  }
  *nout = k;
  return out;
}

void rt_map_enter(RtDevice *d, const char *where, int nmaps, __ompicc_map *given,
                  int transient)
{
  __ompicc_map *maps = expand(nmaps, given, &nmaps);
  void *queue = rt_queue(d);
  pthread_mutex_lock(&d->lock);
  for (int i = 0; i < nmaps; i++)
    if (maps_storage(&maps[i]))
      enter_one(d, where, &maps[i], nmaps, maps, transient, queue);
  RT_CHECK(where, d, d->plugin->queue_sync(d->id, queue), "cannot copy to the device");
  pthread_mutex_unlock(&d->lock);
  if (maps != given)
    free(maps);
}

void rt_map_exit(RtDevice *d, const char *where, int nmaps, __ompicc_map *given)
{
  __ompicc_map *maps = expand(nmaps, given, &nmaps);
  void *queue = rt_queue(d);
  pthread_mutex_lock(&d->lock);
  for (int i = nmaps - 1; i >= 0; i--)
    if (maps_storage(&maps[i]))
      exit_one(d, where, &maps[i], queue);
  RT_CHECK(where, d, d->plugin->queue_sync(d->id, queue), "cannot copy from the device");
  pthread_mutex_unlock(&d->lock);
  if (maps != given)
    free(maps);
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
    rt_map_release(d, where, m, queue);
  } else {
    m = rt_insert(d, (uintptr_t)g->host, g->size, addr);
    if (copy)
      RT_CHECK(where, d, d->plugin->copy_to(d->id, addr, g->host, g->size, queue),
               "cannot copy a declare target variable");
    RT_CHECK(where, d, d->plugin->queue_sync(d->id, queue), "cannot copy");
  }
  m->dev = addr;
  m->owned = 0;
  m->readonly = !copy;
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
    rt_map_enter(d, where, nmaps, maps, 0);
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
  rt_trace("device %d: %s: update %s '%s'", d->number, where,
           e->flags & OMPICC_MAP_TO ? "to" : "from", e->name);
  if (e->flags & OMPICC_MAP_TO)
    rt_copy_to(d, where, m, e->begin, e->size, queue);
  if (e->flags & OMPICC_MAP_FROM)
    rt_copy_from(d, where, m, e->begin, e->size, queue);
}

void __ompicc_update(const char *where, long device, int nmaps, __ompicc_map *given)
{
  RtDevice *d = rt_choose(where, device);
  if (!d)
    return;
  __ompicc_map *maps = expand(nmaps, given, &nmaps);
  void *queue = rt_queue(d);
  pthread_mutex_lock(&d->lock);
  for (int i = 0; i < nmaps; i++)
    update_one(d, where, &maps[i], queue);
  RT_CHECK(where, d, d->plugin->queue_sync(d->id, queue), "cannot update");
  pthread_mutex_unlock(&d->lock);
  if (maps != given)
    free(maps);
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
