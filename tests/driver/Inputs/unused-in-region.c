/* unused-in-region.c - a target region with a variable that is never
 * read: nvcc would say so ("#177-D", "#550-D") whatever the options; the
 * host compiler says it when asked (-Wall). */
int main(void)
{
  int r = 0;
#pragma omp target map(tofrom: r)
  {
    int unused;
    int set = 0;
    set = 1;
    r = 1;
  }
  return r != 1;
}
