/* faults.c - kernels that fault on the CPU device, one per mode (argv[1]),
 * for tests/emu/faults.test; the lines the messages name are marked. */
#include <omp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#pragma omp declare target
static int divide(int a, int b) { return a / b; }
#pragma omp end declare target

static void on_segv(int sig)
{
  (void)sig;
  static const char msg[] = "the program's own SIGSEGV handler\n";
  write(2, msg, sizeof msg - 1);
  _exit(3);
}

int main(int argc, char **argv)
{
  const char *mode = argc > 1 ? argv[1] : "";
  int a[64] = {0};
  long far = 1L << 40; /* elements: far beyond any mapping */
  int zero = argc - 2, big = 100000;
  if (!strcmp(mode, "handler"))
    signal(SIGSEGV, on_segv);
  if (!strcmp(mode, "oob")) {
#pragma omp target teams distribute parallel for num_teams(4) thread_limit(64) map(tofrom: a)
    for (int i = 0; i < 256; i++)
      if (i == 2 * 64 + 5)
        a[i * far] = i; /* line 34: oob */
  } else if (!strcmp(mode, "generic")) {
#pragma omp target teams num_teams(3) map(tofrom: a)
    {
      if (omp_get_team_num() == 2)
        memset(a + far, 1, 64); /* line 39: generic */
    }
  } else if (!strcmp(mode, "null")) {
    int *p = NULL;
#pragma omp target is_device_ptr(p)
    p[3] = 1; /* line 44: null */
  } else if (!strcmp(mode, "divide")) {
#pragma omp target map(tofrom: a) firstprivate(zero)
    a[0] = divide(7, zero);
  } else if (!strcmp(mode, "stack")) {
#pragma omp target map(tofrom: a) firstprivate(big)
    {
      volatile double local[100000]; /* 800 KB: over the default stack */
      for (int i = 0; i < big; i++)
        local[i] = i;
      a[0] = (int)local[big - 1];
    }
  } else {
#pragma omp target map(tofrom: a)
    a[0] = 1;
    volatile int *p = NULL;
    if (!strcmp(mode, "host") || !strcmp(mode, "handler"))
      *p = a[0]; /* the host's own fault: not a kernel's */
  }
  printf("a[0] = %d\n", a[0]);
  return 0;
}
