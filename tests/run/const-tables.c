// Arrays whose length comes from their initializer (C11 6.7.9p22), and
// const tables, used in target regions without a map clause.
//
// - In the region, such an array has the length its initializer gave it:
//   sizeof works on it (the kernel once declared it with an empty bound,
//   an incomplete type, and the kernel file did not compile).
// - A const object cannot change in the region (C11 6.7.3p6), so its
//   implicit map (OpenMP 5.2 5.8.9: tofrom for an aggregate) copies
//   nothing back: a static const table lives in read-only memory, which
//   the copy back wrote, and the program died with SIGSEGV on the CPU
//   device.  A table that is not const still comes back.  The same for
//   an explicit map(tofrom:) of a const table, and for a table const
//   through its typedef (const on an array type is its elements',
//   C11 6.7.3p9).
// - An array whose typedef leaves its length to the initializer
//   (typedef int T[]; T x = {..}) has that length in the region too.
//
// In an SPMD kernel, a one-thread kernel and a generic one (the serial
// code calls a function that writes memory).
// RUN: %ompicc -o %t %s && %t
#include <stdio.h>

#include "Inputs/check.h"

static const int primes[] = {2, 3, 5, 7, 11, 13, 17};
static const int grid[][3] = {{1, 2, 3}, {4, 5, 6}};
static const struct { int a, b; } pair = {40, 2};
int squares[] = {0, 1, 4, 9, 16};
static const char word[] = "offload";
typedef double row2[][2];
static const row2 coords = {{1, 2}, {3, 4}, {5, 6}};
typedef int open_list[];
open_list odds = {1, 3, 5, 7};

#pragma omp declare target
static int calls;
static void note(void) { calls++; }
#pragma omp end declare target

int main(void)
{
  const double weights[] = {0.5, 0.25, 0.25};
  int sum[7] = {0}, lens[6] = {0};

  /* SPMD: one thread per element */
  #pragma omp target teams distribute parallel for map(tofrom: sum)
  for (int i = 0; i < (int)(sizeof primes / sizeof primes[0]); i++)
    sum[i] = primes[i] * (int)(sizeof grid / sizeof grid[0]) + grid[1][2];
  for (int i = 0; i < 7; i++)
    check_eq("sum[i]", sum[i], (long)(2 * (long)(int[]){2, 3, 5, 7, 11, 13, 17}[i] + 6));

  /* one thread: the lengths, a non-const table written, a const struct */
  #pragma omp target map(tofrom: lens)
  {
    lens[0] = sizeof primes / sizeof *primes;
    lens[1] = sizeof squares / sizeof *squares;
    lens[2] = sizeof word;
    lens[3] = (int)(sizeof weights / sizeof weights[0]);
    lens[4] = pair.a + pair.b;
    for (int i = 0; i < 5; i++)
      squares[i] += 100; /* not const: comes back */
  }
  check_eq("length of primes", lens[0], 7);
  check_eq("length of squares", lens[1], 5);
  check_eq("length of word", lens[2], 8);
  check_eq("length of weights", lens[3], 3);
  check_eq("pair", lens[4], 42);
  check_eq("squares[4]", squares[4], 116);

  /* generic: a parallel region reads the tables */
  double total = 0;
  #pragma omp target map(tofrom: total)
  {
    note();
    #pragma omp parallel for reduction(+: total)
    for (int i = 0; i < (int)(sizeof weights / sizeof weights[0]); i++)
      total += weights[i] * primes[i] + (double)(sizeof word);
  }
  check_eq("total * 4", (long)(total * 4), (long)((0.5 * 2 + 0.25 * 3 + 0.25 * 5 + 24) * 4));
  CHECK(primes[6] == 17 && word[0] == 'o' && weights[0] == 0.5);

  /* explicit tofrom maps of const tables; typedef'd tables */
  int got[4] = {0};
  open_list evens = {0, 2, 4};
  #pragma omp target map(tofrom: primes, coords, got) map(tofrom: word[0:4])
  {
    got[0] = primes[3] + word[1];
    got[1] = (int)(sizeof coords / sizeof coords[0]) * 10 + (int)coords[2][1];
    got[2] = (int)(sizeof odds / sizeof odds[0]) * 10 + odds[3];
    got[3] = (int)(sizeof evens / sizeof evens[0]) * 10 + evens[2];
    odds[0] = 11; /* not const: comes back */
  }
  check_eq("primes and word", got[0], 7 + 'f');
  check_eq("coords", got[1], 36);
  check_eq("odds", got[2], 47);
  check_eq("evens", got[3], 34);
  check_eq("odds[0]", odds[0], 11);
  return fails != 0;
}
