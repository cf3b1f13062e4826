// A parallel region inside a declare-target function called from a
// target region, with serial code around the call.
// RUN: %ompicc -o %t %s && %t
#include <omp.h>
#include <stdio.h>

#pragma omp declare target
static void fill(int *v, int n, int scale)
{
  int s = scale;
  #pragma omp parallel for num_threads(64)
  for (int i = 0; i < n; i++)
    v[i] = i * s;
}

static int count_threads(void)
{
  int c = 0;
  #pragma omp parallel num_threads(40)
  {
    #pragma omp atomic
    c++;
  }
  return c;
}
#pragma omp end declare target

int main(void)
{
  int v[500], threads = 0, before = 0;
  #pragma omp target map(from: v, threads, before) thread_limit(64)
  {
    before = omp_in_parallel();
    fill(v, 500, 3);
    threads = count_threads();
  }
  int bad = before != 0;
  for (int i = 0; i < 500; i++)
    if (v[i] != 3 * i) {
      printf("v[%d] = %d\n", i, v[i]);
      bad = 1;
      break;
    }
  /* the host fallback may give fewer than 40 threads */
  if (threads < 1 || threads > 40) {
    printf("threads = %d\n", threads);
    bad = 1;
  }
  return bad;
}
