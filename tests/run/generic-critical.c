// A counter incremented in a critical section by every thread of every
// team (exact count), unnamed and named.
// RUN: %ompicc -o %t %s && %t
#include <omp.h>
#include <stdio.h>

int main(void)
{
  int count = 0, named = 0, expected = 0;
  #pragma omp target teams num_teams(6) thread_limit(96) map(tofrom: count, named, expected)
  {
    int team_threads = 0;
    #pragma omp parallel num_threads(70)
    {
      #pragma omp critical
      count++;
      #pragma omp critical(other)
      named += 2;
      #pragma omp single
      team_threads = omp_get_num_threads();
    }
    #pragma omp atomic
    expected += team_threads;
  }
  if (count != expected || named != 2 * expected || expected < 1) {
    printf("count %d named %d expected %d\n", count, named, expected);
    return 1;
  }
  return 0;
}
