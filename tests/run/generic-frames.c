// RUN: %ompicc -o %t %s && %t
// The room a generic kernel's serial code gives the variables it shares
// with its parallel regions (OpenMP 5.2 10.2: the team's threads reach
// the shared variable itself, 5.1.1): up to OMPICC_FRAME_MAX bytes a
// frame of the place's own in shared memory (__ompicc_frame), larger
// the shared stack, and larger than the stack the heap.  Each team (a
// block) has its own frames: up to four teams here (10.1: the host may
// make fewer), each writing its own number.  A place in a loop has its frame again at every iteration,
// including after continue and break; the shared stack and the heap are
// released each time, or a loop of 3000 iterations would fill them.  The
// argument blocks of the forks are frames too.  Every value against the
// one computed here.
#include <omp.h>

#include "Inputs/check.h"

#define TEAMS 4
#define ROUNDS 3000

#pragma omp declare target
static void fill(double *a, int n, double v)
{
  for (int i = 0; i < n; i++)
    a[i] = v + i;
}
#pragma omp end declare target

int main(void)
{
  long small[TEAMS] = {0}, big[TEAMS] = {0}, huge[TEAMS] = {0}, rounds[TEAMS] = {0};
  int teams = 0;
#pragma omp target teams num_teams(TEAMS) thread_limit(64) map(tofrom: small, big, huge, rounds, teams)
  {
    int team = omp_get_team_num();
    if (team == 0)
      teams = omp_get_num_teams();
    if (team < TEAMS) {
      /* a scalar and an array in frames, shared by address */
      long s = 0;
      double b[48]; /* 384 bytes: the shared stack */
      fill(b, 48, team);
#pragma omp parallel num_threads(8) reduction(+: s)
      {
        const double *pb = b;
        s += (long)pb[omp_get_thread_num()];
      }
      small[team] = s; /* 8 * team + 0 + 1 + ... + 7 */
      long sum = 0;
      for (int r = 0; r < ROUNDS; r++) {
        int w[4]; /* a frame, again each round */
        int *pw = w;
        pw[0] = r, pw[1] = team, pw[2] = pw[3] = 0;
        if (r % 7 == 1)
          continue;
        double mid[40]; /* 320 bytes: the shared stack, released each round */
        fill(mid, 40, r);
        int in_heap[700]; /* 2800 bytes: more than the stack, the heap */
        int *ph = in_heap;
        ph[699] = r + team;
        if (r == ROUNDS - 2)
          break;
#pragma omp parallel num_threads(4)
        {
          const int *cw = w;
          const double *cm = mid;
          const int *ch = in_heap;
          if (omp_get_thread_num() == 0)
#pragma omp atomic
            sum += cw[0] + cw[1] + (long)cm[39] + ch[699];
        }
      }
      big[team] = sum;
      rounds[team] = ROUNDS;
      huge[team] = b[47];
    }
  }
  CHECK(teams >= 1 && teams <= TEAMS);
  for (int t = 0; t < teams && t < TEAMS; t++) {
    long want = 0;
    for (int r = 0; r < ROUNDS - 2; r++)
      if (r % 7 != 1)
        want += r + t + (r + 39) + (r + t);
    CHECK(small[t] == 8 * t + 28);
    CHECK(big[t] == want);
    CHECK(huge[t] == t + 47);
    CHECK(rounds[t] == ROUNDS);
  }
  return fails != 0;
}
