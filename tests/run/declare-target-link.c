// declare target link (OpenMP 5.2 7.8.1, the link clause; 5.8.9 implicit map):
// the device reaches the variable through the storage its map makes, and
// a map may make only part of it, an array section sv[k:n].  The image's
// pointer must then hold the address sv[0] would have in that mapping.
// The runtime looked up the variable's first byte only: a section from
// k > 0 left the pointer NULL, and when the variable before it in memory
// was mapped (its mapping ends where sv begins) the pointer went just past
// that variable's device copy, so the device read whatever lay there (the
// CPU device's fill, 0xA5...) instead of the section.  Also: a member of
// a link structure other than its first, a section the region maps while
// another mapping holds another part of the variable (the region's own
// is the one the kernel must see), the pointer set back after each, and
// the same patterns from a declare target function and an SPMD kernel;
// regions of several host threads, whose queues are not ordered with
// each other, once one of them set the pointer.
// RUN: %ompicc -o %t %s && %t
#include "Inputs/check.h"
#include <omp.h>

#define N 64
#define CHUNK 16

int before[N]; /* mapped beside sv: usually just before it in .bss */
int sv[N];
struct Rec {
  double pad[4];
  int x;
};
struct Rec rec;
int after[N];
#pragma omp declare target link(sv, rec)

#pragma omp declare target
static int get(int i) { return sv[i]; }
static void bump(int i) { sv[i] += 100; }
#pragma omp end declare target

int main(void)
{
  int out[N], out2[N];
  for (int i = 0; i < N; i++) {
    before[i] = after[i] = -1;
    sv[i] = i;
    out[i] = out2[i] = -2;
  }

  /* chunks, one region each, next to a mapped neighbour; from a
   * function and from the region's own text */
  for (int k = 0; k < N; k += CHUNK) {
#pragma omp target map(to: sv[k:CHUNK]) map(tofrom: before) map(from: out[k:CHUNK], out2[k:CHUNK])
    for (int i = k; i < k + CHUNK; i++) {
      out[i] = get(i);
      out2[i] = sv[i];
    }
  }
  for (int i = 0; i < N; i++) {
    check_eq("chunk, through a function", out[i], i);
    check_eq("chunk, in the region", out2[i], i);
  }

  /* an SPMD kernel writing a chunk back */
  for (int k = 0; k < N; k += CHUNK) {
#pragma omp target teams distribute parallel for map(tofrom: sv[k:CHUNK]) map(to: before)
    for (int i = k; i < k + CHUNK; i++)
      bump(i);
  }
  for (int i = 0; i < N; i++)
    check_eq("chunk written back", sv[i], i + 100);

  /* another part of sv present all along: the region's own section is
   * the one the kernel must see */
#pragma omp target enter data map(to: sv[0:CHUNK], before)
  for (int k = 2 * CHUNK; k < N; k += CHUNK) {
    for (int i = k; i < k + CHUNK; i++)
      sv[i] = 1000 + i;
#pragma omp target map(to: sv[k:CHUNK]) map(from: out[k:CHUNK])
    for (int i = k; i < k + CHUNK; i++)
      out[i] = get(i);
    for (int i = k; i < k + CHUNK; i++)
      check_eq("section beside a present one", out[i], 1000 + i);
  }
  int first = -1;
#pragma omp target map(from: first)
  first = get(3); /* sv[0:CHUNK] is still there */
  check_eq("the present section again", first, 103);
#pragma omp target exit data map(release: sv[0:CHUNK], before)

  /* a member that is not the structure's first */
  rec.x = 7;
#pragma omp target map(tofrom: rec.x) map(to: after)
  rec.x += 5;
  check_eq("member of a link structure", rec.x, 12);

  /* the whole variable again, implicitly mapped */
  for (int i = 0; i < N; i++)
    sv[i] = 2 * i;
  int sum = 0;
#pragma omp target map(tofrom: sum)
  for (int i = 0; i < N; i++)
    sum += sv[i];
  check_eq("whole variable", sum, N * (N - 1));

  /* regions of several host threads (each its own queue) reading the
   * pointer one of them set */
  int bad = 0;
#pragma omp target data map(to: sv)
#pragma omp parallel num_threads(4) reduction(+: bad)
  for (int rep = 0; rep < 8; rep++) {
    int v = -1, i = (omp_get_thread_num() * 8 + rep) % N;
#pragma omp target map(from: v)
    v = get(i);
    bad += v != 2 * i;
  }
  check_eq("regions of several host threads", bad, 0);
  return fails != 0;
}
