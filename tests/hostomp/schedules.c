/* schedules.c - worksharing loops under every schedule kind, with collapse,
 * nowait, private, firstprivate and lastprivate, checked against the same
 * sums computed sequentially.  The same program built with plain
 * gcc -fopenmp prints the same lines.
 *
 * RUN: %ompicc -O2 -o %t %s && %t > %t.out
 * RUN: gcc -fopenmp -O2 -o %t.gcc %s && %t.gcc > %t.gcc.out
 * RUN: diff %t.out %t.gcc.out
 * RUN: FileCheck %s < %t.out
 * CHECK: static 332833500
 * CHECK: static,7 332833500
 * CHECK: dynamic 332833500
 * CHECK: dynamic,3 332833500
 * CHECK: guided 332833500
 * CHECK: guided,5 332833500
 * CHECK: auto 332833500
 * CHECK: runtime 332833500
 * CHECK: collapse 2 ok
 * CHECK: lastprivate 999
 * CHECK: all ok
 */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1000
static long sq[N];
static int failures;

static void expect(const char *what, long got, long want)
{
  printf("%s %ld\n", what, got);
  if (got != want) {
    fprintf(stderr, "%s: got %ld, expected %ld\n", what, got, want);
    failures++;
  }
}

static long sequential(void)
{
  long s = 0;
  for (int i = 0; i < N; i++)
    s += (long)i * i;
  return s;
}

/* Each iteration writes its own element, so any schedule gives the same
 * array; the sum is then taken sequentially. */
static long total(void)
{
  long s = 0;
  for (int i = 0; i < N; i++)
    s += sq[i], sq[i] = 0;
  return s;
}

static void all_schedules(long want)
{
#pragma omp parallel num_threads(4)
  {
#pragma omp for schedule(static)
    for (int i = 0; i < N; i++)
      sq[i] = (long)i * i;
#pragma omp single
    expect("static", total(), want);
#pragma omp for schedule(static, 7)
    for (int i = 0; i < N; i++)
      sq[i] = (long)i * i;
#pragma omp single
    expect("static,7", total(), want);
#pragma omp for schedule(dynamic)
    for (int i = 0; i < N; i++)
      sq[i] = (long)i * i;
#pragma omp single
    expect("dynamic", total(), want);
#pragma omp for schedule(dynamic, 3)
    for (int i = 0; i < N; i++)
      sq[i] = (long)i * i;
#pragma omp single
    expect("dynamic,3", total(), want);
#pragma omp for schedule(guided)
    for (int i = N - 1; i >= 0; i--)
      sq[i] = (long)i * i;
#pragma omp single
    expect("guided", total(), want);
#pragma omp for schedule(guided, 5)
    for (int i = 0; i < N; i += 1)
      sq[i] = (long)i * i;
#pragma omp single
    expect("guided,5", total(), want);
#pragma omp for schedule(auto)
    for (int i = 0; i < N; i++)
      sq[i] = (long)i * i;
#pragma omp single
    expect("auto", total(), want);
#pragma omp for schedule(runtime)
    for (int i = 0; i < N; i++)
      sq[i] = (long)i * i;
#pragma omp single
    expect("runtime", total(), want);
  }
}

static void collapse_and_clauses(void)
{
  static int grid[40][25];
  int offset = 3, last = -1, scratch;
#pragma omp parallel for collapse(2) firstprivate(offset) private(scratch) schedule(static, 4)
  for (int i = 0; i < 40; i++)
    for (int j = 0; j < 25; j++) {
      scratch = i * 25 + j;
      grid[i][j] = scratch + offset;
    }
  int bad = 0;
  for (int i = 0; i < 40; i++)
    for (int j = 0; j < 25; j++)
      bad += grid[i][j] != i * 25 + j + 3;
  printf("collapse 2 %s\n", bad ? "wrong" : "ok");
  failures += bad != 0;

  int i;
#pragma omp parallel num_threads(3)
  {
#pragma omp for lastprivate(last) nowait
    for (i = 0; i < N; i++)
      last = i;
  }
  expect("lastprivate", last, N - 1);
}

int main(void)
{
  omp_set_schedule(omp_sched_dynamic, 2);
  all_schedules(sequential());
  collapse_and_clauses();
  if (failures)
    return 1;
  puts("all ok");
  return 0;
}
