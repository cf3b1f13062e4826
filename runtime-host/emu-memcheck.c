/* emu-memcheck.c - the ranges of device memory of the cuda-emu device,
 * for copies and for the memory check (see emu-memcheck.h).
 *
 * A treap of disjoint ranges ordered by their first address (a binary
 * search tree balanced by random priorities: insertion, removal and the
 * range at or below an address in O(log n), where a sorted array made a
 * program that frees many allocations in the order it made them
 * quadratic) under a read-write lock.  Each host thread remembers the
 * range of its last hit, valid until some range is removed (a generation
 * count), so that a kernel's run of accesses to one array looks the
 * array up once.  Removed ranges are kept in a ring of the last
 * FREED_KEPT, for the words of a fault.
 */
#define _GNU_SOURCE
#include "emu-memcheck.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

typedef struct Range {
  uintptr_t lo, hi;
  EmuMemKind kind;
  int dev;
} Range;

typedef struct Node {
  Range r;
  void *owner;
  unsigned prio;
  struct Node *left, *right;
} Node;

static pthread_rwlock_t lock = PTHREAD_RWLOCK_INITIALIZER;
static Node *root;
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

/* ---------------------------------------------------------------- the treap
 * Callers hold the lock (written for the changes). */

static unsigned next_priority(void)
{
  static unsigned x = 2463534242u; /* xorshift32 */
  x ^= x << 13;
  x ^= x >> 17;
  x ^= x << 5;
  return x;
}

/* t's nodes of first address below key into *below, the others *rest. */
static void split(Node *t, uintptr_t key, Node **below, Node **rest)
{
  if (!t) {
    *below = *rest = NULL;
  } else if (t->r.lo < key) {
    split(t->right, key, &t->right, rest);
    *below = t;
  } else {
    split(t->left, key, below, &t->left);
    *rest = t;
  }
}

/* The nodes of a and b, every one of a before every one of b. */
static Node *merge(Node *a, Node *b)
{
  if (!a || !b)
    return a ? a : b;
  if (a->prio > b->prio) {
    a->right = merge(a->right, b);
    return a;
  }
  b->left = merge(a, b->left);
  return b;
}

/* Take out the node whose range begins at lo: it, or NULL. */
static Node *take(uintptr_t lo)
{
  Node *a, *b, *m, *c;
  split(root, lo, &a, &b);
  split(b, lo + 1, &m, &c);
  root = merge(a, c);
  return m;
}

/* The node of the last range that begins at or below a, or NULL. */
static Node *at_or_below(uintptr_t a)
{
  Node *best = NULL;
  for (Node *t = root; t;)
    if (t->r.lo <= a) {
      best = t;
      t = t->right;
    } else
      t = t->left;
  return best;
}

/* The node of the first range that begins above a, or NULL. */
static Node *above(uintptr_t a)
{
  Node *best = NULL;
  for (Node *t = root; t;)
    if (t->r.lo > a) {
      best = t;
      t = t->left;
    } else
      t = t->right;
  return best;
}

/* ---------------------------------------------------------------- ranges */

void emu_mem_add_owned(const void *p, size_t n, EmuMemKind kind, int dev, void *owner)
{
  uintptr_t lo = (uintptr_t)p;
  Node *node = malloc(sizeof *node);
  if (!node) /* not recorded: its accesses will be reported */
    return;
  *node = (Node){{lo, lo + (n ? n : 1), kind, kind == EMU_MEM_PINNED ? -1 : dev}, owner, 0, NULL,
                 NULL};
  pthread_rwlock_wrlock(&lock);
  node->prio = next_priority();
  free(take(lo)); /* a range left behind at the same address: replaced */
  Node *a, *b;
  split(root, lo, &a, &b);
  root = merge(merge(a, node), b);
  pthread_rwlock_unlock(&lock);
}

void emu_mem_add(const void *p, size_t n, EmuMemKind kind, int dev)
{
  emu_mem_add_owned(p, n, kind, dev, NULL);
}

void *emu_mem_remove(const void *p)
{
  pthread_rwlock_wrlock(&lock);
  Node *m = take((uintptr_t)p);
  void *owner = NULL;
  if (m) {
    freed[nfreed++ % FREED_KEPT] = m->r;
    owner = m->owner;
    __atomic_add_fetch(&generation, 1, __ATOMIC_RELEASE);
  }
  pthread_rwlock_unlock(&lock);
  free(m);
  return owner;
}

void *emu_mem_owner(const void *p)
{
  pthread_rwlock_rdlock(&lock);
  Node *t = at_or_below((uintptr_t)p);
  void *owner = t && t->r.lo == (uintptr_t)p ? t->owner : NULL;
  pthread_rwlock_unlock(&lock);
  return owner;
}

/* The most recently removed range that held a, or NULL.  Caller holds
 * the lock. */
static const Range *freed_at(uintptr_t a)
{
  for (unsigned k = 0; k < FREED_KEPT && k < nfreed; k++) {
    const Range *f = &freed[(nfreed - 1 - k) % FREED_KEPT];
    if (f->lo <= a && a < f->hi)
      return f;
  }
  return NULL;
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
  Node *t = at_or_below(a);
  int in = t && a + n <= t->r.hi && reaches(&t->r, dev);
  if (in) {
    hit_lo = t->r.lo;
    hit_hi = t->r.hi;
    hit_dev = dev;
    hit_generation = generation;
  }
  pthread_rwlock_unlock(&lock);
  return in;
}

void emu_mem_explain(uintptr_t a, size_t n, int dev, char *buf, size_t size)
{
  pthread_rwlock_rdlock(&lock);
  Node *below = at_or_below(a), *next = above(a);
  const Range *r = below && a < below->r.hi ? &below->r : NULL; /* the one a is in */
  const Range *prev = below && !r ? &below->r : NULL;             /* one that ends below a */
  if (r && !reaches(r, dev))
    snprintf(buf, size, "in %s of device %d, of %zu bytes at 0x%llx: a kernel of device %d does "
             "not reach another device's memory", kind_words[r->kind], r->dev,
             (size_t)(r->hi - r->lo), (unsigned long long)r->lo, dev);
  else if (r) /* begins inside, ends past the end */
    snprintf(buf, size, "at byte %zu of %s of %zu bytes at 0x%llx, its last %zu bytes out of "
             "bounds", (size_t)(a - r->lo), kind_words[r->kind], (size_t)(r->hi - r->lo),
             (unsigned long long)r->lo, (size_t)(a + n - r->hi));
  else if (prev && a - prev->hi < 4096)
    snprintf(buf, size, "at byte %zu of %s of %zu bytes at 0x%llx (out of bounds)",
             (size_t)(a - prev->lo), kind_words[prev->kind], (size_t)(prev->hi - prev->lo),
             (unsigned long long)prev->lo);
  else if (next && next->r.lo - (a + n) < EMU_MEM_REDZONE)
    snprintf(buf, size, "at byte -%zu of %s of %zu bytes at 0x%llx (out of bounds)",
             (size_t)(next->r.lo - a), kind_words[next->r.kind], (size_t)(next->r.hi - next->r.lo),
             (unsigned long long)next->r.lo);
  else {
    const Range *gone = freed_at(a);
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

/* ------------------------------------------------------------ the arena */

enum { ARENA_ALIGN = 256 };           /* as cudaMalloc's */
#define ARENA_BYTES (1ull << 36)      /* address space only (MAP_NORESERVE) */

static pthread_mutex_t arena_lock = PTHREAD_MUTEX_INITIALIZER;
static char *arena;                   /* NULL until first used, MAP_FAILED when refused */
static size_t arena_used;             /* bytes handed out, from arena */
static int arena_users;               /* device operations running */

static size_t page_size(void)
{
  static size_t page;
  if (!page)
    page = (size_t)sysconf(_SC_PAGESIZE);
  return page;
}

static size_t round_up(size_t n, size_t to) { return (n + to - 1) / to * to; }

/* Caller holds arena_lock. */
static void arena_protect(size_t from, size_t to, int prot)
{
  size_t lo = from / page_size() * page_size(), hi = round_up(to, page_size());
  if (hi > lo)
    mprotect(arena + lo, hi - lo, prot);
}

void *emu_arena_alloc(size_t n)
{
  pthread_mutex_lock(&arena_lock);
  if (!arena) {
    arena = mmap(NULL, ARENA_BYTES, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    arena_used = 0;
  }
  size_t at = round_up(arena_used, ARENA_ALIGN), end = at + (n ? n : 1);
  if (arena == MAP_FAILED || end > ARENA_BYTES) {
    pthread_mutex_unlock(&arena_lock);
    return NULL;
  }
  if (arena_users > 0) /* open: the new pages too */
    arena_protect(arena_used, end, PROT_READ | PROT_WRITE);
  arena_used = end;
  pthread_mutex_unlock(&arena_lock);
  return arena + at;
}

void emu_arena_free(void *p, size_t n)
{
  uintptr_t lo = round_up((uintptr_t)p, page_size()), hi = ((uintptr_t)p + n) / page_size() * page_size();
  if (hi > lo)
    madvise((void *)lo, hi - lo, MADV_DONTNEED);
}

int emu_arena_contains(uintptr_t a)
{
  char *base = arena;
  return base && base != MAP_FAILED && a >= (uintptr_t)base && a < (uintptr_t)base + arena_used;
}

void emu_arena_open(void)
{
  pthread_mutex_lock(&arena_lock);
  if (arena_users++ == 0 && arena && arena != MAP_FAILED)
    arena_protect(0, arena_used, PROT_READ | PROT_WRITE);
  pthread_mutex_unlock(&arena_lock);
}

void emu_arena_close(void)
{
  pthread_mutex_lock(&arena_lock);
  if (--arena_users == 0 && arena && arena != MAP_FAILED)
    arena_protect(0, arena_used, PROT_NONE);
  pthread_mutex_unlock(&arena_lock);
}

int emu_arena_describe(uintptr_t a, char *buf, size_t size)
{
  if (!emu_arena_contains(a))
    return 0;
  const Range *r = NULL, *gone = NULL;
  pthread_rwlock_rdlock(&lock);
  Node *t = at_or_below(a);
  if (t && a < t->r.hi)
    r = &t->r;
  if (!r)
    gone = freed_at(a);
  const Range *at = r ? r : gone;
  if (at)
    snprintf(buf, size, "in %s of %zu bytes at 0x%llx of device %d%s", kind_words[at->kind],
             (size_t)(at->hi - at->lo), (unsigned long long)at->lo, at->dev,
             gone ? ", freed since" : "");
  else
    snprintf(buf, size, "in the device memory of cuda-emu");
  pthread_rwlock_unlock(&lock);
  return 1;
}
