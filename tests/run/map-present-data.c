// The map rules for data that is already present (OpenMP 5.2 5.8.3, the
// reference counts of 5.8.3 and 5.8.9, 5.8.8 declare mapper), checked by
// values a wrong copy or a missing attach would change.  On the host
// fallback nothing is mapped and every value is the program's own, so the
// same results hold; the checks of presence run only when offloaded.
// RUN: %ompicc -o %t %s
// RUN: %t
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#include "Inputs/check.h"

static int offloaded;

static int present(const void *p)
{
  return omp_target_is_present(p, omp_get_default_device());
}

/* Does mapped host storage have a device copy of its own?  Not on the
 * host, nor where it is zero-copy (OMPICC_ZERO_COPY=always): the device
 * then uses the host's bytes, and only the checks of copies differ. */
static int separate(const void *p, size_t n)
{
  (void)n;
  return offloaded && omp_get_mapped_ptr(p, omp_get_default_device()) != p;
}

/* 1. Sections of storage that is present, and zero-length sections. */
static void sections(void)
{
  int n = 64;
  double *p = malloc(n * sizeof *p);
  for (int i = 0; i < n; i++)
    p[i] = i;
#pragma omp target enter data map(to: p[0:n])
  for (int k = 0; k < 4; k++) {
#pragma omp target map(tofrom: p[k * 16:16])
    for (int i = k * 16; i < k * 16 + 16; i++)
      p[i] += 100;
  }
  int lo = 8, m = 8;
#pragma omp target teams distribute parallel for map(p[lo:m])
  for (int i = lo; i < lo + m; i++)
    p[i] += 1000;
#pragma omp target data map(p[lo:m])
  {
#pragma omp target
    {
#pragma omp parallel for
      for (int i = lo; i < lo + m; i++)
        p[i] += 1000;
    }
  }
  /* p[0:0] of present storage refers to it (its device address) */
  double *seen = NULL, *dev = omp_get_mapped_ptr(p, omp_get_default_device());
#pragma omp target map(p[0:0]) map(from: seen)
  {
    seen = p;
    p[1] = -1;
  }
  if (offloaded)
    CHECK(seen == dev);
#pragma omp target exit data map(from: p[0:n])
  CHECK(p[0] == 100 && p[1] == -1 && p[7] == 107 && p[8] == 2108 && p[15] == 2115 &&
        p[16] == 116 && p[63] == 163);
  /* p[0:0] of storage that is not present is NULL on the device */
  int *q = malloc(sizeof *q), *qd = (int *)1;
#pragma omp target map(q[0:0]) map(from: qd)
  qd = q;
  CHECK(qd == (offloaded ? NULL : q));
  free(q);
  free(p);
}

/* 2. A pointer mapped after its pointee is attached; so is one whose
 * pointee is mapped after it, and target update keeps the attachment. */
typedef struct Vec {
  int n;
  int *v;
} Vec;

static void attach(void)
{
  int n = 8;
  Vec s = {n, malloc(n * sizeof(int))}, t = {n, malloc(n * sizeof(int))};
  int *q = malloc(n * sizeof(int)), *r = malloc(n * sizeof(int));
  for (int i = 0; i < n; i++)
    s.v[i] = t.v[i] = q[i] = r[i] = i;
  /* the struct first, then its pointee: attached on the second map */
#pragma omp target enter data map(to: s)
#pragma omp target enter data map(to: s.v[0:n])
#pragma omp target update to(s)
#pragma omp target
  s.v[5] = 50;
#pragma omp target exit data map(from: s.v[0:n])
  CHECK(s.v[5] == 50);
  /* the pointee first, then the struct: its member is attached */
#pragma omp target enter data map(to: t.v[0:n])
#pragma omp target enter data map(to: t)
#pragma omp target
  t.v[2] = 20;
  /* attaching took no reference of the pointee: one exit ends it */
#pragma omp target exit data map(from: t.v[0:n])
  CHECK(t.v[2] == 20);
  if (offloaded)
    CHECK(!present(t.v) && present(&t));
#pragma omp target exit data map(release: t)
  /* pointer variables, either order */
#pragma omp target enter data map(to: q)
#pragma omp target enter data map(to: q[0:n])
#pragma omp target map(q)
  q[3] = 30;
#pragma omp target exit data map(from: q[0:n])
  CHECK(q[3] == 30);
#pragma omp target enter data map(to: r[0:n])
#pragma omp target enter data map(to: r)
#pragma omp target map(r)
  r[4] = 40;
#pragma omp target exit data map(from: r[0:n])
  CHECK(r[4] == 40);
#pragma omp target exit data map(release: q, r, s)
  /* rows of a pointer array, mapped after the array of pointers; each
   * row on a page of its own, as under OMPICC_ZERO_COPY=always every
   * mapping is the host's memory and two cannot share a page (the
   * driver registers a page once), while a pointer in such memory can
   * only point at the host's bytes */
  double **a = malloc(4 * sizeof *a);
  for (int i = 0; i < 4; i++) {
    a[i] = aligned_alloc(4096, 4096);
    for (int j = 0; j < 8; j++)
      a[i][j] = j;
  }
#pragma omp target enter data map(to: a[0:4])
  for (int i = 0; i < 4; i++) {
#pragma omp target enter data map(to: a[i][0:8])
  }
#pragma omp target
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 8; j++)
      a[i][j] += 100;
  for (int i = 0; i < 4; i++) {
#pragma omp target exit data map(from: a[i][0:8])
  }
#pragma omp target exit data map(delete: a[0:4])
  CHECK(a[0][0] == 100 && a[3][7] == 107);
  /* the same in one target construct, the rows listed first */
#pragma omp target map(tofrom: a[0][0:8], a[2][0:8]) map(to: a[0:4])
  {
    a[0][1] = -1;
    a[2][1] = -2;
  }
  CHECK(a[0][1] == -1 && a[2][1] == -2 && a[1][1] == 101);
}

/* 3. Reference counts across constructs (5.8.3: to on a new mapping,
 * from on its last reference or always; delete ends it). */
static void refcounts(void)
{
  int x = 1;
#pragma omp target enter data map(to: x)
  int sep = separate(&x, sizeof x);
#pragma omp target enter data map(to: x)
#pragma omp target data map(tofrom: x)
  {
#pragma omp target map(tofrom: x)
    x = 2;
#pragma omp target exit data map(release: x)
  }
  /* two references taken, two ended: one left, and no copy back */
  CHECK(x == (sep ? 1 : 2));
  if (offloaded)
    CHECK(present(&x));
#pragma omp target update from(x)
  CHECK(x == 2);
  x = 3;
  int got = 0;
#pragma omp target data map(to: x)
  {
    /* present: neither copied in again nor back, unless always */
#pragma omp target map(from: got) map(tofrom: x)
    {
      got = x;
      x = 4;
    }
    CHECK(got == (sep ? 2 : 3) && x == (sep ? 3 : 4));
#pragma omp target data map(always, to: x)
#pragma omp target map(from: got)
    got = x * 10;
    CHECK(got == (sep ? 30 : 40));
  }
#pragma omp target exit data map(delete: x)
  if (offloaded)
    CHECK(!present(&x));
  /* ending what is not present is nothing */
#pragma omp target exit data map(release: x) map(from: x)
  int a[4] = {1, 2, 3, 4};
#pragma omp target enter data map(to: a[0:4])
#pragma omp target enter data map(to: a[1:2])
#pragma omp target exit data map(delete: a[1:2])
  if (offloaded)
    CHECK(!present(a));
}

/* 4. Members mapped first; the structure then used without a map of its
 * own is partly present, and maps only what is present. */
typedef struct Three {
  int a;
  int b[4];
  double c;
} Three;
#pragma omp declare mapper(Three t) map(t.a, t.b, t.c)

typedef struct Two {
  int s;
  double rest[4];
} Two;

static void members(void)
{
  Three s = {1, {1, 2, 3, 4}, 3.0};
#pragma omp target enter data map(to: s.a, s.b, s.c)
  s.a = 10;
  /* target update of the structure moves its present parts */
#pragma omp target update to(s)
#pragma omp target
  {
    s.a += 1;
    s.b[2] += 10;
    s.c *= 2;
  }
#pragma omp target update from(s)
  CHECK(s.a == 11 && s.b[2] == 13 && s.c == 6);
#pragma omp target exit data map(from: s.a, s.b, s.c)
  CHECK(s.a == 11 && s.b[2] == 13 && s.c == 6);
  /* the mapper maps every member: the structure is present */
  Three t = {5, {0}, 1.0};
#pragma omp target enter data map(to: t)
  int sep = separate(&t, sizeof t);
  t.a = -1;
#pragma omp target
  t.a += 1;
#pragma omp target exit data map(from: t)
  CHECK(t.a == (sep ? 6 : 0));
  /* one member present: the region maps only it */
  Two u = {7, {0}};
#pragma omp target enter data map(to: u.s)
  u.s = 8;
#pragma omp target update to(u)
#pragma omp target
  u.s *= 2;
#pragma omp target exit data map(from: u.s)
  CHECK(u.s == 16);
  /* a target construct's member maps over a present member, through a
   * pointer to the structure, and with a pointer member's section */
  Two w = {1, {0}};
#pragma omp target enter data map(to: w.s)
#pragma omp target map(tofrom: w.s)
  w.s += 1;
#pragma omp target exit data map(from: w.s)
  CHECK(w.s == 2);
  Three *pt = malloc(sizeof *pt);
  pt->a = 5, pt->c = 1;
#pragma omp target map(tofrom: pt->a, pt->c)
  {
    pt->a += 1;
    pt->c = 2;
  }
  CHECK(pt->a == 6 && pt->c == 2);
#pragma omp target enter data map(to: pt->a, pt->c)
  int sept = separate(&pt->c, sizeof pt->c);
  pt->a = 0;
#pragma omp target
  {
    pt->a += 1;
    pt->c = 3;
  }
#pragma omp target exit data map(from: pt->a, pt->c)
  CHECK(pt->a == (sept ? 7 : 1) && pt->c == 3);
  free(pt);
  Vec v = {4, malloc(4 * sizeof(int))};
  for (int i = 0; i < 4; i++)
    v.v[i] = i;
#pragma omp target map(to: v.n) map(tofrom: v.v[0:v.n])
  for (int i = 0; i < v.n; i++)
    v.v[i] *= 10;
  CHECK(v.v[3] == 30);
  free(v.v);
  /* an array of which a section is present */
  int A[30], *p;
  for (int i = 0; i < 30; i++)
    A[i] = -1;
#pragma omp target data map(A[0:10])
  {
    p = &A[0];
#pragma omp target map(p[3:7])
    {
      A[2] = 0;
      p[8] = 0;
      A[8] = 1;
    }
  }
  CHECK(A[2] == 0 && A[8] == 1 && A[20] == -1);
}

/* 9. One variable in several map clauses of a construct: the map types
 * combine. */
static void combined(void)
{
  int x = 1, y = 1, z[4] = {1, 1, 1, 1};
#pragma omp target data map(alloc: x) map(tofrom: x)
  {
#pragma omp target map(tofrom: x)
    x += 10;
  }
  CHECK(x == 11);
#pragma omp target data map(to: y) map(from: y)
  {
#pragma omp target map(tofrom: y)
    y += 10;
  }
  CHECK(y == 11);
#pragma omp target data map(alloc: z) map(to: z[1:2]) map(from: z[2:2])
  {
#pragma omp target map(tofrom: z[1:2])
    z[2] += 10;
  }
  CHECK(z[0] == 1 && z[1] == 1 && z[2] == 11);
}

int main(void)
{
#pragma omp target map(from: offloaded)
  offloaded = !omp_is_initial_device();
  sections();
  attach();
  refcounts();
  members();
  combined();
  if (fails)
    return 1;
  printf("ok (%s)\n", offloaded ? "device" : "host");
  return 0;
}
