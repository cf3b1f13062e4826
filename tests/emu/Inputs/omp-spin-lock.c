/* A lock that the threads of a parallel region take with an atomic
 * compare-and-capture loop (OpenMP 5.2 15.8.4) and release with an
 * atomic write.  Every thread spins on it, lanes of one warp among them:
 * right from sm_70, where a warp's threads are scheduled independently,
 * and a hang on an older GPU (Jetson Nano, sm_53).  With an argument,
 * only one thread of each group of 32 takes the lock, which is right on
 * every GPU. */
#include <omp.h>
#include <stdio.h>

int main(int argc, char **argv)
{
  int lock = 0, count = 0, leaders = argc > 1;
#pragma omp target teams num_teams(2) thread_limit(64) map(tofrom: lock, count)
#pragma omp parallel num_threads(64)
  {
    if (!leaders || omp_get_thread_num() % 32 == 0) {
      int old;
      do {
#pragma omp atomic compare capture
        {
          old = lock;
          if (lock == 0) {
            lock = 1;
          }
        }
      } while (old != 0);
      count++;
#pragma omp atomic write
      lock = 0;
    }
  }
  int expected = leaders ? 4 : 128;
  printf("count %d of %d\n", count, expected);
  return count != expected;
}
