/* Two target regions: one SPMD, one generic (tests/driver/remarks.test). */
int main(void)
{
  int n = 100, a[100], count = 0;
  for (int i = 0; i < n; i++)
    a[i] = i;
  #pragma omp target teams distribute parallel for map(tofrom: a)
  for (int i = 0; i < 100; i++)
    a[i] *= 2;
  #pragma omp target map(tofrom: count)
  {
    #pragma omp single
    count = n;
  }
  return count != n;
}
