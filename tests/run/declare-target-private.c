// A declare target variable that an enclosing host construct makes private
// (OpenMP 5.2 5.4.3, 5.4.4, 5.8.9): the target region uses the private
// copy, as it would any local (a scalar firstprivate, an array mapped),
// not the device's copy of the global.
// RUN: %ompicc -o %t %s && %t
#include <omp.h>
#include <stdio.h>

int g = 5;
int garr[4] = {1, 2, 3, 4};
#pragma omp declare target(g, garr)

int main(void)
{
  int right = 0, nth = 0;
#pragma omp parallel num_threads(2) firstprivate(g) private(garr) reduction(+: right, nth)
  {
    nth = 1;
    g = 100 + omp_get_thread_num();
    for (int i = 0; i < 4; i++)
      garr[i] = g + i;
    int got = 0, sum = 0;
#pragma omp target map(from: got) map(tofrom: sum)
    {
      got = g;
      for (int i = 0; i < 4; i++)
        sum += garr[i];
    }
    right += got == g && sum == 4 * g + 6;
  }
  /* the global itself is untouched, on the host and on the device */
  int dev = 0;
#pragma omp target map(from: dev)
  dev = g;
  if (right != nth || g != 5 || dev != 5) {
    printf("%d of %d threads saw their copies; g %d, device g %d\n", right, nth, g, dev);
    return 1;
  }
  return 0;
}
