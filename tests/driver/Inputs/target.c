/* A small target program: exits 0 when the results are right, and says
 * where the region ran. */
#include <omp.h>
#include <stdio.h>

int main(void)
{
  int n = 1000, on_host = -1;
  float x[1000], y[1000], a = 2;
  for (int i = 0; i < n; i++)
    x[i] = i, y[i] = 1;
#pragma omp target teams distribute parallel for map(to: x[0:n]) map(tofrom: y[0:n])
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
#pragma omp target map(from: on_host)
  on_host = omp_is_initial_device();
  for (int i = 0; i < n; i++)
    if (y[i] != 2.0f * i + 1)
      return 1;
  printf("ok, %s\n", on_host ? "on the host" : "on a device");
  return 0;
}
