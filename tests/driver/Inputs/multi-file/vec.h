/* vec.h - what vec.c offers, for the files that call it on the device. */
#pragma omp declare target
extern double vec_scale;
double dot(const double *x, const double *y, int n);
#pragma omp end declare target
