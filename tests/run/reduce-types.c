// reduction with every operator (+ * - max min & | ^ && ||) on int,
// long, unsigned, float and double, under target teams distribute
// parallel for (the whole grid), target parallel for (one team) and
// target teams distribute (one thread per team); each result compared
// with the same loop run sequentially on the host.  The values are
// chosen so that floating-point sums are exact in any order.
// RUN: %ompicc -o %t %s && %t
// (a host gcc before 11 lacks && and || reductions of floating types: README, Host compilers)
// UNSUPPORTED: host-gcc-before-11
#include <stdio.h>

#define N 3000
static int fails;

#define PRAGMA(x) _Pragma(#x)

/* One reduction loop: v starts at init, each iteration does v = step. */
#define LOOP(T, CONSTRUCT, op, init, step)                                     \
  {                                                                            \
    T v = init, e = init;                                                      \
    PRAGMA(omp CONSTRUCT reduction(op: v))                                     \
    for (int i = 1; i <= N; i++)                                               \
      step;                                                                    \
    for (int i = 1; i <= N; i++) {                                             \
      T v = e;                                                                 \
      step;                                                                    \
      e = v;                                                                   \
    }                                                                          \
    if (v != e) {                                                              \
      printf("%s %s reduction(%s): %g, expected %g\n", #CONSTRUCT, #T, #op,    \
             (double)v, (double)e);                                            \
      fails++;                                                                 \
    }                                                                          \
  }

#define ARITH(T, CONSTRUCT)                                                    \
  LOOP(T, CONSTRUCT, +, 3, v += (T)(i % 7))                                    \
  LOOP(T, CONSTRUCT, -, 5, v -= (T)(i % 5))                                    \
  LOOP(T, CONSTRUCT, *, 1, v *= (T)(i % 500 == 0 ? 2 : 1))                     \
  LOOP(T, CONSTRUCT, max, 2, v = (T)((i * 37) % 1001) > v ? (T)((i * 37) % 1001) : v) \
  LOOP(T, CONSTRUCT, min, 900, v = (T)((i * 37) % 1001 + 3) < v ? (T)((i * 37) % 1001 + 3) : v) \
  LOOP(T, CONSTRUCT, &&, 1, v = v && i > 0)                                    \
  LOOP(T, CONSTRUCT, ||, 0, v = v || i == N / 2)                               \
  LOOP(T, CONSTRUCT, &&, 1, v = v && i != 77)

#define BITS(T, CONSTRUCT)                                                     \
  LOOP(T, CONSTRUCT, &, (T)~(T)0, v &= (T)(i | 0x1100))                        \
  LOOP(T, CONSTRUCT, |, 0, v |= (T)i)                                          \
  LOOP(T, CONSTRUCT, ^, 0x55, v ^= (T)(i * 3))

#define ALL(CONSTRUCT)                                                         \
  ARITH(int, CONSTRUCT) BITS(int, CONSTRUCT)                                   \
  ARITH(long, CONSTRUCT) BITS(long, CONSTRUCT)                                 \
  ARITH(unsigned, CONSTRUCT) BITS(unsigned, CONSTRUCT)                         \
  ARITH(float, CONSTRUCT) ARITH(double, CONSTRUCT)

static void grid(void) { ALL(target teams distribute parallel for) }
static void block(void) { ALL(target parallel for) }
static void teams(void) { ALL(target teams distribute) }
static void simd(void) { ALL(target teams distribute parallel for simd) }

int main(void)
{
  grid();
  block();
  teams();
  simd();
  /* several reductions of different types in one construct */
  long s = 0;
  double d = 1;
  unsigned char c = 0;
  short m = -1;
#pragma omp target teams distribute parallel for reduction(+: s, c) reduction(*: d) reduction(max: m)
  for (int i = 0; i < N; i++) {
    s += i;
    c += 1;
    d *= i % 1000 == 0 ? 0.5 : 1;
    m = i % 300 > m ? i % 300 : m;
  }
  if (s != (long)N * (N - 1) / 2 || c != (unsigned char)N || d != 0.125 || m != 299) {
    printf("mixed reductions: %ld %d %g %d\n", s, c, d, m);
    fails++;
  }
  return fails != 0;
}
