/* rt-data.c - the device data environment: the map semantics of target,
 * target data, target enter/exit data and target update, over the present
 * table of each device (rt-present.c).  A map that overlaps a mapping
 * without lying inside it would extend it, which OpenMP forbids: a
 * run-time error naming both places, unless the map is implicit, when
 * only the present part is mapped.
 *
 * A construct's maps are entered in three steps: the new members of one
 * structure in one block (enter_members), every entry (enter_one, one
 * reference per mapping and construct), then the attaches; and left in
 * three: the references end, the copies back, the releases.
 *
 * OpenMP: 4.5 2.15.5.1 (map clause: reference counts, to/from/tofrom/alloc/
 * release/delete, always), 2.15.6 (target update), 2.15.2-2.15.4 (target
 * data, enter data, exit data), 5.0 2.19.7.1 (zero-length sections, attach
 * of pointers), 5.1 2.21.7.1 (present modifier, update of absent items is
 * nothing), 5.2 5.8.3 (partly present items, map types combined, strided
 * motion), 4.5 2.10.6 (declare target variables: present for the whole
 * program).
 */
#include <stdlib.h>
#include <string.h>

#include "rt.h"

/* At exit: free every mapping the runtime owns and the table. */
static void data_fini(RtDevice *d)
{
  for (int i = 0; i < d->nmaps; i++) {
    rt_map_release_quietly(d, d->maps[i]);
    free(d->maps[i]->att);
    free(d->maps[i]);
  }
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
  return !(e->flags &
           (OMPICC_MAP_LITERAL | OMPICC_MAP_LOOKUP | OMPICC_MAP_DEVADDR | OMPICC_MAP_PRIVATE |
            OMPICC_MAP_SNAPSHOT));
}

/* The mappings one construct has touched, by their lo (the table moves
 * when it grows).  A construct counts once in a mapping's reference count
 * however many of its list items lie in it: a list item in several map
 * clauses of one construct has their map types combined (OpenMP 5.2
 * 5.8.3), and the later items copy their part into a mapping the
 * construct made (unless it was copied whole). */
typedef struct Touched {
  uintptr_t lo;
  int made;   /* created by this construct */
  int copied; /* ... and copied to the device whole */
} Touched;

typedef struct Construct {
  Touched *t;
  int n, cap;
} Construct;

static Touched *touched(Construct *c, const RtMapping *m)
{
  for (int i = 0; i < c->n; i++)
    if (c->t[i].lo == m->lo)
      return &c->t[i];
  return NULL;
}

static Touched *touch(Construct *c, const RtMapping *m, int made)
{
  if (c->n == c->cap) {
    c->cap = c->cap ? 2 * c->cap : 8;
    Touched *n = rt_xmalloc((size_t)c->cap * sizeof *n);
    if (c->n)
      memcpy(n, c->t, (size_t)c->n * sizeof *n);
    free(c->t);
    c->t = n;
  }
  c->t[c->n] = (Touched){m->lo, made, 0};
  return &c->t[c->n++];
}

/* 5.0 2.19.7.1: the device copy of the pointer at e->base gets the device
 * address that corresponds to its host value. */
static void attach(RtDevice *d, const char *where, const __ompicc_map *e, void *queue)
{
  void *target = *(void **)e->base;
  int ptr_found, sec_found;
  /* the pointer's own bytes, all of them mapped (a pointer just past a
   * mapping, as a local beside a mapped one on the stack, is not in it) */
  RtMapping *holder = rt_lookup(d, (uintptr_t)e->base, sizeof(void *), NULL);
  ptr_found = holder != NULL;
  uint64_t slot = holder ? holder->dev + ((uintptr_t)e->base - holder->lo) : 0;
  RtMapping *sec = target ? rt_lookup(d, (uintptr_t)e->begin, e->size, NULL) : NULL;
  sec_found = sec != NULL;
  if (!ptr_found || !sec_found) {
    rt_trace("device %d: %s: no attach of '%s' (pointer %s, pointee %s)", d->number, where,
             e->name, ptr_found ? "mapped" : "not mapped", sec_found ? "mapped" : "not mapped");
    return;
  }
  uint64_t value = sec->dev + ((uintptr_t)target - sec->lo);
  if (holder->zero_copy) {
    /* the device's pointer is the program's own: it may only keep its value */
    if (value != (uint64_t)(uintptr_t)target)
      rt_fatal(where, "cannot attach '%s': the pointer lies in '%s', whose storage is shared "
                      "with the host (zero-copy, mapped at %s); run with OMPICC_ZERO_COPY=never",
               e->name, holder->name ? holder->name : "?", holder->where ? holder->where : "?");
    return;
  }
  RT_CHECK(where, d, d->plugin->copy_to(d->id, slot, &value, sizeof(void *), queue),
           "cannot attach a pointer");
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

/* An implicitly mapped list item that is partly present (a structure
 * whose members were mapped, an array of which a section was): only the
 * present part is mapped (OpenMP 5.2 5.8.3), which the region must be
 * able to address as one object, so its mappings must lie at one offset
 * from their host bytes.  The mappings intersecting e: how many, from
 * index *first. */
static int present_parts(RtDevice *d, const char *where, const __ompicc_map *e, int *first)
{
  int n = rt_overlapping(d, (uintptr_t)e->begin, e->size, first);
  const RtMapping *a = d->maps[*first];
  for (int k = 1; k < n; k++) {
    const RtMapping *b = d->maps[*first + k];
    if (b->dev - b->lo != a->dev - a->lo)
      rt_fatal(where,
               "'%s' is partly present on device %d, in mappings made apart ('%s' at %s, '%s' "
               "at %s): the region cannot address them as one object; map them by one "
               "construct, or map '%s' whole first",
               e->name ? e->name : "?", d->number, a->name ? a->name : "?",
               a->where ? a->where : "?", b->name ? b->name : "?", b->where ? b->where : "?",
               e->name ? e->name : "?");
  }
  return n;
}

/* One more reference of this construct to m (4.5 2.15.5.1). */
static void count_up(RtDevice *d, const char *where, RtMapping *m, const char *name,
                     Construct *c)
{
  if (touched(c, m))
    return;
  touch(c, m, 0);
  if (m->refs != RT_REF_INFINITE)
    m->refs++;
  rt_info("device %d: %s: map '%s' present (refs %llu)", d->number, where, name,
          (unsigned long long)m->refs);
}

/* 4.5 2.15.5.1, on entry.  e is one of the construct's nmaps maps. */
static void enter_one(RtDevice *d, const char *where, const __ompicc_map *e, int nmaps,
                      const __ompicc_map *maps, int transient, Construct *c, void *queue)
{
  RtMapping *over, *m = rt_lookup(d, (uintptr_t)e->begin, e->size, &over);
  if (over && (e->flags & OMPICC_MAP_IMPLICIT)) {
    int first, n = present_parts(d, where, e, &first);
    for (int k = 0; k < n; k++) {
      RtMapping *p = d->maps[first + k];
      count_up(d, where, p, e->name, c);
    }
    return;
  }
  if (over)
    extension_error(d, where, e, over);
  if (!m && (e->flags & OMPICC_MAP_PRESENT))
    absent_error(d, where, e);
  if (e->size == 0) {
    /* zero-length section: nothing is mapped, it refers to what is */
  } else if (!m) {
    m = rt_map_new(d, where, e, transient, attached_into(e, nmaps, maps));
    touch(c, m, 1);
    if (e->flags & OMPICC_MAP_TO)
      rt_copy_to(d, where, m, e->begin, e->size, queue);
  } else {
    Touched *t = touched(c, m);
    if (t && t->made) {
      /* a part of what this construct mapped: its map type counts too */
      if ((e->flags & OMPICC_MAP_TO) && !t->copied)
        rt_copy_to(d, where, m, e->begin, e->size, queue);
    } else {
      count_up(d, where, m, e->name, c);
      if ((e->flags & OMPICC_MAP_ALWAYS) && (e->flags & OMPICC_MAP_TO))
        rt_copy_to(d, where, m, e->begin, e->size, queue);
    }
  }
}

/* The members of one structure that a construct maps and that are not
 * present get one device block, from the first member to the end of the
 * last: the structure is then one object on the device, as the region
 * that uses it later (mapped implicitly, partly present) needs.  The
 * block is copied whole when one of them is to. */
static void enter_members(RtDevice *d, const char *where, int nmaps, const __ompicc_map *maps,
                          int transient, Construct *c, void *queue)
{
  char *done = rt_xcalloc((size_t)nmaps + 1, 1);
  for (int i = 0; i < nmaps; i++) {
    const __ompicc_map *e = &maps[i];
    if (done[i] || !(e->flags & OMPICC_MAP_MEMBER) || !maps_storage(e) || e->size == 0)
      continue;
    uintptr_t lo = (uintptr_t)e->begin, hi = lo + e->size;
    unsigned to = e->flags & OMPICC_MAP_TO;
    int count = 1;
    for (int j = i + 1; j < nmaps; j++) {
      const __ompicc_map *f = &maps[j];
      if (!(f->flags & OMPICC_MAP_MEMBER) || f->base != e->base || !maps_storage(f) ||
          f->size == 0)
        continue;
      done[j] = 1;
      count++;
      lo = (uintptr_t)f->begin < lo ? (uintptr_t)f->begin : lo;
      hi = (uintptr_t)f->begin + f->size > hi ? (uintptr_t)f->begin + f->size : hi;
      to |= f->flags & OMPICC_MAP_TO;
    }
    RtMapping *over;
    if (count < 2 || rt_lookup(d, lo, hi - lo, &over) || over)
      continue; /* one member, or some present: each on its own */
    __ompicc_map block = {e->base, (void *)lo, hi - lo, to, e->name};
    RtMapping *m = rt_map_new(d, where, &block, transient, attached_into(&block, nmaps, maps));
    rt_trace("device %d: %s: %d members of the structure at %p in one block of %lu bytes",
             d->number, where, count, e->base, block.size);
    Touched *t = touch(c, m, 1);
    if (to) {
      rt_copy_to(d, where, m, block.begin, block.size, queue);
      t->copied = 1;
    }
  }
  free(done);
}

/* 4.5 2.15.5.1, on exit, first step: the construct's references end (or
 * all of them, with delete). */
static void count_down(RtDevice *d, const char *where, RtMapping *m, const __ompicc_map *e,
                       Construct *c)
{
  if (m->refs == RT_REF_INFINITE)
    return;
  if (!touched(c, m)) {
    touch(c, m, 0);
    m->refs = (e->flags & OMPICC_MAP_DELETE) || m->refs == 0 ? 0 : m->refs - 1;
  } else if (e->flags & OMPICC_MAP_DELETE)
    m->refs = 0;
  rt_info("device %d: %s: unmap '%s' (refs %llu)", d->number, where, e->name,
          (unsigned long long)m->refs);
}

static void exit_count(RtDevice *d, const char *where, const __ompicc_map *e, Construct *c)
{
  RtMapping *over, *m = rt_lookup(d, (uintptr_t)e->begin, e->size, &over);
  if (!m && over && (e->flags & OMPICC_MAP_IMPLICIT)) {
    int first, n = rt_overlapping(d, (uintptr_t)e->begin, e->size, &first);
    for (int k = 0; k < n; k++)
      count_down(d, where, d->maps[first + k], e, c);
    return;
  }
  if (!m && (e->flags & OMPICC_MAP_PRESENT))
    absent_error(d, where, e);
  if (m && e->size != 0)
    count_down(d, where, m, e, c);
}

/* Second step: from copies on the last reference, or always. */
static void exit_copy(RtDevice *d, const char *where, const __ompicc_map *e, void *queue)
{
  if (!(e->flags & OMPICC_MAP_FROM) || e->size == 0)
    return;
  uintptr_t lo = (uintptr_t)e->begin, hi = lo + e->size;
  int first, n = rt_overlapping(d, lo, e->size, &first);
  if (n > 1 || (n == 1 && (d->maps[first]->lo > lo || d->maps[first]->hi < hi)))
    if (!(e->flags & OMPICC_MAP_IMPLICIT))
      return; /* not mapped by this entry */
  for (int k = 0; k < n; k++) {
    RtMapping *m = d->maps[first + k];
    if (m->refs != 0 && !(e->flags & OMPICC_MAP_ALWAYS))
      continue;
    uintptr_t a = m->lo > lo ? m->lo : lo, b = m->hi < hi ? m->hi : hi;
    rt_copy_from(d, where, m, (void *)a, b - a, queue);
  }
}

/* The entries e stands for, written to out when it is not NULL: itself,
 * the entries its mapper makes for each element (OMPICC_MAP_ELEMS), or
 * the entries of each iterator value (OMPICC_MAP_ITEMS), expanded in
 * turn.  Returns how many. */
static int expand_one(const __ompicc_map *e, __ompicc_map *out)
{
  if (e->flags & OMPICC_MAP_ITEMS) {
    const __ompicc_items *l = e->base;
    int n = 0;
    for (int i = 0; i < l->n; i++)
      n += expand_one(&l->maps[i], out ? out + n : NULL);
    return n;
  }
  if (e->flags & OMPICC_MAP_ELEMS) {
    __ompicc_mapper_fn *fn = *(__ompicc_mapper_fn *const *)e->base;
    return fn(e->begin, e->size, e->flags & ~OMPICC_MAP_ELEMS, out);
  }
  if (out)
    *out = *e;
  return 1;
}

/* An array section's length must not be negative (OpenMP 5.0 2.1.5, "Array
 * Sections"); one computed at run time that is arrives as a size above
 * the largest object, which no allocation could give.  A section of
 * elements of a null pointer has no storage to copy. */
static void check_lengths(const char *where, int n, const __ompicc_map *maps)
{
  for (int i = 0; i < n; i++) {
    const __ompicc_map *e = &maps[i];
    if (e->flags & OMPICC_MAP_ITEMS)
      continue;
    if ((long)e->size < 0)
      rt_fatal(where, "the length of the array section '%s' is negative (%ld bytes): OpenMP "
               "5.0 2.1.5 requires a length of 0 or more",
               e->name ? e->name : "?", (long)e->size);
    if (!e->begin && e->size && !(e->flags & OMPICC_MAP_ELEMS))
      rt_fatal(where, "'%s' (%lu bytes) is at address 0: its pointer is null", e->name ? e->name : "?",
               e->size);
  }
}

/* The entries of a construct with its OMPICC_MAP_ELEMS and
 * OMPICC_MAP_ITEMS entries replaced by what they stand for (a new array,
 * freed by the caller), or maps itself when it has none.  Each length is
 * checked. */
static __ompicc_map *expand(const char *where, int nmaps, __ompicc_map *maps, int *nout)
{
  int n = 0, grows = 0;
  check_lengths(where, nmaps, maps);
  for (int i = 0; i < nmaps; i++) {
    n += expand_one(&maps[i], NULL);
    grows |= (maps[i].flags & (OMPICC_MAP_ELEMS | OMPICC_MAP_ITEMS)) != 0;
  }
  *nout = nmaps;
  if (!grows)
    return maps;
  __ompicc_map *out = rt_xcalloc((size_t)n + 1, sizeof *out);
  int k = 0;
  for (int i = 0; i < nmaps; i++)
    k += expand_one(&maps[i], &out[k]);
  *nout = k;
  check_lengths(where, k, out);
  return out;
}

void __ompicc_items_add(__ompicc_items *l, __ompicc_map e)
{
  if (l->n == l->cap) {
    if (l->cap >= (1 << 29))
      rt_fatal(l->where, "the iterator modifier of '%s' gives more than 2^29 list items",
               e.name ? e.name : "?");
    l->cap = l->cap ? 2 * l->cap : 16;
    __ompicc_map *grown = rt_xcalloc((size_t)l->cap, sizeof *grown);
    if (l->n)
      memcpy(grown, l->maps, (size_t)l->n * sizeof *grown);
    free(l->maps);
    l->maps = grown;
  }
  l->maps[l->n++] = e;
}

void __ompicc_items_free(__ompicc_items *l)
{
  free(l->maps);
  l->maps = NULL;
  l->n = l->cap = 0;
}

void rt_map_enter(RtDevice *d, const char *where, int nmaps, __ompicc_map *given,
                  int transient)
{
  __ompicc_map *maps = expand(where, nmaps, given, &nmaps);
  void *queue = rt_queue(d);
  Construct c = {0};
  pthread_mutex_lock(&d->lock);
  enter_members(d, where, nmaps, maps, transient, &c, queue);
  for (int i = 0; i < nmaps; i++)
    if (maps_storage(&maps[i]))
      enter_one(d, where, &maps[i], nmaps, maps, transient, &c, queue);
  /* once everything is mapped, whatever the order of the clauses */
  for (int i = 0; i < nmaps; i++)
    if (maps_storage(&maps[i]) && (maps[i].flags & OMPICC_MAP_ATTACH))
      attach(d, where, &maps[i], queue);
  RT_CHECK(where, d, d->plugin->queue_sync(d->id, queue), "cannot copy to the device");
  pthread_mutex_unlock(&d->lock);
  free(c.t);
  if (maps != given)
    free(maps);
}

void rt_map_exit(RtDevice *d, const char *where, int nmaps, __ompicc_map *given)
{
  __ompicc_map *maps = expand(where, nmaps, given, &nmaps);
  void *queue = rt_queue(d);
  Construct c = {0};
  pthread_mutex_lock(&d->lock);
  for (int i = nmaps - 1; i >= 0; i--)
    if (maps_storage(&maps[i]))
      exit_count(d, where, &maps[i], &c);
  for (int i = nmaps - 1; i >= 0; i--)
    if (maps_storage(&maps[i]))
      exit_copy(d, where, &maps[i], queue);
  for (int i = 0; i < c.n; i++) {
    RtMapping *m = rt_lookup(d, c.t[i].lo, 0, NULL);
    if (m && m->lo == c.t[i].lo && m->refs == 0) {
      rt_map_release(d, where, m, queue);
      rt_remove(d, m);
    }
  }
  RT_CHECK(where, d, d->plugin->queue_sync(d->id, queue), "cannot copy from the device");
  pthread_mutex_unlock(&d->lock);
  free(c.t);
  if (maps != given)
    free(maps);
}

/* 4.5 2.10.6: a declare target variable is present with an infinite
 * reference count at its image address.  If the program mapped it before
 * the image was loaded, that copy moves to the image.  The units of a
 * linked image that name the same variable each list it: present
 * already.  Caller holds d->lock. */
void rt_map_global(RtDevice *d, const char *where, const __ompicc_global *g, uint64_t addr)
{
  void *queue = rt_queue(d);
  RtMapping *over, *m = rt_lookup(d, (uintptr_t)g->host, g->size, &over);
  if (m && !over && m->dev == addr && m->refs == RT_REF_INFINITE && m->lo == (uintptr_t)g->host)
    return;
  __ompicc_map e = {g->host, g->host, g->size, OMPICC_MAP_TO, g->name};
  if (over || (m && (m->lo != (uintptr_t)g->host || m->hi - m->lo != g->size)))
    extension_error(d, where, &e, over ? over : m);
  /* a const variable's image copy already holds its value, and may be
   * read-only (cuda-emu): it is never written; one whose initializer
   * gives addresses holds the device's, the host's copy the host's: the
   * host's value is copied only once it changed */
  int copy = !(g->flags & OMPICC_GLOBAL_CONST) &&
             !((g->flags & OMPICC_GLOBAL_IMAGE_INIT) && !memcmp(g->host, g->initial, g->size));
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
  m->readonly = (g->flags & OMPICC_GLOBAL_CONST) != 0;
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

/* A strided section (OpenMP 5.2 5.8.3: a motion clause's section may
 * have a stride): dimension dim of the shape (OMPICC_MAP_STRIDED) from p
 * on, each element of the innermost dimension a piece of its own unless
 * the elements are adjacent. */
static void update_strided(RtDevice *d, const char *where, RtMapping *m, unsigned flags,
                           const unsigned long *shape, unsigned long dim, char *p, void *queue)
{
  unsigned long dims = shape[0], es = shape[1];
  unsigned long count = shape[2 + 2 * dim], stride = shape[3 + 2 * dim];
  int last = dim + 1 == dims;
  if (last && stride == es) {
    count *= es;
    es = count;
    stride = count;
    count = count ? 1 : 0;
  }
  for (unsigned long i = 0; i < count; i++, p += stride) {
    /* m NULL: the section is partly present, each piece is looked up */
    RtMapping *pm = m || !last ? m : rt_lookup(d, (uintptr_t)p, es, NULL);
    if (!last)
      update_strided(d, where, m, flags, shape, dim + 1, p, queue);
    else if (!pm)
      continue;
    else if (flags & OMPICC_MAP_TO)
      rt_copy_to(d, where, pm, p, es, queue);
    else
      rt_copy_from(d, where, pm, p, es, queue);
  }
}

/* 4.5 2.15.6, 5.1 2.21.6: update what is present; an absent item is
 * nothing unless it has the present modifier; of an item partly present
 * (5.2 5.8.3), the parts that are. */
static void update_one(RtDevice *d, const char *where, const __ompicc_map *e, void *queue)
{
  RtMapping *over, *m = rt_lookup(d, (uintptr_t)e->begin, e->size, &over);
  if (!m && (e->flags & OMPICC_MAP_PRESENT))
    absent_error(d, where, e);
  if ((!m && !over) || e->size == 0)
    return;
  rt_trace("device %d: %s: update %s '%s'%s", d->number, where,
           e->flags & OMPICC_MAP_TO ? "to" : "from", e->name, m ? "" : " (partly present)");
  if (e->flags & OMPICC_MAP_STRIDED) {
    const unsigned long *shape = e->base;
    update_strided(d, where, m, e->flags, shape, 0, (char *)e->begin, queue);
    return;
  }
  /* a partly present item (a structure of which members are mapped):
   * its present parts */
  uintptr_t lo = (uintptr_t)e->begin, hi = lo + e->size;
  int first, n = m ? 1 : rt_overlapping(d, lo, e->size, &first);
  for (int k = 0; k < n; k++) {
    RtMapping *p = m ? m : d->maps[first + k];
    uintptr_t a = p->lo > lo ? p->lo : lo, b = p->hi < hi ? p->hi : hi;
    if (e->flags & OMPICC_MAP_TO)
      rt_copy_to(d, where, p, (void *)a, b - a, queue);
    if (e->flags & OMPICC_MAP_FROM)
      rt_copy_from(d, where, p, (void *)a, b - a, queue);
  }
}

void __ompicc_update(const char *where, long device, int nmaps, __ompicc_map *given)
{
  RtDevice *d = rt_choose(where, device);
  if (!d)
    return;
  __ompicc_map *maps = expand(where, nmaps, given, &nmaps);
  void *queue = rt_queue(d);
  pthread_mutex_lock(&d->lock);
  for (int i = 0; i < nmaps; i++) {
    const __ompicc_map *e = &maps[i];
    if (!(e->flags & OMPICC_MAP_ATTACH) || e->size)
      update_one(d, where, e, queue);
    /* the device copy of a pointer updated (or of a pointer to data
     * updated) gets its pointee's device address, where present */
    if ((e->flags & OMPICC_MAP_ATTACH) && !(e->flags & OMPICC_MAP_FROM))
      attach(d, where, e, queue);
  }
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
