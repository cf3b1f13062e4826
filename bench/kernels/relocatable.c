/* relocatable.c - the other file of bench/run --relocatable
 * (relocatable.h). */
#pragma omp declare target
int bench_relocatable_marker(void) { return 1; }
#pragma omp end declare target
