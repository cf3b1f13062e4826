// interop (OpenMP 5.2 14.1) and the interop routines (18.12): init makes
// an object of the device (omp_interop_none on the host), whose
// targetsync property is the device's stream (the CUDA module's
// CUstream) and whose foreign runtime is CUDA; a property of another type
// or out of range says so in its return code; use and destroy wait for
// the stream, destroy gives back omp_interop_none; depend orders init
// after earlier tasks and the object's use before later ones.
// RUN: %ompicc -o %t %s
// RUN: %t
#include "Inputs/check.h"
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#define N 256

static int offloading(void)
{
  const char *o = getenv("OMP_TARGET_OFFLOAD");
  return omp_get_num_devices() > 0 && !(o && !strcmp(o, "DISABLED"));
}

int main(void)
{
  int dev = omp_get_default_device();
  omp_interop_t obj = omp_interop_none;
  int a[N];
  for (int i = 0; i < N; i++)
    a[i] = i;
#pragma omp target map(tofrom: a) depend(out: a) nowait
  for (int i = 0; i < N; i++)
    a[i] *= 2;
#pragma omp interop init(target, targetsync: obj) device(dev) depend(in: a)
  check_eq("the task before init done", a[N - 1], 2 * (N - 1));
  omp_interop_rc_t rc;
  if (offloading()) {
    CHECK(obj != omp_interop_none);
    check_eq("fr_id", (long)omp_get_interop_int(obj, omp_ipr_fr_id, &rc), omp_ifr_cuda);
    check_eq("fr_id rc", rc, omp_irc_success);
    CHECK(!strcmp(omp_get_interop_str(obj, omp_ipr_fr_name, &rc), "cuda"));
    check_eq("device_num", (long)omp_get_interop_int(obj, omp_ipr_device_num, &rc), dev);
    CHECK(omp_get_interop_ptr(obj, omp_ipr_targetsync, &rc) != NULL);
    check_eq("targetsync rc", rc, omp_irc_success);
    omp_get_interop_int(obj, omp_ipr_targetsync, &rc);
    check_eq("targetsync as int", rc, omp_irc_type_ptr);
    omp_get_interop_ptr(obj, omp_ipr_platform, &rc);
    check_eq("platform", rc, omp_irc_no_value);
    omp_get_interop_int(obj, (omp_interop_property_t)-42, &rc);
    check_eq("out of range", rc, omp_irc_out_of_range);
    CHECK(!strcmp(omp_get_interop_name(obj, omp_ipr_targetsync), "targetsync"));
    CHECK(omp_get_interop_type_desc(obj, omp_ipr_device_context) != NULL);
    CHECK(omp_get_interop_rc_desc(obj, omp_irc_type_str) != NULL);
    check_eq("no more properties", omp_get_num_interop_properties(obj), 0);
  } else
    CHECK(obj == omp_interop_none);
#pragma omp interop use(obj) nowait
#pragma omp interop destroy(obj)
  CHECK(obj == omp_interop_none);
  omp_get_interop_int(obj, omp_ipr_fr_id, &rc);
  check_eq("an empty object", rc, omp_irc_empty);

  /* the host device has no foreign runtime */
  omp_interop_t host = (omp_interop_t)&a;
#pragma omp interop init(targetsync: host) device(omp_get_initial_device())
  CHECK(host == omp_interop_none);
  return fails != 0;
}
