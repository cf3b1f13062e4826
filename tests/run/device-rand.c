// Pseudo-random numbers in device code: C's rand and srand (C11
// 7.22.2), POSIX's rand_r, random, srandom and the drand48 family, which
// were an error there ("function 'rand' is called in device code but has
// no definition").  The device library has glibc's generators, so a seed
// gives the device the host's sequence: the host (its C library) and the
// device must agree value for value.  The device's state is its own,
// shared by all its threads as C's is by a program's: rand called by 256
// threads of a team after one srand must hand out the sequence's first
// 256 values, each once.
// RUN: %ompicc -o %t %s && %t
#include <stdlib.h>
#include <string.h>
#include <omp.h>

#include "Inputs/check.h"

enum { OUT = 160, SHARED = 256 };

#pragma omp declare target
/* every generator from a given seed, after the states as they are
 * before any seeding (as srand(1), and 0 for the 48 family) */
static int sequences(int *r)
{
  int k = 0;
  for (int i = 0; i < 5; i++)
    r[k++] = rand(); /* unseeded: as srand(1) */
  r[k++] = (int)lrand48(); /* unseeded: glibc's first state */
  r[k++] = (int)(drand48() * 1e9);
  const unsigned seeds[] = {0, 1, 7, 12345, 4000000000u};
  for (int s = 0; s < 5; s++) {
    srand(seeds[s]);
    for (int i = 0; i < 8; i++)
      r[k++] = rand();
    unsigned state = seeds[s];
    for (int i = 0; i < 6; i++)
      r[k++] = rand_r(&state);
    r[k++] = (int)state;
    srandom(seeds[s] + 1);
    r[k++] = (int)random();
    r[k++] = (int)random();
  }
  srand(99);
  for (int i = 0; i < 400; i++) /* far along: the discarded 310 and the ring wrapped */
    rand();
  r[k++] = rand();
  srand48(20261127);
  r[k++] = (int)lrand48();
  r[k++] = (int)mrand48();
  r[k++] = (int)(drand48() * 1e9);
  r[k++] = drand48() < 1.0 && drand48() >= 0.0;
  unsigned short x[3] = {0x330e, 0xabcd, 0x1234};
  r[k++] = (int)(erand48(x) * 1e9);
  r[k++] = (int)nrand48(x);
  r[k++] = (int)jrand48(x);
  r[k++] = x[0] ^ x[1] << 8 ^ x[2] << 16;
  return k;
}
#pragma omp end declare target

static int by_value(const void *a, const void *b)
{
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

int main(void)
{
  int host[OUT], dev[OUT];
  /* the device first: without offloading, its state is the host's */
  memset(dev, 0, sizeof dev);
#pragma omp target map(from: dev)
  sequences(dev);
  srand(1); /* the host's states as before any seeding */
  seed48((unsigned short[3]){0, 0, 0});
  int n = sequences(host);
  CHECK(n <= OUT);
  check_eq("rand_r(&7) first", host[7 + 2 * 17 + 8], rand_r(&(unsigned){7}));
  check_same_values("sequence", 0, dev, host, n);

  /* one srand, then a value for each of 256 threads of a team */
  int shared[SHARED], want[SHARED];
  srand(2026);
  for (int i = 0; i < SHARED; i++)
    want[i] = rand();
#pragma omp target map(from: shared)
  srand(2026);
#pragma omp target teams num_teams(1) thread_limit(SHARED) map(from: shared)
#pragma omp parallel num_threads(SHARED)
  {
    int t = omp_get_thread_num(), v = rand();
    if (omp_get_num_threads() == SHARED)
      shared[t] = v;
    else if (t == 0)
      for (int i = 0; i < SHARED; i++)
        shared[i] = -1;
  }
  if (shared[0] != -1) { /* a team of 256 threads */
    qsort(shared, SHARED, sizeof *shared, by_value);
    qsort(want, SHARED, sizeof *want, by_value);
    check_same_values("rand from 256 threads, sorted", 0, shared, want, SHARED);
  }
  return fails != 0;
}
