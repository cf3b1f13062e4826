// target teams num_teams(4) whose body is serial code: on a device, four
// teams each run it (OpenMP 5.1: at least the lower bound of num_teams);
// the host fallback runs one team (as OpenMP 5.0 allows).
// RUN: %ompicc -o %t %s && %t
#include <omp.h>
#include <stdio.h>

int main(void)
{
  int seen[8] = {0}, nteams = 0, on_host = -1;
  #pragma omp target teams num_teams(4) map(tofrom: seen, nteams, on_host)
  {
    int t = omp_get_team_num();
    seen[t] += 1;
    if (t == 0) {
      nteams = omp_get_num_teams();
      on_host = omp_is_initial_device();
    }
  }
  int want = on_host ? nteams : 4, bad = nteams != want || nteams < 1;
  for (int t = 0; t < 8; t++)
    bad |= seen[t] != (t < want);
  if (bad) {
    printf("%d teams (want %d, on the %s):", nteams, want, on_host ? "host" : "device");
    for (int t = 0; t < 8; t++)
      printf(" %d", seen[t]);
    printf("\n");
  }
  return bad;
}
