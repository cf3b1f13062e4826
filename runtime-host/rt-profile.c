/* rt-profile.c - what the runtime tells the user of a run, on request:
 *
 *  - OMPICC_INFO=1: one line on stderr for each map, copy, release and
 *    kernel launch, with the construct's source place, the list item, the
 *    bytes, the reference count, the grid and the block (OMPICC_DEBUG
 *    prints these lines too, among its others);
 *  - OMPICC_PROFILE=1: at exit, a table on stderr with one row per target
 *    construct and device, by source place: kernel launches, their total
 *    and mean time, the bytes copied each way, the copies' time and rate;
 *  - OMPICC_PROFILE=FILE (any value but 1, yes, true, on): the same
 *    table, and a trace of the run in FILE, in the Chrome trace-event
 *    JSON format (Perfetto, chrome://tracing): kernels, copies, device
 *    allocations and frees, on a timeline per device and host thread.
 *    "%p" in FILE becomes the process id (several MPI ranks, fork);
 *  - OMP_DISPLAY_ENV=true|verbose: at start, after the host OpenMP
 *    runtime's own list, the device settings (OpenMP 5.2 21.7): the
 *    device ICVs as ompicc reads them, every OMPICC_ variable, and with
 *    verbose each device (which loads the device modules at start).
 *
 * Times: a kernel's is the device's own when its module has timing marks
 * (the CUDA module: events around the launch), else the host's clock from
 * the launch to the end of the wait for it (cuda-emu, whose launches run
 * on the calling thread).  A copy's is the host's clock from its start
 * to the end of a wait for its queue: while profiling, each copy is
 * waited for, so the timed program overlaps less than it would.
 *
 * Calls only the core (rt-core.c); rt-transfer.c, rt-data.c and
 * rt-target.c record through it.
 */
#define _GNU_SOURCE /* asprintf */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "rt.h"

/* ------------------------------------------------------- environment */

static pthread_once_t env_once = PTHREAD_ONCE_INIT;
static int info_on, profile_on;
static char *trace_file; /* OMPICC_PROFILE's file, "%p" replaced */
static double t_origin;  /* the clock when profiling began, microseconds */

double rt_clock_us(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

static int yes_word(const char *s)
{
  static const char *const words[] = {"1", "yes", "true", "on"};
  for (size_t i = 0; i < sizeof words / sizeof *words; i++)
    if (strcasecmp(s, words[i]) == 0)
      return 1;
  return 0;
}

/* FILE with each "%p" replaced by the process id and "%%" by "%". */
static char *expand_file(const char *file)
{
  size_t cap = strlen(file) + 1, n = 0;
  char pid[24];
  int npid = snprintf(pid, sizeof pid, "%ld", (long)getpid());
  for (const char *s = file; *s; s++)
    cap += s[0] == '%' && s[1] == 'p' ? (size_t)npid : 0;
  char *out = rt_xmalloc(cap);
  for (const char *s = file; *s; s++) {
    if (s[0] == '%' && s[1] == 'p') {
      memcpy(out + n, pid, (size_t)npid);
      n += (size_t)npid;
      s++;
    } else if (s[0] == '%' && s[1] == '%') {
      out[n++] = '%';
      s++;
    } else
      out[n++] = *s;
  }
  out[n] = '\0';
  return out;
}

static void read_env(void)
{
  const char *s = getenv("OMPICC_INFO");
  info_on = s && *s && strcmp(s, "0") != 0;
  s = getenv("OMPICC_PROFILE");
  if (s && *s && strcmp(s, "0") != 0) {
    profile_on = 1;
    if (!yes_word(s))
      trace_file = expand_file(s);
    t_origin = rt_clock_us();
  }
}

int rt_info_on(void)
{
  pthread_once(&env_once, read_env);
  return info_on || rt_debug();
}

int rt_profiling(void)
{
  pthread_once(&env_once, read_env);
  return profile_on;
}

void rt_info(const char *fmt, ...)
{
  if (!rt_info_on())
    return;
  va_list ap;
  va_start(ap, fmt);
  rt_say(fmt, ap);
  va_end(ap);
}

/* ----------------------------------------------------------- records */

/* One row of the table: a construct's activity on one device. */
typedef struct Row {
  const char *where;
  char *kernel; /* the last kernel it launched (its own copy: the name of a
                   kernel made at run time goes at exit) */
  int device;
  long launches, copies;
  double kernel_us, copy_us;
  unsigned long long to_bytes, from_bytes;
} Row;

enum { EV_KERNEL, EV_COPY_TO, EV_COPY_FROM, EV_ALLOC, EV_FREE };

/* One event of the trace. */
typedef struct Event {
  int kind, row, thread;
  double start, dur;
  unsigned long long bytes;
  const char *item; /* the list item, for copies and allocations */
  unsigned grid[3], block[3];
} Event;

#define MAX_EVENTS (1 << 22) /* about 300 MB of trace; then counted only */

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static Row *rows;
static int nrows, caprows;
static Event *events;
static long nevents, capevents, dropped;
static int nthreads;
static __thread int my_thread; /* 1, 2, ... in the order threads first record */

static void profile_fini(void);

static void display_env(void);

/* At start: the exit table, and OMP_DISPLAY_ENV's list. */
__attribute__((constructor)) static void profile_start(void)
{
  rt_at_exit(profile_fini);
  pthread_once(&env_once, read_env);
  display_env();
}

/* The row of (where, device), made on first use.  Caller holds lock. */
static int row_of(const char *where, const RtDevice *d)
{
  for (int i = nrows - 1; i >= 0; i--)
    if (rows[i].device == d->number &&
        (rows[i].where == where || strcmp(rows[i].where, where) == 0))
      return i;
  if (nrows == caprows) {
    caprows = caprows ? 2 * caprows : 16;
    Row *r = rt_xcalloc((size_t)caprows, sizeof *r);
    if (nrows)
      memcpy(r, rows, (size_t)nrows * sizeof *r);
    free(rows);
    rows = r;
  }
  rows[nrows] = (Row){.where = where ? where : "?", .device = d->number};
  return nrows++;
}

/* A new event of row `row`, or NULL when the trace is full or not kept.
 * Caller holds lock. */
static Event *new_event(int kind, int row, double start, double dur)
{
  if (!trace_file)
    return NULL;
  if (nevents == MAX_EVENTS) {
    dropped++;
    return NULL;
  }
  if (nevents == capevents) {
    capevents = capevents ? 2 * capevents : 1024;
    Event *e = rt_xmalloc((size_t)capevents * sizeof *e);
    if (nevents)
      memcpy(e, events, (size_t)nevents * sizeof *e);
    free(events);
    events = e;
  }
  if (!my_thread)
    my_thread = ++nthreads;
  Event *e = &events[nevents++];
  *e = (Event){.kind = kind, .row = row, .thread = my_thread, .start = start - t_origin,
               .dur = dur};
  return e;
}

/* ------------------------------------------------------------ timing */

void rt_time_begin(RtDevice *d, void *queue, RtTiming *t)
{
  t->mark = NULL;
  t->host_start = rt_clock_us();
  if (d->plugin->mark_record && d->plugin->mark_record(d->id, queue, &t->mark) != 0)
    t->mark = NULL; /* no mark: the host's clock */
}

int rt_time_end(RtDevice *d, void *queue, RtTiming *t, double *start, double *dur)
{
  int bad = 0;
  void *end = NULL;
  double seconds;
  if (t->mark && d->plugin->mark_record(d->id, queue, &end) == 0 &&
      d->plugin->mark_elapsed(d->id, t->mark, end, &seconds) == 0) {
    /* the device finished just before the wait for `end` returned */
    *dur = seconds * 1e6;
    *start = rt_clock_us() - *dur;
  } else {
    bad = d->plugin->queue_sync(d->id, queue);
    *start = t->host_start;
    *dur = rt_clock_us() - t->host_start;
  }
  if (end)
    d->plugin->mark_free(d->id, end);
  if (t->mark)
    d->plugin->mark_free(d->id, t->mark);
  return bad;
}

void rt_profile_kernel(RtDevice *d, const char *where, const char *kernel,
                       const OmpiccLaunch *g, double start, double dur)
{
  pthread_mutex_lock(&lock);
  int i = row_of(where, d);
  Row *r = &rows[i];
  if (!r->kernel || strcmp(r->kernel, kernel) != 0) {
    free(r->kernel);
    r->kernel = rt_xstrdup(kernel);
  }
  r->launches++;
  r->kernel_us += dur;
  Event *e = new_event(EV_KERNEL, i, start, dur);
  if (e) {
    memcpy(e->grid, g->grid, sizeof e->grid);
    memcpy(e->block, g->block, sizeof e->block);
  }
  pthread_mutex_unlock(&lock);
}

void rt_profile_copy(RtDevice *d, const char *where, const char *item, int to_device,
                     size_t bytes, double start, double dur)
{
  pthread_mutex_lock(&lock);
  int i = row_of(where, d);
  Row *r = &rows[i];
  r->copies++;
  r->copy_us += dur;
  if (to_device)
    r->to_bytes += bytes;
  else
    r->from_bytes += bytes;
  Event *e = new_event(to_device ? EV_COPY_TO : EV_COPY_FROM, i, start, dur);
  if (e)
    e->bytes = bytes, e->item = item;
  pthread_mutex_unlock(&lock);
}

void rt_profile_memory(RtDevice *d, const char *where, const char *item, int freed,
                       size_t bytes, double start, double dur)
{
  if (!rt_profiling() || !trace_file)
    return;
  pthread_mutex_lock(&lock);
  Event *e = new_event(freed ? EV_FREE : EV_ALLOC, row_of(where, d), start, dur);
  if (e)
    e->bytes = bytes, e->item = item;
  pthread_mutex_unlock(&lock);
}

/* ----------------------------------------------------------- summary */

/* The devices are still there when the table and the trace are written
 * (rt_at_exit). */
static int device_used(int number)
{
  for (int i = 0; i < nrows; i++)
    if (rows[i].device == number)
      return 1;
  return 0;
}

static const char *device_name(int number)
{
  const RtDevice *d = rt_device(number);
  return d->have_info && d->info.name[0] ? d->info.name : d->plugin->name;
}

/* "12.0 KiB": bytes in a width of 10. */
static void print_bytes(FILE *f, unsigned long long n)
{
  static const char *const units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  double v = (double)n;
  int u = 0;
  while (v >= 1024 && u < 4)
    v /= 1024, u++;
  if (u == 0)
    fprintf(f, " %10llu B  ", n);
  else
    fprintf(f, " %10.1f %-3s", v, units[u]);
}

static double row_time(const Row *r) { return r->kernel_us + r->copy_us; }

static int by_time(const void *a, const void *b)
{
  double x = row_time(a), y = row_time(b);
  return x < y ? 1 : x > y ? -1 : 0;
}

static void print_row(FILE *f, const char *dev, const char *where, const char *kernel,
                      const Row *r)
{
  fprintf(f, "%-6s %-22s %-26s %8ld %11.3f %11.1f", dev, where, kernel, r->launches,
          r->kernel_us / 1e3, r->launches ? r->kernel_us / (double)r->launches : 0.0);
  print_bytes(f, r->to_bytes);
  print_bytes(f, r->from_bytes);
  fprintf(f, " %7ld %10.3f", r->copies, r->copy_us / 1e3);
  if (r->copy_us > 0)
    fprintf(f, " %9.2f\n", (double)(r->to_bytes + r->from_bytes) / r->copy_us / 1e3);
  else
    fprintf(f, " %9s\n", "-");
}

static void print_summary(FILE *f)
{
  fprintf(f, "ompicc: profile of %d target construct%s (OMPICC_PROFILE)\n", nrows,
          nrows == 1 ? "" : "s");
  if (nrows == 0) {
    fputs("ompicc: no target construct used a device\n", f);
    return;
  }
  for (int i = 0; i < rt_num_devices(); i++)
    if (device_used(i))
      fprintf(f, "device %d: %s\n", i, device_name(i));
  fprintf(f, "%-6s %-22s %-26s %8s %11s %11s %14s %14s %7s %10s %9s\n", "device", "place",
          "kernel", "launches", "kernel ms", "mean us", "to device", "from device", "copies",
          "copy ms", "GB/s");
  Row total = {.where = "total"};
  qsort(rows, (size_t)nrows, sizeof *rows, by_time);
  for (int i = 0; i < nrows; i++) {
    const Row *r = &rows[i];
    char dev[16];
    snprintf(dev, sizeof dev, "%d", r->device);
    print_row(f, dev, r->where, r->kernel ? r->kernel : "-", r);
    total.launches += r->launches, total.copies += r->copies;
    total.kernel_us += r->kernel_us, total.copy_us += r->copy_us;
    total.to_bytes += r->to_bytes, total.from_bytes += r->from_bytes;
  }
  print_row(f, "", "total", "", &total);
}

/* ------------------------------------------------------------- trace */

/* A JSON string of s. */
static void json_string(FILE *f, const char *s)
{
  fputc('"', f);
  for (; s && *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\')
      fprintf(f, "\\%c", c);
    else if (c < 0x20)
      fprintf(f, "\\u%04x", c);
    else
      fputc(c, f);
  }
  fputc('"', f);
}

static const char *const event_names[] = {"kernel", "copy to device", "copy from device",
                                          "alloc", "free"};
static const char *const event_cats[] = {"kernel", "copy", "copy", "memory", "memory"};

/* Devices are processes of the trace (pid = device number + 1), host
 * threads its threads. */
static void write_trace(FILE *f)
{
  fputs("{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n", f);
  for (int i = 0; i < rt_num_devices(); i++) {
    if (!device_used(i))
      continue;
    char name[300];
    snprintf(name, sizeof name, "device %d: %s", i, device_name(i));
    fprintf(f, "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":%d,\"args\":{\"name\":", i + 1);
    json_string(f, name);
    fputs("}},\n", f);
    for (int t = 1; t <= nthreads; t++)
      fprintf(f,
              "{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":%d,\"tid\":%d,"
              "\"args\":{\"name\":\"host thread %d\"}},\n",
              i + 1, t, t);
  }
  for (long k = 0; k < nevents; k++) {
    const Event *e = &events[k];
    const Row *r = &rows[e->row];
    fputs("{\"name\":", f);
    json_string(f, e->kind == EV_KERNEL ? r->kernel : event_names[e->kind]);
    fprintf(f, ",\"cat\":\"%s\",\"ph\":\"X\",\"pid\":%d,\"tid\":%d,\"ts\":%.3f,\"dur\":%.3f",
            event_cats[e->kind], r->device + 1, e->thread, e->start, e->dur);
    fputs(",\"args\":{\"place\":", f);
    json_string(f, r->where);
    if (e->kind == EV_KERNEL)
      fprintf(f, ",\"grid\":\"%ux%ux%u\",\"block\":\"%ux%ux%u\"", e->grid[0], e->grid[1],
              e->grid[2], e->block[0], e->block[1], e->block[2]);
    else {
      fprintf(f, ",\"bytes\":%llu,\"item\":", e->bytes);
      json_string(f, e->item ? e->item : "?");
    }
    fputs("}}", f);
    fputs(k + 1 < nevents ? ",\n" : "\n", f);
  }
  fputs("]}\n", f);
}

static void profile_fini(void)
{
  if (!rt_profiling())
    return;
  pthread_mutex_lock(&lock);
  if (trace_file) {
    FILE *f = fopen(trace_file, "w");
    if (!f)
      fprintf(stderr, "ompicc: warning: OMPICC_PROFILE: cannot write %s: %m\n", trace_file);
    else {
      write_trace(f);
      if (fclose(f) != 0)
        fprintf(stderr, "ompicc: warning: OMPICC_PROFILE: cannot write %s: %m\n", trace_file);
      else if (dropped)
        fprintf(stderr, "ompicc: OMPICC_PROFILE: %s has the first %ld events of %ld\n",
                trace_file, nevents, nevents + dropped);
    }
  }
  print_summary(stderr); /* after the trace: it sorts the rows */
  for (int i = 0; i < nrows; i++)
    free(rows[i].kernel);
  free(rows);
  rows = NULL;
  nrows = caprows = 0;
  free(events);
  events = NULL;
  nevents = capevents = 0;
  free(trace_file);
  trace_file = NULL;
  pthread_mutex_unlock(&lock);
}

/* ------------------------------------------------------ OMP_DISPLAY_ENV */

extern char **environ;

static void display_env(void)
{
  const char *s = getenv("OMP_DISPLAY_ENV");
  int verbose = s && strcasecmp(s, "verbose") == 0;
  if (!s || (!verbose && strcasecmp(s, "true") != 0))
    return;
  static const char *const offload[] = {
      [RT_OFFLOAD_DEFAULT] = "DEFAULT", [RT_OFFLOAD_DISABLED] = "DISABLED",
      [RT_OFFLOAD_MANDATORY] = "MANDATORY"};
  static const char *const hostmem[] = {
      [RT_HOSTMEM_AUTO] = "auto", [RT_HOSTMEM_NEVER] = "never", [RT_HOSTMEM_ALWAYS] = "always"};
  FILE *f = stderr;
  fputs("\nOMPICC DEVICE ENVIRONMENT BEGIN\n", f);
  fprintf(f, "  [device] OMP_TARGET_OFFLOAD = '%s'\n", offload[rt_offload_policy()]);
  fprintf(f, "  [device] OMP_DEFAULT_DEVICE = '%d'\n", rt_default_device());
  fprintf(f, "  [device] OMP_NUM_TEAMS = '%d'\n", rt_nteams_var());
  fprintf(f, "  [device] OMP_TEAMS_THREAD_LIMIT = '%d'\n", rt_teams_thread_limit_var());
  s = getenv("OMPICC_DEVICES");
  fprintf(f, "  OMPICC_DEVICES = '%s'\n", s && *s ? s : "cuda");
  fprintf(f, "  OMPICC_PINNED = '%s'\n", hostmem[rt_pinned_policy()]);
  fprintf(f, "  OMPICC_ZERO_COPY = '%s'\n", hostmem[rt_zero_copy_policy()]);
  fprintf(f, "  OMPICC_DEBUG = '%s'\n", rt_debug() ? "TRUE" : "FALSE");
  fprintf(f, "  OMPICC_INFO = '%s'\n", info_on ? "TRUE" : "FALSE");
  fprintf(f, "  OMPICC_PROFILE = '%s'\n",
          !profile_on ? "FALSE" : trace_file ? trace_file : "TRUE");
  /* the rest as given: the device modules' own (OMPICC_DEVICES,
   * OMPICC_EMU_THREADS, ...) */
  static const char *const shown[] = {"OMPICC_DEVICES=", "OMPICC_PINNED=", "OMPICC_ZERO_COPY=", "OMPICC_DEBUG=",
                                      "OMPICC_INFO=", "OMPICC_PROFILE="};
  for (char **e = environ; e && *e; e++) {
    if (strncmp(*e, "OMPICC_", 7) != 0 || !strchr(*e, '='))
      continue;
    int known = 0;
    for (size_t i = 0; i < sizeof shown / sizeof *shown; i++)
      known |= strncmp(*e, shown[i], strlen(shown[i])) == 0;
    if (!known)
      fprintf(f, "  %.*s = '%s'\n", (int)(strchr(*e, '=') - *e), *e, strchr(*e, '=') + 1);
  }
  if (verbose) {
    int n = rt_num_devices();
    fprintf(f, "  devices: %d (the host is device %d)\n", n, n);
    for (int i = 0; i < n; i++) {
      RtDevice *d = rt_device(i);
      const OmpiccDeviceInfo *di = &d->info;
      if (!d->have_info) {
        fprintf(f, "  [device %d] module '%s'\n", i, d->plugin->name);
        continue;
      }
      fprintf(f,
              "  [device %d] module '%s': %s, compute capability %d.%d, %d multiprocessors, "
              "warp %d, %d threads per block, %zu bytes of shared memory per block, %zu MiB%s%s\n",
              i, d->plugin->name, di->name, di->compute_major, di->compute_minor,
              di->multiprocessors, di->warp_size, di->max_threads_per_block,
              di->shared_mem_per_block, di->global_mem >> 20,
              di->integrated ? ", integrated" : "",
              di->pageable_access ? ", reaches host memory" : "");
    }
  }
  fputs("OMPICC DEVICE ENVIRONMENT END\n", f);
}
