/* omp-race.c - a parallel loop whose iterations read what the previous
 * iteration wrote: a data race between the threads of one block
 * (OpenMP 5.2 1.4.1: iterations of a worksharing loop are unordered),
 * for the race check of tests/emu/race-openmp.test.  Argument "ok": each
 * iteration reads only its own element, no race. */
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
  int ok = argc > 1 && !strcmp(argv[1], "ok");
  int a[64], out[64];
#pragma omp target parallel for num_threads(64) map(from : a, out)
  for (int t = 0; t < 64; t++) {
    a[t] = t * t;
    out[t] = t > 0 && !ok ? a[t - 1] : a[t];
  }
  int bad = 0;
  for (int t = 1; t < 64; t++)
    bad += out[t] != (ok ? t * t : (t - 1) * (t - 1));
  printf("%d wrong\n", bad);
  return bad != 0;
}
