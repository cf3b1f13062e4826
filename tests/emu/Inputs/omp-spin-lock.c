/* Locks that the threads of a parallel region take with an atomic
 * compare-and-capture (OpenMP 5.2 15.8.4) and release with an atomic
 * write, counting under the lock.  Argument:
 *   all      every thread spins until it has the lock, then counts:
 *            right from sm_70, where the threads of a warp are scheduled
 *            independently; a hang on an older GPU (Jetson Nano, sm_53),
 *            where the spinning lanes keep the holder of their warp from
 *            going on;
 *   inside   every thread tries, and the one that got it counts and
 *            releases inside the loop: right on every GPU (the warp meets
 *            again at the end of the if before it tries again);
 *   leaders  one thread of each group of 32 spins: right on every GPU.
 * On the CPU device each relies on a failed comparison letting the other
 * threads of the block run (cuda-emu.h). */
#include <omp.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
  int lock = 0, count = 0;
  int inside = argc > 1 && !strcmp(argv[1], "inside");
  int leaders = argc > 1 && !strcmp(argv[1], "leaders");
#pragma omp target teams num_teams(2) thread_limit(64) map(tofrom: lock, count)
#pragma omp parallel num_threads(64)
  {
    if (!leaders || omp_get_thread_num() % 32 == 0) {
      int old, done = 0;
      do {
#pragma omp atomic compare capture
        {
          old = lock;
          if (lock == 0) {
            lock = 1;
          }
        }
        if (inside && old == 0) {
          count++;
#pragma omp atomic write
          lock = 0;
          done = 1;
        }
      } while (inside ? !done : old != 0);
      if (!inside) {
        count++;
#pragma omp atomic write
        lock = 0;
      }
    }
  }
  int expected = leaders ? 4 : 128;
  printf("count %d of %d\n", count, expected);
  return count != expected;
}
