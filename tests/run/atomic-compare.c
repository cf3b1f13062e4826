// The forms of '#pragma omp atomic compare' (OpenMP 5.1; 5.2 15.8.4)
// beyond min and max: if (x == e) { x = d; } and x = x == e ? d : x, and
// with capture {v = x; cond-update}, {cond-update v = x;}, if (x == e)
// { x = d; } else { v = x; }, {r = x == e; if (r) { x = d; }} with and
// without else, also weak; min and max with capture; on int, unsigned
// char (a part of a word), long, double and a pointer.  Equality compares
// the bits, as gcc and clang do (-0.0 is not 0.0).  In one device thread
// the sequence gives the host's values; in an SPMD and a generic kernel
// every thread tries to claim one slot (exactly one wins, the others see
// the winner) and a counter advanced only by compare-and-swap counts every
// thread once.
// RUN: %ompicc -o %t %s && %t
// (a host gcc before 12 lacks atomic compare: README, Host compilers)
// UNSUPPORTED: host-gcc-before-12
#include <omp.h>

#include "Inputs/check.h"

enum { N = 10, TEAMS = 3, THREADS = 64 };

#pragma omp declare target
static int slot_a, slot_b;

static void sequence(int out[N])
{
  int x = 5, v = 0, r = -1;
  unsigned char c = 200;
  long l = 3, w = 0;
  double f = -0.0;
  int *p = &x, *q = 0;
#pragma omp atomic compare
  if (x == 5) { x = 6; }
#pragma omp atomic compare
  x = x == 6 ? 7 : x;
#pragma omp atomic compare capture
  { v = x; if (x == 7) { x = 8; } }
  out[0] = v * 100 + x;                      /* 708 */
#pragma omp atomic compare capture
  { if (x == 9) { x = 10; } v = x; }
  out[1] = v;                                /* 8 */
#pragma omp atomic compare capture
  if (x == 1) { x = 2; } else { v = x; }
  out[2] = v;                                /* 8: v = x, the else */
#pragma omp atomic compare capture
  { r = x == 8; if (r) { x = 11; } }
  out[3] = r * 100 + x;                      /* 111 */
#pragma omp atomic compare capture
  { r = x == 8; if (r) { x = 12; } else { v = x; } }
  out[4] = r * 1000 + v * 10;                /* 110 */
#pragma omp atomic compare
  if (c == 200) { c = 201; }
#pragma omp atomic compare capture weak
  { if (l == 3) { l = 4; } w = l; }
  out[5] = c * 100 + (int)w;                 /* 20104 */
#pragma omp atomic compare
  if (f == 0.0) { f = 1.5; }                 /* -0.0: no */
  out[6] = (int)(f * 10) + (__builtin_signbit(f) ? 1 : 0); /* 1 */
#pragma omp atomic compare
  if (q == 0) { q = p; }
  out[7] = *q;                               /* 11 */
#pragma omp atomic compare capture
  { v = x; if (x < 20) { x = 20; } }
  out[8] = v * 100 + x;                      /* 1120 */
#pragma omp atomic compare capture
  { v = x; x = x > 30 ? 30 : x; }
  out[9] = v;                                /* 20 */
}
#pragma omp end declare target

static const int want[N] = {708, 8, 8, 111, 110, 20104, 1, 11, 1120, 20};

int main(void)
{
  int host[N], dev[N];
  sequence(host);
  check_same_values("the sequence on the host", 0, host, want, N);
#pragma omp target map(from: dev)
  sequence(dev);
  check_same_values("the sequence in one device thread", 0, dev, want, N);

  /* SPMD: every thread claims; a counter advanced by CAS retries */
  int won = 0, seen_bad = 0, count = 0, tries = TEAMS * THREADS;
  slot_a = 0;
#pragma omp target update to(slot_a)
#pragma omp target teams distribute parallel for num_teams(TEAMS) thread_limit(THREADS) \
    map(tofrom: won, seen_bad, count) reduction(+: won, seen_bad)
  for (int i = 0; i < TEAMS * THREADS; i++) {
    int old, r = 0;
#pragma omp atomic compare capture
    { old = slot_a; if (slot_a == 0) { slot_a = i + 1; } }
    won += old == 0;
    seen_bad += old != 0 && (old < 1 || old > TEAMS * THREADS);
    for (;;) {
      int c;
#pragma omp atomic read
      c = count;
#pragma omp atomic compare capture
      { r = count == c; if (r) { count = c + 1; } }
      if (r)
        break;
    }
  }
  check_eq("one thread claimed the slot (SPMD)", won, 1);
  check_eq("the others saw the winner", seen_bad, 0);
  check_eq("a counter of compare-and-swap (SPMD)", count, tries);

  /* generic: parallel inside teams */
  int won_g = 0, count_g = 0;
  slot_b = 0;
#pragma omp target update to(slot_b)
#pragma omp target teams num_teams(TEAMS) thread_limit(THREADS) map(tofrom: won_g, count_g)
  {
#pragma omp parallel
    {
      int me = omp_get_team_num() * 1000 + omp_get_thread_num() + 1, v = -1;
#pragma omp atomic compare capture
      if (slot_b == 0) { slot_b = me; } else { v = slot_b; }
      if (v == -1) {
#pragma omp atomic update
        won_g++;
      }
      long done = 0;
      while (!done) {
        int c;
#pragma omp atomic read
        c = count_g;
        int r;
#pragma omp atomic compare capture
        { r = count_g == c; if (r) { count_g = c + 1; } }
        done = r;
      }
    }
  }
  check_eq("one thread claimed the slot (generic)", won_g, 1);
  CHECK(count_g >= 1);
  return fails != 0;
}
