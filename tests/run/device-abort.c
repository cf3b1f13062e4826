// abort() and exit() in device code (issue 12): CUDA has neither, and a
// kernel cannot end the program, so the device library's versions stop
// the kernel with the reason and the runtime reports the failed launch
// with the construct's place; the program ends with a failure, nothing
// after the region runs.  On the host fallback they are C's own.  In a
// kernel of one thread, and in a declare target function of a generic
// kernel.
// RUN: %ompicc -o %t %s && %t > %t.out && FileCheck --check-prefix=OK %s < %t.out
// RUN: sh -c '%t abort > %t.1 2>&1; test $? -ne 0' && FileCheck --allow-empty --check-prefix=STOP %s < %t.1
// RUN: sh -c '%t exit > %t.2 2>&1; test $? -ne 0' && FileCheck --allow-empty --check-prefix=STOP %s < %t.2
// RUN: sh -c '%t parallel > %t.3 2>&1; test $? -ne 0' && FileCheck --allow-empty --check-prefix=STOP %s < %t.3
// OK: after: 1 4
// STOP-NOT: after:
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#pragma omp declare target
static void check(int bad)
{
  if (bad)
    abort();
}
#pragma omp end declare target

int main(int argc, char **argv)
{
  const char *how = argc > 1 ? argv[1] : "";
  int a = !strcmp(how, "abort"), e = !strcmp(how, "exit"), p = !strcmp(how, "parallel");
  int x = 0, n = 0;
  fflush(stdout);
#pragma omp target map(tofrom: x)
  {
    x = 1;
    if (a)
      abort();
    if (e)
      exit(3);
  }
#pragma omp target map(tofrom: n)
#pragma omp parallel num_threads(4)
  {
#pragma omp atomic
    n++;
    check(p && omp_get_thread_num() == 1);
  }
  printf("after: %d %d\n", x, n);
  return 0;
}
