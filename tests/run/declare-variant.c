// declare variant and begin/end declare variant (OpenMP 5.2 7.5) and the
// dispatch construct (7.6), on every device.  A call calls the variant
// whose selector fits its context best (7.3): the device's version of a
// region calls the kind(nohost) variant and the host fallback the
// kind(host) one; in a parallel region construct={parallel} fits, but
// kind(host) scores more (2^1 against 2^0); a begin declare variant
// block's functions are variants of the functions of their names.
// dispatch puts itself in the context of its call, unless nocontext is
// true; novariants(true) calls the base function; adjust_args
// (need_device_ptr) gives the variant the device pointer of a mapped
// argument, unless is_device_ptr says it is one; device(n) is the default
// device during the call; append_args(interop(targetsync)) gives the
// variant an interop object of the dispatch's device (with its stream
// when that is not the host), destroyed after the call.
// RUN: %ompicc -o %t %s
// RUN: %t
#include "Inputs/check.h"
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#define N 64

int on_gpu(int x) { return 1000 + x; }
int on_host(int x) { return 2000 + x; }
int in_parallel(int x) { return 3000 + x; }
#pragma omp declare target enter(on_gpu, on_host, in_parallel)
#pragma omp declare variant(on_gpu) match(device={kind(nohost)})
#pragma omp declare variant(on_host) match(device={kind(host)})
#pragma omp declare variant(in_parallel) match(construct={parallel})
int which(int x) { return x; }

int scale(int x) { return 2 * x; }
#pragma omp begin declare variant match(construct={target})
int scale(int x) { return 4 * x; }
#pragma omp end declare variant
#pragma omp begin declare variant match(construct={teams, parallel})
int scale(int x) { return 8 * x; }
#pragma omp end declare variant

/* dispatch */
int dispatched(int *p, int n);
int dispatched_dev(int *p, int n);
#pragma omp declare variant(dispatched_dev) match(construct={dispatch}) adjust_args(need_device_ptr: p)
int dispatched(int *p, int n)
{
  for (int i = 0; i < n; i++)
    p[i] += 1;
  return 1;
}
/* p is a device pointer here: the region uses it as one */
int dispatched_dev(int *p, int n)
{
#pragma omp target is_device_ptr(p)
  for (int i = 0; i < n; i++)
    p[i] += 10;
  return 2;
}

int device_seen;
void note_device(void);
void note_device_variant(void) { device_seen = omp_get_default_device(); }
#pragma omp declare variant(note_device_variant) match(construct={dispatch})
void note_device(void) { device_seen = -100; }

/* append_args */
int streamed(int x);
int streamed_interop(int x, omp_interop_t obj)
{
  omp_interop_rc_t rc;
  if (obj == omp_interop_none)
    return -x;
  void *stream = omp_get_interop_ptr(obj, omp_ipr_targetsync, &rc);
  return rc == omp_irc_success && stream ? x : 1000;
}
#pragma omp declare variant(streamed_interop) match(construct={dispatch}) append_args(interop(targetsync))
int streamed(int x) { return 0; }

static int offloading(void)
{
  const char *o = getenv("OMP_TARGET_OFFLOAD");
  return omp_get_num_devices() > 0 && !(o && !strcmp(o, "DISABLED"));
}

int main(void)
{
  check_eq("host call", which(1), 2001);
  int in_par = -1;
#pragma omp parallel num_threads(2)
  {
#pragma omp master
    in_par = which(2);
  }
  check_eq("in a parallel region", in_par, 2002);
  int on_dev = -1, host_fallback = -1;
#pragma omp target map(from: on_dev)
  on_dev = which(3);
  check_eq("target region", on_dev, offloading() ? 1003 : 2003);
#pragma omp target map(from: host_fallback) if(0)
  host_fallback = which(4);
  check_eq("host fallback", host_fallback, 2004);

  check_eq("scale, host", scale(3), 6);
  int in_target = -1, in_teams = -1;
#pragma omp target map(from: in_target)
  in_target = scale(3);
  check_eq("scale, target", in_target, 12);
  int s[N];
#pragma omp target teams distribute parallel for map(from: s)
  for (int i = 0; i < N; i++)
    s[i] = scale(i);
  in_teams = s[5];
  check_eq("scale, target teams parallel", in_teams, 40);

  int *a = malloc(N * sizeof *a);
  for (int i = 0; i < N; i++)
    a[i] = i;
  check_eq("base outside dispatch", dispatched(a, N), 1);
  check_eq("base added 1", a[3], 4);
#pragma omp target enter data map(to: a[0:N])
  int r;
#pragma omp dispatch
  r = dispatched(a, N);
  check_eq("variant in dispatch", r, 2);
#pragma omp target update from(a[0:N])
  check_eq("variant added 10 on the device", a[3], 14);
  for (int flag = 0; flag < 2; flag++) {
#pragma omp dispatch novariants(flag)
    r = dispatched(a, N);
    check_eq("novariants", r, flag ? 1 : 2);
#pragma omp dispatch nocontext(flag)
    r = dispatched(a, N);
    check_eq("nocontext", r, flag ? 1 : 2);
  }
  int *d = omp_get_mapped_ptr(a, omp_get_default_device());
  if (offloading() && d) {
#pragma omp dispatch is_device_ptr(d)
    r = dispatched(d, N);
    check_eq("is_device_ptr", r, 2);
  }
#pragma omp target exit data map(delete: a[0:N])
  free(a);

  int got;
#pragma omp dispatch
  got = streamed(7);
  check_eq("append_args", got, offloading() ? 7 : -7);
  check_eq("append_args outside dispatch: the base", streamed(7), 0);

  int before = omp_get_default_device();
  int target_dev = omp_get_num_devices() > 1 ? 1 : omp_get_initial_device();
#pragma omp dispatch device(target_dev)
  note_device();
  check_eq("device clause: default device during the call", device_seen, target_dev);
  check_eq("default device after the call", omp_get_default_device(), before);
  return fails != 0;
}
