// Static schedules deal iterations as OpenMP says, and programs may rely
// on it: schedule(static, c) gives chunks of c iterations to the threads
// round robin in thread order, schedule(static) one contiguous block per
// thread (5.2 11.5.3); dist_schedule(static[, c]) does the same with
// teams (11.6.1), and in distribute parallel for each team's chunk is a
// loop its threads share by their schedule (11.6.4).  SPMD and generic
// kernels alike.
// RUN: %ompicc -o %t %s && %t
#include <omp.h>
#include <stdio.h>

#define N 1000

static int tid[N], team[N];
static int fails;

static void check(const char *what, int bad)
{
  if (bad) {
    printf("%s: %d iterations on the wrong thread or team\n", what, bad);
    fails++;
  }
}

/* each participant's iterations one contiguous block, in participant order */
static int blocks(const int *who, int n)
{
  int bad = 0;
  for (int i = 1; i < n; i++)
    bad += who[i] < who[i - 1];
  return bad;
}

int main(void)
{
  int nth = 0, nte = 0, c = 5, bad = 0;
  /* parallel for schedule(static, c): round robin chunks, c a variable */
#pragma omp target parallel for num_threads(4) schedule(static, c) map(from: tid, nth)
  for (int i = 0; i < N; i++) {
    tid[i] = omp_get_thread_num();
    if (i == 0)
      nth = omp_get_num_threads();
  }
  for (int i = 0; i < N; i++)
    bad += tid[i] != (i / c) % nth;
  check("parallel for schedule(static, c)", bad);

  /* schedule(static): one block per thread */
#pragma omp target parallel for num_threads(4) schedule(static) map(from: tid)
  for (int i = 0; i < N; i++)
    tid[i] = omp_get_thread_num();
  check("parallel for schedule(static)", blocks(tid, N));

  /* teams distribute dist_schedule(static, 3) and dist_schedule(static) */
  bad = 0;
#pragma omp target teams distribute num_teams(4) dist_schedule(static, 3) map(from: team, nte)
  for (int i = 0; i < N; i++) {
    team[i] = omp_get_team_num();
    if (i == 0)
      nte = omp_get_num_teams();
  }
  for (int i = 0; i < N; i++)
    bad += team[i] != (i / 3) % nte;
  check("teams distribute dist_schedule(static, 3)", bad);
#pragma omp target teams distribute num_teams(4) dist_schedule(static) map(from: team)
  for (int i = 0; i < N; i++)
    team[i] = omp_get_team_num();
  check("teams distribute dist_schedule(static)", blocks(team, N));

  /* teams distribute parallel for: the teams' chunks of 10, then each
   * chunk's iterations to the team's threads in chunks of 2 */
  /* (the host fallback runs one team, and its threads share the whole
   * loop by schedule as one parallel for: not checked there) */
  bad = 0;
  long sum = 0;
  int last = -1, device = 0;
#pragma omp target teams distribute parallel for num_teams(3) num_threads(4) \
    dist_schedule(static, 10) schedule(static, 2) map(from: tid, team, nth, nte, device) \
    reduction(+: sum) lastprivate(last)
  for (int i = 0; i < N; i++) {
    tid[i] = omp_get_thread_num();
    team[i] = omp_get_team_num();
    if (i == 0) {
      nth = omp_get_num_threads();
      nte = omp_get_num_teams();
      device = !omp_is_initial_device();
    }
    sum += i;
    last = i;
  }
  for (int i = 0; i < N && device; i++)
    bad += team[i] != (i / 10) % nte || tid[i] != (i % 10 / 2) % nth;
  check("teams distribute parallel for dist_schedule(static, 10) schedule(static, 2)", bad);
  if (sum != (long)N * (N - 1) / 2 || last != N - 1) {
    printf("with static chunks: sum %ld, lastprivate %d\n", sum, last);
    fails++;
  }

  /* the same in a generic kernel: a team's serial code around the loop */
  bad = 0;
#pragma omp target teams num_teams(2) map(from: tid, team, nth, nte, device)
  {
    int here = omp_get_team_num();
#pragma omp distribute parallel for num_threads(4) dist_schedule(static, 7) schedule(static, 3)
    for (int i = 0; i < N; i++) {
      tid[i] = omp_get_thread_num();
      team[i] = here;
      if (i == 0) {
        nth = omp_get_num_threads();
        nte = omp_get_num_teams();
        device = !omp_is_initial_device();
      }
    }
  }
  for (int i = 0; i < N && device; i++)
    bad += team[i] != (i / 7) % nte || tid[i] != (i % 7 / 3) % nth;
  check("generic: distribute parallel for dist_schedule(static, 7) schedule(static, 3)", bad);

  /* schedule(static) in a generic kernel (the if clause keeps it one):
   * one block per thread, where without a schedule clause the kernel
   * deals the iterations round robin (the implementation's choice,
   * def-sched-var, 2.4.2); lastprivate either way */
  int last_static = -1, last_default = -1;
#pragma omp target teams num_teams(1) map(from: tid, device) map(tofrom: last_static, last_default)
  {
#pragma omp parallel for num_threads(4) schedule(static) lastprivate(last_static) if (N > 1)
    for (int i = 0; i < N; i++) {
      tid[i] = omp_get_thread_num();
      last_static = i;
    }
#pragma omp parallel for num_threads(4) lastprivate(last_default) if (N > 1)
    for (int i = 0; i < N; i++)
      last_default = i;
    device = !omp_is_initial_device();
  }
  check("generic: parallel for schedule(static)", blocks(tid, N));
  if (last_static != N - 1 || last_default != N - 1) {
    printf("generic lastprivate: %d and %d, want %d\n", last_static, last_default, N - 1);
    fails++;
  }
  return fails != 0;
}
