// stdio.h's output in device code (C11 7.21.6.1, 7.21.7): fprintf, fputs,
// fputc and putc to stdout or stderr, puts, putchar and fflush.  CUDA has
// only printf; each was "called in device code but has no definition",
// and stdout and stderr, the host's objects, cannot be the device's.  On
// the device both streams are printf's one output; on the host fallback
// they are the host's.  With optimization and _FORTIFY_SOURCE (Ubuntu's
// gcc sets it at -O2) glibc defines some of them inline or as checking
// versions, which are the device library's on the device.
// RUN: %ompicc -o %t %s && %t 2>&1 | FileCheck %s
// RUN: %ompicc -O2 -D_FORTIFY_SOURCE=2 -o %t.f %s && %t.f 2>&1 | FileCheck %s
#include <stdio.h>

#pragma omp declare target
static void report(int code)
{
  fprintf(stderr, "error %d from a device function\n", code);
  fputs("fputs to stderr\n", stderr);
}
#pragma omp end declare target

int main(void)
{
  int n = 3;
#pragma omp target firstprivate(n)
  {
    fprintf(stdout, "fprintf %d %s %.2f\n", n, "stdout", 1.5);
    puts("puts line");
    putchar('p');
    fputc('c', stdout);
    putc('\n', stdout);
    fflush(stdout);
    report(n);
  }
  return 0;
}
// CHECK-DAG: fprintf 3 stdout 1.50
// CHECK-DAG: puts line
// CHECK-DAG: pc
// CHECK-DAG: error 3 from a device function
// CHECK-DAG: fputs to stderr
