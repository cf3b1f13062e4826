// RUN: %ompicc -o %t %s && %t
// A reduction of a section of one element that does not start the array,
// a[1:1] (OpenMP 5.2 5.5.8), on a generic kernel's parallel region that is
// the file's only one: the private copy is an array of one element, seen
// through a pointer placed one element before it so that the body's
// a[1] is the copy's element.  g++ -O1 (the CPU device) took that pointer
// for one that cannot reach the copy and dropped the body's update: the
// result was 0.  The pointer is now made where the optimiser cannot
// follow it (ompicc-device.h, __ompicc_below).  Keep this file to this
// one region: with others beside it, g++ inlines differently and the
// update survived.
#include "Inputs/check.h"

int main(void)
{
  int a[3] = {0};
#pragma omp target map(tofrom: a)
#pragma omp parallel num_threads(4) reduction(+: a[1:1])
  a[1] += 1;
  CHECK(a[1] >= 1 && a[1] <= 4);
  CHECK(a[0] == 0 && a[2] == 0);
  return fails != 0;
}
