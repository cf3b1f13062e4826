/* pragma-macro.c - macros in OpenMP pragmas are expanded by cpp -fopenmp. */
#define NT 4
#define SCHED dynamic
#ifndef CHUNK
#define CHUNK 1
#endif
int a[100];
void f(void)
{
#pragma omp parallel for num_threads(NT) schedule(SCHED, CHUNK)
  for (int i = 0; i < 100; i++)
    a[i] = i;
  _Pragma("omp barrier")
}
int openmp_version = _OPENMP;
#ifdef GONE
int gone_is_defined;
#endif
#include "header.h"
