// Variables declared in a teams region, outside its distribute loop,
// belong to the team (OpenMP 5.0 2.7 teams, 2.9.4.1 distribute: the
// team's initial thread runs the chunk of the distribute loop it gets).
// The host fallback runs one team (a reduced num_teams is allowed), so
// its distribute loop must not be shared out among host threads that
// would then share the team's variables.
// RUN: %ompicc -o %t %s && %t
#include <omp.h>
#include <stdio.h>
#define N 64
#define M 200
int main(void)
{
  int out[N], sums[N], bad = 0;
  #pragma omp target teams num_teams(1) thread_limit(64) map(from: out, sums)
  {
    int scale;                /* the team's own: written per iteration */
    int acc[M];               /* the team's own array, filled per iteration */
    long team_total = 0;      /* accumulated over the team's iterations */
    #pragma omp distribute
    for (int i = 0; i < N; i++) {
      scale = i + 1;
      #pragma omp parallel for num_threads(32)
      for (int j = 0; j < M; j++)
        acc[j] = scale * j;
      int s = 0;
      for (int j = 0; j < M; j++)
        s += acc[j];
      sums[i] = s;
      out[i] = scale;
      team_total += s;
    }
    /* one team: every iteration was the team's */
    if (team_total != (long)N * (N + 1) / 2 * (M * (M - 1) / 2))
      out[0] = -1;
  }
  /* teams nested in target, with its own variable; then teams whose
   * body is the distribute construct itself */
  int last[N];
  #pragma omp target map(tofrom: out) map(from: last)
  {
    #pragma omp teams num_teams(2) thread_limit(32)
    {
      int prev = -1;
      #pragma omp distribute dist_schedule(static, N)
      for (int i = 0; i < N; i++) {
        last[i] = prev; /* the iteration before, in the team's order */
        prev = i;
      }
    }
  }
  #pragma omp target map(tofrom: out)
  #pragma omp teams num_teams(2)
  #pragma omp distribute
  for (int i = 0; i < N; i++)
    out[i] += 0 * i;
  for (int i = 0; i < N; i++)
    if (last[i] != i - 1) {
      printf("i=%d: previous iteration %d\n", i, last[i]);
      bad = 1;
    }
  for (int i = 0; i < N; i++)
    if (out[i] != i + 1 || sums[i] != (i + 1) * (M * (M - 1) / 2)) {
      printf("i=%d: out %d (expected %d), sum %d (expected %d)\n", i, out[i], i + 1, sums[i],
             (i + 1) * (M * (M - 1) / 2));
      bad = 1;
    }
  return bad;
}
