/* team-geometry.c - the launches of teams distribute regions over
 * parallel loops, and of leagues of one team (tests/emu/team-geometry.test). */
#include <omp.h>
#include <stdio.h>

#pragma omp declare target
static int calls;
static void note(void) { calls++; }
#pragma omp end declare target

int main(void)
{
  static int a[5 * 40];
  int n = 5;
#pragma omp target teams distribute map(tofrom: a)
  for (int b = 0; b < n; b++) {
#pragma omp parallel for
    for (int i = 0; i < 40; i++)
      a[b * 40 + i] += b;
  }
#pragma omp target teams distribute thread_limit(96) map(tofrom: a)
  for (int b = 0; b < n; b++) {
#pragma omp parallel for
    for (int i = 0; i < 40; i++)
      a[b * 40 + i] += 1;
  }
#pragma omp target teams distribute num_teams(3) map(tofrom: a)
  for (int b = 0; b < n; b++) {
#pragma omp parallel for
    for (int i = 0; i < 40; i++)
      a[b * 40 + i] *= 2;
  }
#pragma omp target map(tofrom: a)
  {
    for (int k = 0; k < 2; k++) {
#pragma omp parallel for
      for (int i = 0; i < 5 * 40; i++)
        a[i] += 1;
    }
  }
#pragma omp target teams num_teams(2) map(tofrom: a)
  {
#pragma omp parallel for
    for (int i = 0; i < 5 * 40; i++) {
#pragma omp atomic update
      a[i] -= 1;
    }
  }
  /* leagues of one team: target parallel for, short and long (whose
   * iterations ask for their team, so that it stays one); a generic
   * target region; and a generic teams region of four teams */
  static int big[5000];
#pragma omp target parallel for map(tofrom: a)
  for (int i = 0; i < 5 * 40; i++)
    a[i] += omp_get_num_threads() > 0;
#pragma omp target parallel for map(tofrom: big)
  for (int i = 0; i < 5000; i++)
    big[i] = i + omp_get_team_num();
  /* one that cannot tell: the whole grid runs it (offload.c team_blind) */
#pragma omp target parallel for map(tofrom: big)
  for (int i = 0; i < 5000; i++)
    big[i] += 1;
#pragma omp target map(tofrom: a)
  {
    note();
#pragma omp parallel for
    for (int i = 0; i < 5 * 40; i++)
      a[i] -= 1;
  }
#pragma omp target teams num_teams(4) map(tofrom: big)
  {
    note();
#pragma omp parallel
    big[omp_get_team_num()] = omp_get_num_threads();
  }
  int bad = 0;
  for (int b = 0; b < n; b++)
    for (int i = 0; i < 40; i++)
      bad += a[b * 40 + i] != 2 * (b + 1);
  for (int t = 0; t < 4; t++)
    bad += big[t] != big[0];
  for (int i = 4; i < 5000; i++)
    bad += big[i] != i + 1;
  printf("%s\n", bad ? "bad" : "ok");
  return bad != 0;
}
