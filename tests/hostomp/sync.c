/* sync.c - critical (plain and named), atomic (update, read, write,
 * capture), locks (simple and nested) and flush: the counts must equal
 * the number of updates made.
 *
 * RUN: %ompicc -O1 -o %t %s && %t > %t.out
 * RUN: gcc -fopenmp -O1 -o %t.gcc %s && %t.gcc > %t.gcc.out
 * RUN: diff %t.out %t.gcc.out
 * RUN: FileCheck %s < %t.out
 * CHECK: critical 4000 named 2000
 * CHECK: atomic 4000 captured 4000 distinct
 * CHECK: locks 4000 nested 8000
 * CHECK: flush ok
 * CHECK: all ok
 */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define PER_THREAD 1000
#define THREADS 4
static int failures;

static void critical(void)
{
  long plain = 0, named = 0;
#pragma omp parallel num_threads(THREADS)
  for (int i = 0; i < PER_THREAD; i++) {
#pragma omp critical
    plain++;
    if (i % 2 == 0) {
#pragma omp critical(other_lock)
      named += 1;
    }
  }
  printf("critical %ld named %ld\n", plain, named);
  failures += plain != THREADS * PER_THREAD || named != THREADS * PER_THREAD / 2;
}

static void atomics(void)
{
  int count = 0, seen_max = 0;
  static char taken[THREADS * PER_THREAD];
#pragma omp parallel num_threads(THREADS)
  for (int i = 0; i < PER_THREAD; i++) {
    int mine;
#pragma omp atomic
    count += 1;
#pragma omp atomic capture
    mine = seen_max++;
    taken[mine] = 1; /* each captured value is unique */
    int r;
#pragma omp atomic read
    r = count;
    (void)r;
  }
  int distinct = 0;
  for (int i = 0; i < THREADS * PER_THREAD; i++)
    distinct += taken[i];
  int written;
#pragma omp atomic write
  written = distinct;
  printf("atomic %d captured %d %s\n", count, written,
         written == THREADS * PER_THREAD ? "distinct" : "repeated");
  failures += count != THREADS * PER_THREAD || written != THREADS * PER_THREAD;
}

static void locks(void)
{
  omp_lock_t lock;
  omp_nest_lock_t nest;
  long a = 0, b = 0;
  omp_init_lock(&lock);
  omp_init_nest_lock(&nest);
#pragma omp parallel num_threads(THREADS)
  for (int i = 0; i < PER_THREAD; i++) {
    omp_set_lock(&lock);
    a++;
    omp_unset_lock(&lock);
    omp_set_nest_lock(&nest);
    omp_set_nest_lock(&nest); /* taken twice by the same thread */
    b += 2;
    omp_unset_nest_lock(&nest);
    omp_unset_nest_lock(&nest);
  }
  omp_destroy_lock(&lock);
  omp_destroy_nest_lock(&nest);
  printf("locks %ld nested %ld\n", a, b);
  failures += a != THREADS * PER_THREAD || b != 2 * THREADS * PER_THREAD;
}

/* One thread publishes data then a flag; the other waits for the flag. */
static void flush(void)
{
  int data = 0, flag = 0, got = -1;
#pragma omp parallel num_threads(2)
  {
    if (omp_get_num_threads() < 2) {
      data = 7, got = 7; /* one thread only: nothing to synchronise */
    } else if (omp_get_thread_num() == 0) {
      data = 7;
#pragma omp flush
#pragma omp atomic write
      flag = 1;
    } else {
      int f = 0;
      while (!f) {
#pragma omp atomic read
        f = flag;
      }
#pragma omp flush
      got = data;
    }
  }
  printf("flush %s\n", got == 7 ? "ok" : "wrong");
  failures += got != 7;
}

int main(void)
{
  critical();
  atomics();
  locks();
  flush();
  if (failures)
    return 1;
  puts("all ok");
  return 0;
}
