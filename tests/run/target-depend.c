// depend on target constructs without nowait (OpenMP 5.2 13.8, 13.6, 13.7,
// 13.9, 15.9.5): the target task is undeferred, but it still waits for the
// sibling tasks it depends on, and later tasks that depend on it wait for
// it.  The host tasks before it are slow on purpose: a construct that did
// not wait would see the old values.
// RUN: %ompicc -o %t %s && %t
#include <omp.h>
#include <stdio.h>
#include <unistd.h>

#define N 256

/* OpenMP 5.1 18.8.11; gcc 12's omp.h does not declare it yet */
void *omp_get_mapped_ptr(const void *ptr, int device_num);

int main(void)
{
  static int a[N];
  int fails = 0, x = 0, y = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
    /* task -> target nowait -> target (the last one waits, with no nowait) */
#pragma omp task depend(out: a) shared(a)
    {
      usleep(50000);
      for (int i = 0; i < N; i++)
        a[i] = 1;
    }
#pragma omp target teams distribute parallel for depend(inout: a) map(tofrom: a) nowait
    for (int i = 0; i < N; i++)
      a[i] = a[i] * 2 + 1;
#pragma omp target teams distribute parallel for depend(in: a) map(tofrom: a)
    for (int i = 0; i < N; i++)
      a[i] += 100;
    for (int i = 0; i < N; i++)
      fails += a[i] != 103;

    /* a generic region, and a task that depends on the target */
#pragma omp task depend(out: x) shared(x)
    {
      usleep(50000);
      x = 7;
    }
#pragma omp target map(tofrom: x) depend(inout: x)
    {
#pragma omp parallel num_threads(4)
      {
#pragma omp single
        x = x * 10;
      }
    }
#pragma omp task depend(in: x) shared(x, y)
    y = x + 1;
#pragma omp taskwait
    fails += x != 70 || y != 71;

    /* enter data, update and exit data wait the same way */
    static int b[N];
#pragma omp task depend(out: b) shared(b)
    {
      usleep(50000);
      for (int i = 0; i < N; i++)
        b[i] = i;
    }
#pragma omp target enter data map(to: b) depend(in: b)
    /* the host's bytes are the device copy on the host, and zero-copy */
    int shared = omp_get_mapped_ptr(b, omp_get_default_device()) == (void *)b;
#pragma omp target teams distribute parallel for depend(inout: b)
    for (int i = 0; i < N; i++)
      b[i] += 1;
#pragma omp task depend(out: b) shared(b)
    {
      usleep(50000);
      for (int i = 0; i < N; i++)
        b[i] *= 3; /* the host's copy; the update below comes after it */
    }
#pragma omp target update from(b) depend(in: b)
#pragma omp target exit data map(release: b) depend(inout: b)
    for (int i = 0; i < N; i++)
      fails += b[i] != (shared ? 3 * (i + 1) : i + 1);
  }
  if (fails)
    printf("%d wrong values\n", fails);
  return fails != 0;
}
