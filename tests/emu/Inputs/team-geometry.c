/* team-geometry.c - the launches of teams distribute regions over
 * parallel loops (tests/emu/team-geometry.test). */
#include <stdio.h>

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
  int bad = 0;
  for (int b = 0; b < n; b++)
    for (int i = 0; i < 40; i++)
      bad += a[b * 40 + i] != 2 * (b + 1);
  printf("%s\n", bad ? "bad" : "ok");
  return bad != 0;
}
