/* Programs for memory.test: what the memory check of the CPU device
 * (OMPICC_EMU_CHECK=memory) must stop, each a bug that faults or reads
 * another object on a GPU, and one correct program that must run. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#pragma omp declare target
static int table[4] = {1, 2, 3, 4};
static int *entry = &table[2]; /* the device's copy points at the device's table */
#pragma omp end declare target

static int correct(void)
{
  int n = 100, sum = 0, *a = malloc(n * sizeof *a);
  for (int i = 0; i < n; i++)
    a[i] = i;
#pragma omp target teams distribute parallel for reduction(+: sum) map(to: a[0:n])
  for (int i = 0; i < n; i++)
    sum += a[i] + *entry;
  int heap = 0;
#pragma omp target teams num_teams(2) map(tofrom: heap)
  {
    int *p = malloc(8 * sizeof *p); /* the device heap */
    int local[8];
#pragma omp parallel for /* a generic kernel's workers */
    for (int i = 0; i < 8; i++)
      p[i] = i;
    memcpy(local, p, sizeof local);
    if (omp_get_team_num() == 0)
      heap = local[7] + table[0];
    free(p);
  }
  free(a);
  printf("ok %d %d\n", sum, heap);
  return 0;
}

/* map(to: p) maps the pointer, not what it points to (5.2 5.8.3). */
static int scalar_pointer(void)
{
  int n = 100;
  double *p = malloc(n * sizeof *p), s = 0;
  for (int i = 0; i < n; i++)
    p[i] = i;
#pragma omp target map(tofrom: s) map(to: p)
  for (int i = 0; i < n; i++)
    s += p[i];
  printf("sum %g\n", s);
  return 0;
}

static int overrun(void)
{
  int n = 64, *a = calloc(n, sizeof *a);
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i <= n; i++) /* one too many */
    a[i] = i;
  printf("%d\n", a[n - 1]);
  return 0;
}

static int after_unmap(void)
{
  int n = 16, *a = calloc(n, sizeof *a), *d = NULL;
#pragma omp target enter data map(to: a[0:n])
#pragma omp target data use_device_ptr(a)
  d = a;
#pragma omp target exit data map(delete: a[0:n])
#pragma omp target is_device_ptr(d)
  d[3] = 7;
  return 0;
}

static int heap_overrun(void)
{
  int r = 0;
#pragma omp target map(tofrom: r)
  {
    int *p = malloc(4 * sizeof *p);
    p[4] = 1;
    r = p[4];
    free(p);
  }
  return r;
}

/* The C library's memcpy, called from a kernel, is checked too. */
static int copy_from_host(void)
{
  int src[8] = {1, 2, 3, 4, 5, 6, 7, 8}, *p = src, r = 0;
#pragma omp target map(tofrom: r) firstprivate(p)
  {
    int local[8];
    memcpy(local, p, sizeof local);
    r = local[7];
  }
  return r != 8;
}

/* Device 1's memory used by a kernel of device 0 (OMPICC_EMU_DEVICES=2). */
static int other_device(void)
{
  int *d = omp_target_alloc(4 * sizeof *d, 1);
#pragma omp target device(0) is_device_ptr(d)
  d[0] = 1;
  omp_target_free(d, 1);
  return 0;
}

/* omp_target_memcpy past the end of a device allocation: refused, as the
 * CUDA driver refuses it, with or without the check (it wrote the
 * host's heap). */
static int copy_past(void)
{
  char host[128] = {0};
  char *d = omp_target_alloc(64, 0);
  int rc = omp_target_memcpy(d, host, sizeof host, 0, 0, 0, omp_get_initial_device());
  int in = omp_target_memcpy(d, host, 64, 0, 0, 0, omp_get_initial_device());
  omp_target_free(d, 0);
  printf("past %s, inside %s\n", rc ? "refused" : "copied", in ? "refused" : "copied");
  return 0;
}

/* Host code dereferencing a device address: a fault beside a GPU, the
 * check makes it one here (device memory is closed to the host). */
static int host_reads_device(void)
{
  int *d = omp_target_alloc(16 * sizeof *d, 0);
#pragma omp target is_device_ptr(d)
  for (int i = 0; i < 16; i++)
    d[i] = i;
  int x = d[3]; /* the bug */
  omp_target_free(d, 0);
  return x != 3;
}

int main(int argc, char **argv)
{
  const char *what = argc > 1 ? argv[1] : "correct";
  return !strcmp(what, "scalar-pointer") ? scalar_pointer()
         : !strcmp(what, "overrun")      ? overrun()
         : !strcmp(what, "after-unmap")  ? after_unmap()
         : !strcmp(what, "heap-overrun") ? heap_overrun()
         : !strcmp(what, "copy")         ? copy_from_host()
         : !strcmp(what, "other-device") ? other_device()
         : !strcmp(what, "copy-past")    ? copy_past()
         : !strcmp(what, "host-reads")   ? host_reads_device()
                                         : correct();
}
