// RUN: %ompicc -o %t %s && %t
// private and firstprivate on single in target regions (OpenMP 5.2 11.1,
// 5.4.3, 5.4.4): the thread that runs the block has its own copies, the
// firstprivate one starting from the original, and the originals keep
// their values.  In generic kernels the clauses were ignored: the block
// wrote the shared originals (exit status 0, wrong results).  Also in a
// device function (an orphaned single) and on the target region's
// serial code, with a nested parallel region reading the copy.
#include "Inputs/check.h"

#pragma omp declare target
static void orphan(int *out, int base)
{
  int tmp = -1;
#pragma omp single private(tmp)
  {
    tmp = 100 + 1;
#pragma omp parallel for
    for (int i = 0; i < 4; i++)
      out[i] = tmp + base + i;
  }
  out[4] = tmp;
  out[5] = base;
}
#pragma omp end declare target

int main(void)
{
  int r[4] = {0};
#pragma omp target map(tofrom: r)
  {
    int x = 1, y = 2;
#pragma omp parallel num_threads(4) shared(x, y)
    {
#pragma omp single private(x) firstprivate(y)
      {
        x = 50;
        y += 10;
        r[2] = y;
      }
#pragma omp single
      r[3] = x * 100 + y;
    }
    r[0] = x, r[1] = y;
  }
  CHECK(r[0] == 1 && r[1] == 2 && r[2] == 12 && r[3] == 102);

  int out[6] = {0};
#pragma omp target map(tofrom: out)
  orphan(out, 10);
  for (int i = 0; i < 4; i++)
    CHECK(out[i] == 111 + i); /* 101 + 10 + i */
  CHECK(out[4] == -1 && out[5] == 10);
  return fails != 0;
}
