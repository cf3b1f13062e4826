/* spmv-outer.c - the sparse matrix-vector product of spmv.c with only the
 * row loop parallel (one thread per row, its nonzeros in sequence): the
 * program spmv.c's nested parallelism is measured against.
 *
 *   spmv-outer SIZE [REPS]   (sizes: ref.h; output: ref.h)
 *
 * OpenMP 4.5 2.10.4 and 2.22.5 (target teams distribute parallel for). */
#include "ref.h"

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
#pragma omp target teams distribute parallel for
      for (long r = 0; r < rows; r++) {
        float sum = 0;
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
