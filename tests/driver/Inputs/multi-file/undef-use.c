/* undef-use.c - calls undef-dev.c's scale in device code. */
#pragma omp declare target
int scale(int x);
#pragma omp end declare target
int main(void) { int r = 0;
#pragma omp target map(from: r)
  r = scale(3);
  return r != 6; }
