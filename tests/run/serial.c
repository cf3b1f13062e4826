// A plain target region running serial code: calls to functions of the
// file (implicitly declare target, OpenMP 5.0), recursion, structs and
// typedefs they use, printf, malloc/free, memcpy/memset and math.h in
// device code, omp_is_initial_device() (0 when offloaded, 1 on the host
// fallback), and a parallel region inside a target region.
// RUN: %ompicc -o %t %s -lm && %t | FileCheck %s
// CHECK: hello from the target: 42
// CHECK-NEXT: host done
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct point {
  double x, y;
} point;

enum shape { SQUARE = 4, TRIANGLE = 3 };

static double norm(point p) { return sqrt(p.x * p.x + p.y * p.y); }

static long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

static int sides(enum shape s) { return (int)s; }

int sum_to(int n)
{
  int s = 0;
  for (int i = 1; i <= n; i++)
    s += i;
  return s;
}

int main(void)
{
  double r = 0;
  long f = 0;
  int s = 0, k = 0, initial = -1, copied[8] = {0};
  float e = 0;
  point p = {3, 4};
#pragma omp target map(from: r, f, s, k, initial, copied, e)
  {
    r = norm(p);
    f = fib(15);
    s = sum_to(100) + sides(SQUARE);
    int *buf = (int *)malloc(8 * sizeof(int));
    for (int i = 0; i < 8; i++)
      buf[i] = i * i;
    memcpy(copied, buf, sizeof copied);
    memset(buf, 0, 8 * sizeof(int));
    k = buf[3];
    free(buf);
    e = expf(0.0f) + floorf(2.5f) + powf(2.0f, 3.0f) + fabsf(-1.0f);
    initial = omp_is_initial_device();
    printf("hello from the target: %d\n", 42);
  }
  int fails = r != 5.0 || f != 610 || s != 5054 || k != 0 || e != 12.0f;
  for (int i = 0; i < 8; i++)
    fails += copied[i] != i * i;
  /* offloaded unless the environment says the host */
  const char *off = getenv("OMP_TARGET_OFFLOAD");
  int on_host = off && !strcmp(off, "DISABLED");
  fails += initial != on_host;

  /* parallel inside target: every iteration once */
  int hits[64] = {0};
#pragma omp target map(tofrom: hits)
  {
    int twice = 2;
#pragma omp parallel for
    for (int i = 0; i < 64; i++)
      hits[i] += twice;
  }
  for (int i = 0; i < 64; i++)
    fails += hits[i] != 2;
  fflush(stdout);
  printf("host done\n");
  if (fails)
    printf("%d failures (initial device %d)\n", fails, initial);
  return fails != 0;
}
