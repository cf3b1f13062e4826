// RUN: %ompicc -o %t %s && %t
// Arrays and array sections in reduction clauses (OpenMP 4.5 2.15.3.6,
// 5.2 5.5.8): a whole array, a section of an array and of a pointer, a
// section that starts inside the array, rows of a two-dimensional array,
// max and a user-defined reduction on elements, in SPMD kernels, in a
// generic kernel's parallel for, parallel and for, and on teams; every
// result against the host's.
#include <omp.h>
#include <stdlib.h>

#include "Inputs/check.h"

#define N 10000
#define BINS 16

struct Pair { int lo, hi; };
#pragma omp declare reduction(span : struct Pair : \
    omp_out.lo = omp_in.lo < omp_out.lo ? omp_in.lo : omp_out.lo, \
    omp_out.hi = omp_in.hi > omp_out.hi ? omp_in.hi : omp_out.hi) \
    initializer(omp_priv = omp_orig)

static int key(int i) { return (i * 7 + i / 3) % BINS; }

int main(void)
{
  int *val = malloc(N * sizeof *val);
  for (int i = 0; i < N; i++)
    val[i] = (i * 37) % 101 - 50;

  /* the host's answers */
  long want_hist[BINS] = {0}, want_sum[BINS] = {0};
  int want_max[BINS], want_rows[4][BINS] = {{0}};
  struct Pair want_span[4];
  for (int b = 0; b < BINS; b++)
    want_max[b] = -1000;
  for (int r = 0; r < 4; r++)
    want_span[r] = (struct Pair){1000, -1000};
  for (int i = 0; i < N; i++) {
    int k = key(i);
    want_hist[k] += 1;
    want_sum[k] += val[i];
    want_max[k] = val[i] > want_max[k] ? val[i] : want_max[k];
    want_rows[i % 4][k] += 2;
    struct Pair *p = &want_span[i % 4];
    p->lo = val[i] < p->lo ? val[i] : p->lo;
    p->hi = val[i] > p->hi ? val[i] : p->hi;
  }

  /* a whole array; and a section of a pointer, mapped by the clause */
  long hist[BINS] = {0};
  long *sum = calloc(BINS + 4, sizeof *sum);
#pragma omp target teams distribute parallel for map(to: val[0:N]) \
    reduction(+: hist) reduction(+: sum[2:BINS])
  for (int i = 0; i < N; i++) {
    hist[key(i)] += 1;
    sum[2 + key(i)] += val[i];
  }
  for (int b = 0; b < BINS; b++) {
    CHECK(hist[b] == want_hist[b]);
    CHECK(sum[2 + b] == want_sum[b]);
  }
  CHECK(sum[0] == 0 && sum[1] == 0 && sum[BINS + 2] == 0 && sum[BINS + 3] == 0);

  /* max of a section that starts inside the array; the original's
   * elements take part (5.5.8: combined with the original value) */
  int mx[BINS + 2];
  for (int b = 0; b < BINS + 2; b++)
    mx[b] = b == 5 ? 1000 : -1000;
#pragma omp target teams distribute parallel for map(to: val[0:N]) reduction(max: mx[1:BINS])
  for (int i = 0; i < N; i++)
    mx[1 + key(i)] = val[i] > mx[1 + key(i)] ? val[i] : mx[1 + key(i)];
  for (int b = 0; b < BINS; b++)
    CHECK(mx[1 + b] == (b == 4 ? 1000 : want_max[b]));
  CHECK(mx[0] == -1000 && mx[BINS + 1] == -1000);

  /* rows of a two-dimensional array: a section of rows, and a whole one */
  int rows[6][BINS] = {{0}}, all[4][BINS] = {{0}};
#pragma omp target teams distribute parallel for map(to: val[0:N]) \
    reduction(+: rows[1:4]) reduction(+: all)
  for (int i = 0; i < N; i++) {
    rows[1 + i % 4][key(i)] += 2;
    all[i % 4][key(i)] += 2;
  }
  for (int r = 0; r < 4; r++)
    for (int b = 0; b < BINS; b++) {
      CHECK(rows[1 + r][b] == want_rows[r][b]);
      CHECK(all[r][b] == want_rows[r][b]);
    }
  for (int b = 0; b < BINS; b++)
    CHECK(rows[0][b] == 0 && rows[5][b] == 0);

  /* a user-defined reduction on the elements of an array of structs */
  struct Pair span[4];
  for (int r = 0; r < 4; r++)
    span[r] = (struct Pair){1000, -1000};
#pragma omp target teams distribute parallel for map(to: val[0:N]) reduction(span: span)
  for (int i = 0; i < N; i++) {
    struct Pair *p = &span[i % 4];
    p->lo = val[i] < p->lo ? val[i] : p->lo;
    p->hi = val[i] > p->hi ? val[i] : p->hi;
  }
  for (int r = 0; r < 4; r++)
    CHECK(span[r].lo == want_span[r].lo && span[r].hi == want_span[r].hi);

  /* a generic kernel: each team's threads reduce into a section, and the
   * teams reduce theirs into the original */
  long team_hist[BINS] = {0};
  int teams_sum[2] = {0, 0};
#pragma omp target teams distribute map(to: val[0:N]) map(tofrom: team_hist) \
    reduction(+: teams_sum) num_teams(8)
  for (int t = 0; t < 8; t++) {
#pragma omp parallel for reduction(+: team_hist[0:BINS])
    for (int i = t * (N / 8); i < (t + 1) * (N / 8); i++)
      team_hist[key(i)] += 1;
    teams_sum[0] += 1;
    teams_sum[1] += t;
  }
  for (int b = 0; b < BINS; b++)
    CHECK(team_hist[b] == want_hist[b]);
  CHECK(teams_sum[0] == 8 && teams_sum[1] == 28);

  /* a parallel region of a target construct, its worksharing loop's
   * reduction over a pointer's section; then, in a generic kernel (the
   * region holds more than the loop), the same and a parallel region's
   * own reduction of a whole array */
  long *wide = calloc(BINS, sizeof *wide);
#pragma omp target parallel map(to: val[0:N]) map(tofrom: wide[0:BINS])
  {
#pragma omp for reduction(+: wide[0:BINS])
    for (int i = 0; i < N; i++)
      wide[key(i)] += val[i];
  }
  for (int b = 0; b < BINS; b++)
    CHECK(wide[b] == want_sum[b]);
  long *gen = calloc(BINS, sizeof *gen);
  int threads = 0, seen[3] = {0, 0, 0};
#pragma omp target map(to: val[0:N]) map(tofrom: gen[0:BINS], threads, seen)
  {
#pragma omp parallel num_threads(64) reduction(+: seen)
    {
#pragma omp single
      threads = omp_get_num_threads();
#pragma omp for reduction(+: gen[0:BINS])
      for (int i = 0; i < N; i++)
        gen[key(i)] += val[i];
      seen[0] += 1;
      seen[2] += 2;
    }
  }
  for (int b = 0; b < BINS; b++)
    CHECK(gen[b] == want_sum[b]);
  CHECK(threads >= 1 && seen[0] == threads && seen[1] == 0 && seen[2] == 2 * threads);
  free(gen);

  free(val);
  free(sum);
  free(wide);
  return fails != 0;
}
