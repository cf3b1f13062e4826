/* so-a.c, so-b.c - a shared library whose files' regions call each
 * other's device functions. */
#pragma omp declare target
int twice(int x) { return 2 * x; }
int thrice(int x); /* so-b.c's */
#pragma omp end declare target
int a_run(int x)
{
  int r = 0;
#pragma omp target map(from: r)
  r = thrice(x) + 1;
  return r;
}
