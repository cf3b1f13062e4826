/* parse-omp.c - OpenMP directives and other pragmas among declarations
 * and statements, in a program that checks its own results (exit 0).
 * Used by parse-programs.test. */
#include <omp.h>

typedef double real;
typedef struct { real v; } box;

#pragma GCC diagnostic push
int counter;
#pragma omp threadprivate(counter)

#pragma omp declare target
static int twice(int x) { return 2 * x; }
#pragma omp end declare target

#pragma omp declare reduction(boxsum : box : omp_out.v += omp_in.v) initializer(omp_priv = (box){0})

struct with_pragma {
  int a;
#pragma pack(push, 1)
  char b;
};

int main(void)
{
  real a[100], sum = 0;
  int n = 100;
  box bs = {0};
  for (int i = 0; i < n; i++)
    a[i] = i;
#pragma omp parallel for reduction(+ : sum) schedule(static, 4)
  for (int i = 0; i < n; i++)
    sum += a[i];
  #pragma omp target map(tofrom : a[0:n]) map(to : n)
  {
#pragma omp teams distribute parallel for
    for (int i = 0; i < n; i++)
      a[i] = twice((int)a[i]);
  }
#pragma omp parallel
  {
#pragma omp single
    counter = 1;
#pragma omp barrier
#pragma omp critical
    bs.v += 1;
  }
#pragma omp parallel for reduction(boxsum : bs)
  for (int i = 0; i < 4; i++)
    bs.v += (real)i;
#pragma omp task if (n > 10) firstprivate(n) default(shared)
  n++;
#pragma omp taskwait
#pragma GCC diagnostic pop
  if (sum != 4950.0 || a[99] != 198.0 || n != 100)
    return 1;
  return bs.v >= 7.0 ? 0 : 2;
}
