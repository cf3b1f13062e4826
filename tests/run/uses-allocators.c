// Allocators in target regions (OpenMP 5.2 chapter 6): uses_allocators on
// target (6.8) in its 5.0 form, alloc(traits), and its 5.2 form with the
// memspace and traits modifiers, whose allocators the region makes at its
// start and destroys at its end, usable by every thread of the region;
// predefined allocators in uses_allocators and in allocate clauses of
// target (on firstprivate) and of parallel (on private) in the region
// (6.6); the allocate directive with a predefined allocator and align
// (6.5), which GCC 12 does not take, in a target region and in host code.
// RUN: %ompicc -o %t %s && %t
// (a host gcc before 11 lacks the allocate clause in host code: README, Host compilers)
// UNSUPPORTED: host-gcc-before-11
#include <omp.h>
#include <stdint.h>

#include "Inputs/check.h"

int main(void)
{
  int sum = 0, aligned = 0, over_pool = 0, worker_ok = 0, second = 0, dir_aligned = 0;
  int x = 5, priv_ok = 0;
  omp_alloctrait_t traits[] = {{omp_atk_alignment, 128},
                               {omp_atk_pool_size, 4096},
                               {omp_atk_fallback, omp_atv_null_fb}};
  const omp_alloctrait_t align256[1] = {{omp_atk_alignment, 256}};
  omp_allocator_handle_t mine, other;

  #pragma omp target uses_allocators(omp_cgroup_mem_alloc, mine(traits)) \
      allocate(omp_cgroup_mem_alloc: x) firstprivate(x) \
      map(tofrom: sum, aligned, over_pool, worker_ok, dir_aligned, priv_ok)
  {
    int *p = (int *)omp_alloc(100 * sizeof(int), mine);
    aligned = p != NULL && (uintptr_t)p % 128 == 0;
    over_pool = omp_alloc(8192, mine) == NULL; /* null_fb beyond the pool */
    for (int i = 0; i < 100; i++)
      p[i] = i + x;
    #pragma omp parallel num_threads(4) reduction(+: worker_ok)
    {
      int *q = (int *)omp_alloc(8, mine); /* the region's allocator, in any thread */
      worker_ok += q != NULL && (uintptr_t)q % 128 == 0;
      omp_free(q, mine);
    }
    for (int i = 0; i < 100; i++)
      sum += p[i];
    omp_free(p, mine);
    double v[8];
    #pragma omp allocate(v) allocator(omp_pteam_mem_alloc) align(64)
    dir_aligned = (uintptr_t)v % 64 == 0;
    int t;
    #pragma omp parallel num_threads(3) private(t) allocate(omp_thread_mem_alloc: t) \
        reduction(+: priv_ok)
    {
      t = omp_get_thread_num();
      priv_ok += t == omp_get_thread_num();
    }
  }
  check_eq("sum of the allocator's block", sum, 4950 + 500);
  check_eq("alignment trait", aligned, 1);
  check_eq("pool_size with null_fb", over_pool, 1);
  check_eq("threads that allocated from the region's allocator", worker_ok, 4);
  check_eq("allocate directive align(64)", dir_aligned, 1);
  check_eq("threads whose allocate'd private copy was theirs", priv_ok, 3);

  /* 5.2 form, with a memory space */
  #pragma omp target uses_allocators(memspace(omp_default_mem_space), traits(align256): other) \
      map(tofrom: second)
  {
    double *d = (double *)omp_alloc(10 * sizeof(double), other);
    second = d != NULL && (uintptr_t)d % 256 == 0;
    omp_free(d, other);
  }
  check_eq("uses_allocators(memspace(...), traits(...): a)", second, 1);

  /* the directive in host code */
  char host[24];
  #pragma omp allocate(host) allocator(omp_default_mem_alloc) align(32)
  check_eq("host allocate directive align(32)", (uintptr_t)host % 32, 0);
  return fails != 0;
}
