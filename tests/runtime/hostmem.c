// Host memory registration (runtime-host/rt-transfer.c): when mappings are
// pinned (OMPICC_PINNED), when they are zero-copy (OMPICC_ZERO_COPY, and
// integrated devices), that copies cut around pinned pages move the right
// bytes, and that every registration is released.
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: %rtplugin -o %t.d/ompicc-test.so
// RUN: %rtkernels %s -o %t.d/kernels.so
// RUN: %rtcc %s %rtlib -o %t.d/prog
// RUN: env OMPICC_PLUGIN_DIR=%t.d OMPICC_DEVICES=test %t.d/prog %t.d/kernels.so auto
// RUN: env OMPICC_PLUGIN_DIR=%t.d OMPICC_DEVICES=test OMPICC_PINNED=never %t.d/prog %t.d/kernels.so never
// RUN: env OMPICC_PLUGIN_DIR=%t.d OMPICC_DEVICES=test OMPICC_PINNED=always %t.d/prog %t.d/kernels.so always
// RUN: env OMPICC_PLUGIN_DIR=%t.d OMPICC_DEVICES=test OMPICC_TEST_FAIL_PIN=1 %t.d/prog %t.d/kernels.so fail
// RUN: env OMPICC_PLUGIN_DIR=%t.d OMPICC_DEVICES=test OMPICC_TEST_INTEGRATED=72 %t.d/prog %t.d/kernels.so integrated
// RUN: env OMPICC_PLUGIN_DIR=%t.d OMPICC_DEVICES=test OMPICC_TEST_INTEGRATED=53 %t.d/prog %t.d/kernels.so copies
// RUN: env OMPICC_PLUGIN_DIR=%t.d OMPICC_DEVICES=test OMPICC_TEST_INTEGRATED=87 OMPICC_ZERO_COPY=never %t.d/prog %t.d/kernels.so copies
// RUN: env OMPICC_PLUGIN_DIR=%t.d OMPICC_DEVICES=test OMPICC_ZERO_COPY=always %t.d/prog %t.d/kernels.so zero-copy
// RUN: env OMPICC_PLUGIN_DIR=%t.d OMPICC_DEVICES=test OMPICC_ZERO_COPY=always OMPICC_TEST_FAIL_PIN=1 %t.d/prog %t.d/kernels.so copies
// RUN: env OMPICC_PLUGIN_DIR=%t.d OMPICC_DEVICES=test OMPICC_PINNED=Sometimes %t.d/prog %t.d/kernels.so auto 2>&1 | FileCheck %s --check-prefix=WORD
// WORD: ompicc: warning: OMPICC_PINNED=Sometimes: expected auto, never or always; using auto
// RUN: env OMPICC_PLUGIN_DIR=%t.d OMPICC_DEVICES=test OMPICC_DEBUG=1 %t.d/prog %t.d/kernels.so auto 2>&1 | FileCheck %s --check-prefix=PIN
// PIN: device 0: 'big': {{[0-9]+}} bytes pinned after {{[0-9]+}} bytes copied
// RUN: env OMPICC_PLUGIN_DIR=%t.d OMPICC_DEVICES=test OMPICC_DEBUG=1 OMPICC_TEST_INTEGRATED=72 %t.d/prog %t.d/kernels.so integrated 2>&1 | FileCheck %s --check-prefix=ZC
// ZC: device 0: t.c:30:1: map 'x' {{.*}} (new, zero-copy)
// ZC: device 0: t.c:31:1: map 'small' {{.*}} (new)
#include "rt-test.h"

#ifdef KERNELS
/* k_scale: rt-test.h */

/* the same through the pointer at the start of a struct */
int k_scale_through(void **args, const OmpiccLaunch *g)
{
  int *a = **(int ***)args[0];
  int n = *(int *)args[1], f = *(int *)args[2];
  for (int i = 0; i < n; i++)
    a[i] *= f;
  return 0;
}
#else
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#define MB (1 << 20)

static __ompicc_region region;
static TestStats *s;

static __ompicc_map entry(void *p, size_t size, unsigned flags, const char *name)
{
  __ompicc_map m = {p, p, size, flags, name};
  return m;
}

static void update(__ompicc_map *m, unsigned dir)
{
  __ompicc_map u = *m;
  u.flags = dir;
  __ompicc_update("t.c:20:1", OMPICC_DEVICE_DEFAULT, 1, &u);
}

/* n ints at p, set to v + i */
static void fill(int *p, int n, int v)
{
  for (int i = 0; i < n; i++)
    p[i] = v + i;
}

static int holds(const int *p, int n, int v)
{
  for (int i = 0; i < n; i++)
    if (p[i] != v + i)
      return 0;
  return 1;
}

/* A mapping of `bytes` at p, not page-aligned, updated `times` times to
 * the device and back; every round trip must bring back what went. */
static void round_trips(int *p, size_t bytes, int times)
{
  int n = (int)(bytes / sizeof(int));
  __ompicc_map m = entry(p, bytes, OMPICC_MAP_TO | OMPICC_MAP_FROM, "big");
  fill(p, n, 0);
  __ompicc_data_begin("t.c:10:1", OMPICC_DEVICE_DEFAULT, 1, &m);
  for (int t = 1; t <= times; t++) {
    fill(p, n, 1000 * t);
    update(&m, OMPICC_MAP_TO);
    memset(p, 0, bytes);
    update(&m, OMPICC_MAP_FROM);
    CHECK(holds(p, n, 1000 * t));
  }
  /* a part that starts in the head and ends inside the pinned pages */
  fill(p, 3000, 7);
  __ompicc_map part = entry(p, 3000 * sizeof(int), 0, "big[0:3000]");
  update(&part, OMPICC_MAP_TO);
  memset(p, 0, 3000 * sizeof(int));
  update(&part, OMPICC_MAP_FROM);
  CHECK(holds(p, 3000, 7));
  __ompicc_data_end("t.c:10:1", OMPICC_DEVICE_DEFAULT, 1, &m);
  CHECK(s->live_pins == 0 && s->live_allocs == 0);
}

static int *big_buffer(void)
{
  char *raw = aligned_alloc(4096, 4 * MB);
  CHECK(raw != NULL);
  return (int *)(raw + 12); /* not on a page boundary */
}

/* auto: a large mapping is pinned at its third full copy (its whole pages
 * only: a full copy is then three copies, the middle one pinned); a small
 * one never. */
static void pinned_auto(void)
{
  int *big = big_buffer();
  __ompicc_map m = entry(big, 2 * MB, OMPICC_MAP_TO, "big");
  __ompicc_data_begin("t.c:10:1", OMPICC_DEVICE_DEFAULT, 1, &m);
  update(&m, OMPICC_MAP_TO);
  CHECK(s->pins_made == 0 && s->copies_to == 2);
  update(&m, OMPICC_MAP_TO);
  CHECK(s->pins_made == 1 && s->live_pins == 1);
  CHECK(s->copies_to == 5 && s->copies_pinned == 1);
  __ompicc_data_end("t.c:10:1", OMPICC_DEVICE_DEFAULT, 1, &m);
  CHECK(s->live_pins == 0);
  round_trips(big, 2 * MB + 40, 4);
  CHECK(s->pins_made == 2);
  long before = s->pins_made;
  round_trips(big, MB / 2, 6); /* under PIN_MIN */
  CHECK(s->pins_made == before && s->mapped_pins == 0);
}

static void pinned_never(void)
{
  round_trips(big_buffer(), 2 * MB + 40, 6);
  CHECK(s->pins_made == 0 && s->copies_pinned == 0);
}

/* always: at the first copy, whatever the size (whole pages permitting) */
static void pinned_always(void)
{
  int *big = big_buffer();
  __ompicc_map m = entry(big, 64 << 10, OMPICC_MAP_TO, "big");
  __ompicc_data_begin("t.c:10:1", OMPICC_DEVICE_DEFAULT, 1, &m);
  CHECK(s->pins_made == 1 && s->copies_to == 3 && s->copies_pinned == 1);
  __ompicc_data_end("t.c:10:1", OMPICC_DEVICE_DEFAULT, 1, &m);
  round_trips(big, 2 * MB + 40, 2);
  CHECK(s->pins_made == 2 && s->live_pins == 0);
}

/* A refused registration: pageable copies, right data, tried once. */
static void pinned_fails(void)
{
  round_trips(big_buffer(), 2 * MB + 40, 6);
  CHECK(s->pins_made == 0 && s->pin_failures == 1);
}

/* A target construct's own map of a large array (at p) on an integrated
 * device; returns the device allocations it made. */
static long scale_on_device(int *p, int n, unsigned flags, const char *where, const char *name)
{
  long allocs = s->allocs;
  int f = 3;
  __ompicc_map m[3] = {entry(p, n * sizeof(int), flags | OMPICC_MAP_ARG, name),
                       entry(&n, sizeof n, OMPICC_MAP_LITERAL, "n"),
                       entry(&f, sizeof f, OMPICC_MAP_LITERAL, "f")};
  region.where = where;
  CHECK(__ompicc_target(&region, OMPICC_DEVICE_DEFAULT, 3, m, 0, 0, n) == 0);
  return s->allocs - allocs;
}

/* Integrated, compute capability 7.2: a construct's own large maps are
 * the host's bytes; small ones, data regions and structs a pointer is
 * attached into get device memory. */
static void integrated(void)
{
  int n = 64 << 10; /* 256 KiB */
  int *x = big_buffer();
  fill(x, n, 1);
  long copies = s->copies_to + s->copies_from;
  CHECK(scale_on_device(x, n, OMPICC_MAP_TO | OMPICC_MAP_FROM, "t.c:30:1", "x") == 0);
  CHECK(s->copies_to + s->copies_from == copies && s->mapped_pins == 1 && s->live_pins == 0);
  CHECK(x[0] == 3 && x[n - 1] == 3 * n);
  static int small[256];
  fill(small, 256, 1);
  CHECK(scale_on_device(small, 256, OMPICC_MAP_TO | OMPICC_MAP_FROM, "t.c:31:1", "small") == 1);
  CHECK(small[255] == 768 && s->mapped_pins == 1);
  /* inside a data region: the data region's device copy */
  __ompicc_map d = entry(x, n * sizeof(int), OMPICC_MAP_TO | OMPICC_MAP_FROM, "x");
  __ompicc_data_begin("t.c:32:1", OMPICC_DEVICE_DEFAULT, 1, &d);
  CHECK(s->live_allocs == 1 && s->mapped_pins == 1);
  CHECK(scale_on_device(x, n, OMPICC_MAP_TO | OMPICC_MAP_FROM, "t.c:33:1", "x") == 0);
  CHECK(x[1] == 6); /* not copied back yet */
  __ompicc_data_end("t.c:32:1", OMPICC_DEVICE_DEFAULT, 1, &d);
  CHECK(x[1] == 18 && s->live_allocs == 0);
  /* a struct a pointer is attached into stays a copy; its section need not */
  struct { int *p; char pad[128 << 10]; } *st = malloc(sizeof *st);
  st->p = x;
  int f = 2;
  __ompicc_map m[4] = {entry(st, sizeof *st, OMPICC_MAP_TO | OMPICC_MAP_ARG, "st"),
                       {&st->p, x, n * sizeof(int),
                        OMPICC_MAP_TO | OMPICC_MAP_FROM | OMPICC_MAP_ATTACH, "st->p[0:n]"},
                       entry(&n, sizeof n, OMPICC_MAP_LITERAL, "n"),
                       entry(&f, sizeof f, OMPICC_MAP_LITERAL, "f")};
  __ompicc_region through = {.kernel = "k_scale_through", .where = "t.c:34:1",
                             .unit = region.unit, .spmd = 1};
  long allocs = s->allocs;
  CHECK(__ompicc_target(&through, OMPICC_DEVICE_DEFAULT, 4, m, 0, 0, n) == 0);
  CHECK(s->allocs == allocs + 1 && s->mapped_pins == 2 && st->p == x && x[1] == 36);
  CHECK(s->live_allocs == 0 && s->live_pins == 0);
  free(st);
}

/* Not integrated, or too old, or never: copies only. */
static void copies_only(void)
{
  int n = 64 << 10;
  int *x = big_buffer();
  fill(x, n, 1);
  CHECK(scale_on_device(x, n, OMPICC_MAP_TO | OMPICC_MAP_FROM, "t.c:30:1", "x") == 1);
  CHECK(x[5] == 18 && s->mapped_pins == 0 && s->live_allocs == 0);
}

/* OMPICC_ZERO_COPY=always: every mapping, data regions included; no
 * copies at all, and a kernel writes the host's bytes. */
static void zero_copy_always(void)
{
  static int v[100];
  fill(v, 100, 1);
  __ompicc_map d = entry(v, sizeof v, OMPICC_MAP_TO | OMPICC_MAP_FROM, "v");
  __ompicc_data_begin("t.c:40:1", OMPICC_DEVICE_DEFAULT, 1, &d);
  update(&d, OMPICC_MAP_TO);
  CHECK(scale_on_device(v, 100, OMPICC_MAP_TO | OMPICC_MAP_FROM, "t.c:41:1", "v") == 0);
  CHECK(v[1] == 6); /* shared storage: seen before the region ends */
  __ompicc_data_end("t.c:40:1", OMPICC_DEVICE_DEFAULT, 1, &d);
  CHECK(s->allocs == 0 && s->copies_to == 0 && s->copies_from == 0);
  CHECK(s->mapped_pins == 1 && s->live_pins == 0);
}

static const struct {
  const char *mode;
  void (*run)(void);
} modes[] = {
    {"auto", pinned_auto},         {"never", pinned_never},   {"always", pinned_always},
    {"fail", pinned_fails},        {"integrated", integrated}, {"copies", copies_only},
    {"zero-copy", zero_copy_always},
};

int main(int argc, char **argv)
{
  CHECK(argc == 3);
  region = (__ompicc_region){.kernel = "k_scale", .where = "t.c:30:1",
                             .unit = test_unit(argv[1], 0, NULL), .spmd = 1};
  s = tp_stats();
  for (unsigned i = 0; i < sizeof modes / sizeof *modes; i++)
    if (strcmp(argv[2], modes[i].mode) == 0) {
      modes[i].run();
      return 0;
    }
  CHECK(!"a mode");
  return 1;
}
#endif
