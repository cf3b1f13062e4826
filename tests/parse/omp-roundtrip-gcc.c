// The normalised spelling of the OpenMP directives is accepted by the host
// compiler and means the same: print, re-parse, print gives the same text,
// and the printed program computes what the original does.
// RUN: %roundtrip --run -I %S/Inputs %s
#include <omp.h>
#include "rt-assert.h"

typedef struct vec { int len; double *data; } vec_t;

#pragma omp requires atomic_default_mem_order(seq_cst)
#pragma omp declare target
static int dev_twice(int x) { return 2 * x; }
#pragma omp end declare target
static int dev_var;
#pragma omp declare target to(dev_var) device_type(any)

#pragma omp declare reduction(maxi : int : omp_out = omp_out > omp_in ? omp_out : omp_in) initializer(omp_priv = -1)
#pragma omp declare simd uniform(a) linear(i:1) aligned(a:32) simdlen(8) notinbranch
static int at(int *a, int i) { return a[i]; }

int main(void)
{
  int n = 64, i, j, sum = 0, m = -1, x = 0, y = 0, a[64], b[64], c = 1;
  for (i = 0; i < n; i++)
    a[i] = i, b[i] = 0;
#pragma omp parallel if(parallel: n > 10) num_threads(4) default(none) shared(a, n, sum) private(i) proc_bind(close)
  {
#pragma omp for schedule(dynamic, 4) reduction(+:sum) nowait
    for (i = 0; i < n; i++)
      sum += a[i];
  }
  ASSERT(2016, sum);
#pragma omp parallel for schedule(nonmonotonic: guided, 2) reduction(maxi: m) collapse(2) lastprivate(j)
  for (i = 0; i < 8; i++)
    for (j = 0; j < 8; j++)
      m = a[i * 8 + j] > m ? a[i * 8 + j] : m;
  ASSERT(63, m);
  ASSERT(8, j);
  sum = 0;
#pragma omp simd safelen(8) simdlen(4) aligned(a: 16) reduction(+ : sum) linear(x : 2)
  for (i = 0; i < n; i++) {
    sum += at(a, i);
    x += 2;
  }
  ASSERT(2016, sum);
  ASSERT(128, x);
#pragma omp target teams distribute parallel for simd map(to: a[0:n]) map(always, tofrom: b[:n]) thread_limit(64) num_teams(2) if(target: c) defaultmap(tofrom:scalar) dist_schedule(static, 16)
  for (i = 0; i < n; i++)
    b[i] = dev_twice(a[i]);
  ASSERT(126, b[63]);
#pragma omp target data map(tofrom: b[0:n]) device(0)
  {
#pragma omp target update to(b[0:n]) if(target update: c)
#pragma omp target map(tofrom: y)
    y = b[1];
  }
  ASSERT(2, y);
#pragma omp target enter data map(to: a[0:n])
#pragma omp target exit data map(release: a[0:n])
  int s2 = 0;
#pragma omp parallel num_threads(2) shared(s2) firstprivate(x)
  {
#pragma omp single copyprivate(x)
    x = 7;
#pragma omp sections reduction(+: s2)
    {
#pragma omp section
      s2 += x;
#pragma omp section
      s2 += 1;
    }
#pragma omp master
    {
#pragma omp taskgroup task_reduction(+: y)
      {
#pragma omp task in_reduction(+: y) firstprivate(x) if(c) final(0) untied mergeable priority(1) depend(inout: y)
        y += x;
      }
    }
#pragma omp barrier
#pragma omp critical(upd) hint(omp_sync_hint_none)
    x = x;
#pragma omp atomic update seq_cst
    s2 += 0;
#pragma omp atomic read
    y = y;
#pragma omp flush(s2)
#pragma omp flush acq_rel
  }
  ASSERT(8, s2);
  ASSERT(9, y);
  int k = 0;
#pragma omp taskloop simd grainsize(4) reduction(+: k)
  for (i = 0; i < n; i++)
    k += 1;
  ASSERT(64, k);
  k = 0;
#pragma omp parallel for ordered(1) num_threads(2)
  for (i = 0; i < 8; i++) {
#pragma omp ordered depend(sink: i - 1)
    k = k * 2 + 1;
#pragma omp ordered depend(source)
  }
  ASSERT(255, k);
  k = 0;
#pragma omp parallel for simd reduction(inscan, +: k)
  for (i = 0; i < 8; i++) {
    k += a[i];
#pragma omp scan inclusive(k)
    b[i] = k;
  }
  ASSERT(28, b[7]);
#pragma omp parallel master num_threads(2)
  {
#pragma omp taskwait
  }
#pragma omp teams loop bind(teams) num_teams(1)
  for (i = 0; i < n; i++)
    a[i] = 1;
#pragma omp parallel
  {
#pragma omp cancel parallel if(cancel: c == 0)
#pragma omp cancellation point parallel
  }
  return done();
}
