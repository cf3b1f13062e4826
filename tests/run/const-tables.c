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
//   device.  A table that is not const still comes back.
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
  return fails != 0;
}
