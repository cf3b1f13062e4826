// declare target indirect (OpenMP 5.2 7.8.1, 7.8.2; issue 12, case 5): a
// pointer holding the host address of a function whose declare target
// directive has 'indirect' may be called in a target region, and calls
// its device version.  The host address comes in every way a value
// reaches device code: firstprivate (implicit and explicit), a mapped
// pointer variable, a mapped array, a member of a mapped structure and
// of one reached through a mapped pointer, a declare target variable set
// on the host and updated, an argument of a declare target function that
// makes the call.  The forms: 'enter' with bare 'indirect', 'to' with
// 'indirect(1)', a 'begin declare target indirect' block, and
// 'indirect(0)' on a function only called by name.  Each function
// reports omp_is_initial_device(): on a device it must be the device
// version that ran (the host's, which a CPU device could call by
// mistake in its one address space, says 1), and the region's own value
// says where the region ran (the host fallback runs the host versions).
// In a kernel of one thread, an SPMD loop and a generic kernel's
// parallel region.
// RUN: %ompicc -o %t %s
// RUN: %t
#include <omp.h>

#include "Inputs/check.h"

typedef int (*op_t)(int);

/* value * 10 + where it ran: 1 on the host, 0 on a device */
static int inc(int x) { return (x + 1) * 10 + omp_is_initial_device(); }
static int dbl(int x) { return 2 * x * 10 + omp_is_initial_device(); }
#pragma omp declare target enter(inc, dbl) indirect

int neg(int x);
#pragma omp declare target to(neg) indirect(1)
int neg(int x) { return -x * 10 + omp_is_initial_device(); }

#pragma omp begin declare target indirect
static int sq(int x) { return x * x * 10 + omp_is_initial_device(); }
/* calls through a pointer inside device code too */
static int apply(op_t op, int v) { return op(v); }
#pragma omp end declare target

/* called by name only: not through a host address */
static int plain(int x) { return x + 100; }
#pragma omp declare target enter(plain) indirect(0)

op_t current = inc;
#pragma omp declare target enter(current)

struct step {
  op_t f;
  int arg;
};

/* What f(x) returns where the regions ran: f runs here on the host (1). */
static int want(op_t f, int x, int on_host)
{
  return f(x) - 1 + on_host;
}

int main(void)
{
  op_t f = dbl, g = neg;
  op_t tab[4] = {inc, dbl, neg, sq};
  struct step s = {sq, 5}, t = {neg, 6};
  struct step *pt = &t;
  int r[10] = {0}, dev = 1;
  current = dbl;
#pragma omp target update to(current)
#pragma omp target firstprivate(g) map(to: tab, s, pt[0:1]) map(tofrom: r, dev)
  {
    dev = omp_is_initial_device();
    r[0] = f(3);              /* implicit firstprivate */
    r[1] = g(4);              /* explicit firstprivate */
    r[2] = tab[0](1);         /* a mapped array */
    r[3] = (*tab[3])(2);
    r[4] = s.f(s.arg);        /* a member of a mapped struct */
    r[5] = pt->f(pt->arg);    /* ... reached through a mapped pointer */
    r[6] = current(7);        /* a declare target variable, updated */
    r[7] = apply(tab[2], 8);  /* called in a declare target function */
    r[8] = apply(sq, 3);      /* a device address, taken on the device */
    r[9] = plain(1);
  }
  check_eq("f(3)", r[0], want(dbl, 3, dev));
  check_eq("g(4)", r[1], want(neg, 4, dev));
  check_eq("tab[0](1)", r[2], want(inc, 1, dev));
  check_eq("(*tab[3])(2)", r[3], want(sq, 2, dev));
  check_eq("s.f(s.arg)", r[4], want(sq, 5, dev));
  check_eq("pt->f(pt->arg)", r[5], want(neg, 6, dev));
  check_eq("current(7)", r[6], want(dbl, 7, dev));
  check_eq("apply(tab[2], 8)", r[7], want(neg, 8, dev));
  check_eq("apply(sq, 3)", r[8], want(sq, 3, dev));
  check_eq("plain(1)", r[9], 101);

  /* an SPMD loop over a mapped table of host addresses */
  int out[300];
#pragma omp target teams distribute parallel for map(to: tab) map(from: out)
  for (int i = 0; i < 300; i++)
    out[i] = apply(tab[i % 4], i) - 10 * 0 + (omp_is_initial_device() ? 0 : 2);
  for (int i = 0; i < 300; i++)
    check_eq("out[i]", out[i], want(tab[i % 4], i, dev) + (dev ? 0 : 2));

  /* a generic kernel: the threads of a parallel region call the host
   * addresses the master chose */
  int sum = 0, nthreads = 0, wrong = 0;
#pragma omp target map(to: tab) map(tofrom: sum, nthreads, wrong)
  {
    op_t h = tab[1];
#pragma omp parallel num_threads(8) reduction(+: sum, wrong)
    {
      int v = h(omp_get_thread_num());
      sum += v / 10;
      wrong += v % 10 != omp_is_initial_device();
      if (omp_get_thread_num() == 0)
        nthreads = omp_get_num_threads();
    }
  }
  check_eq("sum", sum, nthreads * (nthreads - 1));
  check_eq("wrong", wrong, 0);
  return fails != 0;
}
