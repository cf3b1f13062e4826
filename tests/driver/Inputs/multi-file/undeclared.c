/* undeclared.c - a function of another file, called in device code but
 * not declared in a declare target directive. */
int helper(int x);
int main(void)
{
  int r = 0;
#pragma omp target map(from: r)
  r = helper(1);
  return r;
}
