// Dynamic and guided loops in generic kernels, over many trip counts,
// chunk sizes and team sizes (OpenMP 5.2 11.5.3): every iteration runs
// once; with schedule(dynamic, k) a thread runs whole chunks of k
// iterations (the last one may be shorter), so the thread of iteration i
// is that of i - 1 unless k divides i; with schedule(guided, k) no chunk
// but the last is shorter than k, so no run of one thread's consecutive
// iterations is, but the one holding the last iteration.  The lanes of a
// warp claim their chunks together (devlib-cuda/omp-worksharing.h), so
// the team sizes include partly used warps.  The serial code calls a
// function that writes memory, which keeps the kernel generic.
// RUN: %ompicc -o %t %s && %t
#include <omp.h>
#include <stdio.h>

#include "Inputs/check.h"

#define NMAX 4099

#pragma omp declare target
static int cnt[NMAX], own[NMAX];
static void clear(int n)
{
  for (int i = 0; i < n; i++)
    cnt[i] = 0, own[i] = -1;
}
/* 0, or why the last loop of n iterations in chunks of k broke the rules */
static int verdict(int n, int k, int guided)
{
  int run = 0;
  for (int i = 0; i < n; i++) {
    if (cnt[i] != 1)
      return 1;
    if (i > 0 && own[i] != own[i - 1]) {
      if (!guided && i % k != 0)
        return 2; /* a dynamic chunk was split */
      if (guided && run < k)
        return 3; /* a guided chunk shorter than k that is not the last */
      run = 0;
    }
    run++;
  }
  return 0;
}
#pragma omp end declare target

static const int sizes[] = {0, 1, 5, 31, 32, 33, 100, 1000, NMAX};
static const int chunks[] = {1, 2, 7, 64};
static const int teams[] = {1, 7, 33, 64, 0}; /* 0: no num_threads clause */
#define COUNT(a) (int)(sizeof a / sizeof a[0])

int main(void)
{
  int bad = 0, where[4] = {0};
  #pragma omp target map(tofrom: bad, where) map(to: sizes, chunks, teams)
  {
    for (int t = 0; t < COUNT(teams); t++)
      for (int c = 0; c < COUNT(chunks); c++)
        for (int s = 0; s < COUNT(sizes); s++)
          for (int guided = 0; guided <= 1; guided++) {
            int n = sizes[s], k = chunks[c], threads = teams[t] ? teams[t] : omp_get_max_threads();
            clear(n);
            #pragma omp parallel num_threads(threads)
            {
              if (guided) {
                #pragma omp for schedule(guided, k)
                for (int i = 0; i < n; i++) {
                  #pragma omp atomic
                  cnt[i]++;
                  own[i] = omp_get_thread_num();
                }
              } else {
                #pragma omp for schedule(dynamic, k)
                for (int i = 0; i < n; i++) {
                  #pragma omp atomic
                  cnt[i]++;
                  own[i] = omp_get_thread_num();
                }
              }
            }
            int why = verdict(n, k, guided);
            if (why && !bad) {
              where[0] = threads, where[1] = k, where[2] = n, where[3] = why;
              bad = guided + 1;
            }
          }
  }
  if (bad)
    printf("schedule(%s, %d) over %d iterations on %d threads: %s\n", bad == 2 ? "guided" : "dynamic",
           where[1], where[2], where[0],
           where[3] == 1 ? "an iteration did not run once" : where[3] == 2 ? "a chunk was split"
                                                            : "a chunk shorter than the chunk size");
  CHECK(bad == 0);
  return fails != 0;
}
