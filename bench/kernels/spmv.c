/* spmv.c - sparse matrix-vector product (CSR) with nested parallelism:
 * `target teams distribute` over the rows, and in each row a `parallel
 * for reduction` over its nonzeros.  spmv-outer.c is the same program
 * with only the row loop parallel.
 *
 *   spmv SIZE [REPS]       (sizes: ref.h; output: ref.h)
 *
 * OpenMP 4.5 2.10.4 and 2.10.8 (target teams distribute), 2.5 (parallel),
 * 2.7.1 (for), 2.15.3.6 (reduction). */
#include "ref.h"

/* clauses spmv-generic.c adds to the row's parallel for */
#ifndef SPMV_ROW_CLAUSES
#define SPMV_ROW_CLAUSES
#endif

int main(int argc, char **argv)
{
  const BenchSize *sz = bench_size(spmv_sizes, argc > 1 ? argv[1] : "xs");
  int reps = argc > 2 ? atoi(argv[2]) : 1;
  Csr M = spmv_matrix(sz->a, sz->b);
  long rows = M.rows, nnz = M.nnz;
  long *ptr = M.ptr;
  int *col = M.col;
  float *val = M.val, *x = bench_alloc(rows * sizeof *x), *y = bench_alloc(rows * sizeof *y);
  bench_fill(x, rows, 9);
  for (int rep = 0; rep <= reps; rep++) {
    double t0 = bench_now(), t1, t2;
#pragma omp target data map(to : ptr[0:rows + 1], col[0:nnz], val[0:nnz], x[0:rows]) map(from : y[0:rows])
    {
      t1 = bench_now();
#pragma omp target teams distribute
      for (long r = 0; r < rows; r++) {
        float sum = 0;
#pragma omp parallel for reduction(+ : sum) SPMV_ROW_CLAUSES
        for (long e = ptr[r]; e < ptr[r + 1]; e++)
          sum += val[e] * x[col[e]];
        y[r] = sum;
      }
      t2 = bench_now();
    }
    bench_time(rep, t2 - t1, bench_now() - t0);
  }
  int bad = spmv_check(&M, x, y);
  csr_free(&M);
  free(x), free(y);
  return bad;
}
