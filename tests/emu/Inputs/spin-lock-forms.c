/* Spin locks of other forms than omp-spin-lock.c's, in a parallel region
 * of a generic kernel (the target region's serial code around it), each
 * of 64 threads counting once under the lock.  Argument:
 *   builtin     every thread spins on __sync_val_compare_and_swap until it
 *               has the lock, then counts and releases;
 *   function    the same spin in a device function;
 *   test_lock   the same with omp_test_lock (OpenMP 5.2 18.9.5);
 *   test_good   every thread tries omp_test_lock in a loop, and the one
 *               that got it counts and releases inside the if, then leaves;
 *   break       the same with __atomic_compare_exchange_n;
 *   tas         every thread spins on an atomic capture that sets the
 *               lock to 1 (a test-and-set, OpenMP 5.2 15.8.4) until it
 *               found 0: hangs before sm_70;
 *   tas_good    the same test-and-set, tried inside the loop: right;
 *   lockfree    no lock: every thread adds its 1 with a compare-and-swap
 *               loop that retries with the value it found.
 * The first three hang a GPU before sm_70 (the lanes that spin keep the
 * holder of their warp from going on); the others are right on every
 * GPU: the warp meets again at the end of the if with the lock free, or
 * a lane that lost retries with the winner's value and wins. */
#include <omp.h>
#include <stdio.h>
#include <string.h>

static void acquire(int *l)
{
  while (__sync_val_compare_and_swap(l, 0, 1) != 0)
    ;
}

static void release(int *l)
{
#pragma omp atomic write
  *l = 0;
}

int main(int argc, char **argv)
{
  const char *mode = argc > 1 ? argv[1] : "";
  int lock = 0, count = 0, serial = 0;
  omp_lock_t olock;
#pragma omp target map(tofrom : lock, count, serial) map(alloc : olock)
  {
    omp_init_lock(&olock);
#pragma omp parallel num_threads(64)
    {
      if (!strcmp(mode, "builtin")) {
        while (__sync_val_compare_and_swap(&lock, 0, 1) != 0)
          ;
        count++;
        release(&lock);
      } else if (!strcmp(mode, "function")) {
        acquire(&lock);
        count++;
        release(&lock);
      } else if (!strcmp(mode, "test_lock")) {
        while (!omp_test_lock(&olock))
          ;
        count++;
        omp_unset_lock(&olock);
      } else if (!strcmp(mode, "test_good")) {
        for (;;) {
          if (omp_test_lock(&olock)) {
            count++;
            omp_unset_lock(&olock);
            break;
          }
        }
      } else if (!strcmp(mode, "tas") || !strcmp(mode, "tas_good")) {
        int good = !strcmp(mode, "tas_good"), old, done = 0;
        do {
#pragma omp atomic capture
          {
            old = lock;
            lock = 1;
          }
          if (good && old == 0) {
            count++;
            release(&lock);
            done = 1;
          }
        } while (good ? !done : old != 0);
        if (!good) {
          count++;
          release(&lock);
        }
      } else if (!strcmp(mode, "lockfree")) {
        int old = count, seen;
        __sync_synchronize(); /* the others read it too: all but one lose */
        while ((seen = __sync_val_compare_and_swap(&count, old, old + 1)) != old)
          old = seen;
      } else if (!strcmp(mode, "break")) {
        while (1) {
          int expected = 0;
          if (__atomic_compare_exchange_n(&lock, &expected, 1, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
            count++;
            release(&lock);
            break;
          }
        }
      }
    }
    omp_destroy_lock(&olock);
    serial++;
  }
  printf("count %d of 64, serial code %d\n", count, serial);
  return count != 64 || serial != 1;
}
