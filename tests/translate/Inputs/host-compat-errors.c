#define __GNUC__ 9
/* What the lowering for gcc 9 refuses (tests/translate/host-compat.c): a
 * loop construct nested in no construct, without bind (gcc 12 refuses it
 * too), and a scope with a reduction around another directive. */
void g(int *a, int n)
{
#pragma omp loop
  for (int i = 0; i < n; i++)
    a[i] = i;
  int s = 0;
#pragma omp parallel
#pragma omp scope reduction(+: s)
  {
#pragma omp for
    for (int i = 0; i < n; i++)
      s += a[i];
  }
}
