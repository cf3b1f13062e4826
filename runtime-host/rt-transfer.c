/* rt-transfer.c - where the device copy of a mapping lives, and how its
 * bytes move: the two uses the core makes of host memory registration
 * (the module's host_pin).
 *
 * Pinned transfers (OMPICC_PINNED=auto|never|always).  The driver copies
 * from pageable memory through staging buffers of its own; from
 * registered (page-locked) memory the copy engine reads or writes the
 * program's pages directly, at the link's full rate.  Registering costs
 * time in proportion to the size (locking pages, mapping them for the
 * device), so it pays only for data that crosses more than once.  `auto`
 * registers a mapping of at least PIN_MIN bytes when its copies have moved
 * twice its size and a third one starts: a `target data` region that
 * copies in and out once never pins; an array updated again and again
 * does, from its third full copy on.  `always` registers each mapping at
 * its first copy (for measurements).  Only the whole pages inside a
 * mapping are registered: mappings are disjoint, so their registrations
 * never overlap (the driver refuses overlapping ones), and a copy is cut
 * into the pageable head and tail and the pinned middle.  The pages stay
 * registered while the mapping exists (OpenMP programs do not free mapped
 * storage) and are released with it.  A registration that fails is no
 * error: the mapping keeps pageable copies and is not tried again.
 * Registrations stop at a quarter of the host's memory.
 *
 * Zero-copy mappings (OMPICC_ZERO_COPY=auto|never|always).  A
 * corresponding variable may share storage with its original (OpenMP 4.5
 * 1.4.1, 5.0 1.4.1): registered host bytes mapped for the device's kernels
 * (host_pin with a device address) are used in place, with no device
 * allocation and no copies.  On an integrated GPU (a Jetson) host and
 * device memory are one DRAM and that removes work; across PCIe it would
 * make every kernel access cross the link.  The GPU of a Jetson does not
 * cache such memory, and before compute capability 7.2 (Xavier's I/O
 * coherence) the CPU stops caching it too, so `auto` uses zero-copy only
 * on integrated devices of compute capability 7.2 or more, for the maps of
 * a target construct itself (data used by one kernel, where its copies in
 * and out cost as much as the kernel's own uncached reads), of at least
 * ZERO_COPY_MIN bytes.  Data of `target data` and `enter data` regions,
 * reused by many kernels, stays in cached device memory.  A mapping that
 * the construct attaches a pointer into is never zero-copy: the attach
 * would write a device address into the program's own pointer.  `always`
 * makes every new mapping zero-copy where the device can map host memory
 * (for measurements, and for CI on the CPU device).
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rt.h"

#define PIN_MIN ((size_t)1 << 20)
#define ZERO_COPY_MIN ((size_t)64 << 10)

static size_t pinned_bytes; /* registered in all, under pin_lock */
static pthread_mutex_t pin_lock = PTHREAD_MUTEX_INITIALIZER;

static uintptr_t page_size(void)
{
  long p = sysconf(_SC_PAGESIZE);
  return p > 0 ? (uintptr_t)p : 4096;
}

static int can_register(RtDevice *d)
{
  return (d->plugin->caps & OMPICC_CAP_PINNED) && d->plugin->host_pin && d->plugin->host_unpin;
}

/* Account for n more registered bytes (negative: fewer); 0 when that
 * would pass the cap. */
static int pin_budget(long long n)
{
  static size_t cap;
  pthread_mutex_lock(&pin_lock);
  if (!cap) {
    long pages = sysconf(_SC_PHYS_PAGES);
    cap = pages > 0 ? (size_t)pages * page_size() / 4 : (size_t)1 << 30;
  }
  int ok = n <= 0 || pinned_bytes + (size_t)n <= cap;
  if (ok)
    pinned_bytes += (size_t)n;
  pthread_mutex_unlock(&pin_lock);
  return ok;
}

/* ------------------------------------------------------- zero-copy */

static int zero_copy_wanted(RtDevice *d, const __ompicc_map *e, int transient)
{
  if (!can_register(d) || !d->have_info || !d->info.can_map_host)
    return 0;
  switch (rt_zero_copy_policy()) {
  case RT_HOSTMEM_NEVER:
    return 0;
  case RT_HOSTMEM_ALWAYS:
    return 1;
  default:
    return transient && e->size >= ZERO_COPY_MIN && d->info.integrated &&
           d->info.compute_major * 10 + d->info.compute_minor >= 72;
  }
}

RtMapping *rt_map_new(RtDevice *d, const char *where, const __ompicc_map *e, int transient,
                      int attached_into)
{
  uint64_t addr;
  int zero_copy = 0;
  if (rt_requires() & OMPICC_REQUIRES_UNIFIED_SHARED_MEMORY) {
    /* unified shared memory (OpenMP 5.2 8.2.1): only devices that reach
     * the host's memory are used, and the corresponding storage is the
     * original itself: nothing to allocate, nothing to copy */
    RtMapping *m = rt_insert(d, (uintptr_t)e->begin, e->size, (uintptr_t)e->begin);
    m->where = where;
    m->name = e->name;
    m->zero_copy = m->unified = 1;
    rt_trace("device %d: %s: map '%s' %p+%lu (unified shared memory)", d->number, where,
             e->name, e->begin, e->size);
    return m;
  }
  if (!attached_into && zero_copy_wanted(d, e, transient) && pin_budget((long long)e->size)) {
    zero_copy = d->plugin->host_pin(d->id, e->begin, e->size, &addr) == 0;
    if (!zero_copy) {
      pin_budget(-(long long)e->size);
      rt_trace("device %d: %s: '%s' stays in device memory: %s", d->number, where, e->name,
               rt_last_detail());
    }
  }
  /* whole 8-byte words: the device library combines a reduction of a
   * 1- or 2-byte variable with an atomic on the word that holds it
   * (devlib-cuda/ompicc-device.h, __ompicc_combine), which must not
   * reach past the allocation (compute-sanitizer's memcheck reports it
   * on a GPU) */
  if (!zero_copy) {
    double start = rt_clock_us();
    RT_CHECK(where, d, d->plugin->alloc(d->id, (e->size + 7) & ~(size_t)7, &addr),
             "cannot allocate device memory");
    rt_profile_memory(d, where, e->name, 0, e->size, start, rt_clock_us() - start);
  }
  RtMapping *m = rt_insert(d, (uintptr_t)e->begin, e->size, addr);
  m->where = where;
  m->name = e->name;
  m->owned = !zero_copy;
  m->zero_copy = zero_copy;
  rt_info("device %d: %s: map '%s' %p+%lu -> %#llx (new%s)", d->number, where, e->name,
          e->begin, e->size, (unsigned long long)addr, zero_copy ? ", zero-copy" : "");
  return m;
}

/* --------------------------------------------------------- pinning */

/* Before a copy of n bytes of m: register its pages when the policy says
 * the registration now pays. */
static void maybe_pin(RtDevice *d, RtMapping *m, size_t n)
{
  m->moved += n;
  if (m->pin_tried || m->zero_copy || !can_register(d))
    return;
  int policy = rt_pinned_policy();
  size_t size = m->hi - m->lo;
  if (policy == RT_HOSTMEM_NEVER || (policy == RT_HOSTMEM_AUTO && (size < PIN_MIN ||
                                                                    m->moved <= 2 * size)))
    return;
  m->pin_tried = 1;
  uintptr_t page = page_size();
  uintptr_t lo = (m->lo + page - 1) / page * page, hi = m->hi / page * page;
  if (hi <= lo || !pin_budget((long long)(hi - lo)))
    return;
  if (d->plugin->host_pin(d->id, (void *)lo, hi - lo, NULL) != 0) {
    pin_budget(-(long long)(hi - lo));
    rt_trace("device %d: '%s' stays pageable: %s", d->number, m->name, rt_last_detail());
    return;
  }
  m->pin_lo = lo;
  m->pin_hi = hi;
  rt_trace("device %d: '%s': %lu bytes pinned after %llu bytes copied", d->number, m->name,
           (unsigned long)(hi - lo), (unsigned long long)m->moved - n);
}

/* The host bytes [h, h+n) of m in at most three copies: before, inside
 * and after its pinned pages. */
typedef int CopyPiece(RtDevice *d, uint64_t dev, uintptr_t host, size_t n, void *queue);

static int copy_pieces(RtDevice *d, RtMapping *m, uintptr_t h, size_t n, void *queue,
                       CopyPiece *piece)
{
  uintptr_t end = h + n;
  uintptr_t cuts[4] = {h, h, end, end};
  if (m->pin_hi > m->pin_lo) {
    cuts[1] = m->pin_lo < h ? h : m->pin_lo > end ? end : m->pin_lo;
    cuts[2] = m->pin_hi < cuts[1] ? cuts[1] : m->pin_hi > end ? end : m->pin_hi;
  }
  for (int i = 0; i < 3; i++)
    if (cuts[i + 1] > cuts[i] &&
        piece(d, m->dev + (cuts[i] - m->lo), cuts[i], cuts[i + 1] - cuts[i], queue) != 0)
      return 1;
  return 0;
}

static int piece_to(RtDevice *d, uint64_t dev, uintptr_t host, size_t n, void *queue)
{
  return d->plugin->copy_to(d->id, dev, (const void *)host, n, queue);
}

static int piece_from(RtDevice *d, uint64_t dev, uintptr_t host, size_t n, void *queue)
{
  return d->plugin->copy_from(d->id, (void *)host, dev, n, queue);
}

/* Copy n host bytes at host of m in one direction.  Nothing moves for a
 * zero-copy mapping (the device uses the host bytes themselves) or a
 * const declare target variable (both copies hold its initial value, and
 * either may lie in read-only memory). */
static void transfer(RtDevice *d, const char *where, RtMapping *m, uintptr_t host, size_t n,
                     void *queue, CopyPiece *piece, const char *what)
{
  if (m->zero_copy || n == 0)
    return;
  if (m->readonly) {
    rt_trace("device %d: %s: '%s' is const on the device: not copied", d->number, where, m->name);
    return;
  }
  maybe_pin(d, m, n);
  int to_device = piece == piece_to;
  rt_info("device %d: %s: copy %zu bytes of '%s' %s the device", d->number, where, n, m->name,
          to_device ? "to" : "from");
  RtTiming timing;
  double start, dur;
  int profiling = rt_profiling();
  if (profiling)
    rt_time_begin(d, queue, &timing);
  RT_CHECK(where, d, copy_pieces(d, m, host, n, queue, piece), what);
  if (profiling) {
    RT_CHECK(where, d, rt_time_end(d, queue, &timing, &start, &dur), what);
    rt_profile_copy(d, where, m->name, to_device, n, start, dur);
  }
}

/* ------------------------------------------------- attached pointers */

/* m's attached pointers are sorted by slot: the index of slot's, or of
 * where it would go. */
static int att_index(const RtMapping *m, uintptr_t slot)
{
  int lo = 0, hi = m->natt;
  while (lo < hi) {
    int mid = lo + (hi - lo) / 2;
    if (m->att[mid].slot < slot)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

void rt_note_attach(RtMapping *m, uintptr_t slot, uint64_t dev)
{
  int i = att_index(m, slot);
  if (i < m->natt && m->att[i].slot == slot) {
    m->att[i].dev = dev;
    return;
  }
  if (m->natt == m->capatt) {
    int cap = m->capatt ? 2 * m->capatt : 4;
    RtAttach *a = rt_xmalloc((size_t)cap * sizeof *a);
    if (m->natt)
      memcpy(a, m->att, (size_t)m->natt * sizeof *a);
    free(m->att);
    m->att = a, m->capatt = cap;
  }
  memmove(&m->att[i + 1], &m->att[i], (size_t)(m->natt - i) * sizeof *m->att);
  m->att[i] = (RtAttach){slot, dev};
  m->natt++;
}

/* Is the attached pointer a wholly inside the host bytes [h, h+n)? */
static int att_inside(const RtAttach *a, uintptr_t h, size_t n)
{
  return a->slot >= h && a->slot + sizeof(void *) <= h + n;
}

/* A copy of a mapping's bytes does not carry its attached pointers
 * across: the device keeps the device address (the copy to the device is
 * followed by the attached value again), the host keeps its own pointer
 * (saved before a copy from the device, put back once it has landed),
 * unless the device's pointer is no longer the attached address: a
 * region that assigned the pointer gets its value copied back as any
 * other, and the pointer is attached no more.
 * So `target update to(s)` of a struct whose member points into a mapped
 * section leaves the member usable on the device, as a map of s does. */
void rt_copy_to(RtDevice *d, const char *where, RtMapping *m, const void *host, size_t n,
                void *queue)
{
  transfer(d, where, m, (uintptr_t)host, n, queue, piece_to, "cannot copy to the device");
  for (int i = 0; i < m->natt && !m->zero_copy && !m->readonly; i++)
    if (att_inside(&m->att[i], (uintptr_t)host, n))
      RT_CHECK(where, d,
               d->plugin->copy_to(d->id, m->dev + (m->att[i].slot - m->lo), &m->att[i].dev,
                                  sizeof(void *), queue),
               "cannot attach a pointer");
}

void rt_copy_from(RtDevice *d, const char *where, RtMapping *m, void *host, size_t n,
                  void *queue)
{
  int k = 0;
  void **saved = NULL;
  for (int i = 0; i < m->natt; i++)
    k += att_inside(&m->att[i], (uintptr_t)host, n);
  if (k && !m->zero_copy && !m->readonly) {
    saved = rt_xmalloc((size_t)m->natt * sizeof *saved);
    for (int i = 0; i < m->natt; i++)
      if (att_inside(&m->att[i], (uintptr_t)host, n))
        memcpy(&saved[i], (void *)m->att[i].slot, sizeof(void *));
  }
  transfer(d, where, m, (uintptr_t)host, n, queue, piece_from, "cannot copy from the device");
  if (!saved)
    return;
  RT_CHECK(where, d, d->plugin->queue_sync(d->id, queue), "cannot copy from the device");
  int kept = 0;
  for (int i = 0; i < m->natt; i++) {
    RtAttach a = m->att[i];
    if (att_inside(&a, (uintptr_t)host, n)) {
      uint64_t now = 0;
      memcpy(&now, (void *)a.slot, sizeof(void *));
      if (now != a.dev)
        continue; /* the region set the pointer: its value comes back, unattached */
      memcpy((void *)a.slot, &saved[i], sizeof(void *));
    }
    m->att[kept++] = a;
  }
  m->natt = kept;
  free(saved);
}

/* -------------------------------------------------------- releasing */

/* The device memory or registration of m goes; 0 on success.  Copies
 * queued on it must have finished. */
static int release(RtDevice *d, RtMapping *m)
{
  int bad = 0;
  if (m->zero_copy && !m->unified) {
    bad |= d->plugin->host_unpin(d->id, (void *)m->lo);
    pin_budget(-(long long)(m->hi - m->lo));
  } else if (m->owned)
    bad |= d->plugin->free(d->id, m->dev);
  if (m->pin_hi > m->pin_lo) {
    bad |= d->plugin->host_unpin(d->id, (void *)m->pin_lo);
    pin_budget(-(long long)(m->pin_hi - m->pin_lo));
  }
  m->owned = m->zero_copy = m->unified = 0;
  m->pin_lo = m->pin_hi = 0;
  return bad;
}

void rt_map_release(RtDevice *d, const char *where, RtMapping *m, void *queue)
{
  if (!m->owned && !m->zero_copy && m->pin_hi <= m->pin_lo)
    return;
  /* a copy back must land before the memory goes */
  RT_CHECK(where, d, d->plugin->queue_sync(d->id, queue), "cannot copy from the device");
  rt_info("device %d: %s: release '%s' %p+%lu", d->number, where, m->name, (void *)m->lo,
          (unsigned long)(m->hi - m->lo));
  double start = rt_clock_us();
  int owned = m->owned;
  RT_CHECK(where, d, release(d, m), "cannot release device memory");
  if (owned)
    rt_profile_memory(d, where, m->name, 1, m->hi - m->lo, start, rt_clock_us() - start);
}

/* At exit: failures no longer matter. */
void rt_map_release_quietly(RtDevice *d, RtMapping *m) { (void)release(d, m); }
