// metadirective at run time (OpenMP 5.2 7.4; target_device is 5.1): the
// variant chosen matches the context on every device this test runs on.
//  - a user condition decided at run time picks a different variant per
//    call, the higher score first;
//  - target_device={kind(gpu)} holds exactly when the default device is
//    not the host, so the region of that variant runs off the host, and
//    the kind(host) variant's on it; device_num(d) asks about device d;
//  - inside a target region the device's traits choose a teams loop,
//    whose result must be whole;
//  - construct={parallel} matches inside a parallel region only.
// RUN: %ompicc -o %t %s
// RUN: %t
#include "Inputs/check.h"
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#define N 1000

/* Do target regions run off the host here? */
static int offloading(void)
{
  const char *o = getenv("OMP_TARGET_OFFLOAD");
  return omp_get_num_devices() > 0 && !(o && !strcmp(o, "DISABLED"));
}

static int chosen(int n)
{
  int which = 0;
#pragma omp metadirective when(user={condition(n > 100)}: parallel num_threads(3)) when(user={condition(score(10): n > 500)}: parallel num_threads(2)) default(parallel num_threads(1))
  {
#pragma omp master
    which = omp_get_num_threads();
  }
  return which;
}

int main(void)
{
  int a[N];
  check_eq("n 50", chosen(50), 1);
  /* a team may have fewer threads than asked, never more */
  CHECK(chosen(200) <= 3 && chosen(200) >= 1);
  CHECK(chosen(800) <= 2 && chosen(800) >= 1);
  if (omp_get_max_threads() >= 3 && !omp_get_dynamic()) {
    check_eq("n 200", chosen(200), 3);
    check_eq("n 800", chosen(800), 2);
  }

  for (int d = -1; d < omp_get_num_devices(); d++) {
    int dev = d < 0 ? omp_get_default_device() : d;
    int on_host = -1, kind = 0;
#pragma omp metadirective when(target_device={device_num(dev), kind(nohost)}: target device(dev) map(from: on_host, kind)) when(target_device={device_num(dev), kind(host)}: target device(dev) map(from: on_host, kind) if(1))
    {
      on_host = omp_is_initial_device();
      kind = 1;
    }
    check_eq("a variant ran", kind, 1);
    /* which variant cannot be seen from inside, but both agree with the
       device: the region runs where the selector said it would */
    int host_dev = dev == omp_get_initial_device() || omp_get_num_devices() == 0;
    check_eq("ran on the host", on_host, host_dev || !offloading());
  }

  int gpu_variant = 0;
#pragma omp metadirective when(target_device={kind(gpu)}: target map(tofrom: gpu_variant)) default(target map(tofrom: gpu_variant) if(0))
  gpu_variant = !omp_is_initial_device();
  check_eq("kind(gpu) variant off the host", gpu_variant, offloading());

  for (int i = 0; i < N; i++)
    a[i] = -1;
#pragma omp target map(tofrom: a)
  {
#pragma omp metadirective when(device={kind(host)}: parallel for) when(device={kind(nohost), arch(nvptx)}: teams distribute parallel for num_teams(4))
    for (int i = 0; i < N; i++)
      a[i] = 2 * i;
  }
  for (int i = 0; i < N; i++)
    if (a[i] != 2 * i) {
      check_eq("teams loop", a[i], 2 * i);
      break;
    }

  int count[N] = {0};
#pragma omp parallel num_threads(4)
  {
#pragma omp metadirective when(construct={parallel}: for) default(single)
    for (int i = 0; i < N; i++) {
#pragma omp atomic
      count[i]++;
    }
  }
  for (int i = 0; i < N; i++)
    if (count[i] != 1) {
      check_eq("each iteration once", count[i], 1);
      break;
    }
  return fails != 0;
}
