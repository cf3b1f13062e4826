// max and min reductions start each private copy from the least and the
// greatest value of the item's type (OpenMP 5.2 5.5.5), never from a
// read of the original, which other teams may be updating: all-negative
// values, extremes of each type, originals that win and that lose; SPMD
// and generic kernels.
// RUN: %ompicc -o %t %s
// RUN: %t
#include "Inputs/check.h"
#include <limits.h>

#define N 1000

#define CASE(T, INIT_MAX, INIT_MIN, VALUE, WANT_MAX, WANT_MIN)                              \
  {                                                                                         \
    T mx = INIT_MAX, mn = INIT_MIN;                                                         \
    _Pragma("omp target teams distribute parallel for reduction(max: mx) reduction(min: mn)") \
    for (int i = 0; i < N; i++) {                                                           \
      T v = VALUE;                                                                          \
      mx = v > mx ? v : mx;                                                                 \
      mn = v < mn ? v : mn;                                                                 \
    }                                                                                       \
    CHECK(mx == (T)(WANT_MAX) && mn == (T)(WANT_MIN));                                      \
    T gx = INIT_MAX, gn = INIT_MIN;                                                         \
    _Pragma("omp target map(tofrom: gx, gn)")                                               \
    {                                                                                       \
      _Pragma("omp parallel for num_threads(8) reduction(max: gx) reduction(min: gn)")      \
      for (int i = 0; i < N; i++) {                                                         \
        T v = VALUE;                                                                        \
        gx = v > gx ? v : gx;                                                               \
        gn = v < gn ? v : gn;                                                               \
      }                                                                                     \
    }                                                                                       \
    CHECK(gx == (T)(WANT_MAX) && gn == (T)(WANT_MIN));                                      \
  }

int main(void)
{
  /* all values below zero; the originals lose */
  CASE(int, INT_MIN, INT_MAX, -5 - i, -5, -5 - (N - 1))
  CASE(double, -1e300, 1e300, -0.5 * i - 3, -3, -0.5 * (N - 1) - 3)
  CASE(float, -1e30f, 1e30f, -(float)i, 0, -(float)(N - 1))
  CASE(long long, LLONG_MIN, LLONG_MAX, (long long)i * -1000000000LL, 0, (long long)(N - 1) * -1000000000LL)
  /* the originals win */
  CASE(int, 5000, -5000, i, 5000, -5000)
  CASE(unsigned, 0u, 0u, 7u + (unsigned)i, 7u + N - 1, 0u)
  CASE(short, SHRT_MIN, SHRT_MAX, (short)(i - 500), N - 1 - 500, -500)
  CASE(unsigned char, 0, 255, (unsigned char)(i % 200 + 10), 209, 10)
  CASE(signed char, -128, 127, (signed char)(-(i % 100)), 0, -99)
  /* extremes of the type as values */
  CASE(unsigned long long, 0ull, ULLONG_MAX, i == 7 ? ULLONG_MAX : (unsigned long long)i, ULLONG_MAX, 0ull)
  CASE(int, 0, 0, i == 3 ? INT_MIN : (i == 4 ? INT_MAX : 0), INT_MAX, INT_MIN)
  return 0;
}
