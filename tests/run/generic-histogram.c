// A histogram: target teams, distribute over pieces of the data, each
// piece counted by a parallel region into a per-piece local histogram
// (for, atomic, barrier), then added to the result with atomics.
// RUN: %ompicc -o %t %s && %t
#include <omp.h>
#include <stdio.h>
#define N 10000
#define B 64
int main(void)
{
  static int data[N];
  int hist[B] = {0}, ref[B] = {0};
  for (int i = 0; i < N; i++) {
    data[i] = (i * 7919) % 1000;
    ref[data[i] % B]++;
  }
  int pieces = 8;
  #pragma omp target teams num_teams(4) thread_limit(128) map(tofrom: hist) map(to: data)
  {
    #pragma omp distribute
    for (int p = 0; p < pieces; p++) {
      int local[B];
      #pragma omp parallel num_threads(100)
      {
        #pragma omp for
        for (int b = 0; b < B; b++)
          local[b] = 0;
        #pragma omp for schedule(dynamic, 16) nowait
        for (int i = p * (N / 8); i < (p + 1) * (N / 8); i++) {
          #pragma omp atomic
          local[data[i] % B] += 1;
        }
        #pragma omp barrier
        #pragma omp for
        for (int b = 0; b < B; b++) {
          #pragma omp atomic
          hist[b] += local[b];
        }
      }
    }
  }
  int bad = 0;
  for (int b = 0; b < B; b++)
    if (hist[b] != ref[b]) {
      printf("hist[%d] = %d, expected %d\n", b, hist[b], ref[b]);
      bad = 1;
    }
  return bad;
}
