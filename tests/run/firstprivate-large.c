// RUN: %ompicc -o %t %s && %t
// firstprivate objects too large to be kernel parameters: CUDA takes at
// most 4 KiB of them (before CUDA 12.1 on every GPU, and on Pascal and
// older Jetsons with any toolkit), and nvcc refused the kernel ("Formal
// parameter space overflowed", here with CUDA 11.8 for sm_53).  An object
// over 512 bytes, and then the largest others while those passed by value
// exceed 3 KiB, travel as a copy in device memory of the launch's own,
// from which each thread (or the generic kernel's master) makes its copy
// (OpenMP 5.2 5.4.4: initialized from the original at the construct).
// A combined SPMD construct, a generic kernel whose parallel region reads
// the copy, and the original unchanged after both.
#include "Inputs/check.h"

typedef struct { double w[100]; int n; } Cfg; /* 808 bytes */
typedef struct { double v[60]; } Med;         /* 480 bytes */

int main(void)
{
  Cfg cfg;
  for (int i = 0; i < 100; i++)
    cfg.w[i] = i;
  cfg.n = 100;
  int tab[600];
  for (int i = 0; i < 600; i++)
    tab[i] = i % 7;
  Med m1, m2, m3, m4, m5, m6, m7, m8;
  for (int i = 0; i < 60; i++)
    m1.v[i] = m2.v[i] = m3.v[i] = m4.v[i] = m5.v[i] = m6.v[i] = m7.v[i] = m8.v[i] = 1;
  double out[1000];
#pragma omp target teams distribute parallel for map(from: out) \
    firstprivate(cfg, tab, m1, m2, m3, m4, m5, m6, m7, m8)
  for (int i = 0; i < 1000; i++)
    out[i] = cfg.w[(i + 1) % 100] + tab[i % 600] + m1.v[0] + m2.v[1] + m3.v[2] + m4.v[3] +
             m5.v[4] + m6.v[5] + m7.v[6] + m8.v[7];
  double want = 0, got = 0;
  for (int i = 0; i < 1000; i++) {
    want += (i + 1) % 100 + i % 600 % 7 + 8;
    got += out[i];
  }
  CHECK(got == want);

  double g = 0;
#pragma omp target firstprivate(cfg) map(tofrom: g)
  {
    cfg.n = 50; /* the region's copy */
    double part = 0;
#pragma omp parallel for reduction(+: part)
    for (int i = 0; i < cfg.n; i++)
      part += cfg.w[i];
    g = part;
  }
  CHECK(g == 1225);
  CHECK(cfg.n == 100 && cfg.w[99] == 99);
  return fails != 0;
}
