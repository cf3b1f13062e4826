// Every form of '#pragma omp atomic' (OpenMP 4.5 2.13.6: read, write,
// update, capture; min and max; memory-order clauses) on int, unsigned,
// long long, float and double, in a generic kernel (parallel inside
// teams) and in an SPMD kernel (teams distribute parallel for).  Captured
// values prove atomicity: each thread's ticket from v = x++ is unique.
// RUN: %ompicc -o %t %s && %t
// (a host gcc before 12 lacks atomic compare: README, Host compilers)
// UNSUPPORTED: host-gcc-before-12
#include <omp.h>
#include <stdio.h>

#include "Inputs/check.h"
#include <stdlib.h>

#define TEAMS 3
#define THREADS 40
#define N (TEAMS * THREADS)

/* Threads that ran (the host fallback may run fewer teams or threads). */
static int used[N], nused;

/* The tickets 0..nused-1 each once. */
static void check_tickets(const int *t, int line)
{
  int n = nused;
  char *seen = calloc(N, 1);
  for (int i = 0; i < N; i++) {
    if (!used[i])
      continue;
    if (t[i] < 0 || t[i] >= n || seen[t[i]]) {
      printf("line %d: ticket %d of thread %d\n", line, t[i], i);
      fails++;
      break;
    }
    seen[t[i]] = 1;
  }
  free(seen);
}

static void generic(void)
{
  int ti = 0, tpre[N], tpost[N], tblk[N], tblk2[N], tsw[N];
  unsigned u = 0, umax = 0;
  long long ll = 0, llmin = 1LL << 40;
  float f = 0, fmax = -1;
  double d = 0, dcap = 0, dmin = 1e9;
  int sub = 1000000, seq = 0, rd = 0, wr = 0, dv = 1 << 20, sh = 1 << 20, rsub = 0;
  int flag = 0, got[N];
  for (int i = 0; i < N; i++)
    used[i] = 0;
  #pragma omp target teams num_teams(TEAMS) thread_limit(THREADS) map(tofrom: used, ti, tpre, tpost, tblk, tblk2, tsw, u, umax, ll, llmin, f, fmax, d, dcap, dmin, sub, seq, rd, wr, dv, sh, rsub, flag, got)
  {
    int team = omp_get_team_num();
    #pragma omp parallel num_threads(THREADS)
    {
      int me = team * THREADS + omp_get_thread_num();
      int v;
      used[me] = 1;
      #pragma omp atomic capture
      v = ti++;
      tpre[me] = v;
      #pragma omp atomic capture
      tpost[me] = ++u;
      #pragma omp atomic capture
      { v = sub; sub -= 1; }
      tblk[me] = 1000000 - v;
      long long w;
      #pragma omp atomic capture
      { ll += 2; w = ll; }
      tblk2[me] = (int)(w / 2 - 1);
      #pragma omp atomic capture
      { v = seq; seq = me + 1; }
      tsw[me] = v;
      #pragma omp atomic compare
      umax = umax < (unsigned)me ? (unsigned)me : umax;
      #pragma omp atomic compare
      if (llmin > me + 5) { llmin = me + 5; }
      #pragma omp atomic compare
      fmax = (float)me > fmax ? (float)me : fmax;
      #pragma omp atomic compare
      dmin = dmin > me * 0.5 ? me * 0.5 : dmin;
      float fo;
      #pragma omp atomic capture
      fo = f += 0.5f;
      double dold;
      #pragma omp atomic capture seq_cst
      { dold = d; d = d + 0.25; }
      double dseen;
      #pragma omp atomic read
      dseen = d;
      #pragma omp atomic write
      dcap = dseen; /* every thread stores: atomically, as 5.2 15.8.4 asks */
      #pragma omp atomic seq_cst
      rsub = 3 - rsub;
      if (me == 7) {
        #pragma omp atomic write release
        wr = 42;
        #pragma omp atomic write seq_cst
        flag = 1;
      }
      #pragma omp atomic read acquire
      v = flag;
      int r;
      #pragma omp atomic read
      r = wr;
      got[me] = (v ? r : 42) + (fo > 0 && dold >= 0 ? 0 : 1); /* once flag is seen, wr is 42 */
      if (me < 10) {
        #pragma omp atomic
        dv /= 2;
        #pragma omp atomic
        sh >>= 1;
      }
      int seen;
      #pragma omp atomic read seq_cst
      seen = ti;
      #pragma omp atomic write
      rd = seen; /* every thread stores: atomically */
    }
  }
  int last = 0;
  nused = 0;
  for (int i = 0; i < N; i++)
    if (used[i]) {
      nused++;
      last = i;
      tpost[i]--;
    }
  CHECK(nused >= 10 && nused % 2 == 0);
  check_tickets(tpre, __LINE__);
  check_tickets(tpost, __LINE__);
  check_tickets(tblk, __LINE__);
  check_tickets(tblk2, __LINE__);
  /* the swap: each value before seen once, and the one written last not */
  char seen[N + 1] = {0};
  for (int i = 0; i < N; i++) {
    if (!used[i])
      continue;
    CHECK(tsw[i] >= 0 && tsw[i] <= N && !seen[tsw[i]]);
    seen[tsw[i] >= 0 && tsw[i] <= N ? tsw[i] : 0] = 1;
    CHECK(got[i] == 42);
  }
  CHECK(seen[0] && !seen[seq]);
  int n = nused;
  CHECK(ti == n && u == (unsigned)n && sub == 1000000 - n && ll == 2LL * n);
  CHECK(umax == (unsigned)last && llmin == 5 && fmax == last && dmin == 0);
  CHECK(f == 0.5f * n && d == 0.25 * n && dcap > 0 && dcap <= d);
  CHECK(rsub == 0); /* 3 - x, an even number of times */
  CHECK(dv == 1 << 10 && sh == 1 << 10 && rd > 0);
}

static void spmd(void)
{
  int ti = 0, t[N], mx = -1;
  long long big = 0;
  double d = 0, dm = 1e9;
  unsigned u = 0;
  float f = 100;
  #pragma omp target teams distribute parallel for num_teams(TEAMS) thread_limit(THREADS) map(tofrom: ti, t, mx, big, d, dm, u, f)
  for (int i = 0; i < N; i++) {
    #pragma omp atomic capture
    t[i] = ti++;
    #pragma omp atomic compare
    mx = i > mx ? i : mx;
    #pragma omp atomic
    big += 1LL << 33;
    #pragma omp atomic
    d -= 0.5;
    #pragma omp atomic compare
    dm = dm > i ? i : dm;
    unsigned old;
    #pragma omp atomic capture
    { old = u; u += 2; }
    if (old % 2)
      t[i] = -1;
    #pragma omp atomic write
    f = 1.5f;
  }
  nused = N;
  for (int i = 0; i < N; i++)
    used[i] = 1;
  check_tickets(t, __LINE__);
  CHECK(ti == N && mx == N - 1 && big == (long long)N << 33 && d == -0.5 * N && dm == 0);
  CHECK(u == 2u * N && f == 1.5f);
}

int main(void)
{
  generic();
  spmd();
  return fails != 0;
}
