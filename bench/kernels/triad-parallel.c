/* triad-parallel.c - triad.c's loop as `target parallel for`, the form
 * of many programs written for OpenMP 4.0.  OpenMP runs it as one team,
 * which is one block of a GPU; its loop cannot tell how many threads the
 * team has, so ompicc runs it on the whole grid (transform/offload.c,
 * team_blind), and bench/run measures it against the same hand-written
 * CUDA as triad.  Measured once as one block of 128 threads: 52.9 ms for
 * 16 Mi floats, 0.072 ms on the grid (H200, bench/README.md).
 *
 *   triad-parallel SIZE [REPS]   (sizes: ref.h; output: ref.h)
 *
 * OpenMP 5.2 10.1 (parallel), 13.8 (target), 17.3 (combined constructs). */
#define TRIAD_CONSTRUCT omp target parallel for
#include "triad.c"
