/* A division by zero in a target region: gcc warns once, at the user's
 * line; nvcc, which compiles the same code in the kernel file, says
 * nothing (tests/driver/offload-nvcc.test). */
int main(void)
{
  int out = 0;
#pragma omp target map(tofrom : out)
  out = 3 / 0;
  return out;
}
