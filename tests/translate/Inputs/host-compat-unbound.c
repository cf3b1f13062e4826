#define __GNUC__ 9
/* a loop construct nested in no construct, without bind: gcc 12 refuses
 * it, and so does the lowering for gcc 9 (tests/translate/host-compat.c) */
void g(int *a, int n)
{
#pragma omp loop
  for (int i = 0; i < n; i++)
    a[i] = i;
}
