// __func__ in a target region is the name of the function the construct
// is in (C11 6.4.2.2: "as if ... static const char __func__[] =
// "function-name";" right after the function's opening brace), and so
// are GNU C's __FUNCTION__ and __PRETTY_FUNCTION__ (the same in C; glibc's
// assert passes the latter): not the name of the kernel the region becomes.
// In a generic kernel's serial code and parallel region, an SPMD loop,
// a region in another function, and a declare target function (its own).
// RUN: %ompicc -o %t %s && %t
#include <omp.h>
#include <string.h>

#include "Inputs/check.h"

enum { LEN = 32 };

#pragma omp declare target
static void put_name(char *to, const char *name)
{
  int i = 0;
  for (; name[i] && i < LEN - 1; i++)
    to[i] = name[i];
  to[i] = 0;
}
static void named(char *to) { put_name(to, __func__); }
#pragma omp end declare target

static void elsewhere(char names[LEN])
{
#pragma omp target map(from: names[0:LEN])
  put_name(names, __FUNCTION__);
}

int main(void)
{
  char names[7][LEN] = {{0}};
#pragma omp target map(tofrom: names)
  {
    put_name(names[0], __func__);
#pragma omp parallel num_threads(2)
    if (omp_get_thread_num() == 1)
      put_name(names[1], __PRETTY_FUNCTION__);
    named(names[2]);
  }
#pragma omp target teams distribute parallel for map(tofrom: names)
  for (int i = 3; i < 5; i++)
    put_name(names[i], __func__);
  elsewhere(names[5]);
  put_name(names[6], sizeof __func__ == 5 ? "five" : "other");
  const char *want[7] = {"main", "main", "named", "main", "main", "elsewhere", "five"};
  for (int i = 0; i < 7; i++)
    if (strcmp(names[i], want[i]) != 0) {
      printf("names[%d] = '%s', expected '%s'\n", i, names[i], want[i]);
      fails++;
    }
  return fails != 0;
}
