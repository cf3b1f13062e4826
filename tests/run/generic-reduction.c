// A reduction over teams and threads: target teams distribute parallel
// for reduction, and a teams reduction whose parallel regions reduce too.
// RUN: %ompicc -o %t %s && %t
#include <omp.h>
#include <stdio.h>

int main(void)
{
  int n = 10000;
  long long sum = 0, sum2 = 5;
  double prod = 1;
  int mx = -1, nteams = 0;
  #pragma omp target teams distribute parallel for reduction(+: sum) reduction(max: mx) num_teams(4) thread_limit(64)
  for (int i = 0; i < n; i++) {
    sum += i;
    mx = i > mx ? i : mx;
  }
  #pragma omp target teams num_teams(5) thread_limit(64) reduction(+: sum2) reduction(*: prod) map(from: nteams)
  {
    int t = omp_get_team_num();
    long long part = 0;
    #pragma omp parallel for reduction(+: part) num_threads(33)
    for (int i = 0; i < 100; i++)
      part += i;
    sum2 += part + t;
    if (t < 3)
      prod *= 2;
    if (t == 0)
      nteams = omp_get_num_teams();
  }
  int bad = 0;
  if (sum != (long long)n * (n - 1) / 2 || mx != n - 1) {
    printf("sum %lld mx %d\n", sum, mx);
    bad = 1;
  }
  long long want = 5;
  for (int t = 0; t < nteams; t++)
    want += 4950 + t;
  if (nteams < 1 || sum2 != want || prod != (nteams < 3 ? 1 << nteams : 8)) {
    printf("teams %d sum2 %lld prod %g\n", nteams, sum2, prod);
    bad = 1;
  }
  return bad;
}
