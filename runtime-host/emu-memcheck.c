/* emu-memcheck.c - the ranges of device memory of the cuda-emu device,
 * for the memory check (see emu-memcheck.h).
 *
 * A sorted array of disjoint ranges under a read-write lock; each host
 * thread remembers the range of its last hit, valid until some range is
 * removed (a generation count), so that a kernel's run of accesses to one
 * array looks the array up once.  Removed ranges are kept in a ring of
 * the last FREED_KEPT, for the words of a fault.
 */
#define _GNU_SOURCE
#include "emu-memcheck.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Range {
  uintptr_t lo, hi;
  EmuMemKind kind;
  int dev;
} Range;

static pthread_rwlock_t lock = PTHREAD_RWLOCK_INITIALIZER;
static Range *ranges;
static size_t nranges, cap;
static unsigned long generation; /* removals so far */

enum { FREED_KEPT = 64 };
static Range freed[FREED_KEPT];
static unsigned nfreed;

static __thread uintptr_t hit_lo, hit_hi;
static __thread unsigned long hit_generation;
static __thread int hit_dev;

static const char *const kind_words[] = {
    [EMU_MEM_ALLOC] = "a device allocation",
    [EMU_MEM_PINNED] = "host memory registered for the device",
    [EMU_MEM_IMAGE] = "the kernel image's variables",
    [EMU_MEM_HEAP] = "a block of the device heap (malloc in a kernel)",
};

/* The first range whose end is above a. Caller holds the lock. */
static size_t first_above(uintptr_t a)
{
  size_t lo = 0, hi = nranges;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (ranges[mid].hi <= a)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

void emu_mem_add(const void *p, size_t n, EmuMemKind kind, int dev)
{
  uintptr_t lo = (uintptr_t)p;
  pthread_rwlock_wrlock(&lock);
  if (nranges == cap) {
    size_t c = cap ? 2 * cap : 256;
    Range *r = realloc(ranges, c * sizeof *r);
    if (!r) { /* not recorded: its accesses will be reported */
      pthread_rwlock_unlock(&lock);
      return;
    }
    ranges = r;
    cap = c;
  }
  size_t i = first_above(lo);
  memmove(ranges + i + 1, ranges + i, (nranges - i) * sizeof *ranges);
  ranges[i] = (Range){lo, lo + (n ? n : 1), kind, kind == EMU_MEM_PINNED ? -1 : dev};
  nranges++;
  pthread_rwlock_unlock(&lock);
}

void emu_mem_remove(const void *p)
{
  uintptr_t lo = (uintptr_t)p;
  pthread_rwlock_wrlock(&lock);
  size_t i = first_above(lo);
  if (i < nranges && ranges[i].lo == lo) {
    freed[nfreed++ % FREED_KEPT] = ranges[i];
    memmove(ranges + i, ranges + i + 1, (nranges - i - 1) * sizeof *ranges);
    nranges--;
    __atomic_add_fetch(&generation, 1, __ATOMIC_RELEASE);
  }
  pthread_rwlock_unlock(&lock);
}

static int reaches(const Range *r, int dev)
{
  return r->dev < 0 || r->dev == dev;
}

int emu_mem_inside(uintptr_t a, size_t n, int dev)
{
  if (a >= hit_lo && a + n <= hit_hi && hit_dev == dev &&
      hit_generation == __atomic_load_n(&generation, __ATOMIC_ACQUIRE))
    return 1;
  pthread_rwlock_rdlock(&lock);
  size_t i = first_above(a);
  int in = i < nranges && ranges[i].lo <= a && a + n <= ranges[i].hi && reaches(&ranges[i], dev);
  if (in) {
    hit_lo = ranges[i].lo;
    hit_hi = ranges[i].hi;
    hit_dev = dev;
    hit_generation = generation;
  }
  pthread_rwlock_unlock(&lock);
  return in;
}

void emu_mem_explain(uintptr_t a, size_t n, int dev, char *buf, size_t size)
{
  pthread_rwlock_rdlock(&lock);
  size_t i = first_above(a);
  const Range *r = i < nranges ? &ranges[i] : NULL;
  if (r && r->lo <= a && !reaches(r, dev))
    snprintf(buf, size, "in %s of device %d, of %zu bytes at 0x%llx: a kernel of device %d does "
             "not reach another device's memory", kind_words[r->kind], r->dev,
             (size_t)(r->hi - r->lo), (unsigned long long)r->lo, dev);
  else if (r && r->lo <= a) /* begins inside, ends past the end */
    snprintf(buf, size, "at byte %zu of %s of %zu bytes at 0x%llx, its last %zu bytes out of "
             "bounds", (size_t)(a - r->lo), kind_words[r->kind], (size_t)(r->hi - r->lo),
             (unsigned long long)r->lo, (size_t)(a + n - r->hi));
  else if (i > 0 && a - ranges[i - 1].hi < 4096)
    snprintf(buf, size, "at byte %zu of %s of %zu bytes at 0x%llx (out of bounds)",
             (size_t)(a - ranges[i - 1].lo), kind_words[ranges[i - 1].kind],
             (size_t)(ranges[i - 1].hi - ranges[i - 1].lo), (unsigned long long)ranges[i - 1].lo);
  else if (r && r->lo - (a + n) < EMU_MEM_REDZONE)
    snprintf(buf, size, "at byte -%zu of %s of %zu bytes at 0x%llx (out of bounds)",
             (size_t)(r->lo - a), kind_words[r->kind], (size_t)(r->hi - r->lo),
             (unsigned long long)r->lo);
  else {
    const Range *gone = NULL;
    for (unsigned k = 0; k < FREED_KEPT && k < nfreed && !gone; k++) {
      const Range *f = &freed[(nfreed - 1 - k) % FREED_KEPT];
      if (f->lo <= a && a < f->hi)
        gone = f;
    }
    if (gone)
      snprintf(buf, size, "in %s of %zu bytes at 0x%llx that was freed (its mapping ended)",
               kind_words[gone->kind], (size_t)(gone->hi - gone->lo),
               (unsigned long long)gone->lo);
    else
      snprintf(buf, size, "not device memory: a host address (a variable or array section the "
                          "construct does not map, or a pointer mapped without its section: "
                          "map(p[0:n]) maps what p points to)");
  }
  pthread_rwlock_unlock(&lock);
}
