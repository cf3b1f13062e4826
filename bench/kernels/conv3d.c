/* conv3d.c - 3D convolution with a 3x3x3 kernel over an n^3 grid, one
 * combined construct with collapse(3), as a user writes it.
 *
 *   conv3d SIZE [REPS]     (sizes: ref.h; output: ref.h)
 *
 * OpenMP 4.5 2.10.4 (target), 2.15.5 (map), 2.7.1 (collapse). */
#include "ref.h"

int main(int argc, char **argv)
{
  const BenchSize *sz = bench_size(conv3d_sizes, argc > 1 ? argv[1] : "xs");
  int reps = argc > 2 ? atoi(argv[2]) : 1;
  long n = sz->a, n3 = n * n * n;
  float *A = bench_alloc(n3 * sizeof *A), *B = bench_alloc(n3 * sizeof *B);
  bench_fill(A, n3, 1);
  for (int rep = 0; rep <= reps; rep++) {
    double t0 = bench_now(), t1, t2;
#pragma omp target data map(to : A[0:n3]) map(from : B[0:n3])
    {
      t1 = bench_now();
#pragma omp target teams distribute parallel for collapse(3)
      for (long i = 0; i < n; i++)
        for (long j = 0; j < n; j++)
          for (long k = 0; k < n; k++) {
            long p = (i * n + j) * n + k;
            if (i == 0 || j == 0 || k == 0 || i == n - 1 || j == n - 1 || k == n - 1) {
              B[p] = A[p];
            } else {
              float s = 0;
              for (int a = -1; a <= 1; a++)
                for (int b = -1; b <= 1; b++)
                  for (int c = -1; c <= 1; c++)
                    s += (float)((a ? 1 : 2) * (b ? 1 : 2) * (c ? 1 : 2)) *
                         A[((i + a) * n + j + b) * n + k + c];
              B[p] = s * (1.0f / 64);
            }
          }
      t2 = bench_now();
    }
    bench_time(rep, t2 - t1, bench_now() - t0);
  }
  int bad = conv3d_check(A, B, n);
  free(A), free(B);
  return bad;
}
