// declare target variables: present from the image's load on, with their
// host value, never unmapped; declare target link variables: the image's
// pointer set to the device copy while the variable is mapped.  One whose
// initializer names functions (OMPICC_GLOBAL_IMAGE_INIT) keeps the image's
// value while the host's is still the initializer's ("changed": the host's
// is copied).  The image's table of declare target indirect functions
// (OpenMP 5.2 7.8.1) gets the unit's host addresses, in order, at load.
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: %rtplugin -o %t.d/ompicc-test.so
// RUN: %rtkernels %s -o %t.d/kernels.so
// RUN: %rtcc %s %rtlib -o %t.d/prog
// RUN: env OMPICC_PLUGIN_DIR=%t.d OMPICC_DEVICES=test %t.d/prog %t.d/kernels.so > %t.d/out 2>&1
// RUN: count 0 < %t.d/out
// RUN: env OMPICC_PLUGIN_DIR=%t.d OMPICC_DEVICES=test %t.d/prog %t.d/kernels.so changed
// Separate-file mode: a relative image name is in the executable's folder.
// RUN: env OMPICC_PLUGIN_DIR=%t.d OMPICC_DEVICES=test %t.d/prog kernels.so
// The folder of the modules recorded in the program (__ompicc_plugin_dir).
// RUN: %rtcc -DPLUGIN_DIR='"%t.d"' %s %rtlib -o %t.d/prog2
// RUN: env OMPICC_DEVICES=test %t.d/prog2 %t.d/kernels.so
// RUN: env OMPICC_DEVICES=test OMPICC_PLUGIN_DIR=%t.d/none not %t.d/prog2 %t.d/kernels.so
#include "rt-test.h"

#ifdef KERNELS
int g_dev[4];   /* the image's copy of g */
int *lk_ptr;    /* the image's pointer to the device copy of lk */
long fp_dev[2] = {7, 8};                 /* the image's own first value of fp */
unsigned long long __ompicc_indirect_host[2];

/* out[0..1] = fp_dev, out[2..3] = the table */
int k_table(void **args, const OmpiccLaunch *g)
{
  long *out = *(long **)args[0];
  out[0] = fp_dev[0], out[1] = fp_dev[1];
  out[2] = (long)__ompicc_indirect_host[0], out[3] = (long)__ompicc_indirect_host[1];
  return 0;
}

/* g[0] += 10; lk[1] = 5 when lk is mapped; *seen = whether it was */
int k_glob(void **args, const OmpiccLaunch *g)
{
  int *seen = *(int **)args[0];
  g_dev[0] += 10;
  *seen = lk_ptr != 0;
  if (lk_ptr)
    lk_ptr[1] = 5;
  return 0;
}
#else
#include <omp.h>

#ifdef PLUGIN_DIR
const char __ompicc_plugin_dir[] = PLUGIN_DIR;
#endif

static int g[4] = {1, 2, 3, 4};
static int lk[4];
static long fp[2] = {1, 2};
static const long fp_initial[2] = {1, 2};
static void f1(void) {}
static void f2(void) {}
static void (*const indirect[2])(void) = {f1, f2};

/* The table and fp's device copy, as the image's load left them. */
static void image_values(__ompicc_unit *u, int changed)
{
  long out[4] = {0}, *outp = out;
  static __ompicc_region r = {"k_table", "t.c:20:1", NULL, 0, 0, NULL, 0, 0, NULL};
  r.unit = u; /* static: the runtime keeps the descriptor's state to the end */
  __ompicc_map m[2] = {{&outp, &outp, sizeof outp, OMPICC_MAP_LITERAL, "out"},
                       {out, out, sizeof out, OMPICC_MAP_TO | OMPICC_MAP_FROM | OMPICC_MAP_ARG, "out"}};
  CHECK(__ompicc_target(&r, OMPICC_DEVICE_DEFAULT, 1, m, 0, 0, -1) == 0);
  CHECK(out[0] == (changed ? 5 : 7) && out[1] == (changed ? 2 : 8));
  CHECK(out[2] == (long)(uintptr_t)f1 && out[3] == (long)(uintptr_t)f2);
}

int main(int argc, char **argv)
{
  CHECK(argc == 2 || argc == 3);
  static const __ompicc_global globals[3] = {
      {g, sizeof g, "g_dev", 0, NULL},
      {lk, sizeof lk, "lk_ptr", OMPICC_GLOBAL_LINK, NULL},
      {fp, sizeof fp, "fp_dev", OMPICC_GLOBAL_IMAGE_INIT, fp_initial}};
  __ompicc_unit *u = test_unit(argv[1], 3, globals);
  u->nindirect = 2;
  u->indirect = indirect;
  if (argc == 3) /* "changed", before the image loads */
    fp[0] = 5;
  static __ompicc_region r = {"k_glob", "t.c:10:1", NULL, 0, 0, NULL, 0, 0, NULL};
  r.unit = u;
  TestStats *s = tp_stats();
  int seen = -1, *seenp = &seen;
  __ompicc_map m[2] = {{&seenp, &seenp, sizeof seenp, OMPICC_MAP_LITERAL, "seen"},
                       {g, g, sizeof g, OMPICC_MAP_TO | OMPICC_MAP_FROM, "g"}};
  CHECK(!omp_target_is_present(g, 0));
  CHECK(__ompicc_target(&r, OMPICC_DEVICE_DEFAULT, 2, m, 0, 0, -1) == 0);
  CHECK(omp_target_is_present(g, 0) && seen == 0);
  CHECK(g[0] == 1);                       /* never copied back by a map */
  __ompicc_map up = {g, g, sizeof g, OMPICC_MAP_FROM, "g"};
  __ompicc_update("t.c:11:1", OMPICC_DEVICE_DEFAULT, 1, &up);
  CHECK(g[0] == 11 && g[3] == 4);
  __ompicc_map del = {g, g, sizeof g, OMPICC_MAP_DELETE, "g"};
  __ompicc_data_end("t.c:12:1", OMPICC_DEVICE_DEFAULT, 1, &del);
  CHECK(omp_target_is_present(g, 0));
  __ompicc_map lm = {lk, lk, sizeof lk, OMPICC_MAP_TO | OMPICC_MAP_FROM, "lk"};
  __ompicc_data_begin("t.c:13:1", OMPICC_DEVICE_DEFAULT, 1, &lm);
  CHECK(__ompicc_target(&r, OMPICC_DEVICE_DEFAULT, 1, m, 0, 0, -1) == 0 && seen == 1 && lk[1] == 0);
  __ompicc_data_end("t.c:13:1", OMPICC_DEVICE_DEFAULT, 1, &lm);
  CHECK(lk[1] == 5);
  CHECK(__ompicc_target(&r, OMPICC_DEVICE_DEFAULT, 1, m, 0, 0, -1) == 0 && seen == 0);
  __ompicc_update("t.c:14:1", OMPICC_DEVICE_DEFAULT, 1, &up);
  CHECK(g[0] == 31);
  image_values(u, argc == 3);
  CHECK(s->live_allocs == 0);
  return 0;
}
#endif
