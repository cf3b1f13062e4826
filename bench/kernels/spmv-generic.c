/* spmv-generic.c - spmv.c's sparse matrix-vector product with the row's
 * `parallel for` forked only for rows of more than 8 nonzeros (an `if`
 * clause, as a user writes to spare short rows the fork), which deals
 * those nonzeros in guided chunks.  The guided schedule keeps the region
 * a generic kernel (a master thread per team runs the row loop and forks
 * the team for each row, doc/DEVLIB.md; an `if`, or chunks of a dynamic
 * schedule, no longer do, transform/team-loops.c), so that bench/run and
 * bench/sass measure the generic kernels against the same hand-written
 * CUDA as spmv.c.
 *
 *   spmv-generic SIZE [REPS]   (sizes: ref.h; output: ref.h)
 *
 * OpenMP 5.2 3.4 and 10.2 (the if clause of parallel), 11.5.3 (schedule). */
#define SPMV_ROW_CLAUSES if (ptr[r + 1] - ptr[r] > 8) schedule(guided)
#include "spmv.c"
