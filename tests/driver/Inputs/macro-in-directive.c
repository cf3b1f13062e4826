#define N 100
#define BAD_MAP map(tofrom: nosuch)
int main(void)
{
  int a[N];
  #pragma omp target map(tofrom: a[0:N]) BAD_MAP
  a[0]++;
  return a[0];
}
