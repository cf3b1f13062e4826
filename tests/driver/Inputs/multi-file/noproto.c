/* noproto.c - a function of another file declared without a prototype:
 * device code (C++) would call scale() with no parameters. */
#pragma omp declare target
int scale();
#pragma omp end declare target
int main(void)
{
  int r = 0;
#pragma omp target map(from: r)
  r = scale(3);
  return r;
}
