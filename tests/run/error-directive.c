// #pragma omp error at(execution) in a target region (OpenMP 5.2 8.5): the
// message is shown where it is met; severity(warning) goes on,
// severity(fatal) (the default) stops the program with a failure.  In a
// kernel of one thread and in a generic kernel.
// RUN: %ompicc -o %t %s && %t > %t.out 2>&1 && FileCheck --check-prefix=WARN %s < %t.out
// RUN: not %t fatal > %t.fatal 2>&1; FileCheck --check-prefix=FATAL %s < %t.fatal
// WARN: error directive encountered: first warning
// WARN: error directive encountered: warning from a team
// WARN: done: 1 4
// FATAL: error directive encountered: stop here
// FATAL-NOT: done
#include <stdio.h>

int main(int argc, char **argv)
{
  int x = 0, n = 0;
  int fatal = argc > 1;
#pragma omp target map(tofrom: x)
  {
    x = 1;
#pragma omp error at(execution) severity(warning) message("first warning")
    if (fatal) {
#pragma omp error at(execution) message("stop here")
    }
  }
  fflush(stdout);
#pragma omp target map(tofrom: n)
#pragma omp parallel num_threads(4)
  {
#pragma omp atomic
    n++;
#pragma omp single
    {
#pragma omp error at(execution) severity(warning) message("warning from a team")
    }
  }
  printf("done: %d %d\n", x, n);
  return 0;
}
