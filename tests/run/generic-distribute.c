// distribute parallel for in generic kernels: each team's master runs its
// distribute loop and forks its team for the inner parallel for (issue
// 5).  Every iteration runs once, on a team of several threads on the
// device; with serial code before, dist_schedule chunks, a dynamic inner
// schedule, collapse, lastprivate and reduction; and the combined
// target teams distribute parallel for made generic by a critical; and
// lastprivate loop variables in its SPMD form.
// RUN: %ompicc -o %t %s && %t
#include <omp.h>
#include <stdio.h>

#include "Inputs/check.h"

#define N 1000
#define M 37

static int on_device;

static void serial_then_loop(void)
{
  int a[N], nth[N], team[N], dev = 0;
  long long sum = 0;
  for (int i = 0; i < N; i++)
    a[i] = nth[i] = team[i] = -1;
  #pragma omp target teams num_teams(4) thread_limit(64) map(tofrom: a, nth, team, sum, dev)
  {
    int base = 10 * (omp_get_team_num() >= 0); /* serial code of each team */
    if (omp_get_team_num() == 0)
      dev = !omp_is_initial_device();
    #pragma omp distribute parallel for reduction(+: sum)
    for (int i = 0; i < N; i++) {
      a[i] = (a[i] == -1) * (base + i); /* 0 if run twice */
      nth[i] = omp_get_num_threads();
      team[i] = omp_get_team_num();
      sum += i;
    }
  }
  int maxth = 0;
  for (int i = 0; i < N; i++) {
    CHECK(a[i] == 10 + i);
    maxth = nth[i] > maxth ? nth[i] : maxth;
  }
  CHECK(sum == (long long)N * (N - 1) / 2);
  on_device = dev;
  if (dev) { /* the CPU device and GPUs: whole teams share each chunk */
    CHECK(maxth > 1 && maxth <= 64);
    CHECK(team[0] == 0 && team[N - 1] == 3);
  }
}

static void chunks_collapse(void)
{
  int b[N / 10][M], i, j, many = 0;
  for (i = 0; i < N / 10; i++)
    for (j = 0; j < M; j++)
      b[i][j] = 0;
  #pragma omp target teams num_teams(3) thread_limit(96) map(tofrom: b, i, j, many)
  {
    int scale = 2;
    #pragma omp distribute parallel for collapse(2) dist_schedule(static, 50) schedule(dynamic, 3) lastprivate(i, j)
    for (i = 0; i < N / 10; i++)
      for (j = 0; j < M; j++) {
        b[i][j] += scale * (i * M + j) + 1;
        if (omp_get_num_threads() > 1) {
          #pragma omp atomic write
          many = 1;
        }
      }
  }
  for (int x = 0; x < N / 10; x++)
    for (int y = 0; y < M; y++)
      CHECK(b[x][y] == 2 * (x * M + y) + 1);
  CHECK(i == N / 10 && j == M);
  CHECK(many || !on_device);
}

static void combined_generic(void)
{
  int c[N], crit = 0;
  for (int i = 0; i < N; i++)
    c[i] = 0;
  #pragma omp target teams distribute parallel for num_teams(5) thread_limit(33) map(tofrom: c, crit)
  for (int i = 0; i < N; i++) {
    c[i] += 3 * i;
    #pragma omp critical
    crit++;
  }
  for (int i = 0; i < N; i++)
    CHECK(c[i] == 3 * i);
  CHECK(crit == N);
}

/* The SPMD form, for comparison: lastprivate loop variables get the
 * values the loops leave them with there too. */
static void spmd_lastprivate(void)
{
  int i, j, x = 0, a[100];
  #pragma omp target teams distribute parallel for collapse(2) lastprivate(i, j, x) map(tofrom: a)
  for (i = 0; i < 10; i++)
    for (j = 0; j < 10; j++) {
      a[i * 10 + j] = i;
      x = i + j;
    }
  CHECK(i == 10 && j == 10 && x == 18);
}

int main(void)
{
  spmd_lastprivate();
  serial_then_loop();
  chunks_collapse();
  combined_generic();
  return fails != 0;
}
