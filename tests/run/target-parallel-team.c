// target parallel over serial code (OpenMP 5.2 10.1, 13.8): every thread
// of the region's team runs the body, and the team has the num_threads
// the program asks for when the device can give them, as with gcc and
// clang; a program that shares its work by omp_get_thread_num() then runs
// on that many threads (an SPMD kernel of a block of num_threads, as
// team-loops.c takes the region; else a generic one).  ompicc ran such a
// region on a kernel of one thread (num_threads being an upper bound), a
// single GPU thread for the whole loop below.
// RUN: %ompicc -o %t %s && %t
#include <omp.h>

#include "Inputs/check.h"

#define N 100000

int main(void)
{
  static double a[N];
  for (int i = 0; i < N; i++)
    a[i] = i % 10;
  int threads = 0, ran = 0;
  double part[16] = {0};
#pragma omp target parallel num_threads(10) map(to : a) map(tofrom : threads, ran, part)
  {
    int t = omp_get_thread_num(), nt = omp_get_num_threads();
    if (t == 0)
      threads = nt;
#pragma omp atomic
    ran++;
    double s = 0;
    for (int i = t; i < N; i += nt) /* the thread's share */
      s += a[i];
    part[t] = s;
  }
  check_eq("threads", threads, 10);
  check_eq("threads that ran the region", ran, threads);
  double sum = 0;
  for (int t = 0; t < 16; t++)
    sum += part[t];
  check_eq("sum", (long)sum, (long)N / 10 * 45);

  /* a loop construct in the region binds to it (11.7): its threads share
   * the iterations (each runs once); and with a reduction */
  static int hits[N];
  long total = 0;
#pragma omp target parallel num_threads(10) map(tofrom : hits)
  {
#pragma omp loop
    for (int i = 0; i < N; i++)
      hits[i] += 1;
#pragma omp loop bind(parallel)
    for (int i = 0; i < N; i++)
      hits[i] += 2;
  }
#pragma omp target parallel num_threads(10) map(tofrom : total)
#pragma omp loop reduction(+ : total)
  for (int i = 0; i < N; i++)
    total += i % 10;
  long bad = 0;
  for (int i = 0; i < N; i++)
    bad += hits[i] != 3;
  check_eq("loop: elements not run once each", bad, 0);
  check_eq("loop: reduction", total, (long)N / 10 * 45);

  /* reduction on target parallel (5.5.8): each thread's copy, in the
   * region's statements and its for, combined into the original */
  long r = 100;
  int team = 0;
#pragma omp target parallel num_threads(16) reduction(+ : r) map(tofrom : team)
  {
    r += omp_get_thread_num();
#pragma omp for
    for (int i = 0; i < 1000; i++)
      r += i;
    if (omp_get_thread_num() == 0)
      team = omp_get_num_threads();
  }
  check_eq("target parallel reduction", r, 100 + 499500L + (long)team * (team - 1) / 2);
  return fails != 0;
}
