// The allocate directive with an allocator that is not predefined, in
// host code (OpenMP 5.2 6.5): the variables' storage comes from the
// allocator (its alignment trait, or the directive's align clause, shows
// it), they keep their values, later uses (in parallel constructs too,
// shared(x) included, aligned(x) a hint) reach that storage, and it goes
// back at the end of the block, every time the block runs.  An allocator
// that cannot give the storage (a pool too small, null_fb) is a run-time
// error at the directive.
// RUN: %ompicc -o %t %s
// RUN: %t > %t.out && FileCheck --check-prefix=OK %s < %t.out
// RUN: not %t small 2>&1 | FileCheck %s
// OK: passed
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int fails;

static void check(int ok, const char *what)
{
  if (!ok && fails++ < 10)
    printf("FAIL %s\n", what);
}

static int sum_block(omp_allocator_handle_t a, int n)
{
  int v = 42, w[n];
#pragma omp allocate(v, w) allocator(a)
  check(((uintptr_t)&v) % 256 == 0, "alignment trait of v");
  check(((uintptr_t)w) % 256 == 0, "alignment trait of w");
  check(v == 42, "value of v");
  for (int i = 0; i < n; i++)
    w[i] = i;
  check(sizeof w == n * sizeof(int), "sizeof of a variable-length array");
  int total = 0;
#pragma omp parallel for simd reduction(+: total) shared(w) aligned(w: 256)
  for (int i = 0; i < n; i++)
    total += w[i] + v;
  return total;
}

int main(int argc, char **argv)
{
  omp_alloctrait_t traits[1] = {{omp_atk_alignment, 256}};
  omp_allocator_handle_t a = omp_init_allocator(omp_default_mem_space, 1, traits);
  /* the block runs many times: its storage goes back each time (a
   * leak would exhaust the pool of b below long before the end) */
  omp_alloctrait_t pool[2] = {{omp_atk_pool_size, 64 * 1024}, {omp_atk_fallback, omp_atv_null_fb}};
  omp_allocator_handle_t b = omp_init_allocator(omp_default_mem_space, 2, pool);
  for (int k = 0; k < 1000; k++) {
    long big[1000]; /* 8000 bytes */
#pragma omp allocate(big) allocator(b) align(128)
    check(((uintptr_t)big) % 128 == 0, "align clause");
    big[k % 1000] = k;
    check(big[k % 1000] == k, "use of big");
  }
  check(sum_block(a, 100) == 100 * 99 / 2 + 100 * 42, "sum");
  int x = 5, nt = 0;
  {
    int y = 7;
#pragma omp allocate(y) allocator(a)
#pragma omp parallel default(none) shared(y, x, nt) num_threads(4)
    {
#pragma omp atomic
      y += x;
#pragma omp single
      nt = omp_get_num_threads();
    }
    check(y == 7 + nt * 5, "shared y");
  }
  if (argc > 1 && !strcmp(argv[1], "small")) {
    omp_alloctrait_t tiny[2] = {{omp_atk_pool_size, 1024}, {omp_atk_fallback, omp_atv_null_fb}};
    omp_allocator_handle_t c = omp_init_allocator(omp_default_mem_space, 2, tiny);
    char too_big[4096];
// CHECK: allocate-allocator.c:[[@LINE+1]]:9: error: the allocator of the 'allocate' directive cannot give 4096 bytes
#pragma omp allocate(too_big) allocator(c)
    too_big[0] = 1;
    printf("not reached %d\n", too_big[0]);
  }
  omp_destroy_allocator(b);
  omp_destroy_allocator(a);
  printf("%s\n", fails ? "FAILED" : "passed");
  return fails != 0;
}
