/* saxpy.c - the bundled example: y = a*x + y on the default device.
 *
 *   ompicc -O2 -o saxpy examples/saxpy.c && ./saxpy
 *
 * The loop runs on a GPU when one is there, on the host otherwise; the
 * result is checked against a sequential computation either way.
 */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define N (1 << 20)

int main(void)
{
  float a = 2.5f;
  float *x = malloc(N * sizeof *x), *y = malloc(N * sizeof *y);
  if (!x || !y)
    return 1;
  for (int i = 0; i < N; i++) {
    x[i] = (float)i / N;
    y[i] = 1.0f - (float)i / N;
  }

  double t = omp_get_wtime();
#pragma omp target teams distribute parallel for map(to: x[0:N]) map(tofrom: y[0:N])
  for (int i = 0; i < N; i++)
    y[i] = a * x[i] + y[i];
  t = omp_get_wtime() - t;

  int errors = 0;
  for (int i = 0; i < N; i++) {
    float want = a * ((float)i / N) + (1.0f - (float)i / N);
    if (fabsf(y[i] - want) > 1e-5f * fabsf(want) + 1e-6f)
      errors++;
  }
  printf("saxpy of %d floats: %s (%.3f ms; offload devices: %d)\n", N,
         errors ? "WRONG" : "correct", t * 1e3, omp_get_num_devices());
  free(x);
  free(y);
  return errors != 0;
}
