#pragma omp declare target
int thrice(int x) { return 3 * x; }
int twice(int x); /* so-a.c's */
#pragma omp end declare target
int b_run(int x)
{
  int r = 0;
#pragma omp target map(from: r)
  r = twice(x) + 2;
  return r;
}
