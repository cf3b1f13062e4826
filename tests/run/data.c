// The device data environment: target data with use_device_ptr, enter
// and exit data with reference counts (release, delete), target update
// to/from, map(always), declare target variables and functions, link,
// is_device_ptr with omp_target_alloc'd memory, the device() and if()
// clauses and the omp_target_* routines.  Where the device has memory of
// its own, what stays on the device is checked to stay there.
// RUN: %ompicc -o %t %s && %t
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 64
static int fails;

static void expect(int ok, const char *what)
{
  if (!ok)
    printf("wrong: %s\n", what);
  fails += !ok;
}

#pragma omp declare target
int counter = 10;
double table[N];
static int twice(int x) { return 2 * x; }
#pragma omp end declare target
int linked[N];
#pragma omp declare target link(linked)
int scale = 3;
#pragma omp declare target to(scale)

int main(void)
{
  int dev = omp_get_default_device();
  int host = omp_get_initial_device();
  int own = omp_get_num_devices() > 0 &&
            !(getenv("OMP_TARGET_OFFLOAD") && !strcmp(getenv("OMP_TARGET_OFFLOAD"), "DISABLED"));
  /* copies are visible only where maps do not share the host's storage,
   * as OpenMP allows (4.5 1.4.1) and OMPICC_ZERO_COPY=always asks */
  int copies = own && !(getenv("OMPICC_ZERO_COPY") && !strcmp(getenv("OMPICC_ZERO_COPY"), "always"));
  int a[N];
  for (int i = 0; i < N; i++)
    a[i] = i;

  /* target data + use_device_ptr: the device address reaches a kernel
   * through is_device_ptr */
  int *pa = a;
#pragma omp target data map(tofrom: pa[0:N])
  {
#pragma omp target data use_device_ptr(pa)
    {
#pragma omp target is_device_ptr(pa)
      for (int i = 0; i < N; i++)
        pa[i] += 100;
    }
    expect(!copies || a[5] == 5, "no copy back before the end of target data");
  }
  expect(a[5] == 105, "target data copies back at its end");

  /* enter/exit data, reference counts, update */
  int *e = malloc(N * sizeof *e);
  for (int i = 0; i < N; i++)
    e[i] = i;
#pragma omp target enter data map(to: e[0:N])
#pragma omp target enter data map(to: e[0:N])
  expect(omp_target_is_present(e, dev) || !own, "present after enter data");
#pragma omp target teams distribute parallel for
  for (int i = 0; i < N; i++)
    e[i] *= 2;
#pragma omp target exit data map(from: e[0:N])
  expect(!copies || e[3] == 3, "exit data with a reference left does not copy");
  expect(!own || omp_target_is_present(e, dev), "still present with a reference left");
#pragma omp target update from(e[0:N])
  expect(e[3] == 6, "update from");
  e[3] = 100;
#pragma omp target update to(e[3:1])
#pragma omp target map(always, tofrom: e[0:N])
  e[3] += 1;
  expect(e[3] == 101, "update to, map(always)");
#pragma omp target exit data map(release: e[0:N])
  expect(!own || !omp_target_is_present(e, dev), "released");
#pragma omp target enter data map(alloc: e[0:N])
#pragma omp target enter data map(alloc: e[0:N])
#pragma omp target exit data map(delete: e[0:N])
  expect(!own || !omp_target_is_present(e, dev), "delete drops every reference");

  /* declare target variables and functions, link */
  for (int i = 0; i < N; i++)
    linked[i] = i;
#pragma omp target map(tofrom: linked)
  {
    counter += twice(scale);
    for (int i = 0; i < N; i++) {
      table[i] = i * 0.5;
      linked[i] += counter;
    }
  }
  expect(!own || counter == 10, "declare target variable not copied back implicitly");
#pragma omp target update from(counter, table)
  expect(counter == 16 && table[N - 1] == (N - 1) * 0.5, "declare target variables");
  expect(linked[1] == 17, "declare target link");
#pragma omp target
  linked[0] = 99;
  expect(linked[0] == 99, "declare target link mapped implicitly");
  counter = 1;
#pragma omp target update to(counter)
  int seen = 0;
#pragma omp target map(from: seen)
  seen = counter;
  expect(seen == 1, "update to a declare target variable");

  /* omp_target_alloc and is_device_ptr; omp_target_memcpy */
  if (own) {
    int *d = omp_target_alloc(N * sizeof(int), dev);
    expect(d != NULL, "omp_target_alloc");
    expect(!omp_target_memcpy(d, a, N * sizeof(int), 0, 0, dev, host), "memcpy to device");
#pragma omp target teams distribute parallel for is_device_ptr(d)
    for (int i = 0; i < N; i++)
      d[i] = d[i] + 1;
    int back[N];
    expect(!omp_target_memcpy(back, d, N * sizeof(int), 0, 0, host, dev), "memcpy to host");
    expect(back[0] == 101 && back[N - 1] == N - 1 + 101, "is_device_ptr");
    /* associate_ptr: host array a now has d as its device storage */
    expect(!omp_target_associate_ptr(a, d, N * sizeof(int), 0, dev), "associate_ptr");
    expect(omp_target_is_present(a, dev), "associated is present");
#pragma omp target teams distribute parallel for
    for (int i = 0; i < N; i++)
      a[i] = -a[i];
    expect(a[0] == 100, "associated data not copied to the host");
#pragma omp target update from(a)
    expect(a[0] == -101, "update from associated storage");
    expect(!omp_target_disassociate_ptr(a, dev), "disassociate_ptr");
    omp_target_free(d, dev);
  }

  /* device() and if() */
  int where = -1;
#pragma omp target map(from: where) device(dev)
  where = omp_is_initial_device();
  expect(where == !own, "device(default)");
#pragma omp target map(from: where) if(0)
  where = omp_is_initial_device();
  expect(where == 1, "if(0) runs on the host");
#pragma omp target map(from: where) device(host)
  where = omp_is_initial_device();
  expect(where == 1, "device(initial device) runs on the host");
  int big = N;
#pragma omp target teams distribute parallel for map(tofrom: a) if(target: big > 10)
  for (int i = 0; i < N; i++)
    a[i] = i;
  expect(a[N - 1] == N - 1, "if(target: ...)");
  free(e);
  return fails != 0;
}
