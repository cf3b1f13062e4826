// num_threads of the block maximum (thread_limit), and more than it.
// RUN: %ompicc -o %t %s && %t
#include <omp.h>
#include <stdio.h>

int main(void)
{
  int got[3] = {0, 0, 0}, limit = 0;
  int hits[256] = {0};
  #pragma omp target map(tofrom: got, limit, hits) thread_limit(256)
  {
    limit = omp_get_thread_limit();
    #pragma omp parallel num_threads(256)
    {
      #pragma omp atomic
      got[0]++;
      hits[omp_get_thread_num()]++;
      #pragma omp barrier
      #pragma omp single
      got[1] = omp_get_num_threads();
    }
    #pragma omp parallel num_threads(1000)
    {
      #pragma omp atomic
      got[2]++;
    }
  }
  int bad = got[0] != got[1] || got[0] < 1 || got[2] < 1 || got[2] > 1000;
  if (!bad && limit == 256 && got[0] != 256 && !omp_is_initial_device())
    bad = 1;
  for (int i = 0; i < got[0]; i++)
    if (hits[i] != 1)
      bad = 1;
  if (bad)
    printf("got %d %d %d limit %d\n", got[0], got[1], got[2], limit);
  return bad;
}
