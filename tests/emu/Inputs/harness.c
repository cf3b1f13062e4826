/* harness.c - drives the cuda-emu device module through plugin.h, as the
 * runtime core does, for the kernels of the .cu files beside it.
 *
 *   harness MODULE.so IMAGE.so TEST
 *
 * Each test allocates device memory, copies, launches and checks the
 * results; it prints "ok TEST" and exits 0, or prints what went wrong and
 * exits 1.  A failed launch prints "where: error: detail" as the core would.
 */

#include "harness.h"

/* Launch kernel `name` (where = "name.cu:1:1") with the given geometry. */
static void launch(const char *name, unsigned gx, unsigned bx, unsigned by, size_t dyn,
                   void **args)
{
  char where[256];
  snprintf(where, sizeof where, "%s.cu:1:1", name);
  launch_kernel(name, &(OmpiccLaunch){{gx, 1, 1}, {bx, by, 1}, dyn, where}, args);
}

/* Launch on `n` ints of device memory, filled with zeros, read back. */
static int *launch_ints(const char *name, unsigned gx, unsigned bx, size_t n)
{
  int *h = calloc(n, sizeof *h);
  uint64_t d = dev_alloc(n * sizeof *h);
  to_dev(d, h, n * sizeof *h);
  void *args[] = {&d};
  launch(name, gx, bx, 1, 0, args);
  from_dev(h, d, n * sizeof *h);
  P->free(0, d);
  return h;
}

/* ------------------------------------------------------------ barriers */

static void test_named(void)
{
  int out[128], handed[32];
  uint64_t d = dev_alloc(sizeof out), e = dev_alloc(sizeof handed);
  void *args[] = {&d, &e};
  launch("named_barriers", 3, 128, 1, 0, args);
  from_dev(out, d, sizeof out);
  from_dev(handed, e, sizeof handed);
  for (int t = 0; t < 128; t++) {
    int base = t < 64 ? 0 : 64, nb = base + (t - base + 1) % 64;
    EXPECT(out[t] == nb * 55, "named_barriers: out[%d] = %d, expected %d", t, out[t], nb * 55);
  }
  for (int t = 0; t < 32; t++)
    EXPECT(handed[t] == 1000 + t, "bar.arrive: handed[%d] = %d", t, handed[t]);
}

static void test_short_warp(void)
{
  int *out = launch_ints("short_warp", 2, 48, 96);
  for (int t = 0; t < 48; t++) {
    EXPECT(out[t] == 47 - t, "short_warp: out[%d] = %d", t, out[t]);
    EXPECT(out[48 + t] == -((t + 1) % 48), "short_warp: out[48+%d] = %d", t, out[48 + t]);
  }
  free(out);
}

static void test_sync1024(void)
{
  static int out[2 * 1024];
  int votes[4];
  uint64_t d = dev_alloc(sizeof out), v = dev_alloc(sizeof votes);
  void *args[] = {&d, &v};
  launch("sync1024", 2, 32, 32, 0, args);
  from_dev(out, d, sizeof out);
  from_dev(votes, v, sizeof votes);
  for (int t = 0; t < 2 * 1024; t++)
    EXPECT(out[t] == t % 1024 + 20, "sync1024: out[%d] = %d", t, out[t]);
  EXPECT(votes[0] == 342, "__syncthreads_count: %d", votes[0]);
  EXPECT(votes[1] == 1 && votes[2] == 0 && votes[3] == 1, "__syncthreads_and/or: %d %d %d",
         votes[1], votes[2], votes[3]);
}

/* ------------------------------------------------------------ warps */

static long long shuffle_expected(int k, unsigned t)
{
  unsigned l = t % 32, w0 = t - l;
  float s = 0;
  switch (k) {
  case 0: return 3 * (w0 + 5);
  case 1: return w0 + 1 + 100;
  case 2: return (l >= 3 ? t - 3 : t) * 10000000000LL;
  case 3: return l + 4 < 32 ? t + 4 : t;
  case 4: return 2 * (t ^ 1) + 1;
  case 5: return t ^ 16;
  case 6: return w0 + l / 8 * 8 + 3;
  case 7: return l % 8 >= 2 ? t - 2 : t;
  case 8: return l % 8 + 2 < 8 ? t + 2 : t;
  case 9: return t ^ 4;
  case 10: return 0x49249249;
  case 11: return t % 64 >= 32;
  case 12: return t % 64 < 32;
  case 13: return l < 16 ? w0 + 15 : 2 * (w0 + 16);
  case 14: return 0xffffffffLL;
  case 15:
    for (unsigned i = 0; i < 32; i++)
      s += w0 + i;
    return (long long)s;
  case 16: return t ^ 1;
  default: return t ^ 31;
  }
}

static void test_shuffles(void)
{
  enum { N = 128, K = 18 };
  static long long out[K * N];
  uint64_t d = dev_alloc(sizeof out);
  void *args[] = {&d};
  launch("shuffles", 2, 64, 1, 0, args);
  from_dev(out, d, sizeof out);
  for (int k = 0; k < K; k++)
    for (unsigned t = 0; t < N; t++)
      EXPECT(out[k * N + t] == shuffle_expected(k, t), "shuffle %d, thread %u: %lld, expected %lld",
             k, t, out[k * N + t], shuffle_expected(k, t));
}

static void test_bad_mask(void) { free(launch_ints("bad_mask", 1, 32, 32)); }

/* ------------------------------------------------------------ atomics */

struct Counters {
  int add_i, sub_i, exch_i, min_i, max_i, and_i, or_i, xor_i, cas_i;
  unsigned add_u, sub_u, exch_u, min_u, max_u, inc_u, dec_u, and_u, or_u, xor_u, cas_u;
  unsigned long long add_ull, exch_ull, min_ull, max_ull, and_ull, or_ull, xor_ull, cas_ull;
  long long min_ll, max_ll;
  long long exch_sum;
  float add_f, exch_f;
  double add_d;
  unsigned short cas_us;
  int lock, locked_count;
};

static void atomics_init(struct Counters *c)
{
  memset(c, 0, sizeof *c);
  c->min_i = c->min_ll = 1 << 30;
  c->max_i = c->max_ll = -(1 << 30);
  c->min_u = ~0u;
  c->min_ull = ~0ull;
  c->and_i = -1;
  c->and_u = ~0u;
  c->and_ull = ~0ull;
}

static void atomics_check(const struct Counters *c, unsigned n, long long iter)
{
  long long total = n * iter, mn = 1 << 30, mx = -(1 << 30);
  unsigned xu = 0;
  unsigned long long xull = 0, sum = 0;
  for (unsigned t = 0; t < n; t++) {
    long long v = (long long)t * 7919 % 100003 - 50000;
    mn = v < mn ? v : mn;
    mx = v > mx ? v : mx;
    xu ^= t * 2654435761u;
    xull ^= (unsigned long long)t * 0x9e3779b97f4a7c15ull;
    sum += 3ull * t;
  }
  EXPECT(c->add_i == total && c->sub_i == -2 * total, "add/sub int: %d %d", c->add_i, c->sub_i);
  EXPECT(c->add_u == 3 * total && c->sub_u == (unsigned)-total, "add/sub unsigned");
  EXPECT(c->add_ull == (unsigned long long)total << 33, "add ull: %llu", c->add_ull);
  EXPECT(c->add_f == (float)total, "add float: %g", c->add_f);
  EXPECT(c->add_d == 0.5 * total, "add double: %g", c->add_d);
  EXPECT(c->inc_u == total % 1000, "atomicInc: %u, expected %lld", c->inc_u, total % 1000);
  EXPECT(c->dec_u == (1000 - total % 1000) % 1000, "atomicDec: %u", c->dec_u);
  EXPECT(c->cas_i == total && c->cas_u == 2 * total && c->cas_ull == 3ull * total,
         "atomicCAS: %d %u %llu", c->cas_i, c->cas_u, c->cas_ull);
  EXPECT(c->cas_us == (unsigned short)total, "atomicCAS unsigned short: %u", c->cas_us);
  EXPECT(c->min_i == mn && c->max_i == mx, "min/max int: %d %d", c->min_i, c->max_i);
  EXPECT(c->min_u == mn + 50000 && c->max_u == mx + 50000, "min/max unsigned");
  EXPECT(c->min_ll == mn * 1000000000LL && c->max_ll == mx * 1000000000LL, "min/max long long");
  EXPECT(c->min_ull == (unsigned long long)(mn + 50000) << 30 &&
             c->max_ull == (unsigned long long)(mx + 50000) << 30, "min/max ull");
  EXPECT(c->and_i == (int)0x80000000 && c->or_i == 0x7fffffff, "and/or int: %x %x", c->and_i, c->or_i);
  EXPECT(c->and_u == 0 && c->or_u == ~0u, "and/or unsigned");
  EXPECT(c->and_ull == 0 && c->or_ull == ~0ull, "and/or ull");
  EXPECT((unsigned)c->xor_i == xu && c->xor_u == xu && c->xor_ull == xull, "xor");
  EXPECT((unsigned long long)c->exch_sum + (unsigned)c->exch_i + c->exch_u + c->exch_ull == sum,
         "atomicExch: tokens lost");
  EXPECT(c->exch_f == 1.5f, "atomicExch float");
  EXPECT(c->locked_count == (int)n / 32 && c->lock == 0, "lock: %d sections", c->locked_count);
}

static void test_atomics(void)
{
  enum { BLOCKS = 8, THREADS = 256 };
  struct Counters c;
  atomics_init(&c);
  uint64_t d = dev_alloc(sizeof c);
  to_dev(d, &c, sizeof c);
  void *args[] = {&d};
  launch("atomics", BLOCKS, THREADS, 1, 0, args);
  from_dev(&c, d, sizeof c);
  atomics_check(&c, BLOCKS * THREADS, 50);
}

/* ------------------------------------------------------------ shared memory */

static void test_shared(void)
{
  enum { BLOCKS = 64 };
  static int out[BLOCKS * 128];
  uint64_t d = dev_alloc(sizeof out);
  void *args[] = {&d};
  launch("per_block", BLOCKS, 128, 1, 128 * sizeof(long long), args);
  from_dev(out, d, sizeof out);
  for (int i = 0; i < BLOCKS * 128; i++)
    EXPECT(out[i] == 1, "block %d, thread %d saw another block's shared memory", i / 128, i % 128);
}

static void test_stale(void)
{
  enum { BLOCKS = 64 };
  static int out[BLOCKS * 64];
  uint64_t d = dev_alloc(sizeof out);
  void *args[] = {&d};
  launch("stale", BLOCKS, 64, 1, 64 * sizeof(int), args);
  from_dev(out, d, sizeof out);
  for (int i = 0; i < BLOCKS * 64; i++)
    EXPECT(out[i] == 1, "block %d, thread %d found shared memory as an earlier block left it",
           i / 64, i % 64);
}

/* ------------------------------------------------------------ order (race.cu) */

/* Kernel `name` on 8 blocks of 64 threads; thread t of block b must write
 * expect(b, t). */
static void check_blocks(const char *name, int (*expect)(int b, int t))
{
  enum { BLOCKS = 8, THREADS = 64 };
  static int out[BLOCKS * THREADS];
  uint64_t d = dev_alloc(sizeof out);
  void *args[] = {&d};
  launch(name, BLOCKS, THREADS, 1, 0, args);
  from_dev(out, d, sizeof out);
  P->free(0, d);
  for (int i = 0; i < BLOCKS * THREADS; i++) {
    int want = expect(i / THREADS, i % THREADS);
    EXPECT(out[i] == want, "%s: block %d, thread %d read %d, expected %d", name, i / THREADS,
           i % THREADS, out[i], want);
  }
}

static int left_square(int b, int t) { return t > 0 ? (t - 1) * (t - 1) + b : 0; }
static int pair_square(int b, int t) { return (t ^ 1) * (t ^ 1) + b; }
static int published(int b, int t) { return (void)t, 4242 + b; }
static void test_shift_racy(void) { check_blocks("shift_racy", left_square); }
static void test_shift_synced(void) { check_blocks("shift_synced", left_square); }
static void test_pair_syncwarp(void) { check_blocks("pair_syncwarp", pair_square); }
static void test_flag_published(void) { check_blocks("flag_published", published); }

/* ------------------------------------------------------------ errors */

static void test_early_exit(void) { free(launch_ints("early_exit", 1, 64, 64)); }
static void test_crossed(void) { free(launch_ints("crossed", 2, 64, 64)); }
static void test_half_warp(void) { free(launch_ints("half_warp", 1, 32, 32)); }
static void test_failed_block(void) { free(launch_ints("failed_block", 2, 64, 4)); }

/* a grid taller than CUDA allows (65535 blocks along y and z) fails to
 * launch, as on a GPU */
static void test_tall_grid(void)
{
  uint64_t d = dev_alloc(sizeof(int));
  void *args[] = {&d};
  launch_kernel("failed_block", &(OmpiccLaunch){{1, 65536, 1}, {32, 1, 1}, 0, "tall_grid.cu:1:1"},
                args);
}

/* ------------------------------------------------------------ architectures */

static void test_exited_lanes(void)
{
  int *out = launch_ints("exited_lanes", 1, 64, 64);
  for (int t = 0; t < 64; t++)
    EXPECT(out[t] == (t > 0 && t < 32 ? 0 : 7), "exited_lanes: out[%d] = %d", t, out[t]);
  free(out);
}

static void test_diverged(void)
{
  int *out = launch_ints("diverged", 1, 64, 64);
  for (int t = 0; t < 64; t++)
    EXPECT(out[t] == (t < 4 ? 60 : t < 32 ? 1 : 0), "diverged: out[%d] = %d", t, out[t]);
  free(out);
}

/* Prints the mask, which depends on the architecture. */
static void test_converged_mask(void)
{
  int *out = launch_ints("converged_mask", 1, 32, 64);
  for (int t = 1; t < 8; t++)
    EXPECT(out[t] == out[0], "converged_mask: lanes 0 and %d differ", t);
  for (int t = 32; t < 64; t++)
    EXPECT(out[t] == 1, "converged_mask: out[%d] = %d", t, out[t]);
  printf("mask 0x%08x\n", (unsigned)out[0]);
  free(out);
}

/* A lock taken by all the lanes of two warps (out[0]), or by their
 * leaders, and a float added to by all: counts in out[1], the sum in
 * out[2]. */
static void test_lane_spin_lock(void)
{
  int *out = launch_ints("lane_spin_lock", 1, 64, 4);
  EXPECT(out[0] == 0 && out[1] == 64, "lane_spin_lock: lock %d, count %d", out[0], out[1]);
  free(out);
}

static void test_leader_spin_lock(void)
{
  int *out = launch_ints("leader_spin_lock", 2, 128, 4);
  EXPECT(out[0] == 0 && out[1] == 256, "leader_spin_lock: lock %d, count %d", out[0], out[1]);
  free(out);
}

static void test_cas_add(void)
{
  int *out = launch_ints("cas_add", 1, 96, 4);
  float sum;
  memcpy(&sum, &out[2], sizeof sum);
  EXPECT(out[1] == 1 && sum == 96.0f, "cas_add: sum %g", sum);
  free(out);
}

static void test_overflow(void)
{
  int n = 100;
  uint64_t d = dev_alloc(n * sizeof(int));
  void *args[] = {&d, &n};
  launch("overflow", 1, 128, 1, 0, args);
}

/* ------------------------------------------------------------ local memory */

static void test_other_local(void) { free(launch_ints("other_local", 1, 64, 64)); }

static void test_own_local(void)
{
  int *out = launch_ints("own_local", 2, 64, 64);
  for (int t = 0; t < 64; t++)
    EXPECT(out[t] == t % 4 + 1, "own_local: out[%d] = %d", t, out[t]);
  free(out);
}

static void test_atomic_local(void) { free(launch_ints("atomic_local", 1, 64, 64)); }

static const HarnessTest tests[] = {
    {"named", test_named},       {"short_warp", test_short_warp}, {"sync1024", test_sync1024},
    {"shuffles", test_shuffles}, {"bad_mask", test_bad_mask},     {"atomics", test_atomics},
    {"shared", test_shared},     {"stale", test_stale},     {"early_exit", test_early_exit}, {"crossed", test_crossed},
    {"half_warp", test_half_warp}, {"failed_block", test_failed_block},
    {"tall_grid", test_tall_grid}, {"overflow", test_overflow},
    {"shift_racy", test_shift_racy}, {"shift_synced", test_shift_synced},
    {"pair_syncwarp", test_pair_syncwarp}, {"flag_published", test_flag_published},
    {"exited_lanes", test_exited_lanes}, {"diverged", test_diverged},
    {"converged_mask", test_converged_mask}, {"lane_spin_lock", test_lane_spin_lock},
    {"leader_spin_lock", test_leader_spin_lock}, {"cas_add", test_cas_add},
    {"other_local", test_other_local}, {"own_local", test_own_local},
    {"atomic_local", test_atomic_local},
};

int main(int argc, char **argv)
{
  return harness_main(argc, argv, tests, sizeof tests / sizeof *tests);
}
