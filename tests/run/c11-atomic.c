// RUN: %ompicc -o %t %s -latomic && %t
// C11's atomic objects in target regions: each access of an object of
// _Atomic type is one indivisible, sequentially consistent operation
// (C11 6.2.6.1p9, 6.5.16.2p3: x op= e is a read-modify-write; 7.17: the
// generic functions of stdatomic.h).  OpenMP 5.0 and 5.1 (1.7, normative
// references) list C11's atomics among the features they do not
// support, and gcc 12 refuses _Atomic variables in map and reduction
// clauses; ompicc maps them as the objects they are, and the kernel
// file, whose C++ has no _Atomic, calls the device library for each
// access (parser/print.c atomic_access, devlib-cuda/ompicc-device.h
// __ompicc_c11_*).
//  - many threads update the same objects: counts come out exact, for
//    sizes 1, 2, 4 and 8, integers and double, array elements, through a
//    pointer and in a declare target function;
//  - the values of the expressions: x++ the value before, ++x, x op= e
//    and x = e the value after, in C's arithmetic of the two operands
//    (int *= 1.5), conversions to _Bool and pointer steps of elements;
//  - an atomic local of the region (a thread's local memory, which has
//    no atomics on a GPU) and stdatomic.h's functions;
//  - a team's atomic variable that its parallel region's threads update
//    (a generic kernel's shared one).
#include <omp.h>
#include <stdatomic.h>
#include <stdbool.h>

#include "Inputs/check.h"

#define N 2000

#pragma omp declare target
static void bump(_Atomic int *c, int by)
{
  *c += by;
}
#pragma omp end declare target

int main(void)
{
  _Atomic int count = 0;
  _Atomic long sum = 0;
  _Atomic unsigned char wrap = 0;
  _Atomic short down = 0;
  _Atomic double half = 0;
  _Atomic unsigned bits = 0;
  _Atomic int hist[8] = {0};
#pragma omp target teams distribute parallel for map(tofrom : count, sum, wrap, down, half, bits, hist)
  for (int i = 0; i < N; i++) {
    count++;
    ++count;
    count += 2;
    _Atomic int *p = &count;
    (*p) -= 2;
    bump(&count, 1);
    sum += i;
    atomic_fetch_add(&sum, 1);
    wrap++;
    down--;
    half += 0.5;
    bits |= 1u << (i % 32);
    hist[i % 8]++;
  }
  check_eq("count", count, 3 * N);
  check_eq("sum", sum, (long)N * (N - 1) / 2 + N);
  check_eq("wrap (1 byte)", wrap, N % 256);
  check_eq("down (2 bytes)", down, -N);
  check_eq("half (double)", (long)(half * 2), N);
  check_eq("bits", bits, 0xffffffffL);
  for (int k = 0; k < 8; k++)
    check_eq("hist", hist[k], N / 8);

  int got[16] = {0};
  _Atomic int x = 10, m = 10, d = 7;
  _Atomic bool flag = false;
  static int arr[8];
  int *_Atomic ap = 0;
#pragma omp target map(tofrom : got, x, m, d, flag) map(to : arr) map(alloc : ap)
  {
    got[0] = x++;        /* 10, x 11 */
    got[1] = ++x;        /* 12 */
    got[2] = x--;        /* 12, x 11 */
    got[3] = (x += 5);   /* 16 */
    got[4] = (x = 40);   /* 40 */
    got[5] = (m *= 1.5); /* 15: in double, then converted */
    got[6] = (d /= 2.0); /* 3 */
    got[7] = (flag = 5); /* 1 */
    ap = arr;
    ap += 2;
    ap++;
    got[8] = (int)(ap - arr); /* 3 */
    _Atomic int local = 1;
    local <<= 3;
    local |= 1;
    got[9] = local; /* 9 */
    atomic_store(&x, 3);
    got[10] = atomic_load(&x);                 /* 3 */
    got[11] = atomic_exchange(&x, 8);          /* 3, x 8 */
    int expected = 8;
    got[12] = atomic_compare_exchange_strong(&x, &expected, 20); /* 1, x 20 */
    expected = 5;
    got[13] = atomic_compare_exchange_strong(&x, &expected, 30); /* 0, expected 20 */
    got[14] = expected;
    got[15] = x;
  }
  static const int want[16] = {10, 12, 12, 16, 40, 15, 3, 1, 3, 9, 3, 3, 1, 0, 20, 20};
  check_same_values("expression values", 0, got, want, 16);
  check_eq("x after", x, 20);
  check_eq("m after", m, 15);
  check_eq("flag after", flag, 1);

  _Atomic int all = 0;
  int team_counts[4] = {0}, team_threads[4] = {0}, teams = 0;
#pragma omp target teams num_teams(4) map(tofrom : all, team_counts, team_threads, teams)
  {
    _Atomic int mine = 0;
#pragma omp parallel num_threads(8)
    {
      mine += 1;
      all += 1;
      if (omp_get_thread_num() == 0)
        team_threads[omp_get_team_num()] = omp_get_num_threads();
    }
    team_counts[omp_get_team_num()] = mine;
    if (omp_get_team_num() == 0)
      teams = omp_get_num_teams();
  }
  int counted = 0;
  for (int t = 0; t < teams; t++) {
    check_eq("a team's count", team_counts[t], team_threads[t]);
    counted += team_counts[t];
  }
  CHECK(teams >= 1 && teams <= 4);
  check_eq("all", all, counted);
  return fails != 0;
}
