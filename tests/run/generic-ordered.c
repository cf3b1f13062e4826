// for ordered with '#pragma omp ordered' blocks in generic kernels: the
// blocks run in the order of the iterations, whatever the schedule, with
// iterations that skip the block, in a combined construct, with collapse,
// and twice in one region.  Each iteration first does an amount of work
// (atomics, where the CPU device switches threads) that varies with its
// number, so that threads reach the block out of order.
// RUN: %ompicc -o %t %s && %t
#include <omp.h>
#include <stdio.h>

#include "Inputs/check.h"

#define N 300

/* seq[0..len) holds the values first + step * k, k = 0, 1, ... */
static void check_seq(const int *seq, int len, int want, int first, int step, int line)
{
  if (len != want) {
    printf("line %d: %d entries, not %d\n", line, len, want);
    fails++;
    return;
  }
  for (int k = 0; k < len; k++)
    if (seq[k] != first + step * k) {
      printf("line %d: entry %d is %d, not %d\n", line, k, seq[k], first + step * k);
      fails++;
      return;
    }
}

#pragma omp declare target
static int busy;
static void work(int i)
{
  for (int r = 0; r < (N - i) % 5 * 70; r++) {
    #pragma omp atomic
    busy++;
  }
}
#pragma omp end declare target

static void schedules(void)
{
  int s1[N], s2[N], s3[N], p1 = 0, p2 = 0, p3 = 0;
  #pragma omp target map(tofrom: s1, s2, s3, p1, p2, p3)
  {
    int k = 2;
    #pragma omp parallel num_threads(70)
    {
      #pragma omp for ordered schedule(dynamic, 3)
      for (int i = 0; i < N; i++) {
        work(i);
        #pragma omp ordered
        s1[p1++] = k * i;
      }
      #pragma omp for ordered schedule(static, 1)
      for (int i = 0; i < N; i++) {
        work(i);
        if (i % 3 == 0) { /* the others skip the block */
          #pragma omp ordered
          {
            s2[p2] = i;
            p2++;
          }
        }
      }
      #pragma omp for ordered
      for (int i = N - 1; i >= 0; i--) {
        work(i);
        #pragma omp ordered
        s3[p3++] = i;
      }
    }
  }
  check_seq(s1, p1, N, 0, 2, __LINE__);
  check_seq(s2, p2, N / 3, 0, 3, __LINE__);
  check_seq(s3, p3, N, N - 1, -1, __LINE__);
}

static void combined(void)
{
  int s[N], p = 0, c[10 * 30], q = 0;
  #pragma omp target parallel for ordered num_threads(33) map(tofrom: s, p)
  for (int i = 0; i < N; i++) {
    work(i);
    #pragma omp ordered
    s[p++] = i;
  }
  check_seq(s, p, N, 0, 1, __LINE__);
  #pragma omp target map(tofrom: c, q)
  {
    #pragma omp parallel for ordered collapse(2) schedule(guided) num_threads(64)
    for (int i = 0; i < 10; i++)
      for (int j = 0; j < 30; j++) {
        work(i * 30 + j);
        #pragma omp ordered
        c[q++] = i * 30 + j;
      }
  }
  check_seq(c, q, 10 * 30, 0, 1, __LINE__);
}

int main(void)
{
  schedules();
  combined();
  return fails != 0;
}
