// A team's copy of an array of 64-bit integers that the region only adds
// into with atomic constructs is summed in its two 32-bit words, with
// the carry out of the low word added into the high one
// (devlib-cuda/ompicc-device.h __ompicc_team_atomic,
// transform/team-private.c).  OpenMP 5.2 15.8.4: each update is
// indivisible, their order unspecified; the sums must be exact modulo
// 2^64 whatever the order: operands whose low words carry at every
// update (0xffffffff), negative ones that borrow from the high word,
// x -= e, x = x - e, x = e + x, x--, on long long, unsigned long long,
// long and unsigned long, each crossing 2^32 and 0 within a team.
// RUN: %ompicc -o %t %s && %t
#include "Inputs/check.h"

enum { N = 20000, BLOCK = 500, BINS = 16 };

static unsigned data[N];

int main(void)
{
  long long s[BINS], want_s[BINS];
  unsigned long long u[BINS], want_u[BINS];
  long l[BINS], want_l[BINS];
  unsigned long ul[BINS], want_ul[BINS];
  for (int k = 0; k < BINS; k++) {
    s[k] = want_s[k] = 5000000000LL * (k % 3) - 7;
    u[k] = want_u[k] = 0xfffffff0ull * k;
    l[k] = want_l[k] = -(long)k << 31;
    ul[k] = want_ul[k] = 0xffffffffffffff00ull + k; /* wraps past 2^64 */
  }
  for (int i = 0; i < N; i++) {
    data[i] = (unsigned)(i * 2654435761u) >> 9;
    unsigned b = data[i] % BINS;
    want_s[b] += 0xffffffffLL;
    want_s[(b + 1) % BINS] -= 0x1ffffffffLL;
    want_u[b] += 0xffffffffull + (data[i] & 7);
    want_u[(b + 3) % BINS]--;
    want_l[b] = want_l[b] - (long)(data[i] % 5) * 0x80000001L;
    want_l[(b + 5) % BINS] += 3;
    want_ul[b] = 0x100000001ul + want_ul[b];
  }
  int nblocks = N / BLOCK;
#pragma omp target teams distribute map(tofrom : s, u, l, ul) map(to : data)
  for (int b = 0; b < nblocks; b++) {
#pragma omp parallel for
    for (int i = b * BLOCK; i < (b + 1) * BLOCK; i++) {
      unsigned v = data[i], k = v % BINS;
#pragma omp atomic
      s[k] += 0xffffffffLL;
#pragma omp atomic
      s[(k + 1) % BINS] -= 0x1ffffffffLL;
#pragma omp atomic update
      u[k] += 0xffffffffull + (v & 7);
#pragma omp atomic
      u[(k + 3) % BINS]--;
#pragma omp atomic
      l[k] = l[k] - (long)(v % 5) * 0x80000001L;
#pragma omp atomic
      l[(k + 5) % BINS] += 3;
#pragma omp atomic
      ul[k] = 0x100000001ul + ul[k];
    }
  }
  int bad = 0;
  for (int k = 0; k < BINS; k++) {
    bad += s[k] != want_s[k];
    bad += u[k] != want_u[k];
    bad += l[k] != want_l[k];
    bad += ul[k] != want_ul[k];
  }
  check_eq("64-bit sums: wrong", bad, 0);
  return fails != 0;
}
