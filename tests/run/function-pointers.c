// Function pointers in device code (issue 12, case 5): a function's name
// used as a value in a target region or a declare target function (OpenMP
// 5.2 7.8.1: such functions are device functions, and their device
// addresses are what device code takes) is the device version's address:
// in local variables, arrays, struct members, initializers of declare
// target variables, arguments, and function pointer parameters of a
// declare target function.  Calls through those pointers, directly,
// through '*', through a conditional, in a kernel of one thread, an SPMD
// loop and the parallel region of a generic kernel.  Functions only
// named, never called, in device code get their device version too.
// RUN: %ompicc -o %t %s
// RUN: %t
#include <omp.h>

#include "Inputs/check.h"

typedef int (*op_t)(int);

static int twice(int x) { return 2 * x; }
static int thrice(int x) { return 3 * x; }
static int negate(int x) { return -x; }
/* named only (never called by name) in device code */
static int square(int x) { return x * x; }

#pragma omp declare target
static int apply(op_t op, int v) { return op(v); }
static int apply_twice(int (*op)(int), int v) { return (*op)((*op)(v)); }
/* a declare target table, initialized with functions: their device
 * versions on the device */
op_t ops[3] = {twice, thrice, negate};
static op_t pick(int k) { return k == 3 ? square : ops[k]; }
#pragma omp end declare target

struct step {
  op_t f;
  int arg;
};

int main(void)
{
  int r[12] = {0};
#pragma omp target map(from: r)
  {
    op_t f = twice;                         /* a local */
    op_t tab[2] = {twice, thrice};          /* an array */
    int (*g)(int) = &thrice;                /* & of a function */
    struct step s = {negate, 4};            /* a struct member */
    r[0] = f(5);
    r[1] = tab[1](5);
    r[2] = (*g)(2);
    r[3] = s.f(s.arg);
    r[4] = apply(square, 6);                /* an argument */
    r[5] = apply_twice(twice, 3);
    r[6] = (r[0] > 0 ? twice : thrice)(7);  /* a conditional */
    r[7] = ops[2](8);                       /* a declare target table */
    r[8] = pick(3)(9);
    r[9] = apply(pick(1), 10);
    op_t h = g;
    r[10] = h == g && h != f;               /* compared */
    r[11] = omp_is_initial_device();
  }
  check_eq("f(5)", r[0], 10);
  check_eq("tab[1](5)", r[1], 15);
  check_eq("(*g)(2)", r[2], 6);
  check_eq("s.f(s.arg)", r[3], -4);
  check_eq("apply(square, 6)", r[4], 36);
  check_eq("apply_twice(twice, 3)", r[5], 12);
  check_eq("(c ? twice : thrice)(7)", r[6], 14);
  check_eq("ops[2](8)", r[7], -8);
  check_eq("pick(3)(9)", r[8], 81);
  check_eq("apply(pick(1), 10)", r[9], 30);
  check_eq("h == g", r[10], 1);

  /* an SPMD loop: every thread calls through the pointers */
  int out[256];
#pragma omp target teams distribute parallel for map(from: out)
  for (int i = 0; i < 256; i++) {
    op_t local[3] = {twice, thrice, negate};
    out[i] = apply(local[i % 3], i) + pick(3)(2);
  }
  for (int i = 0; i < 256; i++)
    check_eq("out[i]", out[i], (i % 3 == 0 ? 2 * i : i % 3 == 1 ? 3 * i : -i) + 4);

  /* a generic kernel: the pointer chosen by the master, called by the
   * threads of a parallel region */
  int sum = 0, nthreads = 0;
#pragma omp target map(tofrom: sum, nthreads)
  {
    op_t f = pick(1);
#pragma omp parallel num_threads(8) reduction(+: sum)
    {
      sum += apply(f, omp_get_thread_num());
      if (omp_get_thread_num() == 0)
        nthreads = omp_get_num_threads();
    }
  }
  check_eq("sum", sum, 3 * nthreads * (nthreads - 1) / 2);
  return fails != 0;
}
