/* rt-present.c - the present table of each device: which host bytes are
 * mapped, and where.
 *
 * The table (RtDevice.maps) is an array of pointers to disjoint host
 * ranges [lo, hi) sorted by lo, each with its device address, reference
 * count and the source place of the map that made it; lookups are binary
 * searches, and an insertion or removal moves pointers, not mappings (a
 * program that unmapped 100000 attached sections in the order it mapped
 * them spent 34 s moving them).  The
 * rules of mapping are rt-data.c's; this file only keeps the table.  The
 * caller holds the device's lock.
 */
#include <stdlib.h>
#include <string.h>

#include "rt.h"

/* Index of the last mapping with lo <= p, or -1. */
static int last_at_or_before(RtDevice *d, uintptr_t p)
{
  int lo = 0, hi = d->nmaps - 1, found = -1;
  while (lo <= hi) {
    int mid = lo + (hi - lo) / 2;
    if (d->maps[mid]->lo <= p) {
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
  RtMapping *m = i >= 0 ? d->maps[i] : NULL;
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
  if (overlap && i + 1 < d->nmaps && d->maps[i + 1]->lo < p + size)
    *overlap = d->maps[i + 1];
  return NULL;
}

int rt_overlapping(RtDevice *d, uintptr_t p, size_t size, int *first)
{
  int i = last_at_or_before(d, p);
  if (i < 0 || d->maps[i]->hi <= p)
    i++;
  *first = i;
  int n = 0;
  while (i + n < d->nmaps && d->maps[i + n]->lo < p + size)
    n++;
  return n;
}

RtMapping *rt_insert(RtDevice *d, uintptr_t lo, size_t size, uint64_t dev)
{
  if (d->nmaps == d->capmaps) {
    int cap = d->capmaps ? 2 * d->capmaps : 16;
    RtMapping **n = rt_xmalloc((size_t)cap * sizeof *n);
    if (d->nmaps)
      memcpy(n, d->maps, (size_t)d->nmaps * sizeof *n);
    free(d->maps);
    d->maps = n;
    d->capmaps = cap;
  }
  RtMapping *m = rt_xmalloc(sizeof *m);
  *m = (RtMapping){.lo = lo, .hi = lo + size, .dev = dev, .refs = 1};
  int i = last_at_or_before(d, lo) + 1;
  memmove(&d->maps[i + 1], &d->maps[i], (size_t)(d->nmaps - i) * sizeof *d->maps);
  d->maps[i] = m;
  d->nmaps++;
  return m;
}

void rt_remove(RtDevice *d, RtMapping *m)
{
  int i = last_at_or_before(d, m->lo);
  if (i < 0 || d->maps[i] != m)
    return; /* not in the table */
  memmove(&d->maps[i], &d->maps[i + 1], (size_t)(d->nmaps - i - 1) * sizeof *d->maps);
  d->nmaps--;
  free(m->att);
  free(m);
}

uint64_t rt_translate(RtDevice *d, const void *p, int *found)
{
  RtMapping *m = rt_lookup(d, (uintptr_t)p, 0, NULL);
  if (found)
    *found = m != NULL;
  return m ? m->dev + ((uintptr_t)p - m->lo) : (uint64_t)(uintptr_t)p;
}
