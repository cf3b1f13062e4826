// Static local variables declared in device code and used by a parallel
// region: in the target region's serial code, and in a declare target
// function whose parallel region is orphaned (one copy on the device,
// reached by address, never moved to the shared stack).
// RUN: %ompicc -o %t %s && %t
#include <omp.h>
#include <stdio.h>

#pragma omp declare target
static int calls(void)
{
  static int count;
  #pragma omp parallel num_threads(8)
  {
    #pragma omp atomic
    count++;
  }
  return count;
}
#pragma omp end declare target

int main(void)
{
  int sum = 0, first = 0, second = 0;
  #pragma omp target map(tofrom: sum, first, second)
  {
    static const int weights[4] = {1, 2, 3, 4};
    static int scale = 5;
    #pragma omp parallel for reduction(+: sum) num_threads(16)
    for (int i = 0; i < 100; i++)
      sum += scale * weights[i % 4];
    first = calls();
    second = calls();
  }
  if (sum != 5 * 250 || first != 8 || second != 16) {
    printf("sum %d (want 1250), calls %d %d (want 8 16)\n", sum, first, second);
    return 1;
  }
  return 0;
}
