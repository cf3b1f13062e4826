// Variables an allocate directive puts in team memory (OpenMP 5.2 6.5;
// 6.4: omp_pteam_mem_alloc, omp_cgroup_mem_alloc, a team being its own
// contention group on the device): one per team, shared by the team's
// parallel regions, in CUDA shared memory in a generic kernel (the kernel
// file declares them __shared__), with their initializers; the host
// fallback keeps C's storage.  Issue 12, case 9.
// RUN: %ompicc -o %t %s
// RUN: %t
// RUN: rm -rf %t.d && mkdir %t.d && cd %t.d && %ompicc -k -c %s
// RUN: FileCheck %s < %t.d/team-memory.kernels.cu
#include "Inputs/check.h"
#include <omp.h>

#define T 64

int main(void)
{
  int out[4][T], nteams = 0;
  for (int k = 0; k < 4; k++)
    for (int t = 0; t < T; t++)
      out[k][t] = -1;
#pragma omp target teams num_teams(4) map(tofrom: out, nteams)
  {
// CHECK: __shared__ int tile[64];
    int tile[T];
#pragma omp allocate(tile) allocator(omp_pteam_mem_alloc)
// CHECK: __shared__ int base; int __ompicc_i_base = omp_get_team_num() * 1000; memcpy(
    int base = omp_get_team_num() * 1000;
#pragma omp allocate(base) allocator(omp_cgroup_mem_alloc)
    if (omp_get_team_num() == 0)
      nteams = omp_get_num_teams();
#pragma omp parallel num_threads(T)
    {
      int t = omp_get_thread_num(), n = omp_get_num_threads();
      tile[t] = base + t;
#pragma omp barrier
      if (n == T)
        out[omp_get_team_num()][t] = tile[(t + 1) % n];
      else /* fewer threads than asked: each its own slot */
        for (int k = t; k < T; k += n)
          out[omp_get_team_num()][k] = base + (k + 1) % T;
    }
  }
  CHECK(nteams >= 1 && nteams <= 4);
  for (int k = 0; k < nteams; k++)
    for (int t = 0; t < T; t++)
      check_eq("a neighbour's slot of the team's tile", out[k][t], k * 1000 + (t + 1) % T);
  return 0;
}
