// Variables that only the clauses of a directive inside a target region
// use (num_threads, schedule's chunk, if, reduction) are captured like
// any other use: they are evaluated on the device.
// RUN: %ompicc -o %t %s && %t
#include <omp.h>
#include <stdio.h>

int main(void)
{
  int threads = 0, nt = 40, chunk = 3, cond = 1, hits[100] = {0};
  long sum = 0;
  #pragma omp target map(tofrom: threads, hits)
  {
    #pragma omp parallel num_threads(nt) if(cond)
    {
      #pragma omp master
      threads = omp_get_num_threads();
      #pragma omp for schedule(dynamic, chunk)
      for (int i = 0; i < 100; i++)
        hits[i]++;
    }
  }
  #pragma omp target teams distribute parallel for num_threads(nt) map(tofrom: sum) reduction(+: sum)
  for (int i = 0; i < 1000; i++)
    sum += i;
  int bad = 0;
  for (int i = 0; i < 100; i++)
    bad += hits[i] != 1;
  if (threads != 40 || bad || sum != 499500) {
    printf("threads %d, %d iterations wrong, sum %ld\n", threads, bad, sum);
    return 1;
  }
  return 0;
}
