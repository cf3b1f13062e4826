// Variables of a generic kernel's master thread that a parallel region
// shares must be where the workers can reach them: a GPU thread's local
// memory is its own, so the master's locals are moved to shared memory, a
// frame of their own (__ompicc_frame; the shared stack when larger than
// OMPICC_FRAME_MAX), before their address goes to the region.  The
// CPU-executed device cannot tell (one address space for all threads):
// this checks the kernel file.  Covered: a distribute loop's variable, a
// for loop's variable in the master's code, a variable private on target,
// a private global, a local used by a loop construct bound to the teams
// region (OpenMP 5.2 11.7: its teams' threads share the iterations, so
// it forks; found on an H200, where the workers read 0).  Each region
// here reaches its variable by address (through a pointer, a reduction,
// a lastprivate): a scalar a region only reads travels by value and stays
// the master's own (tests/translate/generic-read-only.c).
// RUN: %ompicc-tr --kernels=%t.cu %s -o %t.c
// RUN: FileCheck %s < %t.cu
int g;

void f(int (*a)[16], int n)
{
// CHECK: void __omp_generic_master_locals_c_[[@LINE+1]](
#pragma omp target teams distribute map(from: a[0:8])
  for (int i = 0; i < 8; i++) {
#pragma omp parallel for if(n > 0) /* if: generic, not SPMD (team-loops.c) */
    for (int j = 0; j < 16; j++) {
      const int *row = &i;
      a[*row][j] = *row + j;
    }
  }
// CHECK: int (*__ompicc_gv1_i) = (int (*))__ompicc_frame<[[SITE:[0-9]+]], (sizeof *__ompicc_gv1_i)>();
// CHECK: int (&i) = *__ompicc_gv1_i;
// CHECK: = (void *)&i;
// CHECK: __ompicc_unframe<[[SITE]], (sizeof *__ompicc_gv1_i)>(__ompicc_gv1_i);

// CHECK: void __omp_generic_master_locals_c_[[@LINE+1]](
#pragma omp target map(from: a[0:8]) private(n, g)
  {
    n = 3, g = 4;
#pragma omp for
    for (int i = 0; i < 8; i++) {
#pragma omp parallel for num_threads(2) reduction(+: n, g)
      for (int j = 0; j < 16; j++) {
        const int *row = &i;
        a[*row][j] = *row + j;
        n += 1, g += 2;
      }
    }
  }
// CHECK-DAG: int (&n) = *(int (*))__ompicc_frame<{{[0-9]+}}, (sizeof n)>();
// CHECK-DAG: int (&g) = *(int (*))__ompicc_frame<{{[0-9]+}}, (sizeof g)>();
// CHECK: int (&i) = *__ompicc_gv{{[0-9]+}}_i;
}

void g2(long *t, int n)
{
// CHECK: void __omp_generic_master_locals_c_[[@LINE+1]](
#pragma omp target teams num_teams(4) map(tofrom: t[0:1])
  {
    int z = n;
#pragma omp loop reduction(+: t[0:1]) lastprivate(z)
    for (int i = 0; i < 1024; i++) {
      z = i;
      t[0] += z;
    }
  }
// CHECK: &z = *(decltype(__ompicc_i_z) *)__ompicc_frame<[[Z:[0-9]+]], (sizeof __ompicc_i_z)>();
// CHECK: = (void *)&z;
// CHECK: __ompicc_unframe<[[Z]], (sizeof z)>(&z);
}
