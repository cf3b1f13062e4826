/* vec.c - a library of device functions (declare target, OpenMP 5.2 7.8)
 * for multi-file.test: built with -c, put in a static library. */
#pragma omp declare target
double vec_scale = 2.0;
double dot(const double *x, const double *y, int n)
{
  double s = 0;
  for (int i = 0; i < n; i++)
    s += x[i] * y[i];
  return s * vec_scale;
}
#pragma omp end declare target
