// reduction on an array section whose bounds are known only at run time
// (OpenMP 5.2 5.5.8), in target regions: reduction(+: hist[0:nbins]).
// Such a section has no private copy of constant size; when every use of
// the array in the region updates one element with the reduction's
// operator, ompicc makes each update atomic on the original
// (transform/offload.c atomic_section_reduction), which gives the value
// the private copies would.  Combined constructs (SPMD), target parallel
// for, a parallel for in a target region, collapse, the operators +,
// -, *, | and ^, the forms x op= v, x++,
// --x and x = x op v, a section that starts past 0, and a
// two-dimensional array of rows.  Once a sorry (and still in generic
// kernels: translate/reduction-sections-errors.c).
// RUN: %ompicc -o %t %s && %t 13 5
#include <stdio.h>
#include <stdlib.h>

#include "Inputs/check.h"

#define N 20000

int main(int argc, char **argv)
{
  int nb = argc > 1 ? atoi(argv[1]) : 13, lo = argc > 2 ? atoi(argv[2]) : 5;
  int *hist = calloc(nb + lo, sizeof *hist), *want = calloc(nb + lo, sizeof *want);
  double *w = calloc(nb, sizeof *w);
  unsigned *bits = calloc(nb, sizeof *bits), *flip = calloc(nb, sizeof *flip);
  long *prod = malloc(nb * sizeof *prod);
  int (*rows)[4] = calloc(nb, sizeof *rows);
  for (int b = 0; b < nb; b++)
    prod[b] = 1;
  for (int i = 0; i < N; i++)
    want[lo + (i * 7) % nb] += 2;

#pragma omp target teams distribute parallel for reduction(+: hist[lo:nb], w[0:nb])
  for (int i = 0; i < N; i++) {
    hist[lo + (i * 7) % nb]++;
    hist[lo + (i * 7) % nb] += 1;
    w[i % nb] -= 0.5;
  }
  for (int b = 0; b < nb + lo; b++)
    check_eq("hist", hist[b], want[b]);
  for (int b = 0; b < nb; b++)
    CHECK(w[b] == -0.5 * (N / nb + (b < N % nb)));

#pragma omp target parallel for reduction(|: bits[0:nb]) reduction(^: flip[0:nb])
  for (int i = 0; i < 32 * nb; i++) {
    bits[i % nb] |= 1u << (i / nb);
    flip[i % nb] ^= 3u;
  }
  for (int b = 0; b < nb; b++) {
    check_eq("bits", (long)bits[b], (long)0xffffffffu);
    check_eq("flip", (long)flip[b], 0);
  }

#pragma omp target map(tofrom: prod[0:nb])
  {
#pragma omp parallel for reduction(*: prod[0:nb])
    for (int i = 0; i < 3 * nb; i++)
      prod[i % nb] = prod[i % nb] * 2;
  }
  for (int b = 0; b < nb; b++)
    check_eq("prod", prod[b], 8);

  /* rows of four, collapsed */
#pragma omp target teams distribute parallel for collapse(2) reduction(+: rows[0:nb])
  for (int b = 0; b < nb; b++)
    for (int i = 0; i < nb * 4; i++)
      --rows[i / 4][i % 4];
  for (int b = 0; b < nb; b++)
    for (int j = 0; j < 4; j++)
      check_eq("rows", rows[b][j], -nb);
  free(hist), free(want), free(w), free(bits), free(flip), free(prod), free(rows);
  return fails != 0;
}
