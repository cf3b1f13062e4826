// The data environment: reference counts across nested data regions and
// enter/exit data, always, delete/release, zero-length sections, update,
// use_device_ptr, attach, kernel arguments, the grid, and a clean exit.
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: %rtplugin -o %t.d/ompicc-test.so
// RUN: %rtkernels %s -o %t.d/kernels.so
// RUN: %rtcc %s %rtlib -o %t.d/prog
// RUN: env OMPICC_PLUGIN_DIR=%t.d OMPICC_DEVICES=test %t.d/prog %t.d/kernels.so > %t.d/out 2>&1
// RUN: count 0 < %t.d/out
// RUN: env OMPICC_PLUGIN_DIR=%t.d OMPICC_DEVICES=test OMPICC_DEBUG=1 %t.d/prog %t.d/kernels.so 2>&1 | FileCheck %s --check-prefix=TRACE
// TRACE: ompicc: module 'test' loaded from {{.*}}ompicc-test.so
// TRACE: ompicc: device 0: test device 0: test device 0
// TRACE: device 0: t.c:10:1: map 'a' {{.*}} (new)
// TRACE: device 0: t.c:11:1: map 'a' present (refs 2)
// TRACE: device 0: loaded the image of t.c
// TRACE: device 0: t.c:20:1: launch k_scale: 3 arguments, 1 blocks of 128 threads
// TRACE: ompicc: exit: releasing 1 device
#include "rt-test.h"

#ifdef KERNELS
/* k_scale: rt-test.h */

/* *p = v */
int k_store(void **args, const OmpiccLaunch *g)
{
  **(int **)args[0] = *(int *)args[1];
  return 0;
}
#else
#include <omp.h>
#include <string.h>

void *omp_get_mapped_ptr(const void *, int); /* OpenMP 5.1; not in GCC 12's omp.h */

#define N 100
static int a[N], b[N];

static __ompicc_map entry(void *base, void *begin, unsigned long size, unsigned flags,
                          const char *name)
{
  __ompicc_map m = {base, begin, size, flags, name};
  return m;
}

static void scale(__ompicc_region *r, int *p, int n, int f, unsigned flags)
{
  __ompicc_map m[3] = {entry(p, p, n * sizeof *p, flags | OMPICC_MAP_ARG, "a"),
                       entry(&n, &n, sizeof n, OMPICC_MAP_LITERAL, "n"),
                       entry(&f, &f, sizeof f, OMPICC_MAP_LITERAL, "f")};
  CHECK(__ompicc_target(r, OMPICC_DEVICE_DEFAULT, 3, m, 0, 0, n) == 0);
}

/* Nested target data: the inner region and the target neither copy in nor
 * out; update and the outer exit do. */
static void nested(__ompicc_region *r, TestStats *s)
{
  for (int i = 0; i < N; i++)
    a[i] = i;
  __ompicc_map m = entry(a, a, sizeof a, OMPICC_MAP_TO | OMPICC_MAP_FROM, "a");
  __ompicc_data_begin("t.c:10:1", OMPICC_DEVICE_DEFAULT, 1, &m);
  CHECK(s->live_allocs == 1 && s->copies_to == 1);
  __ompicc_data_begin("t.c:11:1", OMPICC_DEVICE_DEFAULT, 1, &m);
  CHECK(s->live_allocs == 1 && s->copies_to == 1);
  a[0] = 1000;                            /* host only */
  scale(r, a, N, 2, OMPICC_MAP_TO | OMPICC_MAP_FROM);
  CHECK(s->copies_to == 1 && s->copies_from == 0);
  CHECK(a[0] == 1000 && a[1] == 1);       /* not copied back: refs 2 */
  __ompicc_data_end("t.c:11:1", OMPICC_DEVICE_DEFAULT, 1, &m);
  CHECK(a[1] == 1 && omp_target_is_present(a, 0));
  __ompicc_map up = entry(a, a + 1, sizeof(int), OMPICC_MAP_FROM, "a[1:1]");
  __ompicc_update("t.c:12:1", OMPICC_DEVICE_DEFAULT, 1, &up);
  CHECK(a[0] == 1000 && a[1] == 2 && a[2] == 2);
  a[3] = 30;                              /* always to: copied although present */
  __ompicc_map al = entry(a, a, sizeof a, OMPICC_MAP_TO | OMPICC_MAP_ALWAYS, "a");
  __ompicc_data_begin("t.c:13:1", OMPICC_DEVICE_DEFAULT, 1, &al);
  int *da = omp_get_mapped_ptr(a, 0);
  CHECK(da[3] == 30 && da[4] == 4);
  da[5] = 50;                             /* always from: copied although refs 1 */
  al.flags = OMPICC_MAP_FROM | OMPICC_MAP_ALWAYS;
  __ompicc_data_end("t.c:13:1", OMPICC_DEVICE_DEFAULT, 1, &al);
  CHECK(a[5] == 50 && omp_target_is_present(a, 0));
  da[6] = 60;
  __ompicc_data_end("t.c:10:1", OMPICC_DEVICE_DEFAULT, 1, &m);
  CHECK(s->live_allocs == 0 && !omp_target_is_present(a, 0));
  CHECK(a[0] == 1000 && a[3] == 30 && a[6] == 60);
}

/* enter/exit data: alloc, release, from on the last reference, delete. */
static void unstructured(TestStats *s)
{
  for (int i = 0; i < N; i++)
    b[i] = i;
  __ompicc_map to = entry(b, b, sizeof b, OMPICC_MAP_TO, "b");
  __ompicc_map alloc = entry(b, b + 10, 10 * sizeof *b, 0, "b[10:10]");
  __ompicc_map rel = entry(b, b, sizeof b, 0, "b");
  __ompicc_map from = entry(b, b, sizeof b, OMPICC_MAP_FROM, "b");
  __ompicc_map del = entry(b, b, sizeof b, OMPICC_MAP_DELETE | OMPICC_MAP_FROM, "b");
  __ompicc_data_begin("t.c:30:1", OMPICC_DEVICE_DEFAULT, 1, &to);
  __ompicc_data_begin("t.c:31:1", OMPICC_DEVICE_DEFAULT, 1, &alloc); /* inside: refs 2 */
  __ompicc_data_end("t.c:32:1", OMPICC_DEVICE_DEFAULT, 1, &rel);     /* refs 1 */
  CHECK(omp_target_is_present(b + 50, 0));
  int *db = omp_get_mapped_ptr(b, 0);
  CHECK(db && db != b && db[7] == 7);
  db[7] = 70;
  __ompicc_data_end("t.c:33:1", OMPICC_DEVICE_DEFAULT, 1, &from);    /* refs 0: copied, freed */
  CHECK(b[7] == 70 && !omp_target_is_present(b, 0) && s->live_allocs == 0);
  __ompicc_data_begin("t.c:34:1", OMPICC_DEVICE_DEFAULT, 1, &to);
  __ompicc_data_begin("t.c:34:1", OMPICC_DEVICE_DEFAULT, 1, &to);
  __ompicc_data_begin("t.c:34:1", OMPICC_DEVICE_DEFAULT, 1, &to);
  ((int *)omp_get_mapped_ptr(b, 0))[8] = 80;
  __ompicc_data_end("t.c:35:1", OMPICC_DEVICE_DEFAULT, 1, &del);     /* whatever the count */
  CHECK(b[8] == 80 && !omp_target_is_present(b, 0) && s->live_allocs == 0);
  /* exit of what is not mapped, update of what is not mapped: nothing */
  __ompicc_data_end("t.c:36:1", OMPICC_DEVICE_DEFAULT, 1, &from);
  b[9] = 9;
  __ompicc_update("t.c:37:1", OMPICC_DEVICE_DEFAULT, 1, &from);
  CHECK(b[9] == 9);
}

/* Zero-length sections map nothing; they refer to what is mapped. */
static void zero_length(__ompicc_region *store, TestStats *s)
{
  long before = s->allocs;
  __ompicc_map z = entry(b + 5, b + 5, 0, OMPICC_MAP_TO | OMPICC_MAP_FROM, "b[5:0]");
  __ompicc_data_begin("t.c:40:1", OMPICC_DEVICE_DEFAULT, 1, &z);
  CHECK(s->allocs == before && !omp_target_is_present(b, 0));
  __ompicc_data_end("t.c:40:1", OMPICC_DEVICE_DEFAULT, 1, &z);
  __ompicc_map whole = entry(b, b, sizeof b, OMPICC_MAP_TO | OMPICC_MAP_FROM, "b");
  __ompicc_data_begin("t.c:41:1", OMPICC_DEVICE_DEFAULT, 1, &whole);
  __ompicc_data_begin("t.c:42:1", OMPICC_DEVICE_DEFAULT, 1, &z);
  __ompicc_data_end("t.c:42:1", OMPICC_DEVICE_DEFAULT, 1, &z);       /* no reference taken or dropped */
  CHECK(omp_target_is_present(b, 0));
  /* a pointer used without a map (LOOKUP) and a zero-length ARG: both
   * translated into the mapping */
  int *p = b + 20, v = 77;
  __ompicc_map m[2] = {entry(p, p, 0, OMPICC_MAP_ARG, "p[0:0]"),
                       entry(&v, &v, sizeof v, OMPICC_MAP_LITERAL, "v")};
  CHECK(__ompicc_target(store, OMPICC_DEVICE_DEFAULT, 2, m, 0, 0, -1) == 0);
  m[0] = entry(b + 21, NULL, 0, OMPICC_MAP_LOOKUP, "q");
  v = 78;
  CHECK(__ompicc_target(store, OMPICC_DEVICE_DEFAULT, 2, m, 0, 0, -1) == 0);
  CHECK(b[20] == 20 && b[21] == 21);              /* the device copy was written */
  __ompicc_data_end("t.c:41:1", OMPICC_DEVICE_DEFAULT, 1, &whole);
  CHECK(b[20] == 77 && b[21] == 78 && s->live_allocs == 0);
  /* not mapped: passed as is (the test device can write host memory) */
  m[0] = entry(b + 22, NULL, 0, OMPICC_MAP_LOOKUP, "q");
  CHECK(__ompicc_target(store, OMPICC_DEVICE_DEFAULT, 2, m, 0, 0, -1) == 0);
  CHECK(b[22] == 78);
}

/* use_device_ptr, and the pointer in a mapped struct attached. */
static void pointers(TestStats *s)
{
  struct S { int *p; int n; } st = {a, N};
  __ompicc_map m[2] = {entry(&st, &st, sizeof st, OMPICC_MAP_TO, "st"),
                       entry(&st.p, a + 2, 10 * sizeof(int), OMPICC_MAP_TO | OMPICC_MAP_ATTACH,
                             "st.p[2:10]")};
  __ompicc_data_begin("t.c:50:1", OMPICC_DEVICE_DEFAULT, 2, m);
  int *da = __ompicc_device_ptr("t.c:51:1", OMPICC_DEVICE_DEFAULT, a + 2);
  CHECK(da && da != a + 2 && *da == a[2]);
  struct S *ds = __ompicc_device_ptr("t.c:51:1", OMPICC_DEVICE_DEFAULT, &st);
  CHECK(ds != &st && ds->n == N && ds->p + 2 == da);
  CHECK(__ompicc_device_ptr("t.c:52:1", OMPICC_DEVICE_DEFAULT, b) == b); /* not mapped */
  __ompicc_data_end("t.c:50:1", OMPICC_DEVICE_DEFAULT, 2, m);
  CHECK(s->live_allocs == 0);
}

/* The grid: the clauses, else from the trip count and the device (4 SMs,
 * 2048 threads and 65536 registers each; 32 registers per thread). */
static void geometry(__ompicc_region *r, TestStats *s)
{
  static const struct { int spmd; long teams, limit; long long trip; unsigned grid, block; } t[] = {
      {1, 0, 0, 1000, 8, 128},     {1, 0, 0, 100000000, 64, 128}, {1, 0, 0, -1, 64, 128},
      {1, 0, 0, 10, 1, 32},        {1, 0, 0, 70, 1, 96},          {1, 3, 64, 1000, 3, 64},
      {1, 0, 512, 100000, 16, 512}, {1, 5, 0, -1, 5, 128},         {0, 0, 0, 1000, 1, 1},
  };
  int n = 1, f = 1;
  for (unsigned i = 0; i < sizeof t / sizeof *t; i++) {
    r->spmd = t[i].spmd;
    __ompicc_map m[3] = {entry(a, a, sizeof(int), OMPICC_MAP_TO | OMPICC_MAP_ARG, "a"),
                         entry(&n, &n, sizeof n, OMPICC_MAP_LITERAL, "n"),
                         entry(&f, &f, sizeof f, OMPICC_MAP_LITERAL, "f")};
    CHECK(__ompicc_target(r, OMPICC_DEVICE_DEFAULT, 3, m, t[i].teams, t[i].limit, t[i].trip) == 0);
    if (s->grid != t[i].grid || s->block != t[i].block)
      fprintf(stderr, "case %u: %u x %u\n", i, s->grid, s->block);
    CHECK(s->grid == t[i].grid && s->block == t[i].block);
  }
}

int main(int argc, char **argv)
{
  CHECK(argc == 2);
  __ompicc_unit *u = test_unit(argv[1], 0, NULL);
  static __ompicc_region r_scale = {"k_scale", "t.c:20:1", NULL, 1, 0, NULL, 0, 0, NULL};
  r_scale.unit = u;
  static __ompicc_region r_store = {"k_store", "t.c:21:1", NULL, 0, 0, NULL, 0, 0, NULL};
  r_store.unit = u;
  CHECK(omp_get_num_devices() == 1 && omp_get_initial_device() == 1);
  CHECK(!__ompicc_is_host_device(OMPICC_DEVICE_DEFAULT) && __ompicc_is_host_device(1));
  TestStats *s = tp_stats();
  nested(&r_scale, s);
  unstructured(s);
  zero_length(&r_store, s);
  pointers(s);
  geometry(&r_scale, s);
  CHECK(s->live_allocs == 0 && s->live_queues == 1);
  return 0;
}
#endif
