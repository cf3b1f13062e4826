// Atomic constructs (OpenMP 5.2 15.8.4) whose storage is private to the
// thread: a variable of the region, a private or firstprivate copy, a
// local reached through a pointer in a function.  They are valid OpenMP,
// and gcc's offloading runs them; but a GPU has no atomics on local
// memory (ptxas: "Cannot do atomic on local memory", and the launch
// fails, as seen on an H200), and the CPU device now stops such an atomic
// as the GPU would.  The device library updates local memory plainly (no
// other thread can reach it), shared and global memory atomically.  In a
// one-thread region, in an SPMD loop, in a generic kernel's parallel
// region (with a shared counter beside it), for update and capture, on
// int, char (a compare-and-swap on the word), double and long long.
// RUN: %ompicc -o %t %s && %t
#include <omp.h>

#include "Inputs/check.h"

#pragma omp declare target
static void bump(int *p, int by)
{
#pragma omp atomic
  *p += by;
}
#pragma omp end declare target

int main(void)
{
  int out[4] = {0};
  double dout = 0;
  long long llout = 0;
  char cout = 0;
  int f = 5;
  /* a region of one thread: its own variables */
#pragma omp target map(tofrom : out, dout, llout, cout) firstprivate(f)
  {
    int x = 1;
    double d = 0.5;
    long long ll = 1LL << 40;
    char c = 'a';
#pragma omp atomic
    x += 2;
#pragma omp atomic update
    d *= 4;
#pragma omp atomic
    ll |= 3;
#pragma omp atomic
    c += 2;
    int before;
#pragma omp atomic capture
    before = x++;
    bump(&x, 10);
#pragma omp atomic
    f -= 1;
    out[0] = x, out[1] = before, out[2] = f;
    dout = d, llout = ll, cout = c;
  }
  check_eq("region: x", out[0], 14);
  check_eq("region: capture", out[1], 3);
  check_eq("region: firstprivate", out[2], 4);
  check_eq("region: double", (long)(dout * 10), 20);
  check_eq("region: long long", (long)(llout - (1LL << 40)), 3);
  check_eq("region: char", cout, 'c');

  /* an SPMD loop: a variable of the iteration, and a private copy */
  enum { N = 1000 };
  static int per[N];
  int p = 0;
#pragma omp target teams distribute parallel for map(from : per) private(p)
  for (int i = 0; i < N; i++) {
    int cnt = 0;
    p = i;
#pragma omp atomic
    cnt += i;
    bump(&cnt, 1);
#pragma omp atomic
    p += 1;
    int got;
#pragma omp atomic capture
    {
      got = cnt;
      cnt *= 2;
    }
    per[i] = cnt + got + (p - i); /* 2(i+1) + (i+1) + 1 */
  }
  int bad = 0;
  for (int i = 0; i < N; i++)
    bad += per[i] != 3 * (i + 1) + 1;
  check_eq("loop: wrong elements", bad, 0);

  /* a generic kernel's parallel region: a private variable of each
   * thread beside a counter the team shares */
  int shared_total = 0, private_ok = 0, threads = 0;
#pragma omp target map(tofrom : shared_total, private_ok, threads)
  {
    int counter = 0; /* the team's: on the team's shared stack */
#pragma omp parallel num_threads(8)
    {
      int mine = omp_get_thread_num();
#pragma omp atomic
      mine += 100;
#pragma omp atomic
      counter += 1;
      if (mine == 100 + omp_get_thread_num()) {
#pragma omp atomic
        private_ok++;
      }
#pragma omp master
      threads = omp_get_num_threads();
    }
    shared_total = counter;
  }
  check_eq("parallel: shared counter", shared_total, threads);
  check_eq("parallel: private copies", private_ok, threads);
  return fails != 0;
}
