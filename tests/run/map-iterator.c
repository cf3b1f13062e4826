// The iterator modifier of map, to and from (OpenMP 5.2 3.2.6, 5.8.3,
// 5.9): a list item stands for one item per iterator value, begin, begin
// + step, ... while on begin's side of end; with several iterators, one
// per tuple.  Each row of an array of row pointers is mapped and attached
// to its pointer's device copy; steps, negative steps, two iterators, an
// iterator of pointer type, an iterator that hides a variable its range
// reads, target nowait (the items are made in the target task), an empty
// iterator, enter/exit data and update; and depend with the iterator
// modifier on a target construct (15.9.5).  On the host device the maps
// do nothing and the same answers come out.
// RUN: %ompicc -o %t %s && %t
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define N 40
#define M 8

struct holder {
  int *data;
};

static int fails;

static void check(int ok, const char *what, int i, int j)
{
  if (!ok && fails++ < 10)
    printf("FAIL %s at %d,%d\n", what, i, j);
}

int main(void)
{
  int *rows[N];
  for (int i = 0; i < N; i++) {
    rows[i] = malloc(M * sizeof(int));
    for (int j = 0; j < M; j++)
      rows[i][j] = i;
  }
  int dev = omp_get_default_device(), on_host = 1;
#pragma omp target map(from: on_host)
  on_host = omp_is_initial_device();

  /* every row, tofrom, attached to rows[i] on the device */
#pragma omp target map(to: rows) map(iterator(i = 0:N), tofrom: rows[i][0:M])
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      rows[i][j] += j;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      check(rows[i][j] == i + j, "target", i, j);

  /* to only: the device writes its own copies, which stay there (a
   * kernel that reached the host's rows would change them); with
   * OMPICC_ZERO_COPY=always a row may be the host's own (4.5 1.4.1) */
  const char *zc = getenv("OMPICC_ZERO_COPY");
  int shared = on_host || (zc && !strcmp(zc, "always"));
#pragma omp target map(to: rows) map(iterator(i = 0:N), to: rows[i][0:M])
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      rows[i][j] = -1;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      check(rows[i][j] == (on_host ? -1 : i + j) || shared, "to", i, j);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      rows[i][j] = i + j;

  /* the even rows only */
#pragma omp target enter data map(to: rows) map(iterator(i = 0:N:2), to: rows[i][0:M])
  for (int i = 0; i < N; i++)
    check(on_host || omp_target_is_present(rows[i], dev) == (i % 2 == 0), "enter data", i, 0);
#pragma omp target
  for (int i = 0; i < N; i += 2)
    for (int j = 0; j < M; j++)
      rows[i][j] *= 2;
#pragma omp target update from(iterator(i = 0:N:2): rows[i][0:M])
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      check(rows[i][j] == (i % 2 ? i + j : 2 * (i + j)), "update from", i, j);

  /* to, element by element, two iterators, the first counting down */
  for (int i = 0; i < N; i += 2)
    for (int j = 0; j < M; j++)
      rows[i][j] = 1000 + j;
#pragma omp target update to(iterator(int i = N - 2:-1:-2, j = 0:M): rows[i][j])
  long sum = 0;
#pragma omp target map(tofrom: sum)
  for (int i = 0; i < N; i += 2)
    for (int j = 0; j < M; j++)
      sum += rows[i][j];
  long want = 0;
  for (int j = 0; j < M; j++)
    want += (N / 2) * (1000 + j);
  check(sum == want, "update to", (int)sum, (int)want);

  /* a pointer iterator over the row pointers */
#pragma omp target exit data map(iterator(int **r = rows:rows + N:2), release: (*r)[0:M])
#pragma omp target exit data map(release: rows)
  for (int i = 0; i < N; i++)
    check(on_host || !omp_target_is_present(rows[i], dev), "exit data", i, 0);

  /* an iterator that hides the variable its range reads (its own name is
   * not declared in its range), in a deferred target task */
  int i = N / 2;
#pragma omp target map(to: rows) map(iterator(i = 0:i), tofrom: rows[i][0:M]) nowait
  for (int k = 0; k < N / 2; k++)
    rows[k][0] = -k;
#pragma omp taskwait
  for (int k = 0; k < N / 2; k++)
    check(rows[k][0] == -k, "nowait", k, 0);

  /* no value: nothing is mapped */
  int n = 0;
#pragma omp target enter data map(iterator(k = 0:n), to: rows[k][0:M])
  for (int k = 0; k < N; k++)
    check(on_host || !omp_target_is_present(rows[k], dev), "empty", k, 0);

  /* a pointer member through a structure, element by element */
  struct holder h = {rows[1]};
#pragma omp target enter data map(to: h.data[0:M])
  for (int j = 0; j < M; j++)
    rows[1][j] = 7 * j;
#pragma omp target update to(iterator(it = 0:M): h.data[it])
  int got[M];
#pragma omp target map(to: h) map(from: got)
  for (int j = 0; j < M; j++)
    got[j] = h.data[j];
#pragma omp target exit data map(delete: h.data[0:M])
  for (int j = 0; j < M; j++)
    check(got[j] == 7 * j, "member", 1, j);

  /* depend with the iterator modifier on a target construct: the target
   * task waits for the slow tasks that write each element (15.9.5) */
  int a[M] = {0}, b[M] = {0};
#pragma omp parallel num_threads(2)
#pragma omp single
  {
    for (int k = 0; k < M; k++) {
#pragma omp task depend(out: a[k]) shared(a)
      {
        usleep(2000 * (M - k));
        a[k] = k + 1;
      }
    }
#pragma omp target depend(iterator(k = 0:M), in: a[k]) map(to: a) map(from: b) nowait
    for (int k = 0; k < M; k++)
      b[k] = 2 * a[k];
#pragma omp taskwait
  }
  for (int k = 0; k < M; k++)
    check(b[k] == 2 * (k + 1), "depend", k, 0);

  for (int k = 0; k < N; k++)
    free(rows[k]);
  printf("%s\n", fails ? "FAILED" : "passed");
  return fails != 0;
}
