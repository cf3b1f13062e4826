// A thread that waits for another in a loop of atomic reads (OpenMP 5.2
// 15.8.4 atomic read and write): the other thread's write comes, as it
// does on a GPU, where the two warps of a block run side by side.  The
// CPU device ran the waiting thread alone until it reached a barrier or
// a compare-and-swap, and so never came back; an atomic read or write now
// counts among the atomics after which it lets the block's other threads
// run.  The threads are of different warps (one of a warp waiting for
// another of its own hangs before Volta), in a generic kernel's parallel
// region and in an SPMD kernel; only where the team has both threads
// (num_threads is an upper bound).
// RUN: %ompicc -o %t %s && %t
#include <omp.h>

#include "Inputs/check.h"

int main(void)
{
  int flag = 0, seen = -1, threads = 0;
#pragma omp target map(tofrom : flag, seen, threads)
#pragma omp parallel num_threads(64)
  {
    int t = omp_get_thread_num();
    if (t == 0)
      threads = omp_get_num_threads();
    if (omp_get_num_threads() > 32) {
      if (t == 0) {
        int f = 0;
        while (!f) {
#pragma omp atomic read
          f = flag;
        }
        seen = f;
      } else if (t == 32) {
#pragma omp atomic write
        flag = 7;
      }
    }
  }
  if (threads > 32)
    check_eq("generic: the value waited for", seen, 7);

  int done[64] = {0}, team = 0;
  long order = 0;
#pragma omp target teams distribute parallel for num_teams(1) num_threads(64) schedule(static, 1) \
    map(tofrom : done, team, order)
  for (int i = 0; i < 64; i++) {
    int n = omp_get_num_threads();
    if (i == 0)
      team = n;
    if (n == 64 && i == 0) { /* iteration 32 is thread 32's */
      int d = 0;
      while (!d) {
#pragma omp atomic read
        d = done[32];
      }
#pragma omp atomic write
      order = 1;
    } else if (n == 64 && i == 32) {
#pragma omp atomic write
      done[32] = 1;
    }
  }
  if (team == 64)
    check_eq("spmd: thread 0 saw thread 32's write", order, 1);
  return fails != 0;
}
