// gcc's atomic builtins in device code ("Built-in Functions for Memory
// Model Aware Atomic Operations", "Legacy __sync Built-in Functions" in
// gcc's manual): __atomic_load_n, _store_n, _exchange_n,
// _compare_exchange_n and their generic forms, __atomic_fetch_OP and
// __atomic_OP_fetch, __atomic_test_and_set and _clear, the fences, and
// __sync_fetch_and_OP, __sync_OP_and_fetch, the compare-and-swaps and
// __sync_lock_test_and_set/_release.  nvcc has none of them in device
// code ("calling a __host__ function("__atomic_fetch_add_4") from a
// __device__ function"); g++ (the CPU device) has, so only the GPU build
// failed.  Objects of 1, 2, 4 and 8 bytes and pointers (whose arithmetic
// gcc does in bytes), updated by every thread of a league (an SPMD kernel
// and a generic one), and each return value checked in one thread.
// RUN: %ompicc -Wno-sync-nand -o %t %s && %t
#include <limits.h>
#include <string.h>

#include "Inputs/check.h"

enum { N = 2000 };

struct totals {
  int count;
  long long sum;
  unsigned char small; /* wraps: N updates modulo 256 */
  short half;
  unsigned bits;
  int max;
  long long xors;
  char *cursor;
};

#pragma omp declare target
/* the values each builtin returns, in one thread */
static int returns(int *r)
{
  int k = 0, x = 5, e = 5;
  long long y = 1LL << 40;
  unsigned char c = 250;
  short s = -3;
  r[k++] = __atomic_fetch_add(&x, 3, __ATOMIC_SEQ_CST);           /* 5, x 8 */
  r[k++] = __atomic_add_fetch(&x, 2, __ATOMIC_RELAXED);           /* 10 */
  r[k++] = __atomic_fetch_sub(&x, 4, __ATOMIC_ACQ_REL);           /* 10, x 6 */
  r[k++] = __atomic_and_fetch(&x, 3, __ATOMIC_SEQ_CST);           /* 2 */
  r[k++] = __atomic_or_fetch(&x, 8, __ATOMIC_SEQ_CST);            /* 10 */
  r[k++] = __atomic_xor_fetch(&x, 15, __ATOMIC_SEQ_CST);          /* 5 */
  r[k++] = __atomic_nand_fetch(&x, 6, __ATOMIC_SEQ_CST);          /* ~4 */
  r[k++] = __atomic_exchange_n(&x, 42, __ATOMIC_SEQ_CST);         /* ~4, x 42 */
  r[k++] = __atomic_load_n(&x, __ATOMIC_ACQUIRE);                 /* 42 */
  __atomic_store_n(&x, 7, __ATOMIC_RELEASE);
  r[k++] = x;
  r[k++] = __atomic_compare_exchange_n(&x, &e, 9, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST); /* 0 */
  r[k++] = e;                                                     /* 7: what was there */
  r[k++] = __atomic_compare_exchange_n(&x, &e, 9, 1, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED); /* 1 */
  r[k++] = x;                                                     /* 9 */
  r[k++] = (int)(__atomic_fetch_add(&y, 1, __ATOMIC_SEQ_CST) >> 32);     /* 256 */
  r[k++] = __atomic_fetch_add(&c, 10, __ATOMIC_SEQ_CST);         /* 250, c 4 */
  r[k++] = c;
  r[k++] = __atomic_sub_fetch(&s, 5, __ATOMIC_SEQ_CST);          /* -8 */
  int v = 11, got;
  __atomic_load(&v, &got, __ATOMIC_SEQ_CST);
  r[k++] = got;
  int nv = 12, old;
  __atomic_exchange(&v, &nv, &old, __ATOMIC_SEQ_CST);
  r[k++] = old * 100 + v;                                          /* 1112 */
  int want = 12, put = 13;
  int done = __atomic_compare_exchange(&v, &want, &put, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
  r[k++] = done * 100 + v;                                         /* 113 */
  __atomic_store(&v, &nv, __ATOMIC_SEQ_CST);
  r[k++] = v;
  char flag = 0;
  r[k++] = __atomic_test_and_set(&flag, __ATOMIC_SEQ_CST);       /* 0 */
  r[k++] = __atomic_test_and_set(&flag, __ATOMIC_SEQ_CST);       /* 1 */
  __atomic_clear(&flag, __ATOMIC_SEQ_CST);
  r[k++] = flag;
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
  __atomic_signal_fence(__ATOMIC_SEQ_CST);
  r[k++] = __atomic_always_lock_free(sizeof(long long), 0) + __atomic_is_lock_free(sizeof(int), &x);
  r[k++] = __sync_fetch_and_add(&x, 1);                            /* 9 */
  r[k++] = __sync_add_and_fetch(&x, 1);                            /* 11 */
  old = __sync_fetch_and_or(&x, 4);
  r[k++] = old * 100 + x;                                          /* 1115 */
  r[k++] = __sync_and_and_fetch(&x, 6);                            /* 6 */
  r[k++] = __sync_xor_and_fetch(&x, 3);                            /* 5 */
  r[k++] = __sync_fetch_and_nand(&x, 1);                           /* 5, x ~1 */
  r[k++] = x;
  r[k++] = __sync_bool_compare_and_swap(&x, ~1, 20);               /* 1 */
  r[k++] = __sync_bool_compare_and_swap(&x, 0, 21);                /* 0 */
  r[k++] = __sync_val_compare_and_swap(&x, 20, 22);                /* 20 */
  r[k++] = __sync_val_compare_and_swap(&x, 0, 23);                 /* 22 */
  r[k++] = __sync_lock_test_and_set(&x, 30);                       /* 22 */
  __sync_lock_release(&x);
  r[k++] = x;                                                       /* 0 */
  __sync_synchronize();
  double d[4] = {1, 2, 3, 4};
  double *p = d;
  r[k++] = (int)(*__atomic_add_fetch(&p, sizeof(double), __ATOMIC_SEQ_CST)); /* bytes: d[1] */
  return k;
}

/* one thread's share of the league's updates */
static void update(struct totals *t, int i)
{
  __atomic_fetch_add(&t->count, 1, __ATOMIC_RELAXED);
  __sync_fetch_and_add(&t->sum, (long long)i * 1000000);
  __atomic_add_fetch(&t->small, 1, __ATOMIC_SEQ_CST);
  __sync_sub_and_fetch(&t->half, 1);
  __atomic_fetch_or(&t->bits, 1u << (i % 32), __ATOMIC_SEQ_CST);
  int seen = __atomic_load_n(&t->max, __ATOMIC_RELAXED), mine = (i * 37) % 1999;
  while (mine > seen &&
         !__atomic_compare_exchange_n(&t->max, &seen, mine, 1, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED))
    ;
  __sync_fetch_and_xor(&t->xors, (long long)i << 20);
  __atomic_fetch_add(&t->cursor, 3, __ATOMIC_SEQ_CST);
}
#pragma omp end declare target

static void check_totals(const char *what, const struct totals *t, char *base)
{
  long long xors = 0;
  for (int i = 0; i < N; i++)
    xors ^= (long long)i << 20;
  if (t->count != N || t->sum != (long long)N * (N - 1) / 2 * 1000000 ||
      t->small != (unsigned char)N || t->half != -N || t->bits != ~0u ||
      t->max != 1998 || t->xors != xors || t->cursor != base + 3 * N) {
    printf("%s: count %d sum %lld small %d half %d bits %x max %d xors %lld cursor +%ld\n", what,
           t->count, t->sum, t->small, t->half, t->bits, t->max, t->xors,
           (long)(t->cursor - base));
    fails++;
  }
}

int main(void)
{
  int host[64], dev[64];
  int n = returns(host);
  CHECK(n <= 64);
  check_eq("__atomic_fetch_add", host[0], 5);
  check_eq("__atomic_nand_fetch", host[6], ~4);
  check_eq("__atomic_compare_exchange_n fails, expected", host[11], 7);
  check_eq("__sync_fetch_and_or", host[28], 1115);
  memset(dev, 0, sizeof dev);
#pragma omp target map(from: dev)
  returns(dev);
  check_same_values("returns", 0, dev, host, n);

  static char arena[3 * N + 1];
  struct totals t;
  memset(&t, 0, sizeof t);
  t.cursor = arena;
#pragma omp target teams distribute parallel for map(tofrom: t)
  for (int i = 0; i < N; i++)
    update(&t, i);
  check_totals("SPMD", &t, arena);

  memset(&t, 0, sizeof t);
  t.cursor = arena;
#pragma omp target teams num_teams(3) map(tofrom: t)
  {
#pragma omp distribute
    for (int b = 0; b < 4; b++) {
#pragma omp parallel for schedule(dynamic, 7)
      for (int i = b * (N / 4); i < (b + 1) * (N / 4); i++)
        update(&t, i);
    }
  }
  check_totals("generic", &t, arena);
  return fails != 0;
}
