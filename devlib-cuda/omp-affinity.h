/* omp-affinity.h - the thread affinity format routines in device code
 * (included by ompicc-generic.h): affinity-format-var, a device ICV (a
 * variable of the kernel file), and the expansion of its fields.
 *
 * A field is %[0][.][width]t or %{name} (OpenMP 5.2 21.2.5, table 21.2):
 * t team_num, T num_teams, L nesting_level, n thread_num, N num_threads,
 * a ancestor_tnum, H host, P process_id, p native_thread_id, i
 * thread_identifier, A thread_affinity; %% is a '%'.  On the device, the
 * host is "device<n>", the process is the host program's, a thread's
 * native and OpenMP identifiers are its place in the grid, and no thread
 * is bound to processors (an empty affinity).
 *
 * OpenMP 5.2 18.3.4-18.3.7.
 */
#ifndef OMPICC_OMP_AFFINITY_H
#define OMPICC_OMP_AFFINITY_H

#define OMPICC_AFFINITY_MAX 256
/* one per image: a variable template (ompicc-device.h, __ompicc_device_env) */
template <int>
__device__ char __ompicc_affinity_format_v[OMPICC_AFFINITY_MAX] = "level %L thread %i affinity %A";
#define __ompicc_affinity_format __ompicc_affinity_format_v<0>

/* What an expansion writes: up to cap - 1 characters and a NUL, while n
 * counts them all. */
struct __ompicc_out {
  char *buf;
  size_t cap, n;
};
static __device__ __forceinline__ void __ompicc_out_c(__ompicc_out *o, char c)
{
  if (o->buf && o->n + 1 < o->cap)
    o->buf[o->n] = c;
  o->n++;
}

/* A field's text s, in a field of `width` (right-justified when `right`,
 * with zeros when `zero` and it is a number). */
static __device__ void __ompicc_out_field(__ompicc_out *o, const char *s, int width, int right,
                                          int zero)
{
  int len = (int)__ompicc_strlen(s), pad = width > len ? width - len : 0;
  if (right)
    for (int i = 0; i < pad; i++)
      __ompicc_out_c(o, zero ? '0' : ' ');
  for (int i = 0; i < len; i++)
    __ompicc_out_c(o, s[i]);
  if (!right)
    for (int i = 0; i < pad; i++)
      __ompicc_out_c(o, ' ');
}

static __device__ void __ompicc_itoa(long long v, char *s)
{
  char tmp[24];
  int n = 0, neg = v < 0;
  unsigned long long u = neg ? 0ull - (unsigned long long)v : (unsigned long long)v;
  do
    tmp[n++] = (char)('0' + u % 10);
  while (u /= 10);
  if (neg)
    *s++ = '-';
  while (n)
    *s++ = tmp[--n];
  *s = 0;
}

/* The short name of a %{long_name} field, or 0. */
static __device__ char __ompicc_affinity_short(const char *name, int len)
{
  const char *const names[] = {"team_num", "num_teams", "nesting_level", "thread_num",
                                      "num_threads", "ancestor_tnum", "host", "process_id",
                                      "native_thread_id", "thread_identifier", "thread_affinity"};
  const char letters[] = "tTLnNaHPpiA";
  for (int i = 0; i < 11; i++)
    if ((int)__ompicc_strlen(names[i]) == len && !__ompicc_strncmp(names[i], name, (size_t)len))
      return letters[i];
  return 0;
}

/* The value of field c for the calling thread, as text; 0 for an
 * unknown field. */
static __device__ int __ompicc_affinity_value(char c, char *s)
{
  unsigned long long grid_id = (unsigned long long)omp_get_team_num() * blockDim.x + threadIdx.x;
  switch (c) {
  case 't': __ompicc_itoa(omp_get_team_num(), s); return 1;
  case 'T': __ompicc_itoa(omp_get_num_teams(), s); return 1;
  case 'L': __ompicc_itoa(__ompicc_g_get_level(), s); return 1;
  case 'n': __ompicc_itoa(__ompicc_g_get_thread_num(), s); return 1;
  case 'N': __ompicc_itoa(__ompicc_g_get_num_threads(), s); return 1;
  case 'a': __ompicc_itoa(__ompicc_g_get_ancestor_thread_num(__ompicc_g_get_level() - 1), s); return 1;
  case 'H': memcpy(s, "device", 6); __ompicc_itoa(__ompicc_device_env.device_num, s + 6); return 1;
  case 'P': __ompicc_itoa(__ompicc_device_env.host_pid, s); return 1;
  case 'p': case 'i': __ompicc_itoa((long long)grid_id, s); return 1;
  case 'A': *s = 0; return 1;
  }
  return 0;
}

/* Expand format (NULL or empty: affinity-format-var) into o. */
static __device__ void __ompicc_affinity_expand(__ompicc_out *o, const char *f)
{
  if (!f || !*f)
    f = __ompicc_affinity_format;
  while (*f) {
    if (*f != '%') {
      __ompicc_out_c(o, *f++);
      continue;
    }
    const char *start = f++;
    int zero = 0, right = 0, width = 0;
    if (*f == '0')
      zero = 1, f++;
    if (*f == '.')
      right = 1, f++;
    while (*f >= '0' && *f <= '9')
      width = width * 10 + (*f++ - '0');
    char c = *f, text[32];
    if (c == '{') {
      const char *end = f + 1;
      while (*end && *end != '}')
        end++;
      c = *end ? __ompicc_affinity_short(f + 1, (int)(end - f - 1)) : 0;
      f = *end ? end : f;
    }
    if (c == '%' && f == start + 1) {
      __ompicc_out_c(o, '%');
      f++;
    } else if (c && __ompicc_affinity_value(c, text)) {
      __ompicc_out_field(o, text, width, right, zero && right);
      f++;
    } else { /* not a field: printed as written */
      for (const char *p = start; p <= f && *p; p++)
        __ompicc_out_c(o, *p);
      if (*f)
        f++;
    }
  }
}

static __device__ inline void omp_set_affinity_format(const char *format)
{
  size_t n = __ompicc_strlen(format);
  if (n >= OMPICC_AFFINITY_MAX)
    n = OMPICC_AFFINITY_MAX - 1;
  memcpy(__ompicc_affinity_format, format, n);
  __ompicc_affinity_format[n] = 0;
}
/* The length of affinity-format-var; its first size - 1 characters and a
 * NUL go to buffer. */
static __device__ inline size_t omp_get_affinity_format(char *buffer, size_t size)
{
  size_t n = __ompicc_strlen(__ompicc_affinity_format);
  if (buffer && size) {
    size_t k = n < size - 1 ? n : size - 1;
    memcpy(buffer, __ompicc_affinity_format, k);
    buffer[k] = 0;
  }
  return n;
}
static __device__ inline size_t omp_capture_affinity(char *buffer, size_t size, const char *format)
{
  __ompicc_out o = {buffer, size, 0};
  __ompicc_affinity_expand(&o, format);
  if (buffer && size)
    buffer[o.n < size - 1 ? o.n : size - 1] = 0;
  return o.n;
}
static __device__ inline void omp_display_affinity(const char *format)
{
  char line[OMPICC_AFFINITY_MAX * 2];
  omp_capture_affinity(line, sizeof line, format);
  printf("%s\n", line);
}

#endif
