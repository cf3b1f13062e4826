// teams distribute loops whose bodies hold parallel loops, which every
// thread of a team runs (transform/team-loops.c): the serial statements
// that write only the body's variables on every thread, those that write
// memory on the team's first thread between barriers, the parallel loops
// shared by the team's threads (OpenMP 5.2 10.1 parallel, 11.5
// worksharing loops, 11.6 distribute, 5.4.3-5.4.4 private and
// firstprivate, 5.5 reductions, 10.1.1 num_threads, 13.8 target teams).
// Each region is also a case the generic kernels ran before; the last
// ones stay generic (a parallel loop that writes a variable of the body,
// a reduction on the distribute loop) and must agree.
// RUN: %ompicc -o %t %s -lm && %t
#include <limits.h>
#include <math.h>
#include <omp.h>
#include <stdlib.h>

#include "Inputs/check.h"

#define ROWS 300
#define NB 40
#define BS 64

int main(void)
{
  /* ---- a CSR matrix times a vector: reduction, then a store by the
   * team's first thread; rows of 0 to 97 entries */
  static long ptr[ROWS + 1];
  static int col[ROWS * 100];
  static float val[ROWS * 100], x[ROWS], y[ROWS], want[ROWS];
  ptr[0] = 0;
  for (int r = 0; r < ROWS; r++)
    ptr[r + 1] = ptr[r] + (r * 37) % 98;
  long nnz = ptr[ROWS];
  for (long e = 0; e < nnz; e++) {
    col[e] = (int)((e * 7) % ROWS);
    val[e] = (float)(e % 5) - 2.0f;
  }
  for (int i = 0; i < ROWS; i++)
    x[i] = (float)(i % 7);
  for (int r = 0; r < ROWS; r++) {
    float s = 0.5f;
    for (long e = ptr[r]; e < ptr[r + 1]; e++)
      s += val[e] * x[col[e]];
    want[r] = s;
  }
#pragma omp target teams distribute map(to: ptr, col[0:nnz], val[0:nnz], x) map(from: y)
  for (int r = 0; r < ROWS; r++) {
    float sum = 0.5f; /* the reduction combines into the original's value */
#pragma omp parallel for reduction(+: sum)
    for (long e = ptr[r]; e < ptr[r + 1]; e++)
      sum += val[e] * x[col[e]];
    y[r] = sum;
  }
  for (int r = 0; r < ROWS; r++)
    CHECK(y[r] == want[r]); /* small integers: exact in any order */

  /* ---- a histogram: a serial bound, atomics in the parallel loop */
  static unsigned data[NB * BS + 17];
  unsigned hist[16] = {0}, hwant[16] = {0};
  long n = NB * BS + 17;
  for (long i = 0; i < n; i++) {
    data[i] = (unsigned)((i * 2654435761u) >> 7);
    hwant[data[i] % 16]++;
  }
#pragma omp target teams distribute map(to: data) map(tofrom: hist)
  for (long b = 0; b < (n + BS - 1) / BS; b++) {
    long end = (b + 1) * BS < n ? (b + 1) * BS : n;
#pragma omp parallel for
    for (long i = b * BS; i < end; i++) {
#pragma omp atomic update
      hist[data[i] % 16] += 1;
    }
  }
  for (int k = 0; k < 16; k++)
    check_eq("hist", hist[k], hwant[k]);

  /* ---- two parallel loops with a serial statement between, and
   * consecutive statements that write memory (one of them an if) */
  static double a[NB * BS], c[NB * BS], sums[NB];
  static int flags[NB];
  for (int i = 0; i < NB * BS; i++)
    a[i] = (double)((i * 13) % 29);
#pragma omp target teams distribute map(to: a) map(from: c, sums, flags)
  for (int b = 0; b < NB; b++) {
    int base = b * BS;
    double s = 0, m = -1;
#pragma omp parallel for reduction(+: s) reduction(max: m)
    for (int i = 0; i < BS; i++) {
      s += a[base + i];
      m = a[base + i] > m ? a[base + i] : m;
    }
    double mean = s / BS;
#pragma omp parallel for
    for (int i = 0; i < BS; i++)
      c[base + i] = a[base + i] - mean;
    if (m > 27)
      flags[b] = 1;
    else
      flags[b] = 2;
    sums[b] = s + m;
  }
  for (int b = 0; b < NB; b++) {
    double s = 0, m = -1;
    for (int i = 0; i < BS; i++) {
      s += a[b * BS + i];
      m = a[b * BS + i] > m ? a[b * BS + i] : m;
    }
    CHECK(sums[b] == s + m);
    check_eq("flags", flags[b], m > 27 ? 1 : 2);
    for (int i = 0; i < BS; i++)
      CHECK(c[b * BS + i] == a[b * BS + i] - s / BS);
  }

  /* ---- memory the first thread writes, read by the team's threads
   * after it (the barrier after), and memory every thread reads before
   * the first thread overwrites it (the barrier before) */
  static int buf[NB * BS], out[NB * BS];
#pragma omp target teams distribute map(from: buf, out)
  for (int b = 0; b < NB; b++) {
    buf[b * BS] = b;
#pragma omp parallel for
    for (int i = 1; i < BS; i++)
      buf[b * BS + i] = buf[b * BS] + i;
    int v = buf[b * BS + 5];
    buf[b * BS + 5] = -v;
#pragma omp parallel for
    for (int i = 0; i < BS; i++)
      out[b * BS + i] = v + buf[b * BS + 5];
  }
  for (int b = 0; b < NB; b++)
    for (int i = 0; i < BS; i++) {
      check_eq("buf", buf[b * BS + i], i == 5 ? -(b + 5) : b + i);
      check_eq("out", out[b * BS + i], 0);
    }

  /* ---- every built-in operator, several types (5.5.5 initializers) */
  static long long rsum[NB], rprod[NB];
  static unsigned rand_[NB], ror[NB], rxor[NB];
  static int rland[NB], rlor[NB], rmin[NB];
  static unsigned char rchar[NB];
#pragma omp target teams distribute map(from: rsum, rprod, rand_, ror, rxor, rland, rlor, rmin, rchar)
  for (int b = 0; b < NB; b++) {
    long long s = 1, p = 1;
    unsigned an = ~0u, o = 0, xo = 0;
    int la = 1, lo = 0, mi = INT_MAX;
    unsigned char ch = 3;
#pragma omp parallel for reduction(+: s) reduction(*: p) reduction(&: an) reduction(|: o) \
    reduction(^: xo) reduction(&&: la) reduction(||: lo) reduction(min: mi) reduction(-: ch)
    for (int i = 0; i < 20; i++) {
      s += i * b;
      p *= (i % 3 == 0) ? 2 : 1;
      an &= ~(1u << (i + b % 4));
      o |= 1u << i;
      xo ^= (unsigned)(i * 3 + b);
      la = la && (i < 20);
      lo = lo || (i == b % 20);
      mi = mi < i - b ? mi : i - b;
      ch -= 1;
    }
    rsum[b] = s, rprod[b] = p, rand_[b] = an, ror[b] = o, rxor[b] = xo;
    rland[b] = la, rlor[b] = lo, rmin[b] = mi, rchar[b] = ch;
  }
  for (int b = 0; b < NB; b++) {
    unsigned an = ~0u, xo = 0;
    for (int i = 0; i < 20; i++)
      an &= ~(1u << (i + b % 4)), xo ^= (unsigned)(i * 3 + b);
    check_eq("sum", rsum[b], 1 + 190L * b);
    check_eq("prod", rprod[b], 128);
    check_eq("and", rand_[b], an);
    check_eq("or", ror[b], (1u << 20) - 1);
    check_eq("xor", rxor[b], xo);
    check_eq("land", rland[b], 1);
    check_eq("lor", rlor[b], 1);
    check_eq("min", rmin[b], -b);
    check_eq("char", rchar[b], (unsigned char)(3 - 20));
  }

  /* ---- private and firstprivate copies, a loop counting down with a
   * continue, a zero-trip loop, and a continue of the distribute loop */
  static int pf[NB], skipped[NB], zero[NB];
  for (int b = 0; b < NB; b++)
    skipped[b] = -1;
  int t = 5, u = 0;
#pragma omp target teams distribute firstprivate(t) map(tofrom: pf, skipped, zero)
  for (int b = 0; b < NB; b++) {
    if (b % 3 == 0)
      continue;
    int bias = b, total = 0, none = 7;
#pragma omp parallel for firstprivate(bias) private(u) reduction(+: total)
    for (int i = 30; i >= 1; i -= 3) {
      if (i % 2)
        continue;
      u = bias + t; /* private: each thread's own */
      total += u + i;
    }
#pragma omp parallel for reduction(+: none)
    for (int i = 0; i < b - 100; i++)
      none += 1;
    pf[b] = total;
    zero[b] = none;
    skipped[b] = 0;
  }
  for (int b = 0; b < NB; b++) {
    int total = 0;
    for (int i = 30; i >= 1; i -= 3)
      if (i % 2 == 0)
        total += b + 5 + i;
    check_eq("skipped", skipped[b], b % 3 == 0 ? -1 : 0);
    if (b % 3) {
      check_eq("private", pf[b], total);
      check_eq("zero trip", zero[b], 7);
    }
  }

  /* ---- target teams + distribute, num_teams, thread_limit,
   * dist_schedule, num_threads, and the threads' numbers */
  static int seen[NB * BS], teams_of[NB], nteams[NB], bad_tid[NB];
#pragma omp target teams num_teams(5) thread_limit(64) map(from: seen, teams_of, nteams, bad_tid)
#pragma omp distribute dist_schedule(static, 2)
  for (int b = 0; b < NB; b++) {
    int lim = 7;
#pragma omp parallel for num_threads(lim)
    for (int i = 0; i < BS; i++)
      seen[b * BS + i] = b + i;
    int bad = 0;
#pragma omp parallel for reduction(+: bad)
    for (int i = 0; i < BS; i++) {
      bad += omp_get_thread_num() >= omp_get_num_threads() || omp_get_num_threads() > 64;
      if (i == 0) {
        teams_of[b] = omp_get_team_num();
        nteams[b] = omp_get_num_teams();
      }
    }
    bad_tid[b] = bad;
  }
  for (int b = 0; b < NB; b++) {
    for (int i = 0; i < BS; i++)
      check_eq("num_threads loop", seen[b * BS + i], b + i);
    check_eq("thread numbers", bad_tid[b], 0);
    /* dist_schedule(static, 2): chunks of 2 dealt round robin in the
     * order of the team numbers (11.6.1) */
    CHECK(nteams[b] >= 1 && nteams[b] <= 5);
    check_eq("team of chunk", teams_of[b], (b / 2) % nteams[b]);
  }

  /* ---- schedule(static) and schedule(static, 3): the chunks of 11.5.3,
   * whatever the number of threads (num_threads(5) on one of them) */
  static int owner[3][NB * 4], nth[3];
#pragma omp target teams distribute map(from: owner, nth)
  for (int b = 0; b < 3; b++) {
    if (b == 0) {
#pragma omp parallel for schedule(static)
      for (int i = 0; i < NB * 4; i++) {
        owner[0][i] = omp_get_thread_num();
        if (i == 0)
          nth[0] = omp_get_num_threads();
      }
    } else if (b == 1) {
#pragma omp parallel for schedule(static, 3)
      for (int i = 0; i < NB * 4; i++) {
        owner[1][i] = omp_get_thread_num();
        if (i == 0)
          nth[1] = omp_get_num_threads();
      }
    } else {
      int done = 0;
#pragma omp parallel for schedule(static, 2) num_threads(5) reduction(+: done)
      for (int i = NB * 4 - 1; i >= 0; i--) {
        owner[2][i] = i;
        done++;
      }
      nth[2] = done;
    }
  }
  for (int i = 0; i < NB * 4; i++) {
    /* no chunk: one contiguous chunk per thread, in thread order */
    CHECK(owner[0][i] >= 0 && owner[0][i] < nth[0]);
    if (i)
      CHECK(owner[0][i] == owner[0][i - 1] || owner[0][i] == owner[0][i - 1] + 1);
    check_eq("static, 3", owner[1][i], (i / 3) % nth[1]);
    check_eq("static, 2, num_threads", owner[2][i], i);
  }
  check_eq("static reduction", nth[2], NB * 4);

  /* ---- collapse(2) and collapse(3) of rectangular nests (4.4.1): the
   * team's threads share the collapsed iterations */
  static int cube[4][5][6][7];
  static long csum[4];
#pragma omp target teams distribute map(from: cube, csum)
  for (int p = 0; p < 4; p++) {
    long s = 0;
#pragma omp parallel for collapse(3) reduction(+: s)
    for (int i = 0; i < 5; i++)
      for (int j = 6; j > 0; j--)
        for (int k = 0; k < 7; k += 2) {
          cube[p][i][j - 1][k] = p * 1000 + i * 100 + j * 10 + k;
          s += k;
        }
#pragma omp parallel for collapse(2) schedule(static, 4)
    for (int i = 0; i < 5; i++)
      for (int k = 1; k < 7; k += 2)
        cube[p][i][0][k] = -1;
    csum[p] = s;
  }
  for (int p = 0; p < 4; p++) {
    check_eq("collapse reduction", csum[p], 5 * 6 * (0 + 2 + 4 + 6));
    for (int i = 0; i < 5; i++)
      for (int j = 1; j <= 6; j++)
        for (int k = 0; k < 7; k++)
          if (k % 2 == 0)
            check_eq("collapse(3)", cube[p][i][j - 1][k], p * 1000 + i * 100 + j * 10 + k);
          else if (j == 1)
            check_eq("collapse(2)", cube[p][i][0][k], -1);
  }

  /* ---- lastprivate (5.4.5): the sequentially last iteration's values
   * reach the original, which the serial code then reads */
  static int lastv[NB];
  static double lastd[NB];
#pragma omp target teams distribute map(from: lastv, lastd)
  for (int b = 0; b < NB; b++) {
    int lv = -5;
    double ld = 0;
#pragma omp parallel for lastprivate(lv) firstprivate(ld) lastprivate(ld) schedule(static, 5)
    for (int i = 0; i < BS + b; i++) {
      lv = i * 2 + b;
      ld = ld * 0 + i * 0.5; /* firstprivate: a value before the first write */
    }
    lastv[b] = lv + 1;
    lastd[b] = ld;
  }
  for (int b = 0; b < NB; b++) {
    check_eq("lastprivate", lastv[b], (BS + b - 1) * 2 + b + 1);
    CHECK(lastd[b] == 0.5 * (BS + b - 1));
  }

  /* ---- loops and ifs around parallel loops, which every thread runs
   * alike: a serial loop in the distribute loop's body */
  static double acc[NB];
#pragma omp target teams distribute map(to: a) map(from: acc)
  for (int b = 0; b < NB; b++) {
    double t2 = 0;
    for (int k = 1; k <= 3; k++) {
      double part = 0;
#pragma omp parallel for reduction(+: part)
      for (int i = 0; i < BS; i++)
        part += a[b * BS + i] * k;
      if (k != 2)
        t2 += part;
    }
    acc[b] = t2;
  }
  for (int b = 0; b < NB; b++) {
    double s = 0;
    for (int i = 0; i < BS; i++)
      s += a[b * BS + i];
    CHECK(acc[b] == 4 * s);
  }

  /* ---- a target region over parallel loops (no distribute): one team
   * runs it, a convergence loop whose test every thread computes alike
   * from a reduction (13.8, 10.1) */
  static double heat[BS * 4], next[BS * 4];
  int iters = 0;
  double err = 0;
  for (int i = 0; i < BS * 4; i++)
    heat[i] = i % 4 == 0 ? 64.0 : 0.0;
#pragma omp target map(tofrom: heat, iters, err) map(alloc: next)
  {
    double e = 1;
    int it = 0;
    while (e > 0.5 && it < 1000) {
#pragma omp parallel for
      for (int i = 0; i < BS * 4; i++)
        next[i] = i == 0 || i == BS * 4 - 1 ? heat[i] : (heat[i - 1] + heat[i] + heat[i + 1]) / 3;
      double m = 0;
#pragma omp parallel for reduction(max: m)
      for (int i = 0; i < BS * 4; i++) {
        double d = next[i] > heat[i] ? next[i] - heat[i] : heat[i] - next[i];
        m = d > m ? d : m;
        heat[i] = next[i];
      }
      e = m;
      it++;
    }
    iters = it;
    err = e;
  }
  {
    static double uu[BS * 4], vv[BS * 4];
    double e = 1;
    int it = 0;
    for (int i = 0; i < BS * 4; i++)
      uu[i] = i % 4 == 0 ? 64.0 : 0.0;
    while (e > 0.5 && it < 1000) {
      double m = 0;
      for (int i = 0; i < BS * 4; i++)
        vv[i] = i == 0 || i == BS * 4 - 1 ? uu[i] : (uu[i - 1] + uu[i] + uu[i + 1]) / 3;
      for (int i = 0; i < BS * 4; i++) {
        double d = vv[i] > uu[i] ? vv[i] - uu[i] : uu[i] - vv[i];
        m = d > m ? d : m;
        uu[i] = vv[i];
      }
      e = m;
      it++;
    }
    check_eq("iterations", iters, it);
    CHECK(err == e);
    for (int i = 0; i < BS * 4; i++)
      CHECK(heat[i] == uu[i]);
  }

  /* ---- target teams num_teams(3): each team runs the region (13.8,
   * 10.2), its parallel loops the team's */
  int visits = 0;
  unsigned team_bits = 0;
#pragma omp target teams num_teams(3) map(tofrom: visits, team_bits)
  {
#pragma omp parallel for
    for (int i = 0; i < 100; i++) {
#pragma omp atomic update
      visits += 1;
      if (i == 0) {
#pragma omp atomic update
        team_bits |= 1u << omp_get_team_num();
      }
    }
  }
  check_eq("visits", visits, 100 * __builtin_popcount(team_bits));
  CHECK(team_bits != 0 && team_bits < 8);

  /* ---- parallel regions: their bodies on every thread of the team,
   * their for constructs (nowait too), barrier, single, masked, and
   * private, firstprivate and reduction clauses (10.1, 11.1, 10.5, 15.3.1) */
  static int tids[NB][64], nthr[NB], once[NB], by1[NB], after[NB * BS];
  int base0 = 7;
#pragma omp target teams distribute thread_limit(64) map(from: tids, nthr, once, by1, after)
  for (int b = 0; b < NB; b++) {
    int count = 0, scratch = -1;
#pragma omp parallel reduction(+: count) private(scratch) firstprivate(base0)
    {
      int me = omp_get_thread_num();
      scratch = me;
      tids[b][me] = scratch + base0;
#pragma omp for nowait
      for (int i = 0; i < BS; i++)
        after[b * BS + i] = i;
#pragma omp barrier
#pragma omp for schedule(static)
      for (int i = 0; i < BS; i++)
        after[b * BS + i] += after[b * BS + (BS - 1 - i)] * 0 + 1000;
#pragma omp single
      once[b] = omp_get_num_threads();
#pragma omp masked filter(1)
      by1[b] = me;
      count += 1;
    }
    nthr[b] = count;
  }
  for (int b = 0; b < NB; b++) {
    CHECK(nthr[b] >= 1 && nthr[b] <= 64);
    check_eq("single", once[b], nthr[b]);
    if (nthr[b] > 1)
      check_eq("masked", by1[b], 1);
    for (int t = 0; t < nthr[b]; t++)
      check_eq("every thread", tids[b][t], t + 7);
    for (int i = 0; i < BS; i++)
      check_eq("for, barrier, for", after[b * BS + i], i + 1000);
  }

  /* ---- a target region over a parallel region */
  static int sq[BS];
  int flag = 0;
#pragma omp target map(from: sq) map(tofrom: flag)
  {
#pragma omp parallel
    {
#pragma omp for
      for (int i = 0; i < BS; i++)
        sq[i] = i * i;
#pragma omp master
      flag = sq[BS - 1];
    }
  }
  check_eq("region flag", flag, (BS - 1) * (BS - 1));
  for (int i = 0; i < BS; i++)
    check_eq("region for", sq[i], i * i);

  /* ---- stays generic: the parallel loop writes a variable of the body
   * (atomically), and a reduction on the distribute loop */
  static int found[NB];
  long total = 0;
#pragma omp target teams distribute map(to: data) map(from: found) reduction(+: total)
  for (int b = 0; b < NB; b++) {
    int f = 0;
#pragma omp parallel for
    for (int i = b * BS; i < (b + 1) * BS; i++)
      if (data[i] % 97 == 0) {
#pragma omp atomic write
        f = 1;
      }
    found[b] = f;
    total += f;
  }
  long twant = 0;
  for (int b = 0; b < NB; b++) {
    int f = 0;
    for (int i = b * BS; i < (b + 1) * BS; i++)
      f |= data[i] % 97 == 0;
    check_eq("found", found[b], f);
    twant += f;
  }
  check_eq("total", total, twant);
  return fails != 0;
}
