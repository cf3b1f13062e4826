/* sum.c - a parallel reduction, linked with main.c. */
long sum(int n)
{
  long s = 0;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < n; i++)
    s += i;
  return s;
}
