// A declare reduction whose initializer reads omp_orig, on constructs of
// several teams (OpenMP 5.2 5.5.11: omp_orig is the original list item;
// 5.5.8: the original is updated with the private copies' values at the
// end of the region).  The teams that end first combine into the
// original while later teams still start, so every private copy must be
// initialised from the original as it was at the construct, not from a
// partial result: with 'omp_priv = omp_orig' and a sum that starts at 0,
// the result is the plain sum however many copies there are (the kernels
// once made it grow with each team that started late).  In an SPMD
// kernel (target teams distribute parallel for, target teams distribute,
// target teams) and a generic one (a parallel for with an if clause in
// the team's loop); and the original's device copy is what omp_orig reads
// when the variable is already present with a value the host does not
// have.
// RUN: %ompicc -o %t %s && %t
#include <omp.h>

#include "Inputs/check.h"

#define N 20000

typedef struct {
  long sum, base;
} acc_t;

#pragma omp declare reduction(plus : acc_t : omp_out.sum += omp_in.sum) \
    initializer(omp_priv = omp_orig)
/* the private copies start at 0 but carry the original's base along (a
 * function: gcc 12 fails on a compound literal there) */
static void tag_init(acc_t *priv, const acc_t *orig)
{
  priv->sum = 0;
  priv->base = orig->base;
}
#pragma omp declare reduction(tagged : acc_t : (omp_out.sum += omp_in.sum, omp_out.base = omp_in.base)) \
    initializer(tag_init(&omp_priv, &omp_orig))

int main(void)
{
  const long want = (long)N * (N - 1) / 2;

  acc_t a = {0, 7};
#pragma omp target teams distribute parallel for reduction(plus : a) num_teams(8) thread_limit(64)
  for (long i = 0; i < N; i++)
    a.sum += i;
  check_eq("teams distribute parallel for", a.sum, want);
  check_eq("teams distribute parallel for: base", a.base, 7);

  acc_t b = {0, 7};
#pragma omp target teams distribute reduction(plus : b) num_teams(8)
  for (long i = 0; i < N; i++)
    b.sum += i;
  check_eq("teams distribute", b.sum, want);

  acc_t c = {0, 7};
  int teams = 0;
#pragma omp target teams reduction(plus : c) num_teams(5) map(tofrom : teams)
  {
    c.sum += 1;
    if (omp_get_team_num() == 0)
      teams = omp_get_num_teams();
  }
  check_eq("target teams: one per team", c.sum, teams);
  CHECK(teams >= 1 && teams <= 5);

  /* a generic kernel: the team's master adds, its workers fill w */
  acc_t g = {0, 7};
  static int w[N / 10][4];
#pragma omp target teams distribute reduction(plus : g) num_teams(6) map(tofrom : w)
  for (long i = 0; i < N / 10; i++) {
    g.sum += i;
#pragma omp parallel for if (i % 2)
    for (int k = 0; k < 4; k++)
      w[i][k] = (int)i + k;
  }
  check_eq("generic", g.sum, (long)(N / 10) * (N / 10 - 1) / 2);
  long bad = 0;
  for (int i = 0; i < N / 10; i++)
    for (int k = 0; k < 4; k++)
      bad += w[i][k] != i + k;
  check_eq("generic: the workers' elements wrong", bad, 0);

  /* present, with a device value the host does not have */
  acc_t p = {0, 0};
#pragma omp target data map(tofrom : p)
  {
#pragma omp target
    p.base = 5;
#pragma omp target teams distribute parallel for reduction(tagged : p) num_teams(4)
    for (long i = 0; i < N; i++)
      p.sum += i;
  }
  check_eq("present: the device's base", p.base, 5);
  check_eq("present", p.sum, want);
  return fails != 0;
}
