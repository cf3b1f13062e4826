/* harness.c - runs the generic-mode kernels of generic.cu on the
 * CPU-executed CUDA device through plugin.h, as the runtime core does,
 * and checks their results.
 *
 *   harness MODULE.so IMAGE.so TEST
 *
 * Prints "ok TEST" and exits 0, or says what went wrong and exits 1; a
 * failed launch prints "where: error: detail" as the core would.
 */

#include "../../emu/Inputs/harness.h"

enum { SCHED_STATIC = 1, SCHED_DYNAMIC, SCHED_GUIDED, SCHED_AUTO, SCHED_RUNTIME };

/* Device memory holding a copy of n bytes at h (zeros when h is NULL). */
static uint64_t dev_copy(const void *h, size_t n)
{
  uint64_t d = dev_alloc(n);
  void *z = h ? NULL : calloc(1, n);
  to_dev(d, h ? h : z, n);
  free(z);
  return d;
}

/* Launch kernel `name` on gx teams of `workers` workers (+ the master warp). */
static void launch(const char *name, unsigned gx, unsigned workers, void **args)
{
  char where[256];
  snprintf(where, sizeof where, "generic.cu:%s", name);
  /* a word of dynamic shared memory per thread (ompicc-generic.h) */
  launch_kernel(name, &(OmpiccLaunch){{gx, 1, 1}, {workers + 32, 1, 1}, (workers + 32) * 4, where},
                args);
}

/* ------------------------------------------------------------ fork and join */

static void test_forkjoin(void)
{
  enum { W = 992, R = 9 };
  int nts[R] = {1, 31, 33, 100, W, 5000, 0, 64, 2};
  int out[R * 8];
  uint64_t b = dev_copy(NULL, 2 * 1024 * sizeof(int)), n = dev_copy(nts, sizeof nts);
  int regions = R;
  for (int fork = 0; fork <= 1; fork++) { /* __ompicc_parallel, then __ompicc_fork */
    uint64_t d = dev_copy(NULL, sizeof out);
    void *args[] = {&d, &b, &n, &regions, &fork};
    launch("forkjoin", 2, W, args);
    from_dev(out, d, sizeof out);
    for (int k = 0; k < R; k++) {
      int want = nts[k] <= 0 || nts[k] > W ? W : nts[k], *o = out + 8 * k;
      /* each of the 2 teams adds to o[0] and o[4] */
      EXPECT(o[4] == want, "fork %d, region %d: %d threads ran it, expected %d", fork, k, o[4], want);
      EXPECT(o[0] == want * (want - 1), "fork %d, region %d: thread numbers sum to %d", fork, k, o[0]);
      EXPECT(o[1] == want, "fork %d, region %d: omp_get_num_threads() = %d", fork, k, o[1]);
      EXPECT(o[2] == 0, "fork %d, region %d: %d threads saw a wrong level", fork, k, o[2]);
      EXPECT(o[3] == 0, "fork %d, region %d: %d reads across a barrier were wrong", fork, k, o[3]);
      EXPECT(o[5] == 10, "fork %d, serial code: thread, team size, level = %d", fork, o[5]);
    }
  }
}

/* A block of one warp: no workers, the regions run on the master alone. */
static void test_no_workers(void)
{
  int nts[2] = {0, 8}, out[16];
  uint64_t d = dev_copy(NULL, sizeof out), b = dev_copy(NULL, 4096), n = dev_copy(nts, sizeof nts);
  int regions = 2, fork = 0;
  void *args[] = {&d, &b, &n, &regions, &fork};
  launch("forkjoin", 1, 0, args);
  from_dev(out, d, sizeof out);
  for (int k = 0; k < 2; k++)
    EXPECT(out[8 * k + 4] == 1 && out[8 * k + 1] == 1 && out[8 * k + 3] == 0,
           "region %d without workers: %d threads", k, out[8 * k + 4]);
}

/* The same block with the serial code's fork: the launch fails. */
static void test_fork_alone(void)
{
  int nts[1] = {0};
  uint64_t d = dev_copy(NULL, 16 * sizeof(int)), b = dev_copy(NULL, 4096);
  uint64_t n = dev_copy(nts, sizeof nts);
  int regions = 1, fork = 1;
  void *args[] = {&d, &b, &n, &regions, &fork};
  launch("forkjoin", 1, 0, args);
}

/* ------------------------------------------------------------ critical */

static void test_critical(void)
{
  enum { TEAMS = 6, W = 160, NT = 129, REPS = 20 };
  int c[4];
  uint64_t d = dev_copy(NULL, sizeof c);
  int reps = REPS, nt = NT;
  void *args[] = {&d, &reps, &nt};
  launch("critical", TEAMS, W, args);
  from_dev(c, d, sizeof c);
  int all = TEAMS * NT * REPS;
  EXPECT(c[0] == TEAMS + all, "unnamed critical: %d, expected %d", c[0], TEAMS + all);
  EXPECT(c[1] == 2 * all, "named critical: %d, expected %d", c[1], 2 * all);
  EXPECT(c[2] == 0, "omp_test_lock failed on a free lock");
  EXPECT(c[3] == all, "omp_set_lock: %d, expected %d", c[3], all);
}

/* ------------------------------------------------------------ atomics */

#include "atoms.h"

static void test_atomics(void)
{
  enum { TEAMS = 4, W = 256, NT = 250 };
  struct Atoms a;
  memset(&a, 0, sizeof a);
  uint64_t d = dev_copy(&a, sizeof a);
  int nt = NT;
  void *args[] = {&d, &nt};
  launch("atomics", TEAMS, W, args);
  from_dev(&a, d, sizeof a);
  long long n = TEAMS * NT;
  EXPECT(a.i == 2 * n && a.u == 5 * n && a.ll == n << 33, "update: %d %u %lld", a.i, a.u, a.ll);
  EXPECT(a.f == 0.5f * n && a.d == 0.25 * n, "update: %g %g", a.f, a.d);
  EXPECT(a.ci == n && a.cll == n << 40 && a.cd == n && a.cu == 1, "capture: %d %lld %g %u", a.ci,
         a.cll, a.cd, a.cu);
  EXPECT(a.wi >= 0 && a.wi < NT && a.wll % (1ll << 35) == 0 && a.wd - (int)a.wd == 0.5,
         "write: %d %lld %g", a.wi, a.wll, a.wd);
  EXPECT(a.bad == 0, "%d threads captured or read impossible values", a.bad);
}

/* ------------------------------------------------------------ schedules */

static void sched_case(int kind, int chunk, int run_kind, long long n, int loops, int nt)
{
  enum { W = 256 };
  int *hits = calloc(n, sizeof *hits);
  long long last[2];
  uint64_t h = dev_copy(NULL, n * sizeof *hits), l = dev_copy(NULL, sizeof last);
  void *args[] = {&h, &l, &n, &kind, &chunk, &loops, &nt, &run_kind};
  launch("schedules", 1, W, args);
  from_dev(hits, h, n * sizeof *hits);
  from_dev(last, l, sizeof last);
  int bad = 0;
  for (long long i = 0; i < n; i++)
    bad += hits[i] != loops + loops; /* the team's loops and the master's */
  EXPECT(bad == 0, "schedule %d,%d (runtime %d), %lld iterations: %d counted wrongly", kind, chunk,
         run_kind, n, bad);
  EXPECT(last[0] == n - 1 && last[1] == loops, "lastprivate: %lld, by %lld", last[0], last[1]);
  free(hits);
}

static void test_schedules(void)
{
  sched_case(SCHED_STATIC, 0, 0, 1000, 1, 100);
  sched_case(SCHED_STATIC, 7, 0, 1001, 3, 33);
  sched_case(SCHED_DYNAMIC, 1, 0, 5000, 1, 256);
  sched_case(SCHED_DYNAMIC, 5, 0, 777, 20, 31); /* more nowait loops than slots */
  sched_case(SCHED_GUIDED, 0, 0, 10007, 2, 200);
  sched_case(SCHED_GUIDED, 9, 0, 300, 12, 64);
  sched_case(SCHED_AUTO, 0, 0, 999, 2, 96);
  sched_case(SCHED_RUNTIME, 0, SCHED_DYNAMIC, 2000, 3, 250);
  sched_case(SCHED_RUNTIME, 0, SCHED_GUIDED, 2000, 3, 17);
  sched_case(SCHED_DYNAMIC, 4, 0, 3, 2, 100); /* fewer iterations than threads */
}

/* ------------------------------------------------------------ sections, single */

static void test_sections(void)
{
  int nts[] = {1, 3, 33, 200};
  for (unsigned c = 0; c < sizeof nts / sizeof *nts; c++) {
    int out[8], nt = nts[c];
    uint64_t d = dev_copy(NULL, sizeof out);
    void *args[] = {&d, &nt};
    launch("sections", 1, 224, args);
    from_dev(out, d, sizeof out);
    for (int s = 0; s < 5; s++)
      EXPECT(out[s] == 1, "%d threads: section %d ran %d times", nt, s, out[s]);
    EXPECT(out[5] == 1, "%d threads: single ran %d times", nt, out[5]);
    EXPECT(out[6] == nt, "%d threads: copyprivate reached %d threads", nt, out[6]);
    EXPECT(out[7] == (nt > 1), "%d threads: masked filter(1) ran %d times", nt, out[7]);
  }
}

/* ------------------------------------------------------------ histogram */

static void test_histogram(void)
{
  enum { N = 50000, BINS = 64 };
  static int data[N];
  int hist[BINS], want[BINS] = {0};
  for (int i = 0; i < N; i++) {
    data[i] = (int)((i * 2654435761u) >> 7);
    want[data[i] % BINS]++;
  }
  long long n = N;
  int nt = 100;
  uint64_t d = dev_copy(data, sizeof data), h = dev_copy(NULL, sizeof hist);
  void *args[] = {&d, &h, &n, &nt};
  launch("histogram", 7, 128, args);
  from_dev(hist, h, sizeof hist);
  for (int b = 0; b < BINS; b++)
    EXPECT(hist[b] == want[b], "bin %d: %d, expected %d", b, hist[b], want[b]);
}

/* ------------------------------------------------------------ orphaned, nested */

static void test_orphaned(void)
{
  int out[8], nt = 70;
  uint64_t d = dev_copy(NULL, sizeof out);
  void *args[] = {&d, &nt};
  launch("orphaned", 3, 96, args);
  from_dev(out, d, sizeof out);
  int tri = 999 * 1000 / 2;
  EXPECT(out[0] == 3 * tri, "orphaned for: %d, expected %d", out[0], 3 * tri);
  EXPECT(out[1] == 3 * nt, "level 1 after a nested region: %d", out[1]);
  EXPECT(out[2] == 3 * nt, "nested regions with one thread at level 2: %d", out[2]);
  EXPECT(out[3] == 3 * nt * tri, "orphaned for in nested regions: %d", out[3]);
  EXPECT(out[4] == 3 * tri, "orphaned for in serial code: %d", out[4]);
}

/* ------------------------------------------------------------ reductions */

static void test_reduce(void)
{
  long long n = 100003, sum = 0;
  double mx = -1e300;
  int nt = 77;
  uint64_t s = dev_copy(&sum, sizeof sum), m = dev_copy(&mx, sizeof mx);
  void *args[] = {&s, &m, &n, &nt};
  launch("reduce", 5, 128, args);
  from_dev(&sum, s, sizeof sum);
  from_dev(&mx, m, sizeof mx);
  EXPECT(sum == n * (n - 1) / 2, "reduction(+): %lld, expected %lld", sum, n * (n - 1) / 2);
  EXPECT(mx == 999.0, "reduction(max): %g", mx);
}

/* ------------------------------------------------------------ shared stack */

static void test_spill(void)
{
  int out[2] = {0, 0}, nt = 256;
  long long fail = 0;
  uint64_t d = dev_copy(out, sizeof out);
  void *args[] = {&d, &fail, &nt};
  launch("spill", 2, 256, args);
  from_dev(out, d, sizeof out);
  int want = 2 * 10 * (256 * 255 / 2);
  EXPECT(out[0] == want, "shared variables through the spilled stack: %d, expected %d", out[0],
         want);
  EXPECT(out[1] == 1, "the shared-memory stack did not spill");
}

static void test_spill_fail(void)
{
  int out[2] = {0, 0}, nt = 32;
  long long fail = 1ll << 60;
  uint64_t d = dev_copy(out, sizeof out);
  void *args[] = {&d, &fail, &nt};
  launch("spill", 1, 32, args);
}

static const HarnessTest tests[] = {
    {"forkjoin", test_forkjoin},   {"no_workers", test_no_workers}, {"critical", test_critical},
    {"atomics", test_atomics},     {"schedules", test_schedules},   {"sections", test_sections},
    {"histogram", test_histogram}, {"orphaned", test_orphaned},     {"reduce", test_reduce},
    {"spill", test_spill},         {"spill_fail", test_spill_fail}, {"fork_alone", test_fork_alone},
};

int main(int argc, char **argv)
{
  return harness_main(argc, argv, tests, sizeof tests / sizeof *tests);
}
