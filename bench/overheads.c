/* overheads.c - the cost of OpenMP constructs inside a target region, in
 * the manner of the EPCC OpenMP micro-benchmarks (syncbench): time a loop
 * of REPS repetitions of a construct around a small delay, subtract the
 * time of the same loop of delays without the construct, divide by REPS.
 *
 *   overheads CONSTRUCT REPS DELAY THREADS...
 *
 * CONSTRUCT: parallel, for, barrier, single, critical, reduction (the
 * table `benches` below; each has its own target region).  For each
 * THREADS count, one launch of a generic kernel (a plain `target` whose
 * serial code runs the loops: one team of THREADS workers plus the master
 * warp, thread_limit and num_threads).  The kernel first runs the
 * construct WARM times with checks (every thread took part, the barrier
 * held, the critical section excluded, the reduction summed), untimed;
 * then it times the reference loop and the construct's loop with the
 * device clock (omp_get_wtime: %globaltimer on a GPU, the host's
 * monotonic clock on the CPU-executed device), so the launch is not in
 * the figures.  Output, one line per THREADS (bench/overheads reads it):
 *
 *   row construct=NAME threads=N reps=R ref=SECONDS test=SECONDS check=ok
 *   row ... check=FAIL what went wrong
 *
 * The reference and test loops of each construct (as syncbench has them):
 *   parallel   serial: delay                 | parallel { delay }
 *   for        parallel { delay }            | parallel { for (one iteration per thread) delay }
 *   barrier    parallel { delay }            | parallel { delay; barrier }
 *   single     parallel { delay }            | parallel { single delay }
 *   critical   serial: delay, R times        | parallel { critical delay }, R entries in all
 *   reduction  serial: delay; x += 1         | parallel reduction(+: x) { delay; x += 1 }
 *
 * OpenMP 5.0 2.6 (parallel), 2.9.2 (for), 2.8.2 (single), 2.17.1
 * (critical), 2.17.2 (barrier), 2.19.5.4 (reduction), 2.12.5 (target),
 * 3.4.1 (omp_get_wtime). */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WARM 2 /* untimed repetitions, with the checks */

#pragma omp declare target
double bench_sink; /* keeps the delay loop alive: written only if a < 0 */

/* About DL dependent floating-point additions. */
static void delay(int dl)
{
  double a = 0.0;
  for (int i = 0; i < dl; i++)
    a += i;
  if (a < 0.0)
    bench_sink = a;
}
#pragma omp end declare target

/* What one kernel gives back: the two times, then what the checks saw
 * (bad: the number of failed checks; seen: threads in the last parallel
 * region of the warm-up, asked: the count the kernel was given; count:
 * what the check counted, against want). */
enum { R_REF, R_TEST, R_BAD, R_SEEN, R_ASKED, R_COUNT, R_WANT, R_DEVICE, R_LEN };

static void bench_parallel(int nt, int reps, int dl, double *res)
{
#pragma omp target thread_limit(nt) map(from : res[0:R_LEN])
  {
    int seen = 0;
    int count = 0;
    for (int r = 0; r < WARM; r++) {
#pragma omp parallel num_threads(nt)
      {
        delay(dl);
        if (omp_get_thread_num() == 0)
          seen = omp_get_num_threads(), count++;
      }
    }
    double t0 = omp_get_wtime();
    for (int r = 0; r < reps; r++)
      delay(dl);
    double t1 = omp_get_wtime();
    for (int r = 0; r < reps; r++) {
#pragma omp parallel num_threads(nt)
      delay(dl);
    }
    double t2 = omp_get_wtime();
    res[R_REF] = t1 - t0, res[R_TEST] = t2 - t1, res[R_BAD] = 0;
    res[R_SEEN] = seen, res[R_COUNT] = count, res[R_WANT] = WARM;
    res[R_ASKED] = nt, res[R_DEVICE] = !omp_is_initial_device();
  }
}

static void bench_for(int nt, int reps, int dl, double *res)
{
#pragma omp target thread_limit(nt) map(from : res[0:R_LEN])
  {
    int seen = 0;
    int count = 0;
#pragma omp parallel num_threads(nt)
    {
      for (int r = 0; r < WARM; r++) {
#pragma omp for
        for (int i = 0; i < nt; i++) {
          delay(dl);
#pragma omp atomic
          count++;
        }
      }
      if (omp_get_thread_num() == 0)
        seen = omp_get_num_threads();
    }
    double t0 = omp_get_wtime();
#pragma omp parallel num_threads(nt)
    for (int r = 0; r < reps; r++)
      delay(dl);
    double t1 = omp_get_wtime();
#pragma omp parallel num_threads(nt)
    for (int r = 0; r < reps; r++) {
#pragma omp for
      for (int i = 0; i < nt; i++)
        delay(dl);
    }
    double t2 = omp_get_wtime();
    res[R_REF] = t1 - t0, res[R_TEST] = t2 - t1, res[R_BAD] = 0;
    res[R_SEEN] = seen, res[R_COUNT] = count, res[R_WANT] = WARM * nt;
    res[R_ASKED] = nt, res[R_DEVICE] = !omp_is_initial_device();
  }
}

static void bench_barrier(int nt, int reps, int dl, double *res)
{
#pragma omp target thread_limit(nt) map(from : res[0:R_LEN])
  {
    int seen = 0;
    int arrived = 0;
    int bad = 0;
#pragma omp parallel num_threads(nt)
    {
      for (int r = 0; r < WARM; r++) {
        delay(dl);
#pragma omp atomic
        arrived++;
#pragma omp barrier
        int n;
#pragma omp atomic read
        n = arrived;
        if (n < (r + 1) * omp_get_num_threads()) {
#pragma omp atomic
          bad++;
        }
#pragma omp barrier
      }
      if (omp_get_thread_num() == 0)
        seen = omp_get_num_threads();
    }
    double t0 = omp_get_wtime();
#pragma omp parallel num_threads(nt)
    for (int r = 0; r < reps; r++)
      delay(dl);
    double t1 = omp_get_wtime();
#pragma omp parallel num_threads(nt)
    for (int r = 0; r < reps; r++) {
      delay(dl);
#pragma omp barrier
    }
    double t2 = omp_get_wtime();
    res[R_REF] = t1 - t0, res[R_TEST] = t2 - t1, res[R_BAD] = bad;
    res[R_SEEN] = seen, res[R_COUNT] = arrived, res[R_WANT] = WARM * nt;
    res[R_ASKED] = nt, res[R_DEVICE] = !omp_is_initial_device();
  }
}

static void bench_single(int nt, int reps, int dl, double *res)
{
#pragma omp target thread_limit(nt) map(from : res[0:R_LEN])
  {
    int seen = 0;
    int count = 0;
#pragma omp parallel num_threads(nt)
    {
      for (int r = 0; r < WARM; r++) {
#pragma omp single
        {
          delay(dl);
          count++; /* one thread at a time: the single's barrier orders them */
        }
      }
      if (omp_get_thread_num() == 0)
        seen = omp_get_num_threads();
    }
    double t0 = omp_get_wtime();
#pragma omp parallel num_threads(nt)
    for (int r = 0; r < reps; r++)
      delay(dl);
    double t1 = omp_get_wtime();
#pragma omp parallel num_threads(nt)
    for (int r = 0; r < reps; r++) {
#pragma omp single
      delay(dl);
    }
    double t2 = omp_get_wtime();
    res[R_REF] = t1 - t0, res[R_TEST] = t2 - t1, res[R_BAD] = 0;
    res[R_SEEN] = seen, res[R_COUNT] = count, res[R_WANT] = WARM;
    res[R_ASKED] = nt, res[R_DEVICE] = !omp_is_initial_device();
  }
}

/* reps: the critical sections entered in all, a multiple of nt. */
static void bench_critical(int nt, int reps, int dl, double *res)
{
#pragma omp target thread_limit(nt) map(from : res[0:R_LEN])
  {
    int seen = 0;
    int count = 0;
    int each = reps / nt;
#pragma omp parallel num_threads(nt)
    {
      for (int r = 0; r < WARM; r++) {
#pragma omp critical
        {
          delay(dl);
          count++; /* plain: the critical section is the only guard */
        }
      }
      if (omp_get_thread_num() == 0)
        seen = omp_get_num_threads();
    }
    double t0 = omp_get_wtime();
    for (int r = 0; r < each * nt; r++)
      delay(dl);
    double t1 = omp_get_wtime();
#pragma omp parallel num_threads(nt)
    for (int r = 0; r < each; r++) {
#pragma omp critical
      delay(dl);
    }
    double t2 = omp_get_wtime();
    res[R_REF] = t1 - t0, res[R_TEST] = t2 - t1, res[R_BAD] = 0;
    res[R_SEEN] = seen, res[R_COUNT] = count, res[R_WANT] = WARM * nt;
    res[R_ASKED] = nt, res[R_DEVICE] = !omp_is_initial_device();
  }
}

static void bench_reduction(int nt, int reps, int dl, double *res)
{
#pragma omp target thread_limit(nt) map(from : res[0:R_LEN])
  {
    int seen = 0;
    int bad = 0;
    int x = 0;
    for (int r = 0; r < WARM; r++) {
      x = 0;
#pragma omp parallel num_threads(nt) reduction(+ : x)
      {
        delay(dl);
        x += 1;
        if (omp_get_thread_num() == 0)
          seen = omp_get_num_threads();
      }
      bad += x != nt;
    }
    double t0 = omp_get_wtime();
    for (int r = 0; r < reps; r++) {
      x = 0;
      delay(dl);
      x += 1;
    }
    double t1 = omp_get_wtime();
    for (int r = 0; r < reps; r++) {
      x = 0;
#pragma omp parallel num_threads(nt) reduction(+ : x)
      {
        delay(dl);
        x += 1;
      }
    }
    double t2 = omp_get_wtime();
    res[R_REF] = t1 - t0, res[R_TEST] = t2 - t1, res[R_BAD] = bad;
    res[R_SEEN] = seen, res[R_COUNT] = x, res[R_WANT] = nt;
    res[R_ASKED] = nt, res[R_DEVICE] = !omp_is_initial_device();
  }
}

typedef void BenchFn(int nt, int reps, int dl, double *res);

static const struct {
  const char *name;
  BenchFn *fn;
} benches[] = {
    {"parallel", bench_parallel}, {"for", bench_for},           {"barrier", bench_barrier},
    {"single", bench_single},     {"critical", bench_critical}, {"reduction", bench_reduction},
};

/* "ok", or what the checks of the warm-up found wrong. */
static const char *verdict(const double *res, int nt, char *why, size_t len)
{
  if (!res[R_DEVICE])
    snprintf(why, len, "FAIL ran on the host");
  else if ((int)res[R_SEEN] != nt || (int)res[R_ASKED] != nt)
    snprintf(why, len, "FAIL %d threads, %d asked", (int)res[R_SEEN], (int)res[R_ASKED]);
  else if (res[R_BAD] != 0 || res[R_COUNT] != res[R_WANT])
    snprintf(why, len, "FAIL counted %.0f, expected %.0f (%.0f failed checks)", res[R_COUNT],
             res[R_WANT], res[R_BAD]);
  else
    snprintf(why, len, "ok");
  return why;
}

static void run_row(const char *name, BenchFn *fn, int nt, int reps, int dl)
{
  double res[R_LEN] = {0};
  char why[128];
  if (fn == bench_critical)
    reps = (reps + nt - 1) / nt * nt; /* every thread enters as often */
  fn(nt, reps, dl, res);
  printf("row construct=%s threads=%d reps=%d ref=%.9g test=%.9g check=%s\n", name, nt, reps,
         res[R_REF], res[R_TEST], verdict(res, nt, why, sizeof why));
  fflush(stdout);
}

int main(int argc, char **argv)
{
  if (argc < 5) {
    fprintf(stderr, "usage: %s CONSTRUCT REPS DELAY THREADS...\n", argv[0]);
    return 2;
  }
  int reps = atoi(argv[2]);
  int dl = atoi(argv[3]);
  for (size_t b = 0; b < sizeof benches / sizeof *benches; b++)
    if (!strcmp(argv[1], benches[b].name)) {
      for (int a = 4; a < argc; a++)
        run_row(benches[b].name, benches[b].fn, atoi(argv[a]), reps, dl);
      return 0;
    }
  fprintf(stderr, "%s: unknown construct '%s'\n", argv[0], argv[1]);
  return 2;
}
