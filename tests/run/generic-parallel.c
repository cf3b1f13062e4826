// Generic kernels: serial code before, between and after parallel
// regions; num_threads 1, 31, 33, 100; worksharing loops with dynamic and
// guided schedules covering every iteration once; sections each run
// once; single; a critical counter; a barrier in a region narrower than
// the block; a reduction on parallel for.
// RUN: %ompicc -o %t %s && %t
#include <omp.h>
#include <stdio.h>

int main(void)
{
  int out[16] = {0};
  int hits[300] = {0};
  int n = 300;
  #pragma omp target map(tofrom: out, hits) thread_limit(128)
  {
    int count = 0;
    int widths[4] = {1, 31, 33, 100};
    for (int k = 0; k < 4; k++) {
      int seen = 0;
      #pragma omp parallel num_threads(widths[k])
      {
        #pragma omp critical
        seen++;
      }
      out[k] = seen == widths[k];
      count += seen;
    }
    out[4] = count == 165;
    int base = 7;
    #pragma omp parallel num_threads(100)
    {
      #pragma omp for schedule(dynamic, 3)
      for (int i = 0; i < n; i++)
        hits[i] += base;
      #pragma omp for schedule(guided) nowait
      for (int i = 0; i < n; i++) {
        #pragma omp atomic
        hits[i] += 1;
      }
    }
    int sec[3] = {0, 0, 0};
    int arrived = 0;
    int after = 0;
    #pragma omp parallel num_threads(45)
    {
      #pragma omp sections
      {
        #pragma omp section
        sec[0]++;
        #pragma omp section
        sec[1]++;
        #pragma omp section
        sec[2]++;
      }
      #pragma omp atomic
      arrived++;
      #pragma omp barrier
      if (arrived != omp_get_num_threads()) {
        #pragma omp atomic
        after++;
      }
      #pragma omp single
      out[5] = omp_get_num_threads() == 45;
    }
    out[6] = sec[0] == 1 && sec[1] == 1 && sec[2] == 1;
    out[7] = after == 0 && arrived == 45;
    long long tot = 0;
    #pragma omp parallel for reduction(+: tot) num_threads(31)
    for (int i = 0; i < n; i++)
      tot += i;
    out[8] = tot == 299LL * 300 / 2;
    out[9] = !omp_in_parallel();
  }
  int bad = 0;
  for (int i = 0; i < 10; i++)
    if (!out[i]) {
      printf("check %d failed\n", i);
      bad = 1;
    }
  for (int i = 0; i < 300; i++)
    if (hits[i] != 8) {
      printf("hits[%d] = %d\n", i, hits[i]);
      bad = 1;
      break;
    }
  return bad;
}
