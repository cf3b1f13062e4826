// The schedules of the worksharing loops of a generic kernel
// (codegen-cuda/generic.c loop_schedule): a schedule clause's kind and
// chunk as written (OpenMP 5.2 11.5.3: schedule(static) is one block per
// thread); where the implementation chooses, no schedule clause
// (def-sched-var, 2.4.2) and schedule(auto), chunks of one round robin, as
// the SPMD kernels deal them, so that a warp's threads touch consecutive
// elements; a distribute without dist_schedule (11.6.1: the implementation
// chooses) one iteration at a time round robin by teams too, but a
// distribute parallel for, which forks its team once per chunk, one block
// per team.
// tests/run/static-schedules.c checks the static ones at run time.
// RUN: %ompicc-tr --kernels=%t.cu %s -o %t.c
// RUN: FileCheck %s < %t.cu
// RUN: FileCheck --check-prefix=ORPH %s < %t.cu
// RUN: FileCheck --check-prefix=TEAM %s < %t.cu
void f(int n, float *y)
{
#pragma omp target teams map(tofrom: y[0:n])
  {
// CHECK: __ompicc_for_init(&__ompicc_w{{[0-9]+}}, __ompicc_tot{{[0-9]+}}, OMPICC_SCHED_STATIC, 1, 1);
#pragma omp parallel for if (n > 1)
    for (int i = 0; i < n; i++)
      y[i] += 1;
// CHECK: __ompicc_for_init(&__ompicc_w{{[0-9]+}}, __ompicc_tot{{[0-9]+}}, OMPICC_SCHED_STATIC, 0, 1);
#pragma omp parallel for if (n > 1) schedule(static)
    for (int i = 0; i < n; i++)
      y[i] += 2;
// CHECK: __ompicc_for_init(&__ompicc_w{{[0-9]+}}, __ompicc_tot{{[0-9]+}}, OMPICC_SCHED_STATIC, 4, 1);
#pragma omp parallel for if (n > 1) schedule(static, 4)
    for (int i = 0; i < n; i++)
      y[i] += 3;
// CHECK: __ompicc_for_init(&__ompicc_w{{[0-9]+}}, __ompicc_tot{{[0-9]+}}, OMPICC_SCHED_STATIC, 1, 1);
#pragma omp parallel for if (n > 1) schedule(auto)
    for (int i = 0; i < n; i++)
      y[i] += 4;
// CHECK: __ompicc_for_init(&__ompicc_w{{[0-9]+}}, __ompicc_tot{{[0-9]+}}, OMPICC_SCHED_DYNAMIC, 0, 1);
#pragma omp parallel for if (n > 1) schedule(dynamic)
    for (int i = 0; i < n; i++)
      y[i] += 5;
// CHECK: __ompicc_for_init(&__ompicc_w{{[0-9]+}}, __ompicc_tot{{[0-9]+}}, OMPICC_SCHED_RUNTIME, 0, 1);
#pragma omp parallel for if (n > 1) schedule(runtime)
    for (int i = 0; i < n; i++)
      y[i] += 6;
  }
}

void g(int n, float *y)
{
  /* the region function is printed before the kernel that forks it */
// CHECK: __ompicc_for_init(&__ompicc_w{{[0-9]+}}, __ompicc_tot{{[0-9]+}}, OMPICC_SCHED_STATIC, 1, 1);
// CHECK: __ompicc_distribute_init(&__ompicc_w{{[0-9]+}}, __ompicc_tot{{[0-9]+}}, 1);
#pragma omp target teams map(tofrom: y[0:n])
  {
    int k = n / 2;
#pragma omp distribute
    for (int i = 0; i < n; i++) {
#pragma omp parallel for if (k > 1)
      for (int j = 0; j < k; j++)
        y[i] += j;
    }
  }
}

void h(int n, float *y)
{
// CHECK: __ompicc_distribute_init(&__ompicc_w{{[0-9]+}}, __ompicc_tot{{[0-9]+}}, 0);
// CHECK: __ompicc_distribute_init(&__ompicc_w{{[0-9]+}}, __ompicc_tot{{[0-9]+}}, 3);
// CHECK: __ompicc_distribute_init(&__ompicc_w{{[0-9]+}}, __ompicc_tot{{[0-9]+}}, 0);
#pragma omp target teams map(tofrom: y[0:n])
  {
#pragma omp distribute dist_schedule(static)
    for (int i = 0; i < n; i++) {
#pragma omp parallel for if (n > 1)
      for (int j = 0; j < 4; j++)
        y[i] += j;
    }
#pragma omp distribute dist_schedule(static, 3)
    for (int i = 0; i < n; i++) {
#pragma omp parallel for if (n > 1)
      for (int j = 0; j < 4; j++)
        y[i] += j;
    }
#pragma omp distribute parallel for schedule(guided)
    for (int i = 0; i < n; i++)
      y[i] *= 2;
  }
}

// In a region that the workers' loop dispatches (a region of the serial
// code) the loops, their barriers and the reductions pass 1: only the
// workers of the active team run that code, so the library skips its
// tests of a team of one, a serialised region and an SPMD block.  Not in
// a region nested in it, which may be serialised, nor in a device
// function, which anyone may call.
#pragma omp declare target
void orphan(int n, float *y)
{
// ORPH-LABEL: void orphan(
// ORPH: __ompicc_for_init(&__ompicc_w{{[0-9]+}}, __ompicc_tot{{[0-9]+}}, OMPICC_SCHED_STATIC, 1);
// ORPH: __ompicc_for_fini(0);
#pragma omp for
  for (int i = 0; i < n; i++)
    y[i] += 1;
}
#pragma omp end declare target

void k(int n, float *y)
{
// TEAM: #pragma omp parallel for schedule(dynamic) reduction(+: s) (generic-schedules.c:[[@LINE+19]]
// TEAM: __ompicc_for_init(&__ompicc_w{{[0-9]+}}, __ompicc_tot{{[0-9]+}}, OMPICC_SCHED_DYNAMIC, 0);
// TEAM: __ompicc_for_fini(1);
// TEAM: __ompicc_region_reduce(&__ompicc_r_s, s, __ompicc_op_add());
// TEAM: #pragma omp parallel if(n > 1) reduction(+: t) (generic-schedules.c:[[@LINE+8]]
// TEAM: __ompicc_for_init(&__ompicc_w{{[0-9]+}}, __ompicc_tot{{[0-9]+}}, OMPICC_SCHED_GUIDED, 0, 1);
// TEAM: __ompicc_for_fini(0, 1);
// TEAM: __ompicc_team_barrier();
// TEAM: __ompicc_region_reduce(&__ompicc_r_t, t, __ompicc_op_add(), 1);
  int t = 0;
#pragma omp target teams map(tofrom: y[0:n], t)
  {
#pragma omp parallel if (n > 1) reduction(+: t)
    {
#pragma omp for schedule(guided)
      for (int i = 0; i < n; i++)
        y[i] += 1;
#pragma omp barrier
      int s = 0;
#pragma omp parallel for schedule(dynamic) reduction(+: s)
      for (int i = 0; i < n; i++)
        s += i;
      t += s;
      orphan(n, y);
    }
  }
}
