/* What clang as the host compiler must take from ompicc's host file: a
 * target construct inside a task with default(none) (the region's
 * descriptor names no file-scope variable, which clang would require a
 * data-sharing attribute for: OpenMP 5.2 5.1.1), an atomic update of a
 * double _Complex (clang calls libatomic, which the link must bring), and
 * an affinity-format routine in device code (clang's omp.h names it
 * ompc_set_affinity_format). */
#include <complex.h>
#include <omp.h>
#include <stdio.h>
#include <string.h>

int main(void)
{
  int x = 0, bad = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp task default(none) shared(x)
    {
#pragma omp target map(tofrom: x)
      x += 42;
    }
  }
  bad += x != 42;

  double _Complex z = 0;
#pragma omp parallel for num_threads(4)
  for (int i = 0; i < 100; i++) {
#pragma omp atomic
    z += 1.0 + 2.0 * I;
  }
  bad += creal(z) != 100.0 || cimag(z) != 200.0;

  char buf[32] = "";
  size_t n = 0;
#pragma omp target map(from: buf, n)
  {
    omp_set_affinity_format("dev %n");
    n = omp_get_affinity_format(buf, sizeof buf);
  }
  bad += n != 6 || strcmp(buf, "dev %n") != 0;
  printf("%s\n", bad ? "WRONG" : "passed");
  return bad;
}
