// #pragma omp requires unified_shared_memory (OpenMP 5.2 8.2.1): the
// directive is the runtime's, not the host compiler's (gcc 12 refuses it);
// the program runs on the devices that reach the host's memory (the CPU
// device does; a GPU with pageable memory access would), where host
// pointers work in regions without maps and a map copies nothing, or else
// on the host.
// A GPU meets it only with pageable memory access (HMM, or a
// Grace Hopper system): an H200 without it refuses, as it must, and the
// program stops under OMP_TARGET_OFFLOAD=MANDATORY.  So does the CPU device
// under the memory check (OMPICC_EMU_CHECK=memory), which stands in for a
// discrete GPU.
// UNSUPPORTED: device-gpu, device-emu-memory
// RUN: %ompicc -o %t %s
// RUN: %t
#include <omp.h>
#include <stdlib.h>

#include "Inputs/check.h"

#pragma omp requires unified_shared_memory

static int counter; /* a global, not declare target */

int main(void)
{
  int n = 256, dev = omp_get_default_device();
  int *a = malloc(n * sizeof *a);
  for (int i = 0; i < n; i++)
    a[i] = i;
  CHECK(omp_target_is_accessible(a, n * sizeof *a, dev));
  /* the pointer and the global as they are: no map */
#pragma omp target teams distribute parallel for
  for (int i = 0; i < n; i++)
    a[i] += 10;
  for (int i = 0; i < n; i++)
    a[i] += 10;
  int sum = 0;
#pragma omp target map(tofrom: sum)
  for (int i = 0; i < n; i++)
    sum += a[i] - i;
  CHECK(sum == 20 * n);
  /* a map is the original storage: a host write after it is seen */
  int x = 1, seen = 0;
#pragma omp target enter data map(to: x)
  x = 2;
#pragma omp target map(from: seen)
  seen = x;
  CHECK(seen == 2);
#pragma omp target exit data map(release: x)
#pragma omp target map(tofrom: counter)
  counter = 5;
  CHECK(counter == 5);
  free(a);
  return fails != 0;
}
