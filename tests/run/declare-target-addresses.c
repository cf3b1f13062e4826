// Declare target variables whose initializers give addresses (OpenMP 5.2
// 7.8.1, declare target: the device copy of a variable is initialized as
// the original is, once per device): on the device a pointer initialized
// with &x points at the device's x, one initialized with a string or a
// compound literal at the device's copy of it, so that what a kernel
// reads through them is device memory, and a later target update of x
// is seen through the pointer.  The host's value, a host address, was
// copied over the device's when the image was loaded: a GPU then read
// host memory (the CPU device's memory check, emu-memory, faults on it).
// A pointer the program changes on the host before the first construct
// is copied, as any other declare target variable.
// RUN: %ompicc -o %t %s && %t
#include <string.h>

#include "Inputs/check.h"

struct point { int x, y; };

#pragma omp declare target
int x = 5;
int *px = &x;
const char *word = "device";
struct point *origin = &(struct point){3, 4};
int *table[2] = {&x, 0};
int *moved = 0;
#pragma omp end declare target

int other = 9;
#pragma omp declare target to(other)

int main(void)
{
  moved = &other; /* the host's choice, before any construct: copied */
  int r[6] = {0};
#pragma omp target map(from: r)
  {
    r[0] = *px;
    r[1] = (int)strlen(word) * 10 + (word[0] == 'd');
    r[2] = origin->x * 10 + origin->y;
    r[3] = *table[0];
    r[4] = moved ? 1 : 0;
  }
  check_eq("pointer to a device variable", r[0], 5);
  check_eq("string", r[1], 61);
  check_eq("compound literal", r[2], 34);
  check_eq("array of pointers", r[3], 5);
  check_eq("host-set pointer", r[4], 1);
  x = 6;
#pragma omp target update to(x)
#pragma omp target map(from: r)
  r[5] = *px + *table[0];
  check_eq("pointer after an update", r[5], 12);
  return fails != 0;
}
