/* multi-file.h - included by multi-file.c and Inputs/multi-file-lib.c: a
 * C99 inline function in device code of both files (each kernel file
 * keeps its own; multi-file-lib.c holds the external definition). */
#pragma omp declare target
inline int plus_one(int x) { return x + 1; }
#pragma omp end declare target
