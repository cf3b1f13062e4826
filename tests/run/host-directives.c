// The directives of OpenMP 5.0 and 5.1 that older host compilers ignore
// or refuse, in host code and in a target region (its host fallback, or
// the kernel): masked (OpenMP 5.2 10.5) and its combined forms (17.3),
// scope (11.2), loop (11.7) and its combined forms, order(concurrent)
// (11.3), error (8.5), nothing (8.4).  Each check fails if a directive
// is ignored (every thread doing the work of one) or misread.  Built with
// the default host compiler here, and with older ones by
// tests/driver/host-compilers.test (transform/host-compat.c lowers what
// each lacks).
// RUN: %ompicc -o %t %s && %t 2> %t.err && FileCheck %s < %t.err
// (and order's 5.1 modifiers, 11.3; flush seq_cst, 15.8.5; affinity, a
// hint, 12.5.1)
// CHECK: error directive encountered: from every thread
#include <omp.h>
#include <stdio.h>

#define N 100

static int fails;

static void check(const char *what, long got, long want)
{
  if (got != want) {
    printf("%s: %ld, want %ld\n", what, got, want);
    fails++;
  }
}

int main(void)
{
  int masked_runs = 0, masked_thread = -1, filter_runs = 0, filter_thread = -1;
  int task_iters = 0, scope_sum = 0, scope_nowait = 0, p = 7;
  int loop_iters = 0, thread_iters = 0, team_size = 0;
  static char hits[4][N], own[4][N]; /* per thread: the iterations it ran */
  long psum = 0;
  int a[N];
  for (int i = 0; i < N; i++)
    a[i] = i;

#pragma omp parallel num_threads(4)
  {
#pragma omp masked
    {
#pragma omp atomic
      masked_runs++;
      masked_thread = omp_get_thread_num();
    }
#pragma omp masked filter(2)
    {
#pragma omp atomic
      filter_runs++;
      filter_thread = omp_get_thread_num();
    }
#pragma omp masked taskloop grainsize(10)
    for (int i = 0; i < N; i++) {
#pragma omp atomic
      task_iters++;
    }
#pragma omp scope private(p) reduction(+ : scope_sum)
    {
      p = omp_get_thread_num(); /* each thread's own */
      scope_sum += 1;
    }
#pragma omp scope nowait
    {
#pragma omp atomic
      scope_nowait++;
    }
    int t = omp_get_thread_num(); /* no OpenMP calls in a loop region */
#pragma omp loop
    for (int i = 0; i < N; i++)
      hits[t][i] = 1;
#pragma omp loop bind(thread)
    for (int i = 0; i < N; i++)
      own[t][i] = 1;
#pragma omp error at(execution) severity(warning) message("from every thread")
#pragma omp nothing
  }
  for (int t = 0; t < 4; t++)
    for (int i = 0; i < N; i++)
      loop_iters += hits[t][i], thread_iters += own[t][i];
  check("masked: runs", masked_runs, 1);
  check("masked: thread", masked_thread, 0);
  check("masked filter(2): runs", filter_runs, 1);
  check("masked filter(2): thread", filter_thread, 2);
  check("masked taskloop: iterations", task_iters, N);
  check("scope: reduction", scope_sum, 4);
  check("scope: private p unchanged", p, 7);
  check("scope nowait: runs", scope_nowait, 4);
  check("loop: iterations", loop_iters, N);
  check("loop bind(thread): iterations", thread_iters, 4 * N);

  filter_runs = 0, filter_thread = -1;
#pragma omp parallel masked num_threads(4) filter(1)
  {
    filter_runs++;
    filter_thread = omp_get_thread_num();
    team_size = omp_get_num_threads();
  }
  check("parallel masked: runs", filter_runs, 1);
  check("parallel masked: thread", filter_thread, 1);
  check("parallel masked: team", team_size, 4);

  task_iters = 0;
#pragma omp parallel masked taskloop num_threads(3) reduction(+ : task_iters) default(none)
  for (int i = 0; i < N; i++)
    task_iters++;
  check("parallel masked taskloop: iterations", task_iters, N);

#pragma omp parallel loop num_threads(4) reduction(+ : psum)
  for (int i = 0; i < N; i++)
    psum += a[i];
  check("parallel loop: sum", psum, N * (N - 1) / 2);

  int each[N] = {0};
#pragma omp teams loop num_teams(2)
  for (int i = 0; i < N; i++)
    each[i] += 1; /* twice if both teams ran it */
  loop_iters = 0;
  for (int i = 0; i < N; i++)
    loop_iters += each[i] == 1;
  check("teams loop: iterations run once", loop_iters, N);

  psum = 0;
#pragma omp parallel for order(concurrent) reduction(+ : psum)
  for (int i = 0; i < N; i++)
    psum += a[i];
  check("parallel for order(concurrent): sum", psum, N * (N - 1) / 2);
  psum = 0;
#pragma omp parallel for order(reproducible : concurrent) reduction(+ : psum)
  for (int i = 0; i < N; i++)
    psum += a[i];
  check("parallel for order(reproducible: concurrent): sum", psum, N * (N - 1) / 2);

  /* a worksharing construct in a scope (not allowed in a for); flush
   * seq_cst; a task's affinity (a hint) */
  int shared_iters = 0, after = 0, flag = 0, affine = 0;
#pragma omp parallel num_threads(4)
  {
#pragma omp scope
    {
#pragma omp for reduction(+ : shared_iters)
      for (int i = 0; i < N; i++)
        shared_iters++;
    }
#pragma omp masked
    {
      flag = 1;
#pragma omp flush seq_cst
#pragma omp task affinity(a[0 : N]) shared(affine)
      affine = a[N - 1];
    }
#pragma omp barrier
#pragma omp atomic
    after += flag;
  }
  check("for in scope: iterations", shared_iters, N);
  check("flush seq_cst: flag seen", after, 4);
  check("task affinity: ran", affine, N - 1);

  /* in a target region: the kernel, or the host fallback */
  int t_masked = 0, t_scope = 0, t_loop = 0, t_each[N] = {0};
#pragma omp target parallel num_threads(4) map(tofrom : t_masked, t_scope, t_each)
  {
#pragma omp masked filter(1)
    t_masked += 1 + omp_get_thread_num();
#pragma omp scope reduction(+ : t_scope)
    t_scope++;
#pragma omp loop
    for (int i = 0; i < N; i++)
      t_each[i] += 1;
  }
  for (int i = 0; i < N; i++)
    t_loop += t_each[i] == 1;
  check("target: masked filter(1)", t_masked, 2);
  check("target: scope reduction", t_scope, 4);
  check("target: loop iterations", t_loop, N);

  if (!fails)
    printf("passed\n");
  return fails != 0;
}
