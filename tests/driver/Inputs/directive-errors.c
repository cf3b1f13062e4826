/* Directive errors after macros, tab-indented: the columns are the
 * user's, each error of each directive is reported. */
#define N 100
#define SCALE(x) ((x) * 2)
#define BAD_MAP map(tofrom: nosuch)
int main(void)
{
	int a[N], y = 0;
	#pragma omp target teams distribute parallel for map(tofrom: a[0:N]) num_teams(SCALE(3), 1, 2)
	for (int i = 0; i < N; i++)
		a[i] = i;
  #pragma omp target map(tofrom: a) if(y) if(y)
  y++;
  #pragma omp target maps(a)
  y++;
  #pragma omp parallel for schedule(sometimes)
  for (int i = 0; i < N; i++) y++;
  #pragma omp target map(tofrom: a[0:N]) device(N, 2
  y++;
  return a[0];
}
