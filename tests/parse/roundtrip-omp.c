// OpenMP directives print back in place, their constructs' bodies on the
// following lines; the host compiler runs them the same.
// RUN: %roundtrip --run -I %inputs %s
#include <omp.h>
#include "rt-assert.h"

static int tp = 5;
#pragma omp threadprivate(tp)

#pragma omp declare target
static int device_twice(int x) { return 2 * x; }
#pragma omp end declare target

#pragma omp declare reduction(maxi : int : omp_out = omp_out > omp_in ? omp_out : omp_in) initializer(omp_priv = -1000)

#pragma omp declare simd
static int simd_add(int a, int b) { return a + b; }

int main(void)
{
  int n = 100, sum = 0, a[100], m = -1000;
  for (int i = 0; i < n; i++)
    a[i] = i;
#pragma omp parallel for reduction(+ : sum) num_threads(4) schedule(static, 8)
  for (int i = 0; i < n; i++)
    sum += a[i];
  ASSERT(4950, sum);
#pragma omp parallel num_threads(2) shared(m)
  {
#pragma omp for reduction(maxi : m) nowait
    for (int i = 0; i < n; i++)
      m = a[i] > m ? a[i] : m;
#pragma omp barrier
#pragma omp single
    {
#pragma omp task firstprivate(n) shared(sum)
      sum += 1;
#pragma omp taskwait
    }
  }
  ASSERT(99, m);
  ASSERT(4951, sum);
  int x = 0, y = 0;
#pragma omp parallel for num_threads(3)
  for (int i = 0; i < 30; i++) {
#pragma omp atomic update
    x += 1;
#pragma omp critical(name)
    {
      y += 1;
    }
  }
  ASSERT(30, x);
  ASSERT(30, y);
  int s2 = 0;
#pragma omp simd reduction(+ : s2)
  for (int i = 0; i < 8; i++)
    s2 += simd_add(i, 1);
  ASSERT(36, s2);
  int t = 0;
#pragma omp target map(tofrom : t)
  t = device_twice(21);
  ASSERT(42, t);
#pragma omp target teams distribute parallel for map(tofrom : a[0:n]) map(to : n)
  for (int i = 0; i < n; i++)
    a[i] = device_twice(a[i]);
  ASSERT(198, a[99]);
#pragma omp target data map(tofrom : a[10:20])
  {
#pragma omp target update to(a[10:20])
  }
  ASSERT(5, tp);
  int sec = 0;
#pragma omp parallel sections num_threads(2) reduction(+ : sec)
  {
#pragma omp section
    sec += 1;
#pragma omp section
    sec += 2;
  }
  ASSERT(3, sec);
  return done();
}
