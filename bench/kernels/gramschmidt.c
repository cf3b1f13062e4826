/* gramschmidt.c - QR factorisation by modified Gram-Schmidt (PolyBench's
 * computation): for each column k, a norm by a reduction, a column scaled,
 * and the later columns projected out; three combined constructs per
 * column inside one `target data`, the norm brought back to the host.
 *
 *   gramschmidt SIZE [REPS]   (sizes: ref.h; output: ref.h)
 *
 * OpenMP 4.5 2.10.1 (target data), 2.15.3.6 (reduction), 2.15.5 (map). */
#include "ref.h"

int main(int argc, char **argv)
{
  const BenchSize *sz = bench_size(gramschmidt_sizes, argc > 1 ? argv[1] : "xs");
  int reps = argc > 2 ? atoi(argv[2]) : 1;
  long m = sz->a, n = sz->b;
  float *A0 = bench_alloc(m * n * sizeof *A0), *A = bench_alloc(m * n * sizeof *A),
        *Q = bench_alloc(m * n * sizeof *Q), *R = bench_alloc(n * n * sizeof *R);
  gramschmidt_init(A0, m, n);
  for (int rep = 0; rep <= reps; rep++) {
    memcpy(A, A0, m * n * sizeof *A);
    memset(R, 0, n * n * sizeof *R);
    double t0 = bench_now(), t1, t2;
#pragma omp target data map(to : A[0:m * n]) map(from : Q[0:m * n]) map(tofrom : R[0:n * n])
    {
      t1 = bench_now();
      for (long k = 0; k < n; k++) {
        float nrm = 0;
#pragma omp target teams distribute parallel for reduction(+ : nrm)
        for (long i = 0; i < m; i++)
          nrm += A[i * n + k] * A[i * n + k];
        float rkk = sqrtf(nrm);
#pragma omp target teams distribute parallel for
        for (long i = 0; i < m; i++)
          Q[i * n + k] = A[i * n + k] / rkk;
#pragma omp target teams distribute parallel for
        for (long j = k; j < n; j++) {
          if (j == k) {
            R[k * n + k] = rkk;
          } else {
            float sum = 0;
            for (long i = 0; i < m; i++)
              sum += Q[i * n + k] * A[i * n + j];
            R[k * n + j] = sum;
            for (long i = 0; i < m; i++)
              A[i * n + j] -= Q[i * n + k] * sum;
          }
        }
      }
      t2 = bench_now();
    }
    bench_time(rep, t2 - t1, bench_now() - t0);
  }
  int bad = gramschmidt_check(A0, Q, R, m, n);
  free(A0), free(A), free(Q), free(R);
  return bad;
}
