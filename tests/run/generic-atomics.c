// Atomic updates on each type (int, unsigned, long long, float, double,
// with += and -=) by every thread of every team of a generic kernel.
// RUN: %ompicc -o %t %s && %t
#include <omp.h>
#include <stdio.h>

int main(void)
{
  int i32 = 0, n = 0;
  unsigned u32 = 0;
  long long i64 = 0;
  float f = 0;
  double d = 0;
  int imax = 0, imin = 1000000;
  #pragma omp target teams num_teams(3) thread_limit(64) map(tofrom: i32, u32, i64, f, d, n, imax, imin)
  {
    #pragma omp parallel num_threads(50)
    {
      int t = omp_get_thread_num();
      #pragma omp atomic
      i32 += 1;
      #pragma omp atomic
      u32 += 3u;
      #pragma omp atomic
      i64 += 1LL << 33;
      #pragma omp atomic
      f += 0.5f;
      #pragma omp atomic
      d += 0.25;
      #pragma omp atomic
      n++;
      #pragma omp atomic
      i32 -= 0;
      #pragma omp atomic
      i64 -= 1;
      #pragma omp atomic
      d -= 0.125;
      #pragma omp critical
      imax = imax > t ? imax : t;
      #pragma omp critical
      imin = imin < t ? imin : t;
    }
  }
  int bad = 0;
  if (i32 != n || u32 != 3u * n || i64 != ((long long)n << 33) - n || f != 0.5f * n || d != 0.125 * n)
    bad = 1;
  if (imin != 0 || imax < 0 || imax >= 50)
    bad = 1;
  if (bad)
    printf("n %d i32 %d u32 %u i64 %lld f %g d %g imax %d imin %d\n", n, i32, u32, i64, f, d, imax, imin);
  return bad;
}
