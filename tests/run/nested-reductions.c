// reduction(+: x) on target teams and again on the distribute parallel
// for nested in it (OpenMP 5.2 5.5.8, issue 12, case 7): the threads'
// copies combine into their team's, the teams' into the original.  Run
// as one SPMD kernel when the loop is all the teams region does, as a
// generic kernel otherwise; it was "appears in more than one
// data-sharing clause".
// RUN: %ompicc -o %t %s
// RUN: %t
#include <omp.h>

#include "Inputs/check.h"

int main(void)
{
  int n = 1000;
  double sum = 5;
  long prod = 1;
#pragma omp target teams reduction(+: sum) reduction(*: prod) map(tofrom: sum, prod)
  {
#pragma omp distribute parallel for reduction(+: sum) reduction(*: prod)
    for (int i = 0; i < n; i++) {
      sum += i;
      prod *= i % 100 == 0 ? 2 : 1;
    }
  }
  CHECK(sum == 5 + 499500.0 && prod == 1024);
  int first = 0;
  sum = 0;
#pragma omp target teams reduction(+: sum) map(tofrom: sum, first) num_teams(4)
  {
    if (omp_get_team_num() == 0)
      first = 1;
#pragma omp distribute parallel for reduction(+: sum)
    for (int i = 0; i < n; i++)
      sum += 2 * i;
  }
  CHECK(sum == 999000.0 && first == 1);
  return fails != 0;
}
