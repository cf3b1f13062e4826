// User-defined reductions (OpenMP 4.5 2.16) in target regions: a struct
// min-with-index combined by a function and initialised by one, a
// struct range initialised from the original, a double sum with an
// initializer, an int sum without one (zero start), a _Complex double sum
// initialised from an int, a declaration at block scope, an orphaned for
// in a function the region calls, in an SPMD kernel
// (target teams distribute parallel for) and in generic kernels
// (parallel for inside a target, reduction on teams).
// RUN: %ompicc -o %t %s && %t
#include <omp.h>

#include "Inputs/check.h"

#define N 3000

struct minloc {
  double val;
  int idx;
};
static void minloc_init(struct minloc *m)
{
  m->val = 1e300;
  m->idx = -1;
}
static void minloc_comb(struct minloc *out, const struct minloc *in)
{
  if (in->val < out->val || (in->val == out->val && in->idx < out->idx))
    *out = *in;
}
#pragma omp declare reduction(minloc : struct minloc : minloc_comb(&omp_out, &omp_in)) \
    initializer(minloc_init(&omp_priv))

typedef struct {
  double lo, hi;
} range_t;
#pragma omp declare reduction(range : range_t : (omp_out.lo = omp_in.lo < omp_out.lo ? omp_in.lo : omp_out.lo, \
    omp_out.hi = omp_in.hi > omp_out.hi ? omp_in.hi : omp_out.hi)) initializer(omp_priv = omp_orig)

#pragma omp declare reduction(dsum : double : omp_out += omp_in) initializer(omp_priv = 0.0)
#pragma omp declare reduction(isum : int : omp_out = omp_out + omp_in)
#pragma omp declare reduction(csum : _Complex double : omp_out += omp_in) initializer(omp_priv = 0)

static double a[N];

#pragma omp declare target
int total;
#pragma omp end declare target

/* an orphaned for of a region's parallel (a generic kernel) */
static void add_up(int n)
{
#pragma omp for reduction(isum: total)
  for (int i = 0; i < n; i++)
    total += i;
}

static double value(int i)
{
  return (double)((i * 37) % 1009) - 500.0 + i * 1e-4;
}

int main(void)
{
  struct minloc em;
  range_t er = {1e300, -1e300};
  double es = 0;
  int ec = 0;
  minloc_init(&em);
  for (int i = 0; i < N; i++) {
    a[i] = value(i);
    struct minloc c = {a[i], i};
    minloc_comb(&em, &c);
    er.lo = a[i] < er.lo ? a[i] : er.lo;
    er.hi = a[i] > er.hi ? a[i] : er.hi;
    es += a[i];
    ec += a[i] > 0;
  }

  /* SPMD kernel */
  struct minloc m;
  range_t r = {1e300, -1e300};
  double s = 0.5;
  int cnt = 7;
  minloc_init(&m);
#pragma omp target teams distribute parallel for map(to: a) reduction(minloc: m) reduction(range: r) \
    reduction(dsum: s) reduction(isum: cnt)
  for (int i = 0; i < N; i++) {
    struct minloc c = {a[i], i};
    minloc_comb(&m, &c);
    r.lo = a[i] < r.lo ? a[i] : r.lo;
    r.hi = a[i] > r.hi ? a[i] : r.hi;
    s += a[i];
    cnt += a[i] > 0;
  }
  CHECK(m.val == em.val && m.idx == em.idx);
  CHECK(r.lo == er.lo && r.hi == er.hi);
  CHECK(s - 0.5 - es < 1e-6 && s - 0.5 - es > -1e-6);
  CHECK(cnt == ec + 7);

  /* generic kernel: parallel for inside a target */
  struct minloc m2;
  double s2 = 0;
  int cnt2 = 0, serial = 0;
  minloc_init(&m2);
#pragma omp target map(to: a) map(tofrom: m2, s2, cnt2, serial)
  {
    serial = 1;
#pragma omp parallel for reduction(minloc: m2) reduction(dsum: s2) reduction(isum: cnt2)
    for (int i = 0; i < N; i++) {
      struct minloc c = {a[i], i};
      minloc_comb(&m2, &c);
      s2 += a[i];
      cnt2 += a[i] > 0;
    }
    serial++;
  }
  CHECK(serial == 2);
  CHECK(m2.val == em.val && m2.idx == em.idx);
  CHECK(s2 - es < 1e-6 && s2 - es > -1e-6);
  CHECK(cnt2 == ec);

  /* generic kernel: reduction on teams, and on the parallel regions of each team */
  range_t r3 = {1e300, -1e300};
  int teams = 0;
#pragma omp target teams num_teams(4) map(to: a) reduction(range: r3) reduction(isum: teams)
  {
    teams += 1;
    int t = omp_get_team_num(), nt = omp_get_num_teams();
#pragma omp parallel for reduction(range: r3)
    for (int i = t; i < N; i += nt) {
      r3.lo = a[i] < r3.lo ? a[i] : r3.lo;
      r3.hi = a[i] > r3.hi ? a[i] : r3.hi;
    }
  }
  CHECK(teams >= 1);
  CHECK(r3.lo == er.lo && r3.hi == er.hi);
  /* _Complex double (16 bytes: combined under the lock) */
  _Complex double z = 1;
#pragma omp target teams distribute parallel for reduction(csum: z)
  for (int i = 0; i < N; i++) {
    _Complex double t = i;
    __imag__ t = 2;
    z += t;
  }
  CHECK(__real__ z == 1 + (double)N * (N - 1) / 2 && __imag__ z == 2.0 * N);

  /* a declaration at block scope, in a generic kernel */
  {
#pragma omp declare reduction(bmax : int : omp_out = omp_in > omp_out ? omp_in : omp_out) initializer(omp_priv = -1000)
    int mx = -5;
#pragma omp target map(tofrom: mx)
    {
      mx -= 1;
#pragma omp parallel for reduction(bmax: mx)
      for (int i = 0; i < 77; i++)
        mx = i > mx ? i : mx;
    }
    CHECK(mx == 76);
  }
  int got = 0;
#pragma omp target map(tofrom: got)
  {
    total = 1;
#pragma omp parallel
    add_up(100);
    got = total;
  }
  CHECK(got == 4951);
  if (fails)
    printf("%d failed\n", fails);
  return fails != 0;
}
