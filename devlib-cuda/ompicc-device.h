/* ompicc-device.h - the device library every kernel file includes.
 *
 * For now, what SPMD kernels need (DESIGN D4): the OpenMP routines a
 * kernel may call (OpenMP 5.2 18.2, 18.4, 18.7: one OpenMP thread is one
 * CUDA thread, one team one block), reduction operators as functors, a
 * block reduction (warp shuffles, then one value per warp through shared
 * memory) with one combine per block into the device copy of the
 * variable, views that index arrays of more than one variable dimension
 * (a[i][j] on a pointer and strides), and atomic read, write, update and
 * capture (OpenMP 5.2 15.8.4) of any 1-, 2-, 4- or 8-byte type by
 * compare-and-swap loops (no native atomic is needed, so sm_53 works;
 * no lock is held, so nothing can deadlock inside a warp before Volta).
 * Warps are never assumed to run in lockstep: every shuffle names the
 * lanes that take part.  Compiled by nvcc (CUDA 10.2 and later, sm_53
 * and up) and, with OMPICC_CUDA_EMU, by g++ against cuda-emu.h.
 */
#ifndef OMPICC_DEVICE_H
#define OMPICC_DEVICE_H

#ifdef OMPICC_CUDA_EMU
#include "cuda-emu.h"
#endif

#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "omp-complex.h" /* C's complex types in device code */
#include "omp-types.h"   /* omp.h's types */
#include "omp-indirect.h" /* calls through function pointers */
#include "omp-nest.h"     /* collapsed non-rectangular loop nests */
#include "omp-loop.h"     /* the loop of an SPMD kernel */

/* assume's holds(e) is a hint, if (!(e)) __builtin_unreachable()
 * (transform/variants.c); the CUDA programming guide lists that builtin
 * from CUDA 11.3 on, so older toolkits (the Jetson Nano's 10.2) drop it. */
#if defined(__CUDACC_VER_MAJOR__) &&                                            \
    (__CUDACC_VER_MAJOR__ < 11 || (__CUDACC_VER_MAJOR__ == 11 && __CUDACC_VER_MINOR__ < 3))
#define __builtin_unreachable() ((void)0)
#endif

/* ---------------------------------------------------------------- OpenMP routines */

static __device__ __forceinline__ int omp_get_thread_num(void) { return threadIdx.x; }
static __device__ __forceinline__ int omp_get_num_threads(void) { return blockDim.x; }
static __device__ __forceinline__ int omp_get_max_threads(void) { return blockDim.x; }
static __device__ __forceinline__ int omp_get_thread_limit(void) { return blockDim.x; }
/* a team is a block; an SPMD kernel may walk its nest on a grid of 2 or 3
 * dimensions (omp-loop.h __ompicc_for_grid), whose blocks count x first */
static __device__ __forceinline__ int omp_get_team_num(void)
{
  return blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
}
static __device__ __forceinline__ int omp_get_num_teams(void)
{
  return gridDim.x * gridDim.y * gridDim.z;
}
static __device__ __forceinline__ int omp_is_initial_device(void) { return 0; }
static __device__ __forceinline__ int omp_in_parallel(void) { return blockDim.x > 1; }
static __device__ __forceinline__ int omp_get_level(void) { return blockDim.x > 1; }

/* What the runtime tells the device when it loads a kernel file
 * (runtime-host/rt-target.c, unit_on): its device number, the number of
 * devices (the host's is that number, OpenMP 5.2 18.7.7), how many
 * threads it runs at once, its processors (one OpenMP thread is one CUDA
 * thread), and the host program's process id.  Zero until then. */
struct __ompicc_device_env_t {
  int device_num, num_devices, num_procs, host_pid;
};
/* One instance per image however many kernel files are linked into it
 * (relocatable device code, doc/ARCHITECTURE.md "Device code across
 * files"): the device library's variables are variable templates, whose
 * instance the device linker (and the host's, for the CPU device) merges
 * as it merges an inline function, where a plain definition in every
 * kernel file would be defined twice.  The runtime looks this one up by
 * its instance's symbol, OMPICC_DEVICE_ENV_SYMBOL of ompicc-rt.h. */
template <int> __device__ __ompicc_device_env_t __ompicc_device_env_v;
#define __ompicc_device_env __ompicc_device_env_v<0>

/* OpenMP 5.2 18.7.2-18.7.7, 18.2.1 */
static __device__ __forceinline__ int omp_get_device_num(void) { return __ompicc_device_env.device_num; }
static __device__ __forceinline__ int omp_get_num_devices(void) { return __ompicc_device_env.num_devices; }
static __device__ __forceinline__ int omp_get_initial_device(void) { return __ompicc_device_env.num_devices; }
static __device__ __forceinline__ int omp_get_num_procs(void)
{
  return __ompicc_device_env.num_procs > 0 ? __ompicc_device_env.num_procs : 1;
}

/* The device has no places and no cancellation (OpenMP 5.2 18.3, 18.2.8):
 * place-partition-var is empty, bind-var false, cancel-var false; tasks
 * run at once, so max-task-priority-var is 0 (18.5.1). */
static __device__ __forceinline__ int omp_get_cancellation(void) { return 0; }
static __device__ __forceinline__ omp_proc_bind_t omp_get_proc_bind(void) { return omp_proc_bind_false; }
static __device__ __forceinline__ int omp_get_num_places(void) { return 0; }
static __device__ __forceinline__ int omp_get_place_num_procs(int place) { return (void)place, 0; }
static __device__ __forceinline__ void omp_get_place_proc_ids(int place, int *ids) { (void)place, (void)ids; }
static __device__ __forceinline__ int omp_get_place_num(void) { return -1; }
static __device__ __forceinline__ int omp_get_partition_num_places(void) { return 0; }
static __device__ __forceinline__ void omp_get_partition_place_nums(int *nums) { (void)nums; }
static __device__ __forceinline__ int omp_get_max_task_priority(void) { return 0; }
static __device__ __forceinline__ int omp_get_supported_active_levels(void) { return 1; }

/* #pragma omp error at(execution) (OpenMP 5.2 8.5): the message with the
 * directive's place; severity(fatal) then stops the kernel, whose launch
 * fails (the runtime reports it with the target construct's place). */
static __device__ inline void __ompicc_error(const char *where, const char *msg, int fatal)
{
  printf("%s: %s: error directive encountered%s%s\n", where, fatal ? "error" : "warning",
         msg ? ": " : "", msg ? msg : "");
  if (fatal)
    __trap();
}

/* C's abort() and exit(status) in device code: CUDA has neither, and a
 * kernel cannot end the program: the kernel stops (__trap) with the
 * reason, and the runtime reports its launch as failed with the target
 * construct's place, which ends the program. */
static __device__ inline void __ompicc_abort(void)
{
  printf("ompicc: abort() called in device code (block %d, thread %u)\n", omp_get_team_num(),
         threadIdx.x);
  __trap();
}
static __device__ inline void __ompicc_exit(int status)
{
  printf("ompicc: exit(%d) called in device code (block %d, thread %u)\n", status,
         omp_get_team_num(), threadIdx.x);
  __trap();
}

/* ---------------------------------------------------------------- string.h
 * The C library's string functions (C11 7.24) that CUDA lacks in device
 * code (it has memcpy and memset), with their C meaning: bytes compared
 * as unsigned char, strncpy padding with zeros, memmove copying through
 * overlap.  The kernel file calls these for the user's strlen and the
 * others (transform/device-lib.c). */
static __device__ inline size_t __ompicc_strlen(const char *s)
{
  size_t n = 0;
  while (s[n])
    n++;
  return n;
}
static __device__ inline size_t __ompicc_strnlen(const char *s, size_t max)
{
  size_t n = 0;
  while (n < max && s[n])
    n++;
  return n;
}
static __device__ inline int __ompicc_memcmp(const void *a, const void *b, size_t n)
{
  const unsigned char *x = (const unsigned char *)a, *y = (const unsigned char *)b;
  for (size_t i = 0; i < n; i++)
    if (x[i] != y[i])
      return x[i] < y[i] ? -1 : 1;
  return 0;
}
static __device__ inline int __ompicc_strncmp(const char *a, const char *b, size_t n)
{
  for (size_t i = 0; i < n; i++) {
    unsigned char x = (unsigned char)a[i], y = (unsigned char)b[i];
    if (x != y)
      return x < y ? -1 : 1;
    if (!x)
      break;
  }
  return 0;
}
static __device__ inline int __ompicc_strcmp(const char *a, const char *b)
{
  return __ompicc_strncmp(a, b, (size_t)-1);
}
static __device__ inline void *__ompicc_memmove(void *to, const void *from, size_t n)
{
  unsigned char *d = (unsigned char *)to;
  const unsigned char *s = (const unsigned char *)from;
  if (d < s || d >= s + n)
    for (size_t i = 0; i < n; i++)
      d[i] = s[i];
  else
    for (size_t i = n; i > 0; i--)
      d[i - 1] = s[i - 1];
  return to;
}
static __device__ inline void *__ompicc_memchr(const void *p, int c, size_t n)
{
  const unsigned char *s = (const unsigned char *)p;
  for (size_t i = 0; i < n; i++)
    if (s[i] == (unsigned char)c)
      return (void *)(s + i);
  return NULL;
}
static __device__ inline char *__ompicc_strchr(const char *s, int c)
{
  for (;; s++) {
    if (*s == (char)c)
      return (char *)s;
    if (!*s)
      return NULL;
  }
}
static __device__ inline char *__ompicc_strrchr(const char *s, int c)
{
  const char *last = NULL;
  for (;; s++) {
    if (*s == (char)c)
      last = s;
    if (!*s)
      return (char *)last;
  }
}
static __device__ inline char *__ompicc_strstr(const char *hay, const char *needle)
{
  size_t n = __ompicc_strlen(needle);
  for (; *hay || !n; hay++) {
    if (!__ompicc_strncmp(hay, needle, n))
      return (char *)hay;
    if (!*hay)
      break;
  }
  return NULL;
}
static __device__ inline char *__ompicc_strcpy(char *to, const char *from)
{
  size_t i = 0;
  while ((to[i] = from[i]))
    i++;
  return to;
}
static __device__ inline char *__ompicc_strncpy(char *to, const char *from, size_t n)
{
  size_t i = 0;
  for (; i < n && from[i]; i++)
    to[i] = from[i];
  for (; i < n; i++)
    to[i] = 0;
  return to;
}
static __device__ inline char *__ompicc_strcat(char *to, const char *from)
{
  __ompicc_strcpy(to + __ompicc_strlen(to), from);
  return to;
}
static __device__ inline char *__ompicc_strncat(char *to, const char *from, size_t n)
{
  char *end = to + __ompicc_strlen(to);
  size_t i = 0;
  for (; i < n && from[i]; i++)
    end[i] = from[i];
  end[i] = 0;
  return to;
}

/* ---------------------------------------------------------------- ctype.h
 * Character classes and case of the "C" locale (C11 7.4, 7.11.1.1), the
 * only locale device code has.  A program whose host C library is glibc
 * reaches them in C through its macros, which index glibc's tables
 * (__ctype_b_loc, __ctype_tolower_loc, __ctype_toupper_loc: for c in
 * -128..255, a bit per class); the kernel file calls these versions of
 * the three for them, with the same layout (bit k of the class list
 * below is 1 << (k + 8) for k < 8, else 1 << (k - 8), glibc's on a
 * little-endian machine).  Characters above 127 are in no class. */
enum {
  __OMPICC_ISupper = 1 << 8, __OMPICC_ISlower = 1 << 9, __OMPICC_ISalpha = 1 << 10,
  __OMPICC_ISdigit = 1 << 11, __OMPICC_ISxdigit = 1 << 12, __OMPICC_ISspace = 1 << 13,
  __OMPICC_ISprint = 1 << 14, __OMPICC_ISgraph = 1 << 15, __OMPICC_ISblank = 1 << 0,
  __OMPICC_IScntrl = 1 << 1, __OMPICC_ISpunct = 1 << 2, __OMPICC_ISalnum = 1 << 3
};
static __host__ __device__ constexpr unsigned short __ompicc_ctype_class(int c)
{
  return c < 0 || c > 127 ? 0
         : (c >= 'A' && c <= 'Z')
             ? __OMPICC_ISupper | __OMPICC_ISalpha | __OMPICC_ISalnum | __OMPICC_ISprint |
                   __OMPICC_ISgraph | (c <= 'F' ? __OMPICC_ISxdigit : 0)
         : (c >= 'a' && c <= 'z')
             ? __OMPICC_ISlower | __OMPICC_ISalpha | __OMPICC_ISalnum | __OMPICC_ISprint |
                   __OMPICC_ISgraph | (c <= 'f' ? __OMPICC_ISxdigit : 0)
         : (c >= '0' && c <= '9') ? __OMPICC_ISdigit | __OMPICC_ISxdigit | __OMPICC_ISalnum |
                                        __OMPICC_ISprint | __OMPICC_ISgraph
         : c == ' '               ? __OMPICC_ISspace | __OMPICC_ISblank | __OMPICC_ISprint
         : c == '\t'              ? __OMPICC_ISspace | __OMPICC_ISblank | __OMPICC_IScntrl
         : (c >= '\n' && c <= '\r') ? __OMPICC_ISspace | __OMPICC_IScntrl
         : (c < 32 || c == 127)     ? __OMPICC_IScntrl
                                    : __OMPICC_ISpunct | __OMPICC_ISprint | __OMPICC_ISgraph;
}
static __host__ __device__ constexpr int __ompicc_ctype_lower(int c)
{
  return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}
static __host__ __device__ constexpr int __ompicc_ctype_upper(int c)
{
  return c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c;
}
#define OMPICC_CTYPE_ROW(F, b)                                                                 \
  F(b), F(b + 1), F(b + 2), F(b + 3), F(b + 4), F(b + 5), F(b + 6), F(b + 7), F(b + 8),       \
      F(b + 9), F(b + 10), F(b + 11), F(b + 12), F(b + 13), F(b + 14), F(b + 15)
#define OMPICC_CTYPE_TABLE(F)                                                                  \
  {OMPICC_CTYPE_ROW(F, -128), OMPICC_CTYPE_ROW(F, -112), OMPICC_CTYPE_ROW(F, -96),           \
   OMPICC_CTYPE_ROW(F, -80),  OMPICC_CTYPE_ROW(F, -64),  OMPICC_CTYPE_ROW(F, -48),           \
   OMPICC_CTYPE_ROW(F, -32),  OMPICC_CTYPE_ROW(F, -16),  OMPICC_CTYPE_ROW(F, 0),             \
   OMPICC_CTYPE_ROW(F, 16),   OMPICC_CTYPE_ROW(F, 32),   OMPICC_CTYPE_ROW(F, 48),            \
   OMPICC_CTYPE_ROW(F, 64),   OMPICC_CTYPE_ROW(F, 80),   OMPICC_CTYPE_ROW(F, 96),            \
   OMPICC_CTYPE_ROW(F, 112),  OMPICC_CTYPE_ROW(F, 128),  OMPICC_CTYPE_ROW(F, 144),           \
   OMPICC_CTYPE_ROW(F, 160),  OMPICC_CTYPE_ROW(F, 176),  OMPICC_CTYPE_ROW(F, 192),           \
   OMPICC_CTYPE_ROW(F, 208),  OMPICC_CTYPE_ROW(F, 224),  OMPICC_CTYPE_ROW(F, 240)}
static __device__ const unsigned short __ompicc_ctype_b_table[384] =
    OMPICC_CTYPE_TABLE(__ompicc_ctype_class);
static __device__ const int __ompicc_ctype_lower_table[384] =
    OMPICC_CTYPE_TABLE(__ompicc_ctype_lower);
static __device__ const int __ompicc_ctype_upper_table[384] =
    OMPICC_CTYPE_TABLE(__ompicc_ctype_upper);
#undef OMPICC_CTYPE_TABLE
#undef OMPICC_CTYPE_ROW
static __device__ const unsigned short *__ompicc_ctype_b = __ompicc_ctype_b_table + 128;
static __device__ const int *__ompicc_ctype_lowers = __ompicc_ctype_lower_table + 128;
static __device__ const int *__ompicc_ctype_uppers = __ompicc_ctype_upper_table + 128;
static __device__ inline const unsigned short **__ompicc_ctype_b_loc(void)
{
  return &__ompicc_ctype_b;
}
static __device__ inline const int **__ompicc_ctype_tolower_loc(void)
{
  return &__ompicc_ctype_lowers;
}
static __device__ inline const int **__ompicc_ctype_toupper_loc(void)
{
  return &__ompicc_ctype_uppers;
}
#define OMPICC_CTYPE_IS(name, bit)                                                             \
  static __device__ inline int __ompicc_##name(int c)                                          \
  {                                                                                            \
    return c >= -128 && c < 256 ? __ompicc_ctype_b_table[c + 128] & bit : 0;                   \
  }
OMPICC_CTYPE_IS(isupper, __OMPICC_ISupper)
OMPICC_CTYPE_IS(islower, __OMPICC_ISlower)
OMPICC_CTYPE_IS(isalpha, __OMPICC_ISalpha)
OMPICC_CTYPE_IS(isdigit, __OMPICC_ISdigit)
OMPICC_CTYPE_IS(isxdigit, __OMPICC_ISxdigit)
OMPICC_CTYPE_IS(isspace, __OMPICC_ISspace)
OMPICC_CTYPE_IS(isprint, __OMPICC_ISprint)
OMPICC_CTYPE_IS(isgraph, __OMPICC_ISgraph)
OMPICC_CTYPE_IS(isblank, __OMPICC_ISblank)
OMPICC_CTYPE_IS(iscntrl, __OMPICC_IScntrl)
OMPICC_CTYPE_IS(ispunct, __OMPICC_ISpunct)
OMPICC_CTYPE_IS(isalnum, __OMPICC_ISalnum)
#undef OMPICC_CTYPE_IS
static __device__ inline int __ompicc_tolower(int c) { return __ompicc_ctype_lower(c); }
static __device__ inline int __ompicc_toupper(int c) { return __ompicc_ctype_upper(c); }

/* ---------------------------------------------------------------- math.h
 * The classification and comparison macros (C11 7.12.3, 7.12.14) as gcc's
 * headers write them, with builtins nvcc lacks in device code: for any
 * real floating type, without raising an exception on NaN. */
template <class T> static __device__ inline int __ompicc_isinf_sign(T x)
{
  return isinf(x) ? (signbit(x) ? -1 : 1) : 0;
}
template <class T>
static __device__ inline int __ompicc_fpclassify(int nan, int inf, int normal, int subnormal,
                                                 int zero, T x)
{
  if (isnan(x))
    return nan;
  if (isinf(x))
    return inf;
  if (x == 0)
    return zero;
  T least = sizeof(T) == sizeof(float) ? (T)1.17549435e-38f : (T)2.2250738585072014e-308;
  return fabs((double)x) < (double)least ? subnormal : normal;
}
template <class T> static __device__ inline int __ompicc_isnormal(T x)
{
  return __ompicc_fpclassify(0, 0, 1, 0, 0, x);
}
template <class T, class U> static __device__ inline int __ompicc_isunordered(T a, U b)
{
  return isnan(a) || isnan(b);
}
template <class T, class U> static __device__ inline int __ompicc_isgreater(T a, U b)
{
  return !__ompicc_isunordered(a, b) && a > b;
}
template <class T, class U> static __device__ inline int __ompicc_isgreaterequal(T a, U b)
{
  return !__ompicc_isunordered(a, b) && a >= b;
}
template <class T, class U> static __device__ inline int __ompicc_isless(T a, U b)
{
  return !__ompicc_isunordered(a, b) && a < b;
}
template <class T, class U> static __device__ inline int __ompicc_islessequal(T a, U b)
{
  return !__ompicc_isunordered(a, b) && a <= b;
}
template <class T, class U> static __device__ inline int __ompicc_islessgreater(T a, U b)
{
  return !__ompicc_isunordered(a, b) && (a < b || a > b);
}

/* gcc's __builtin_constant_p, which nvcc lacks in device code: "not known
 * to be constant", without evaluating its operand. */
#define __ompicc_constant_p(x) 0

/* gcc's builtins that nvcc lacks in device code (the kernel file calls
 * these for them): the bit counts of long and long long in CUDA's
 * intrinsics (undefined for 0 where gcc's are), a trap, and hints that
 * change nothing. */
static __device__ inline int __ompicc_clzll(unsigned long long x) { return __clzll((long long)x); }
static __device__ inline int __ompicc_ctzll(unsigned long long x)
{
  return __ffsll((long long)x) - 1;
}
static __device__ inline int __ompicc_ffsll(long long x) { return __ffsll(x); }
static __device__ inline int __ompicc_popcountll(unsigned long long x) { return __popcll(x); }
static __device__ inline int __ompicc_parityll(unsigned long long x) { return __popcll(x) & 1; }
static __device__ inline unsigned short __ompicc_bswap16(unsigned short x)
{
  return (unsigned short)(x << 8 | x >> 8);
}
static __device__ inline void __ompicc_trap(void) { __trap(); }
template <class... A> static __device__ inline void __ompicc_prefetch(const A &...) {}
#define __ompicc_expect_with_probability(e, c, p) (e)
#define __ompicc_object_size(p, type) ((type) & 2 ? (size_t)0 : (size_t)-1)

/* gcc's integer overflow builtins (__builtin_add_overflow and its typed
 * forms, sadd..., umulll), which nvcc lacks in device code: the operands'
 * exact sum, difference or product, as a sign and a magnitude of up to
 * 128 bits, is stored in *r modulo 2^N (N the bits of *r's type), and
 * the answer is whether it did not fit.  Operands of up to 64 bits. */
struct __ompicc_exact {
  bool neg;                   /* never for a zero magnitude */
  unsigned long long hi, lo;  /* the magnitude */
};
template <class T> static __device__ inline __ompicc_exact __ompicc_exact_of(T v)
{
  bool neg = (T)-1 < (T)0 && v < (T)0;
  unsigned long long m = neg ? 0ull - (unsigned long long)(long long)v : (unsigned long long)v;
  __ompicc_exact e = {neg, 0, m};
  return e;
}
static __device__ inline __ompicc_exact __ompicc_exact_add(__ompicc_exact a, __ompicc_exact b)
{
  __ompicc_exact r;
  if (a.neg == b.neg) { /* operands of 64 bits: hi is 0 in both */
    r.neg = a.neg;
    r.lo = a.lo + b.lo;
    r.hi = r.lo < a.lo;
    return r;
  }
  bool a_larger = a.lo >= b.lo;
  r.lo = a_larger ? a.lo - b.lo : b.lo - a.lo;
  r.hi = 0;
  r.neg = r.lo != 0 && (a_larger ? a.neg : b.neg);
  return r;
}
static __device__ inline __ompicc_exact __ompicc_exact_mul(__ompicc_exact a, __ompicc_exact b)
{
  __ompicc_exact r;
  r.lo = a.lo * b.lo;
  r.hi = __umul64hi(a.lo, b.lo);
  r.neg = (r.lo | r.hi) != 0 && a.neg != b.neg;
  return r;
}
/* *r = e modulo 2^N; whether e lies outside R's range */
template <class R> static __device__ inline bool __ompicc_exact_store(__ompicc_exact e, R *r)
{
  const int bits = (int)(8 * sizeof(R));
  const unsigned long long all = bits >= 64 ? ~0ull : (1ull << bits) - 1;
  const bool is_signed = (R)-1 < (R)0;
  const unsigned long long most = is_signed ? all >> 1 : all; /* R's largest value */
  *r = (R)(e.neg ? 0ull - e.lo : e.lo);
  if (e.hi)
    return true;
  if (!e.neg)
    return e.lo > most;
  return !is_signed || e.lo > most + 1;
}
template <class A, class B, class R>
static __device__ inline bool __ompicc_add_overflow(A a, B b, R *r)
{
  return __ompicc_exact_store(__ompicc_exact_add(__ompicc_exact_of(a), __ompicc_exact_of(b)), r);
}
template <class A, class B, class R>
static __device__ inline bool __ompicc_sub_overflow(A a, B b, R *r)
{
  __ompicc_exact nb = __ompicc_exact_of(b);
  nb.neg = !nb.neg && nb.lo != 0;
  return __ompicc_exact_store(__ompicc_exact_add(__ompicc_exact_of(a), nb), r);
}
template <class A, class B, class R>
static __device__ inline bool __ompicc_mul_overflow(A a, B b, R *r)
{
  return __ompicc_exact_store(__ompicc_exact_mul(__ompicc_exact_of(a), __ompicc_exact_of(b)), r);
}
/* __builtin_add_overflow_p and its kin: the third operand gives the type */
#define __ompicc_add_overflow_p(a, b, c) __ompicc_overflow_p_(add, a, b, c)
#define __ompicc_sub_overflow_p(a, b, c) __ompicc_overflow_p_(sub, a, b, c)
#define __ompicc_mul_overflow_p(a, b, c) __ompicc_overflow_p_(mul, a, b, c)
#define __ompicc_overflow_p_(op, a, b, c)                                                       \
  ([&]() {                                                                                     \
    decltype(c) __ompicc_result;                                                               \
    return __ompicc_##op##_overflow(a, b, &__ompicc_result);                                   \
  }())
/* The typed forms: the operands first converted to the parameters' type. */
#define OMPICC_TYPED_OVERFLOW(name, op, T)                                                     \
  static __device__ inline bool __ompicc_##name##_overflow(T a, T b, T *r)                     \
  {                                                                                            \
    return __ompicc_##op##_overflow(a, b, r);                                                  \
  }
/* op's six forms: sOP, sOPl, sOPll on signed types, uOP... on unsigned */
#define OMPICC_TYPED_OVERFLOWS(op)                                                             \
  OMPICC_TYPED_OVERFLOW(s##op, op, int)                                                        \
  OMPICC_TYPED_OVERFLOW(s##op##l, op, long)                                                    \
  OMPICC_TYPED_OVERFLOW(s##op##ll, op, long long)                                              \
  OMPICC_TYPED_OVERFLOW(u##op, op, unsigned)                                                   \
  OMPICC_TYPED_OVERFLOW(u##op##l, op, unsigned long)                                           \
  OMPICC_TYPED_OVERFLOW(u##op##ll, op, unsigned long long)
OMPICC_TYPED_OVERFLOWS(add)
OMPICC_TYPED_OVERFLOWS(sub)
OMPICC_TYPED_OVERFLOWS(mul)
#undef OMPICC_TYPED_OVERFLOWS
#undef OMPICC_TYPED_OVERFLOW

/* ---------------------------------------------------------------- stdio.h
 * Output to stdout and stderr (C11 7.21.6.1, 7.21.7): the device has one
 * output, printf's, which the host prints on its stdout when the kernel
 * ends; both streams go there (a stream other than these two cannot be
 * the device's).  The kernel file names stdout and stderr as these. */
#define __ompicc_stdout ((FILE *)1)
#define __ompicc_stderr ((FILE *)2)
template <class... A>
static __device__ inline int __ompicc_fprintf(FILE *, const char *format, A... args)
{
  return printf(format, args...);
}
static __device__ inline int __ompicc_fputs(const char *s, FILE *)
{
  return printf("%s", s) < 0 ? -1 : 1;
}
static __device__ inline int __ompicc_fputc(int c, FILE *)
{
  printf("%c", (unsigned char)c);
  return (unsigned char)c;
}
static __device__ inline int __ompicc_puts(const char *s) { return printf("%s\n", s) < 0 ? -1 : 1; }
static __device__ inline int __ompicc_putchar(int c) { return __ompicc_fputc(c, __ompicc_stdout); }
static __device__ inline int __ompicc_fflush(FILE *) { return 0; }

/* ---------------------------------------------------------------- stdlib.h
 * Numeric conversions, integer division and searching and sorting (C11
 * 7.22.1, 7.22.5, 7.22.6.2).  Device code has no errno: a value out of
 * range gives the limit C names, as on the host, without setting it. */
template <class U>
static __device__ U __ompicc_strtou(const char *s, char **end, int base, bool *neg, bool *over,
                                    U most)
{
  const char *p = s;
  while (__ompicc_isspace((unsigned char)*p))
    p++;
  *neg = false;
  *over = false;
  if (*p == '+' || *p == '-')
    *neg = *p++ == '-';
  bool hex_prefix = (p[0] == '0' && (p[1] == 'x' || p[1] == 'X') &&
                     __ompicc_isxdigit((unsigned char)p[2]));
  if ((base == 0 || base == 16) && hex_prefix) {
    p += 2;
    base = 16;
  } else if (base == 0)
    base = p[0] == '0' ? 8 : 10;
  U v = 0;
  const char *digits = p;
  for (;; p++) {
    int c = (unsigned char)*p, d;
    if (c >= '0' && c <= '9')
      d = c - '0';
    else if (__ompicc_isalpha(c))
      d = __ompicc_ctype_lower(c) - 'a' + 10;
    else
      break;
    if (base < 2 || d >= base)
      break;
    if (v > (most - (U)d) / (U)base)
      *over = true;
    else
      v = v * (U)base + (U)d;
  }
  if (end)
    *end = (char *)(p == digits ? s : p);
  return *over ? most : v;
}
/* strtol and its kin: the magnitude, then the sign within the type. */
#define OMPICC_STRTO_SIGNED(name, T, U, MAX)                                                   \
  static __device__ inline T __ompicc_##name(const char *s, char **end, int base)             \
  {                                                                                            \
    bool neg, over;                                                                            \
    U most = (U)MAX + 1;                                                                       \
    U v = __ompicc_strtou<U>(s, end, base, &neg, &over, (U)-1);                                \
    if (over || v > most - !neg)                                                               \
      return neg ? (T)(-(MAX)-1) : MAX;                                                        \
    return neg ? (T)(0 - v) : (T)v;                                                            \
  }
#define OMPICC_STRTO_UNSIGNED(name, U)                                                         \
  static __device__ inline U __ompicc_##name(const char *s, char **end, int base)             \
  {                                                                                            \
    bool neg, over;                                                                            \
    U v = __ompicc_strtou<U>(s, end, base, &neg, &over, (U)-1);                                \
    return over ? (U)-1 : neg ? (U)(0 - v) : v;                                                \
  }
OMPICC_STRTO_SIGNED(strtol, long, unsigned long, LONG_MAX)
OMPICC_STRTO_SIGNED(strtoll, long long, unsigned long long, LLONG_MAX)
OMPICC_STRTO_UNSIGNED(strtoul, unsigned long)
OMPICC_STRTO_UNSIGNED(strtoull, unsigned long long)
#undef OMPICC_STRTO_SIGNED
#undef OMPICC_STRTO_UNSIGNED
static __device__ inline int __ompicc_atoi(const char *s) { return (int)__ompicc_strtol(s, 0, 10); }
static __device__ inline long __ompicc_atol(const char *s) { return __ompicc_strtol(s, 0, 10); }
static __device__ inline long long __ompicc_atoll(const char *s)
{
  return __ompicc_strtoll(s, 0, 10);
}
/* ---------------------------------------------------------------- pseudo-random numbers
 * stdlib.h's rand, srand (C11 7.22.2) and POSIX's rand_r, random,
 * srandom and the drand48 family, with glibc's generators, so that a
 * seed gives the device the sequence it gives the host:
 * - rand_r: three steps of the LCG x = x * 1103515245 + 12345, of which
 *   bits 16..26, then 16..25 twice, make the 31-bit value;
 * - rand and random: the additive generator r[k] = r[k-3] + r[k-31]
 *   (mod 2^32), whose 34 first words the seed gives (r[0] = seed, 0 read
 *   as 1; r[i] = 16807 r[i-1] mod 2^31 - 1 for i < 31; r[31..33] =
 *   r[0..2]), its first 310 values discarded; the value is r[k] >> 1;
 * - the 48 family: x = x * 0x5DEECE66D + 0xB (mod 2^48), srand48(s)
 *   setting x = s << 16 | 0x330E (x is 0 before, as glibc has it);
 *   drand48 is x / 2^48, lrand48 its top 31 bits, mrand48 its top 32 as
 *   a signed value.
 * The device's state is its own (srand on the host does not seed it),
 * one per image, and shared by every thread of every kernel, as C's is
 * by a program's threads: a call takes the state's lock, the converged
 * lanes of a warp in turn before Volta (no two lanes of a warp spin on
 * it), so each value comes from the sequence once. */
struct __ompicc_rand_state {
  int lock;
  bool seeded;
  int k;        /* the next value is r[k % 34] */
  unsigned r[34];
  unsigned long long x48; /* 0 until srand48, as glibc's */
};
template <int> __device__ __ompicc_rand_state __ompicc_rand_v;
#define __ompicc_rand_state_of (&__ompicc_rand_v<0>)

static __device__ inline int __ompicc_rand_r(unsigned *seed)
{
  unsigned x = *seed;
  x = x * 1103515245u + 12345u;
  int v = (int)(x / 65536 % 2048);
  x = x * 1103515245u + 12345u;
  v = v << 10 ^ (int)(x / 65536 % 1024);
  x = x * 1103515245u + 12345u;
  v = v << 10 ^ (int)(x / 65536 % 1024);
  *seed = x;
  return v;
}

static __device__ inline unsigned __ompicc_random_step(__ompicc_rand_state *s)
{
  unsigned v = s->r[s->k % 34] = s->r[(s->k + 3) % 34] + s->r[(s->k + 31) % 34];
  s->k = (s->k + 1) % 34;
  return v >> 1;
}

static __device__ inline void __ompicc_random_seed(__ompicc_rand_state *s, unsigned seed)
{
  int w = seed == 0 ? 1 : (int)seed;
  s->r[0] = (unsigned)w;
  for (int i = 1; i < 31; i++) { /* 16807 w mod 2^31 - 1 without overflow (Schrage) */
    int hi = w / 127773, lo = w % 127773;
    w = 16807 * lo - 2836 * hi;
    if (w < 0)
      w += 2147483647;
    s->r[i] = (unsigned)w;
  }
  for (int i = 31; i < 34; i++)
    s->r[i] = s->r[i - 31];
  s->k = 0;
  s->seeded = true;
  for (int i = 0; i < 310; i++)
    __ompicc_random_step(s);
}

/* The kernel file's mark of a statement where a warp's paths meet again,
 * written as `{ OMPICC_RECONVERGE; statement }` around an if, switch or
 * loop that holds a compare-and-swap (a spin lock's), and inside such a
 * loop around its body (codegen-cuda/reconverge.c).  Nothing on a GPU,
 * which finds these places itself; on the CPU device before sm_70 the
 * lanes of a warp that enter the block leave it together, so that a
 * lane spinning for a lock that a lane of its own warp holds, while that
 * one waits where their paths meet, hangs the launch as it hangs the GPU
 * (emu-sched.c). */
#if defined(OMPICC_CUDA_EMU) && OMPICC_EMU_ARCH < 70
#define OMPICC_RECONVERGE                                                                      \
  static const __ompicc_emu_site __ompicc_reconverge_site = {__FILE__, __LINE__};              \
  __ompicc_emu_scope __ompicc_reconverge(&__ompicc_reconverge_site)
#else
#define OMPICC_RECONVERGE (void)0
#endif

/* The turns of the converged lanes of a warp (`pending`, the lowest
 * one's first) that take a lock one after another before Volta, all of
 * them running the same loop: on a GPU the warp meets again at the
 * loop's head after each turn.  On the CPU device, whose lanes run one at
 * a time, they meet at __activemask() (emu-sched.c), so that no lane
 * runs ahead to its turn while another holds the lock. */
static __device__ __forceinline__ unsigned __ompicc_next_turn(unsigned pending)
{
#if defined(OMPICC_CUDA_EMU) && OMPICC_EMU_ARCH < 70
  (void)__activemask();
#endif
  return pending & (pending - 1);
}

/* Before Volta the converged lanes take turns (the same loop for all of
 * them, so the warp meets again after each turn); from Volta on, and on
 * the CPU device, each thread alone. */
#if defined(OMPICC_CUDA_EMU) ? OMPICC_EMU_ARCH >= 70 : (!defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 700)
#define __OMPICC_RAND_LANES() (1u << (threadIdx.x % 32))
#else
#define __OMPICC_RAND_LANES() __activemask()
#endif

/* op(s) holding the state's lock: what it gives */
template <class R, class Op> static __device__ R __ompicc_rand_locked(Op op)
{
  __ompicc_rand_state *s = __ompicc_rand_state_of;
  R v = R();
  for (unsigned pending = __OMPICC_RAND_LANES(); pending; pending = __ompicc_next_turn(pending)) {
    if ((unsigned)(__ffs((int)pending) - 1) != threadIdx.x % 32)
      continue;
    while (atomicCAS(&s->lock, 0, 1) != 0)
      ;
    __threadfence();
    v = op(s);
    __threadfence();
    atomicExch(&s->lock, 0);
  }
  return v;
}

struct __ompicc_rand_op {
  __device__ int operator()(__ompicc_rand_state *s) const
  {
    if (!s->seeded)
      __ompicc_random_seed(s, 1);
    return (int)__ompicc_random_step(s);
  }
};
struct __ompicc_srand_op {
  unsigned seed;
  __device__ int operator()(__ompicc_rand_state *s) const
  {
    __ompicc_random_seed(s, seed);
    return 0;
  }
};
static __device__ inline __noinline__ int __ompicc_rand(void)
{
  return __ompicc_rand_locked<int>(__ompicc_rand_op());
}
static __device__ inline __noinline__ void __ompicc_srand(unsigned seed)
{
  __ompicc_srand_op op = {seed};
  __ompicc_rand_locked<int>(op);
}
static __device__ inline long __ompicc_random(void) { return __ompicc_rand(); }

/* the 48 family: one step of x, in a state array or the device's */
static __device__ inline unsigned long long __ompicc_x48_step(unsigned short *x)
{
  unsigned long long v = (unsigned long long)x[2] << 32 | (unsigned long long)x[1] << 16 | x[0];
  v = (v * 0x5DEECE66Dull + 0xBull) & 0xffffffffffffull;
  x[0] = (unsigned short)v, x[1] = (unsigned short)(v >> 16), x[2] = (unsigned short)(v >> 32);
  return v;
}
static __device__ inline double __ompicc_erand48(unsigned short x[3])
{
  return (double)__ompicc_x48_step(x) * (1.0 / 281474976710656.0); /* exact: 48 bits */
}
static __device__ inline long __ompicc_nrand48(unsigned short x[3])
{
  return (long)(__ompicc_x48_step(x) >> 17);
}
static __device__ inline long __ompicc_jrand48(unsigned short x[3])
{
  return (long)(int)(unsigned)(__ompicc_x48_step(x) >> 16);
}
struct __ompicc_rand48_op {
  int kind; /* 0 drand48, 1 lrand48, 2 mrand48 */
  __device__ double operator()(__ompicc_rand_state *s) const
  {
    unsigned long long x = s->x48;
    unsigned short w[3] = {(unsigned short)x, (unsigned short)(x >> 16), (unsigned short)(x >> 32)};
    double v = kind == 0 ? __ompicc_erand48(w) : kind == 1 ? (double)__ompicc_nrand48(w)
                                                           : (double)__ompicc_jrand48(w);
    s->x48 = (unsigned long long)w[2] << 32 | (unsigned long long)w[1] << 16 | w[0];
    return v;
  }
};
struct __ompicc_srand48_op {
  long seed;
  __device__ double operator()(__ompicc_rand_state *s) const
  {
    s->x48 = ((unsigned long long)(unsigned)seed << 16 | 0x330E) & 0xffffffffffffull;
    return 0;
  }
};
static __device__ inline __noinline__ double __ompicc_rand48(int kind)
{
  __ompicc_rand48_op op = {kind};
  return __ompicc_rand_locked<double>(op);
}
static __device__ inline double __ompicc_drand48(void) { return __ompicc_rand48(0); }
static __device__ inline long __ompicc_lrand48(void) { return (long)__ompicc_rand48(1); }
static __device__ inline long __ompicc_mrand48(void) { return (long)__ompicc_rand48(2); }
static __device__ inline void __ompicc_srand48(long seed)
{
  __ompicc_srand48_op op = {seed};
  __ompicc_rand_locked<double>(op);
}

#include "omp-strtod.h" /* strtod, strtof, atof */
#include "omp-format.h" /* sprintf, snprintf */
/* div: the quotient truncated toward zero (C11 6.5.5p6) */
#define OMPICC_DIV(name, T, R)                                                                 \
  static __device__ inline R __ompicc_##name(T a, T b)                                         \
  {                                                                                            \
    R r;                                                                                       \
    r.quot = a / b;                                                                            \
    r.rem = a % b;                                                                             \
    return r;                                                                                  \
  }
OMPICC_DIV(div, int, div_t)
OMPICC_DIV(ldiv, long, ldiv_t)
OMPICC_DIV(lldiv, long long, lldiv_t)
OMPICC_DIV(imaxdiv, intmax_t, imaxdiv_t)
#undef OMPICC_DIV
/* inttypes.h's imaxabs (C11 7.8.2.1) */
static __device__ inline intmax_t __ompicc_imaxabs(intmax_t a) { return a < 0 ? -a : a; }
/* qsort as heapsort: no recursion, no memory of its own (a thread's
 * stack is small), O(n log n) at worst; C asks for no stability. */
static __device__ inline void __ompicc_swap_bytes(char *a, char *b, size_t size)
{
  for (size_t i = 0; i < size; i++) {
    char t = a[i];
    a[i] = b[i];
    b[i] = t;
  }
}
static __device__ inline void __ompicc_sift_down(char *base, size_t root, size_t n, size_t size,
                                                 int (*cmp)(const void *, const void *))
{
  for (;;) {
    size_t child = 2 * root + 1;
    if (child >= n)
      return;
    if (child + 1 < n && cmp(base + child * size, base + (child + 1) * size) < 0)
      child++;
    if (cmp(base + root * size, base + child * size) >= 0)
      return;
    __ompicc_swap_bytes(base + root * size, base + child * size, size);
    root = child;
  }
}
static __device__ inline void __ompicc_qsort(void *base, size_t n, size_t size,
                                             int (*cmp)(const void *, const void *))
{
  char *b = (char *)base;
  for (size_t i = n / 2; i-- > 0;)
    __ompicc_sift_down(b, i, n, size, cmp);
  for (size_t end = n; end > 1; end--) {
    __ompicc_swap_bytes(b, b + (end - 1) * size, size);
    __ompicc_sift_down(b, 0, end - 1, size, cmp);
  }
}
static __device__ inline void *__ompicc_bsearch(const void *key, const void *base, size_t n,
                                                size_t size,
                                                int (*cmp)(const void *, const void *))
{
  const char *lo = (const char *)base;
  while (n > 0) {
    const char *mid = lo + (n / 2) * size;
    int c = cmp(key, mid);
    if (c == 0)
      return (void *)mid;
    if (c > 0) {
      lo = mid + size;
      n -= n / 2 + 1;
    } else
      n /= 2;
  }
  return 0;
}

/* ---------------------------------------------------------------- static chunks
 * schedule(static[, chunk]) and dist_schedule(static[, chunk]) (OpenMP 5.2
 * 11.5.3, 11.6.1): of n iterations, participant `me` of `nth` (a thread
 * of its team, a team of the league) gets chunks of `chunk` iterations
 * dealt round robin in participant order, or, with no chunk (0), one
 * contiguous block, the first n % nth participants one iteration more. */
struct __ompicc_block_share {
  long long first, size;
};
/* The block of participant me of nth (both below 2^32) of n >= 0
 * iterations: out of line, once per kernel file.  Below 2^32 iterations a
 * 32-bit division; above, a restoring division a bit a step, once at a
 * loop's start, where nvcc's 64-bit division routine was 80 instructions
 * more of each kernel that has such a loop (bench/sass). */
static __device__ __noinline__ __ompicc_block_share __ompicc_static_block(long long n, unsigned me,
                                                                          unsigned nth)
{
  unsigned long long un = (unsigned long long)n, q;
  unsigned r;
  if (un >> 32 == 0) {
    unsigned n32 = (unsigned)un, q32 = n32 / nth;
    q = q32;
    r = n32 - q32 * nth;
  } else {
    unsigned long long rest = 0;
    q = 0;
#if defined(__CUDACC__) && !defined(OMPICC_CUDA_EMU)
#pragma unroll 1
#endif
    for (int b = 63; b >= 0; b--) {
      rest = rest << 1 | (un >> b & 1);
      if (rest >= nth) {
        rest -= nth;
        q |= 1ull << b;
      }
    }
    r = (unsigned)rest;
  }
  unsigned before = me < r ? me : r; /* the participants before me with one more */
  return {(long long)(q * me + before), (long long)(q + (me < r))};
}
static __device__ __forceinline__ void __ompicc_static_share(long long n, long long chunk, long long me,
                                                      long long nth, long long *first,
                                                      long long *size, long long *stride)
{
  if (chunk <= 0) {
    __ompicc_block_share b = __ompicc_static_block(n, (unsigned)me, (unsigned)nth);
    *first = b.first;
    *size = b.size;
    *stride = n > 0 ? n : 1; /* one block only */
  } else {
    *first = me * chunk;
    *size = chunk;
    *stride = chunk * nth;
  }
}

/* The static chunks [lo, hi) of [from, to) that are this participant's,
 * as an SPMD loop with a static schedule walks them:
 *   for (__ompicc_chunks_init(&c, ...); __ompicc_chunks_next(&c, &lo, &hi);) */
struct __ompicc_chunks {
  long long next, size, stride, end;
};
static __device__ __forceinline__ void __ompicc_chunks_init(__ompicc_chunks *c, long long from,
                                                     long long to, long long chunk, long long me,
                                                     long long nth)
{
  long long first;
  __ompicc_static_share(to > from ? to - from : 0, chunk, me, nth, &first, &c->size, &c->stride);
  c->next = from + first;
  c->end = to;
}
static __device__ __forceinline__ int __ompicc_chunks_next(__ompicc_chunks *c, long long *lo,
                                                    long long *hi)
{
  if (c->next >= c->end || c->size <= 0)
    return 0;
  *lo = c->next;
  *hi = c->end - c->next > c->size ? c->next + c->size : c->end;
  c->next += c->stride;
  return 1;
}

/* ---------------------------------------------------------------- assignment
 * C's assignment, arrays included, element by element: the value a
 * lastprivate array leaves in the original (OpenMP 5.2 5.4.5), which C
 * and C++ cannot assign whole. */
template <class T, class U>
static __device__ __forceinline__ void __ompicc_assign(T &to, const U &from)
{
  to = from;
}
template <class T, class U, size_t N>
static __device__ __forceinline__ void __ompicc_assign(T (&to)[N], const U (&from)[N])
{
  for (size_t i = 0; i < N; i++)
    __ompicc_assign(to[i], from[i]);
}

/* The element type of an array type of unknown length: a variable whose
 * typedef leaves the length to its initializer (typedef int T[]; T x =
 * {1, 2}) is declared in the kernel file as __ompicc_elem_of<T>::type
 * x[2], since C++ cannot complete T itself. */
template <class A> struct __ompicc_elem_of;
template <class E> struct __ompicc_elem_of<E[]> {
  typedef E type;
};

/* ---------------------------------------------------------------- enumerations
 * An enumeration is an integer type in C (C11 6.7.2.2p4): ++, -- and the
 * compound assignments work on it, which C++ defines for no enumeration.
 * These give them C's meaning: the arithmetic in int (or the type the
 * other operand brings), the result converted back.  Conversions to an
 * enumeration are written as casts by the printer. */
template <class T> struct __ompicc_is_enum {
  enum { value = __is_enum(T) };
};
template <bool Enum, class T> struct __ompicc_if_enum {};
template <class T> struct __ompicc_if_enum<true, T> {
  typedef T type;
};
/* C's implicit conversion, for a type without a name (an enumeration
 * known by its typedef only): __ompicc_implicit(v) converts to the type
 * of what it initializes. */
template <class T> struct __ompicc_implicit_value {
  T v;
  template <class U> __host__ __device__ __forceinline__ operator U() const { return (U)v; }
};
template <class T>
static __host__ __device__ __forceinline__ __ompicc_implicit_value<T> __ompicc_implicit(T v)
{
  __ompicc_implicit_value<T> w = {v};
  return w;
}
#define OMPICC_ENUM_RESULT(E, R) typename __ompicc_if_enum<__ompicc_is_enum<E>::value, R>::type
template <class E>
static __host__ __device__ __forceinline__ OMPICC_ENUM_RESULT(E, E &) operator++(E &e)
{
  return e = (E)(e + 1);
}
template <class E>
static __host__ __device__ __forceinline__ OMPICC_ENUM_RESULT(E, E &) operator--(E &e)
{
  return e = (E)(e - 1);
}
template <class E>
static __host__ __device__ __forceinline__ OMPICC_ENUM_RESULT(E, E) operator++(E &e, int)
{
  E old = e;
  e = (E)(e + 1);
  return old;
}
template <class E>
static __host__ __device__ __forceinline__ OMPICC_ENUM_RESULT(E, E) operator--(E &e, int)
{
  E old = e;
  e = (E)(e - 1);
  return old;
}
/* c op= v on an enumeration (g++ takes a built-in |= for it, which
 * refuses the int result): the printer writes __ompicc_enum_or(c, v). */
#define OMPICC_ENUM_ASSIGN(name, op)                                                           \
  template <class E, class V>                                                                  \
  static __host__ __device__ __forceinline__ E &__ompicc_enum_##name(E &e, V v)                \
  {                                                                                            \
    return e = (E)(e op v);                                                                    \
  }
OMPICC_ENUM_ASSIGN(add, +)
OMPICC_ENUM_ASSIGN(sub, -)
OMPICC_ENUM_ASSIGN(mul, *)
OMPICC_ENUM_ASSIGN(div, /)
OMPICC_ENUM_ASSIGN(mod, %)
OMPICC_ENUM_ASSIGN(and, &)
OMPICC_ENUM_ASSIGN(or, |)
OMPICC_ENUM_ASSIGN(xor, ^)
OMPICC_ENUM_ASSIGN(shl, <<)
OMPICC_ENUM_ASSIGN(shr, >>)
#undef OMPICC_ENUM_ASSIGN

/* ---------------------------------------------------------------- compound literals
 * A C compound literal is an lvalue; in C++ it is a temporary, whose
 * address may not be taken and which an array cannot decay from.  Where
 * the printer cannot declare one as a variable before its statement (a
 * loop's condition or step makes a new one each time, parser/print.c,
 * hoist_literals), it writes __ompicc_lvalue((T){...}): the temporary
 * as an lvalue, alive to the end of the full expression. */
template <class T>
static __host__ __device__ __forceinline__ T &__ompicc_lvalue(T &&t)
{
  return t;
}

/* ---------------------------------------------------------------- void * arithmetic
 * GNU C adds to and subtracts void * and function pointers in bytes, as
 * char * (gcc's sizeof (void) is 1); C++ refuses both.  The printer
 * writes p + i as __ompicc_void_add(p, i), p - q as __ompicc_void_diff(p,
 * q), p += i as __ompicc_void_add_assign(p, i), ++p as __ompicc_void_inc(p),
 * and so on. */
template <class P, class I>
static __host__ __device__ __forceinline__ P __ompicc_void_add(P p, I i)
{
  return (P)((const volatile char *)p + i);
}
template <class P, class I>
static __host__ __device__ __forceinline__ P __ompicc_void_sub(P p, I i)
{
  return (P)((const volatile char *)p - i);
}
template <class P, class Q>
static __host__ __device__ __forceinline__ long __ompicc_void_diff(P p, Q q)
{
  return (const volatile char *)p - (const volatile char *)q;
}
template <class P, class I>
static __host__ __device__ __forceinline__ P &__ompicc_void_add_assign(P &p, I i)
{
  return p = __ompicc_void_add(p, i);
}
template <class P, class I>
static __host__ __device__ __forceinline__ P &__ompicc_void_sub_assign(P &p, I i)
{
  return p = __ompicc_void_sub(p, i);
}
template <class P> static __host__ __device__ __forceinline__ P &__ompicc_void_inc(P &p)
{
  return p = __ompicc_void_add(p, 1);
}
template <class P> static __host__ __device__ __forceinline__ P &__ompicc_void_dec(P &p)
{
  return p = __ompicc_void_sub(p, 1);
}
template <class P> static __host__ __device__ __forceinline__ P __ompicc_void_post_inc(P &p)
{
  P old = p;
  p = __ompicc_void_add(p, 1);
  return old;
}
template <class P> static __host__ __device__ __forceinline__ P __ompicc_void_post_dec(P &p)
{
  P old = p;
  p = __ompicc_void_sub(p, 1);
  return old;
}

/* ---------------------------------------------------------------- operators
 * OpenMP 5.2 5.5.5: '-' combines with '+'. */
struct __ompicc_op_add {
  template <class T> __device__ T operator()(T a, T b) const { return a + b; }
};
struct __ompicc_op_mul {
  template <class T> __device__ T operator()(T a, T b) const { return a * b; }
};
struct __ompicc_op_bitand {
  template <class T> __device__ T operator()(T a, T b) const { return a & b; }
};
struct __ompicc_op_bitor {
  template <class T> __device__ T operator()(T a, T b) const { return a | b; }
};
struct __ompicc_op_bitxor {
  template <class T> __device__ T operator()(T a, T b) const { return a ^ b; }
};
struct __ompicc_op_logand {
  template <class T> __device__ T operator()(T a, T b) const { return a && b; }
};
struct __ompicc_op_logor {
  template <class T> __device__ T operator()(T a, T b) const { return a || b; }
};
struct __ompicc_op_sub {
  template <class T> __device__ T operator()(T a, T b) const { return a - b; }
};
struct __ompicc_op_div {
  template <class T> __device__ T operator()(T a, T b) const { return a / b; }
};
struct __ompicc_op_shl {
  template <class T> __device__ T operator()(T a, T b) const { return a << b; }
};
struct __ompicc_op_shr {
  template <class T> __device__ T operator()(T a, T b) const { return a >> b; }
};
/* x = e op x (atomic update of a non-commutative op): op with its
 * operands swapped. */
template <class Op> struct __ompicc_op_rev {
  template <class T> __device__ T operator()(T a, T b) const { return Op()(b, a); }
};
struct __ompicc_op_max {
  template <class T> __device__ T operator()(T a, T b) const { return a > b ? a : b; }
};
struct __ompicc_op_min {
  template <class T> __device__ T operator()(T a, T b) const { return a < b ? a : b; }
};

/* The initial values of max and min reductions (OpenMP 5.2 5.5.5): the
 * least and the greatest representable value of the item's type, for
 * each arithmetic type; a type without them (an enumeration) starts from
 * the original, which changes nothing when combined with it again.  The
 * original is passed by reference and read only then: other teams may be
 * updating it with atomics. */
template <class T> struct __ompicc_limits {
  static __device__ __forceinline__ T lowest(const T &orig) { return orig; }
  static __device__ __forceinline__ T highest(const T &orig) { return orig; }
};
#define OMPICC_LIMITS(T, LO, HI)                                                         \
  template <> struct __ompicc_limits<T> {                                                \
    static __device__ __forceinline__ T lowest(const T &) { return LO; }                 \
    static __device__ __forceinline__ T highest(const T &) { return HI; }                \
  };
OMPICC_LIMITS(bool, false, true)
OMPICC_LIMITS(char, CHAR_MIN, CHAR_MAX)
OMPICC_LIMITS(signed char, SCHAR_MIN, SCHAR_MAX)
OMPICC_LIMITS(unsigned char, 0, UCHAR_MAX)
OMPICC_LIMITS(short, SHRT_MIN, SHRT_MAX)
OMPICC_LIMITS(unsigned short, 0, USHRT_MAX)
OMPICC_LIMITS(int, INT_MIN, INT_MAX)
OMPICC_LIMITS(unsigned, 0, UINT_MAX)
OMPICC_LIMITS(long, LONG_MIN, LONG_MAX)
OMPICC_LIMITS(unsigned long, 0, ULONG_MAX)
OMPICC_LIMITS(long long, LLONG_MIN, LLONG_MAX)
OMPICC_LIMITS(unsigned long long, 0, ULLONG_MAX)
OMPICC_LIMITS(float, -__builtin_huge_valf(), __builtin_huge_valf())
OMPICC_LIMITS(double, -__builtin_huge_val(), __builtin_huge_val())
#undef OMPICC_LIMITS
template <class T> static __device__ __forceinline__ T __ompicc_red_lowest(const T &orig)
{
  return __ompicc_limits<T>::lowest(orig);
}
template <class T> static __device__ __forceinline__ T __ompicc_red_highest(const T &orig)
{
  return __ompicc_limits<T>::highest(orig);
}

/* ---------------------------------------------------------------- variable-length arrays
 * A variable-length array declared in device code (C11 6.7.6.2), which
 * nvcc does not have: the printer declares its storage as one of these
 * and the name as a pointer into it (parser/print.c, vla_decl).  Up to
 * 256 bytes are the thread's own frame; more come from the device heap
 * (OMPICC_DEVICE_HEAP), and go back when the block ends, where C ends the
 * array's lifetime.  A heap too small stops the kernel with a message. */
struct __ompicc_vla_storage {
  void *p;
  size_t bytes;
  alignas(16) char local[256];
  __device__ explicit __ompicc_vla_storage(size_t n) : bytes(n)
  {
    p = n <= sizeof local ? (void *)local : malloc(n);
    if (!p) {
      printf("ompicc: a variable-length array of %llu bytes does not fit in the device heap "
             "(OMPICC_DEVICE_HEAP)\n",
             (unsigned long long)n);
      __trap();
    }
  }
  __device__ ~__ompicc_vla_storage()
  {
    if (p != (void *)local)
      free(p);
  }
  __ompicc_vla_storage(const __ompicc_vla_storage &) = delete;
  __ompicc_vla_storage &operator=(const __ompicc_vla_storage &) = delete;
};

/* The storage of a variable-length array of a generic kernel's serial
 * code that a parallel region uses (codegen-cuda/generic.c): the workers
 * read it through its element pointer, so it is on the device heap, which
 * every thread reaches, never in the master's own frame. */
struct __ompicc_vla_shared_storage {
  void *p;
  size_t bytes; /* sizeof of the array */
  __device__ explicit __ompicc_vla_shared_storage(size_t n) : p(malloc(n ? n : 1)), bytes(n)
  {
    if (!p) {
      printf("ompicc: a variable-length array of %llu bytes shared with a parallel region does "
             "not fit in the device heap (OMPICC_DEVICE_HEAP)\n",
             (unsigned long long)n);
      __trap();
    }
  }
  __device__ ~__ompicc_vla_shared_storage() { free(p); }
  __ompicc_vla_shared_storage(const __ompicc_vla_shared_storage &) = delete;
  __ompicc_vla_shared_storage &operator=(const __ompicc_vla_shared_storage &) = delete;
};

/* ---------------------------------------------------------------- array views
 * An array of more than one variable dimension (double a[n][m][k]), or a
 * pointer to variable-length arrays, as C++ cannot declare it: the
 * element pointer and the stride, in elements, of each dimension but the
 * first.  a[i] is a view of one dimension less, and of a 2-D view the
 * pointer to row i, so a[i][j][l] reads as in C. */
template <class T, int D> struct __ompicc_vla {
  T *p;
  long long s[D - 1];
  __device__ __ompicc_vla<T, D - 1> operator[](long long i) const
  {
    __ompicc_vla<T, D - 1> v;
    v.p = p + i * s[0];
    for (int k = 0; k < D - 2; k++)
      v.s[k] = s[k + 1];
    return v;
  }
};
template <class T> struct __ompicc_vla<T, 2> {
  T *p;
  long long s[1];
  __device__ T *operator[](long long i) const { return p + i * s[0]; }
};

/* ---------------------------------------------------------------- atomics
 * OpenMP 5.2 15.8.4 atomic: read, write, update and capture on any
 * scalar of 1, 2, 4 or 8 bytes.  Updates are compare-and-swap loops (no
 * lock is held, so nothing can deadlock inside a warp before Volta), or
 * the native atomic where the architecture has it. */

/* The word a compare-and-swap works on for a T of each size. */
template <int Size> struct __ompicc_word { typedef unsigned int type; };
template <> struct __ompicc_word<8> { typedef unsigned long long type; };

/* Replace with v (atomic write inside capture: {v = x; x = e;}). */
struct __ompicc_op_assign {
  template <class T> __device__ T operator()(T, T b) const { return b; }
};

/* *p = op(*p, v), returning the value before, by a compare-and-swap loop
 * on the aligned word that holds *p (the word itself for 4- and 8-byte
 * types; atomicCAS on 8 bytes exists from sm_35). */
/* The aligned word that holds *p, and the bits of it that are *p. */
template <class T> struct __ompicc_place {
  typedef typename __ompicc_word<sizeof(T)>::type W;
  W *word;
  unsigned shift;
  W mask;
  __device__ explicit __ompicc_place(T *p)
  {
    enum { SUB = sizeof(T) < sizeof(W) };
    unsigned long long a = (unsigned long long)p;
    word = (W *)(SUB ? a & ~3ull : a);
    shift = SUB ? (unsigned)(a & 3) * 8 : 0;
    mask = SUB ? ((W(1) << (8 * (sizeof(T) % sizeof(W)))) - 1) << shift : ~W(0);
  }
};

template <class T, class Op>
static __device__ T __ompicc_atomic_fetch(T *p, T v, Op op)
{
  typedef typename __ompicc_word<sizeof(T)>::type W;
  __ompicc_place<T> at(p);
  W *word = at.word, mask = at.mask;
  unsigned shift = at.shift;
  W old = *(volatile W *)word, assumed;
  T cur;
  do {
    assumed = old;
    W bits = (assumed & mask) >> shift;
    memcpy(&cur, &bits, sizeof(T));
    T next = op(cur, v);
    W nbits = 0;
    memcpy(&nbits, &next, sizeof(T));
    old = atomicCAS(word, assumed, (assumed & ~mask) | ((nbits << shift) & mask));
  } while (old != assumed);
  return cur;
}

/* Native atomics where every architecture from sm_53 has them. */
#define OMPICC_NATIVE_ATOMIC(T, OP, fn)                                                      \
  static __device__ __forceinline__ T __ompicc_atomic_fetch(T *p, T v, OP) { return fn(p, v); }
OMPICC_NATIVE_ATOMIC(int, __ompicc_op_add, atomicAdd)
OMPICC_NATIVE_ATOMIC(unsigned, __ompicc_op_add, atomicAdd)
OMPICC_NATIVE_ATOMIC(unsigned long long, __ompicc_op_add, atomicAdd)
OMPICC_NATIVE_ATOMIC(float, __ompicc_op_add, atomicAdd)
OMPICC_NATIVE_ATOMIC(int, __ompicc_op_max, atomicMax)
OMPICC_NATIVE_ATOMIC(int, __ompicc_op_min, atomicMin)
OMPICC_NATIVE_ATOMIC(unsigned, __ompicc_op_max, atomicMax)
OMPICC_NATIVE_ATOMIC(unsigned, __ompicc_op_min, atomicMin)
OMPICC_NATIVE_ATOMIC(int, __ompicc_op_assign, atomicExch)
OMPICC_NATIVE_ATOMIC(unsigned, __ompicc_op_assign, atomicExch)
OMPICC_NATIVE_ATOMIC(unsigned long long, __ompicc_op_assign, atomicExch)
OMPICC_NATIVE_ATOMIC(float, __ompicc_op_assign, atomicExch)
/* atomicAdd(double *) only from sm_60: below, the CAS loop above. */
#if defined(OMPICC_CUDA_EMU) ? OMPICC_EMU_ARCH >= 60 : (!defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 600)
OMPICC_NATIVE_ATOMIC(double, __ompicc_op_add, atomicAdd)
#endif
#undef OMPICC_NATIVE_ATOMIC

/* Whether p is in the calling thread's local memory.  A variable
 * private to the thread (a local of the region, a private copy) may be
 * the subject of an atomic construct, but a GPU has no atomics on local
 * memory (ptxas warns "Cannot do atomic on local memory" and the launch
 * fails); no other thread can reach it, so a plain update is atomic
 * enough.  __isLocal folds where the address is known, which
 * leaves registers in registers (CUDA 11.4 has it, as Jetson Xavier and
 * Orin do); CUDA 10.2 asks the hardware. */
static __device__ __forceinline__ bool __ompicc_is_local(const void *p)
{
#if defined(OMPICC_CUDA_EMU) || __CUDACC_VER_MAJOR__ * 100 + __CUDACC_VER_MINOR__ >= 1104
  return __isLocal(p);
#else
  unsigned r;
  asm("{ .reg .pred q; isspacep.local q, %1; selp.u32 %0, 1, 0, q; }" : "=r"(r) : "l"(p));
  return r;
#endif
}

/* #pragma omp atomic [update]: *p = op(*p, v). */
template <class T, class Op>
static __device__ __forceinline__ void __ompicc_atomic(T *p, T v, Op op)
{
  if (__ompicc_is_local(p))
    *p = op(*p, v);
  else
    (void)__ompicc_atomic_fetch(p, v, op);
}

/* #pragma omp atomic capture: the value of *p before (after = 0) or after
 * (after = 1) *p = op(*p, v). */
template <class T, class Op>
static __device__ __forceinline__ T __ompicc_atomic_capture(T *p, T v, Op op, int after)
{
  T old;
  if (__ompicc_is_local(p)) {
    old = *p;
    *p = op(old, v);
  } else
    old = __ompicc_atomic_fetch(p, v, op);
  return after ? op(old, v) : old;
}

/* equal bits (memcmp, which CUDA lacks, on objects of up to 8 bytes) */
template <class T> static __device__ __forceinline__ bool __ompicc_same_bits(T a, T b)
{
  unsigned long long x = 0, y = 0;
  memcpy(&x, &a, sizeof(T));
  memcpy(&y, &b, sizeof(T));
  return x == y;
}

/* A compare-and-swap loop found a value other than the expected one and
 * stops without a swap: on the CPU device, as after a failed atomicCAS
 * (cuda-emu.h), the other threads run, since its caller may be waiting
 * for one of them to change the value. */
template <class W>
static __device__ __forceinline__ void __ompicc_cas_missed(const W *word, W expected, W found)
{
#ifdef OMPICC_CUDA_EMU
  __ompicc_emu_rt->cas(word, (unsigned long long)expected, (unsigned long long)found, (int)sizeof(W), 0);
#else
  (void)word, (void)expected, (void)found;
#endif
}

/* #pragma omp atomic compare (OpenMP 5.2 15.8.4), if (x == e) x = d;:
 * the value *p had.  The comparison is of the bits, as gcc and clang
 * make it (for a floating-point T, -0.0 is not 0.0 and a NaN may equal
 * itself), and *p is written only when it holds; a compare-and-swap
 * loop on the word that holds *p, which no lane waits in for another. */
template <class T> static __device__ __forceinline__ T __ompicc_atomic_cas(T *p, T e, T d)
{
  T cur;
  if (__ompicc_is_local(p)) {
    cur = *p;
    if (__ompicc_same_bits(cur, e))
      *p = d;
    return cur;
  }
  typedef typename __ompicc_word<sizeof(T)>::type W;
  __ompicc_place<T> at(p);
  W old = *(volatile W *)at.word, assumed;
  W nbits = 0, ebits = 0;
  memcpy(&nbits, &d, sizeof(T));
  memcpy(&ebits, &e, sizeof(T));
  do {
    assumed = old;
    W bits = (assumed & at.mask) >> at.shift;
    memcpy(&cur, &bits, sizeof(T));
    if (bits != ebits) {
      __ompicc_cas_missed(at.word, ebits, assumed);
      return cur;
    }
    old = atomicCAS(at.word, assumed, (assumed & ~at.mask) | ((nbits << at.shift) & at.mask));
  } while (old != assumed);
  return cur;
}

/* The value after if (x == e) x = d; ({if (...) {x = d;} v = x;}). */
template <class T> static __device__ __forceinline__ T __ompicc_atomic_cas_new(T *p, T e, T d)
{
  T old = __ompicc_atomic_cas(p, e, d);
  return __ompicc_same_bits(old, e) ? d : old;
}

/* if (x == e) x = d; else v = x; (v null: no else), and whether x == e
 * held: the forms {r = x == e; if (r) {x = d;} [else {v = x;}]}. */
template <class T, class V>
static __device__ __forceinline__ bool __ompicc_atomic_cas_if(T *p, T e, T d, V *v)
{
  T old = __ompicc_atomic_cas(p, e, d);
  if (__ompicc_same_bits(old, e))
    return true;
  if (v)
    *v = old;
  return false;
}

/* #pragma omp atomic read and write.  They rely on this: a volatile load
 * or store of a naturally aligned object of 1, 2, 4 or 8 bytes is one
 * memory access, indivisible on the GPU (PTX memory consistency model,
 * "morally strong" accesses of up to 64 bits) and on the CPU device
 * (x86-64 and aarch64 aligned accesses).  The alignment is the C type's,
 * which every object the program names has. */
template <class T> static __device__ __forceinline__ T __ompicc_atomic_read(T *p)
{
  static_assert(sizeof(T) <= 8, "atomics on scalars of at most 8 bytes");
  T v = *(volatile T *)p;
#ifdef OMPICC_CUDA_EMU
  /* an atomic of the CPU device's count (every 64th lets the block's other
   * threads run): a thread that waits for another in a loop of atomic
   * reads sees it come, as on a GPU, instead of spinning alone */
  __ompicc_emu_atomic_done();
#endif
  return v;
}
template <class T> static __device__ __forceinline__ void __ompicc_atomic_write(T *p, T v)
{
  static_assert(sizeof(T) <= 8, "atomics on scalars of at most 8 bytes");
  *(volatile T *)p = v;
#ifdef OMPICC_CUDA_EMU
  __ompicc_emu_atomic_done();
#endif
}

/* A team's copy in shared memory of an array that a region only adds into
 * with atomic constructs (transform/team-private.c): zeroed by the
 * block's threads before the region, added into the array after it, an
 * element at a time, where not zero. */
template <class A> struct __ompicc_flat {
  typedef A type;
  enum { n = 1 };
};
template <class A, unsigned long long N> struct __ompicc_flat<A[N]> {
  typedef typename __ompicc_flat<A>::type type;
  enum { n = N * __ompicc_flat<A>::n };
};
template <class A> static __device__ void __ompicc_team_copy_zero(A &copy)
{
  typedef typename __ompicc_flat<A>::type T;
  T *e = (T *)&copy;
  for (unsigned k = threadIdx.x; k < (unsigned)__ompicc_flat<A>::n; k += blockDim.x)
    e[k] = T(0);
  __syncthreads();
}
template <class A> static __device__ void __ompicc_team_copy_add(A &orig, A &copy)
{
  typedef typename __ompicc_flat<A>::type T;
  __syncthreads();
  T *o = (T *)&orig, *e = (T *)&copy;
  for (unsigned k = threadIdx.x; k < (unsigned)__ompicc_flat<A>::n; k += blockDim.x)
    if (e[k] != T(0))
      __ompicc_atomic(o + k, e[k], __ompicc_op_add());
}

/* An atomic update that adds into a team's copy (transform/team-private.c)
 * where Shared says the copy is in shared memory (the narrow kernel; the
 * wide one updates the array itself).  Nothing reads the copy before the
 * barrier that ends its updates (__ompicc_team_copy_add), so a 64-bit
 * integer sum may be made in its two 32-bit words: the native 32-bit
 * add into the low word, and into the high one the operand's high word
 * plus the carry out of the low one, when not zero.  Additions modulo
 * 2^32 with their carries commute as the 64-bit ones do, so the element
 * holds the same sum once all are in.  A 64-bit add on shared memory is
 * a compare-and-swap loop on sm_53 to sm_90, which the threads that meet
 * on an element go round again; the 32-bit add is one instruction that
 * the hardware serialises (histo on sm_53: 123 SASS instructions, 113
 * now; the hand kernel's 32-bit counters 90). */
template <class T> struct __ompicc_word_pair {
  enum { ok = 0 };
};
template <> struct __ompicc_word_pair<long long> {
  enum { ok = 1 };
};
template <> struct __ompicc_word_pair<unsigned long long> {
  enum { ok = 1 };
};
template <> struct __ompicc_word_pair<long> {
  enum { ok = sizeof(long) == 8 };
};
template <> struct __ompicc_word_pair<unsigned long> {
  enum { ok = sizeof(long) == 8 };
};
template <class Op> struct __ompicc_additive {
  enum { sign = 0 };
};
template <> struct __ompicc_additive<__ompicc_op_add> {
  enum { sign = 1 };
};
template <> struct __ompicc_additive<__ompicc_op_sub> {
  enum { sign = -1 };
};
template <bool Shared, class T, class Op>
static __device__ __forceinline__ void __ompicc_team_atomic(T *p, T v, Op op)
{
  if (Shared && __ompicc_word_pair<T>::ok && __ompicc_additive<Op>::sign) {
    unsigned long long a = (unsigned long long)v;
    if (__ompicc_additive<Op>::sign < 0)
      a = 0ull - a;
    unsigned *word = (unsigned *)p; /* little-endian: the low word first */
    unsigned low = (unsigned)a, high = (unsigned)(a >> 32);
    unsigned old = atomicAdd(word, low);
    high += (unsigned)(old + low < old);
    if (high)
      atomicAdd(word + 1, high);
  } else
    __ompicc_atomic(p, v, op);
}

/* Memory-order clauses (OpenMP 5.2 15.8.1): seq_cst, acq_rel and release
 * order what comes before (a fence before the access), seq_cst, acq_rel
 * and acquire what comes after (a fence after it). */
#define __ompicc_atomic_fence() __threadfence()

/* C11 atomic objects (C11 6.2.5p27, 6.5.16.2p3, 7.17): C++ has no
 * _Atomic, so the kernel file declares them without it and the printer
 * (parser/print.c, atomic_access) writes each access as one of these,
 * sequentially consistent as C's operators on them are: a fence before
 * and after, as #pragma omp atomic seq_cst has.  Scalars of 1, 2, 4 or 8
 * bytes (codegen-cuda/kernels.c refuses other atomic types in device
 * code).  x = e has the value stored, x op= e and ++x the value after,
 * x++ the value before. */
template <class T> static __device__ __forceinline__ T __ompicc_c11_load(T *p)
{
  __ompicc_atomic_fence();
  T v = __ompicc_atomic_read(p);
  __ompicc_atomic_fence();
  return v;
}
template <class T, class V> static __device__ __forceinline__ T __ompicc_c11_store(T *p, V v)
{
  T t = (T)v;
  __ompicc_atomic_fence();
  __ompicc_atomic_write(p, t);
  __ompicc_atomic_fence();
  return t;
}
/* *p = (T)(*p op v), op in C's arithmetic of the two types (int += double
 * adds in double, a pointer's += counts elements) */
template <class T, class V, class Op> struct __ompicc_c11_op {
  V v;
  Op op;
  __device__ T operator()(T cur, T) const { return (T)op(cur, v); }
};
template <class T, class V, class Op>
static __device__ __forceinline__ T __ompicc_c11_update(T *p, V v, Op op, int after)
{
  __ompicc_c11_op<T, V, Op> f = {v, op};
  __ompicc_atomic_fence();
  T old = __ompicc_atomic_capture(p, T(), f, 0);
  __ompicc_atomic_fence();
  return after ? f(old, old) : old;
}

/* gcc's __atomic and __sync builtins, which nvcc lacks in device code
 * (gcc's manual, "Built-in Functions for Memory Model Aware Atomic
 * Operations" and "Legacy __sync Built-in Functions"; stdatomic.h's
 * functions on plain objects expand to the first): the device-lib table
 * names them __ompicc_gcc_*.  On objects of 1, 2, 4 or 8 bytes, integers
 * or pointers (whose arithmetic is in bytes, unscaled, as gcc's); a
 * memory order other than relaxed puts a fence before and after the
 * access, and a thread's own local variable is updated plainly, as an
 * atomic construct's is. */
struct __ompicc_op_nand {
  template <class T> __device__ T operator()(T a, T b) const { return ~(a & b); }
};
/* a pointer's arithmetic as on the integer of its bits */
template <class T> struct __ompicc_gcc_bits {
  typedef T type;
};
template <class T> struct __ompicc_gcc_bits<T *> {
  typedef unsigned long long type;
};

static __device__ __forceinline__ void __ompicc_gcc_fence(int order)
{
  if (order != 0) /* __ATOMIC_RELAXED */
    __threadfence();
}

/* *p = op(*p, v), atomically: the value before */
template <class T, class V, class Op>
static __device__ __forceinline__ T __ompicc_gcc_rmw(T *p, V v, Op op, int order)
{
  typedef typename __ompicc_gcc_bits<T>::type B;
  B *q = (B *)p, old;
  __ompicc_gcc_fence(order);
  if (__ompicc_is_local(p)) {
    old = *q;
    *q = op(old, (B)v);
  } else
    old = __ompicc_atomic_fetch(q, (B)v, op);
  __ompicc_gcc_fence(order);
  return (T)old;
}

/* compare-and-swap on any of the sizes: the value found (desired was
 * stored when it equals expected) */
template <class T>
static __device__ T __ompicc_gcc_cas(T *p, T expected, T desired)
{
  if (__ompicc_is_local(p)) {
    T old = *p;
    if (__ompicc_same_bits(old, expected))
      *p = desired;
    return old;
  }
  typedef typename __ompicc_word<sizeof(T)>::type W;
  __ompicc_place<T> at(p);
  W *word = at.word, mask = at.mask;
  unsigned shift = at.shift;
  W e = 0, d = 0;
  memcpy(&e, &expected, sizeof(T));
  memcpy(&d, &desired, sizeof(T));
  W old = *(volatile W *)word;
  for (;;) {
    if (((old & mask) >> shift) != e) { /* not the expected value: found */
      __ompicc_cas_missed(word, e, old);
      break;
    }
    W seen = atomicCAS(word, old, (old & ~mask) | ((d << shift) & mask));
    if (seen == old)
      break;
    old = seen; /* another part of the word, or this one, changed: again */
  }
  W bits = (old & mask) >> shift;
  T found;
  memcpy(&found, &bits, sizeof(T));
  return found;
}

template <class T> static __device__ __forceinline__ T __ompicc_gcc_atomic_load_n(T *p, int order)
{
  __ompicc_gcc_fence(order);
  T v = __ompicc_atomic_read(p);
  __ompicc_gcc_fence(order);
  return v;
}
template <class T, class V>
static __device__ __forceinline__ void __ompicc_gcc_atomic_store_n(T *p, V v, int order)
{
  __ompicc_gcc_fence(order);
  __ompicc_atomic_write(p, (T)v);
  __ompicc_gcc_fence(order);
}
template <class T, class V>
static __device__ __forceinline__ T __ompicc_gcc_atomic_exchange_n(T *p, V v, int order)
{
  return __ompicc_gcc_rmw(p, v, __ompicc_op_assign(), order);
}
template <class T, class V>
static __device__ __forceinline__ bool __ompicc_gcc_atomic_compare_exchange_n(T *p, T *expected,
                                                                              V desired, bool,
                                                                              int order, int)
{
  __ompicc_gcc_fence(order);
  T want = *expected, found = __ompicc_gcc_cas(p, want, (T)desired);
  __ompicc_gcc_fence(order);
  if (__ompicc_same_bits(found, want))
    return true;
  *expected = found;
  return false;
}
template <class T> static __device__ __forceinline__ void __ompicc_gcc_atomic_load(T *p, T *ret, int order)
{
  *ret = __ompicc_gcc_atomic_load_n(p, order);
}
template <class T> static __device__ __forceinline__ void __ompicc_gcc_atomic_store(T *p, T *v, int order)
{
  __ompicc_gcc_atomic_store_n(p, *v, order);
}
template <class T>
static __device__ __forceinline__ void __ompicc_gcc_atomic_exchange(T *p, T *v, T *ret, int order)
{
  *ret = __ompicc_gcc_atomic_exchange_n(p, *v, order);
}
template <class T>
static __device__ __forceinline__ bool __ompicc_gcc_atomic_compare_exchange(T *p, T *expected,
                                                                            T *desired, bool weak,
                                                                            int order, int fail)
{
  return __ompicc_gcc_atomic_compare_exchange_n(p, expected, *desired, weak, order, fail);
}
static __device__ __forceinline__ bool __ompicc_gcc_atomic_test_and_set(void *p, int order)
{
  return __ompicc_gcc_rmw((unsigned char *)p, 1, __ompicc_op_assign(), order) != 0;
}
static __device__ __forceinline__ void __ompicc_gcc_atomic_clear(void *p, int order)
{
  __ompicc_gcc_atomic_store_n((unsigned char *)p, 0, order);
}
static __device__ __forceinline__ void __ompicc_gcc_atomic_thread_fence(int) { __threadfence(); }
static __device__ __forceinline__ void __ompicc_gcc_atomic_signal_fence(int) {}
#define __ompicc_gcc_atomic_always_lock_free(size, p) ((size) <= 8)
#define __ompicc_gcc_atomic_is_lock_free(size, p) ((size) <= 8)
/* __atomic_fetch_OP and __atomic_OP_fetch, __sync_fetch_and_OP and
 * __sync_OP_and_fetch (full barriers) */
#define OMPICC_GCC_ATOMIC_OP(name, op)                                                         \
  template <class T, class V>                                                                  \
  static __device__ __forceinline__ T __ompicc_gcc_atomic_fetch_##name(T *p, V v, int order)   \
  {                                                                                            \
    return __ompicc_gcc_rmw(p, v, op(), order);                                                \
  }                                                                                            \
  template <class T, class V>                                                                  \
  static __device__ __forceinline__ T __ompicc_gcc_atomic_##name##_fetch(T *p, V v, int order) \
  {                                                                                            \
    typedef typename __ompicc_gcc_bits<T>::type B;                                             \
    return (T)op()((B)__ompicc_gcc_rmw(p, v, op(), order), (B)v);                              \
  }                                                                                            \
  template <class T, class V>                                                                  \
  static __device__ __forceinline__ T __ompicc_gcc_sync_fetch_and_##name(T *p, V v)            \
  {                                                                                            \
    return __ompicc_gcc_rmw(p, v, op(), 5);                                                    \
  }                                                                                            \
  template <class T, class V>                                                                  \
  static __device__ __forceinline__ T __ompicc_gcc_sync_##name##_and_fetch(T *p, V v)          \
  {                                                                                            \
    typedef typename __ompicc_gcc_bits<T>::type B;                                             \
    return (T)op()((B)__ompicc_gcc_rmw(p, v, op(), 5), (B)v);                                  \
  }
OMPICC_GCC_ATOMIC_OP(add, __ompicc_op_add)
OMPICC_GCC_ATOMIC_OP(sub, __ompicc_op_sub)
OMPICC_GCC_ATOMIC_OP(and, __ompicc_op_bitand)
OMPICC_GCC_ATOMIC_OP(or, __ompicc_op_bitor)
OMPICC_GCC_ATOMIC_OP(xor, __ompicc_op_bitxor)
OMPICC_GCC_ATOMIC_OP(nand, __ompicc_op_nand)
#undef OMPICC_GCC_ATOMIC_OP
template <class T, class U, class V>
static __device__ __forceinline__ bool __ompicc_gcc_sync_bool_compare_and_swap(T *p, U old, V v)
{
  __threadfence();
  T want = (T)old, found = __ompicc_gcc_cas(p, want, (T)v);
  __threadfence();
  return __ompicc_same_bits(found, want);
}
template <class T, class U, class V>
static __device__ __forceinline__ T __ompicc_gcc_sync_val_compare_and_swap(T *p, U old, V v)
{
  __threadfence();
  T found = __ompicc_gcc_cas(p, (T)old, (T)v);
  __threadfence();
  return found;
}
template <class T, class V>
static __device__ __forceinline__ T __ompicc_gcc_sync_lock_test_and_set(T *p, V v)
{
  return __ompicc_gcc_rmw(p, v, __ompicc_op_assign(), 2); /* acquire */
}
template <class T> static __device__ __forceinline__ void __ompicc_gcc_sync_lock_release(T *p)
{
  __ompicc_gcc_atomic_store_n(p, 0, 3); /* release */
}
static __device__ __forceinline__ void __ompicc_gcc_sync_synchronize(void) { __threadfence(); }

/* ---------------------------------------------------------------- reductions */

/* __shfl_down_sync (up: __shfl_up_sync) of any type, 4 bytes at a time. */
template <class T>
static __device__ T __ompicc_shfl(unsigned mask, T v, int offset, bool up)
{
  enum { WORDS = (sizeof(T) + 3) / 4 };
  int w[WORDS];
  memset(w, 0, sizeof w);
  memcpy(w, &v, sizeof(T));
  for (int i = 0; i < WORDS; i++)
    w[i] = up ? __shfl_up_sync(mask, w[i], offset) : __shfl_down_sync(mask, w[i], offset);
  T r;
  memcpy(&r, w, sizeof(T));
  return r;
}
template <class T> static __device__ T __ompicc_shfl_down(unsigned mask, T v, int offset)
{
  return __ompicc_shfl(mask, v, offset, false);
}

/* Reduce v over the first n lanes of a warp (all of which call this);
 * lane 0 gets the result. */
template <class T, class Op>
static __device__ T __ompicc_warp_reduce(T v, unsigned lane, unsigned n, Op op)
{
  unsigned mask = n >= 32 ? 0xffffffffu : (1u << n) - 1;
  for (int off = 16; off > 0; off >>= 1) {
    T other = __ompicc_shfl_down(mask, v, off);
    if (lane + off < n)
      v = op(v, other);
  }
  return v;
}

/* Combining a block's (or a team's) result into the original, *dst =
 * op(*dst, v).  A value of 1, 2, 4 or 8 bytes, aligned to its size, is updated
 * by the compare-and-swap loop of the atomics (built-in operators: their
 * native atomic); anything else (a struct of user-defined reduction,
 * OpenMP 4.5 2.16) under a lock.  The callers combine from one thread
 * per warp at most, so no two lanes of a warp ever contend for the lock
 * (which would deadlock before Volta); a lock is picked by the address,
 * so different variables rarely share one. */
static __device__ unsigned __ompicc_red_locks[32];

/* A copy through volatile bytes: the original is read and written by
 * other blocks, and the L1 cache must not serve a stale copy. */
static __device__ void __ompicc_volatile_copy(volatile unsigned char *d, volatile const unsigned char *s,
                                              unsigned n)
{
  for (unsigned i = 0; i < n; i++)
    d[i] = s[i];
}

template <bool CAS> struct __ompicc_combiner {
  template <class T, class Op> static __device__ void run(T *dst, T v, Op op)
  {
    __ompicc_atomic(dst, v, op);
  }
};
template <> struct __ompicc_combiner<false> {
  template <class T, class Op> static __device__ void run(T *dst, T v, Op op)
  {
    unsigned *lock = &__ompicc_red_locks[((unsigned long long)dst >> 3) % 32];
    while (atomicCAS(lock, 0u, 1u) != 0u)
      ;
    __threadfence();
    T cur;
    __ompicc_volatile_copy((unsigned char *)&cur, (const unsigned char *)dst, sizeof(T));
    cur = op(cur, v);
    __ompicc_volatile_copy((unsigned char *)dst, (const unsigned char *)&cur, sizeof(T));
    __threadfence();
    atomicExch(lock, 0u);
  }
};
template <class T, class Op> static __device__ void __ompicc_combine(T *dst, T v, Op op)
{
  __ompicc_combiner<sizeof(T) <= 8 && (sizeof(T) & (sizeof(T) - 1)) == 0 &&
                    __alignof__(T) >= sizeof(T)>::run(dst, v, op);
}

/* Every thread of the block calls this with its v: the first thread
 * gets the combination of all, through partial (32 Ts of shared memory,
 * which an earlier call may still be reading: a barrier comes first). */
template <class T, class Op>
static __device__ T __ompicc_block_combine(T v, Op op, T *partial)
{
  unsigned nthreads = blockDim.x * blockDim.y * blockDim.z;
  unsigned tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  unsigned lane = tid % 32, warp = tid / 32;
  unsigned in_warp = nthreads - warp * 32 < 32 ? nthreads - warp * 32 : 32;
  v = __ompicc_warp_reduce(v, lane, in_warp, op);
  __syncthreads();
  if (lane == 0)
    memcpy(&partial[warp], &v, sizeof(T));
  __syncthreads();
  unsigned nwarps = (nthreads + 31) / 32;
  if (warp == 0 && lane < nwarps) {
    memcpy(&v, &partial[lane], sizeof(T));
    v = __ompicc_warp_reduce(v, lane, nwarps, op);
  }
  return v;
}

static __device__ __forceinline__ bool __ompicc_block_first(void)
{
  return threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0;
}

/* Every thread of the block calls this once with its private copy: the
 * block's result is combined into *dst by one thread. */
template <class T, class Op>
static __device__ void __ompicc_reduce(T *dst, T v, Op op)
{
  __shared__ unsigned char raw[32 * sizeof(T)];
  v = __ompicc_block_combine(v, op, (T *)raw);
  if (__ompicc_block_first())
    __ompicc_combine(dst, v, op);
}

/* Every thread of the block calls this with its private copy, and gets
 * the block's result: a parallel loop's reduction in a teams distribute
 * loop that every thread of a team runs (codegen-cuda/kernels.c,
 * team_loop), where each thread then combines it into its own copy of
 * the original.  Its last barrier is the loop's closing one. */
template <class T, class Op>
static __device__ T __ompicc_block_allreduce(T v, Op op)
{
  __shared__ unsigned char raw[33 * sizeof(T)];
  T *partial = (T *)raw; /* per warp, then [32]: the block's */
  v = __ompicc_block_combine(v, op, partial);
  if (__ompicc_block_first())
    memcpy(&partial[32], &v, sizeof(T));
  __syncthreads();
  memcpy(&v, &partial[32], sizeof(T));
  return v;
}

/* The value of mine in the thread that has it (have), for every thread
 * of the block, or orig when none has: a lastprivate variable of such a
 * loop (OpenMP 5.2 5.4.5), from the thread that ran its last iteration. */
template <class T>
static __device__ T __ompicc_block_pick(T mine, bool have, T orig)
{
  __shared__ unsigned char raw[sizeof(T)];
  __shared__ int any;
  __syncthreads(); /* an earlier call may still read raw */
  if (__ompicc_block_first())
    any = 0;
  __syncthreads();
  if (have) {
    memcpy(raw, &mine, sizeof(T));
    any = 1;
  }
  __syncthreads();
  if (any)
    memcpy(&orig, raw, sizeof(T));
  return orig;
}

/* The threads of a parallel loop with num_threads(n) in such a team: n,
 * at most the team's (OpenMP 5.2 10.1.1), at least one. */
static __device__ __forceinline__ unsigned __ompicc_team_threads(long long n)
{
  return n < 1 ? 1u : n < (long long)blockDim.x ? (unsigned)n : blockDim.x;
}

/* A scan (OpenMP 5.2 5.6) in an SPMD loop of one block: each thread has
 * run the input phases of its chunk of iterations (chunks in threadIdx
 * order), v being their total.  Returns the value the scan's variable
 * starts the thread's chunk with: *orig combined with the totals of the
 * threads before it, in order; *orig becomes the combination of all.
 * Every thread of the block calls it. */
template <class T, class Op>
static __device__ T __ompicc_scan_prefix(T *orig, T v, Op op)
{
  __shared__ unsigned char raw[33 * sizeof(T)];
  T *partial = (T *)raw; /* per warp: the prefix before it; [32]: the total */
  unsigned nthreads = blockDim.x * blockDim.y * blockDim.z;
  unsigned tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  unsigned lane = tid % 32, warp = tid / 32, nwarps = (nthreads + 31) / 32;
  unsigned in_warp = nthreads - warp * 32 < 32 ? nthreads - warp * 32 : 32;
  unsigned mask = in_warp >= 32 ? 0xffffffffu : (1u << in_warp) - 1;
  for (int off = 1; off < 32; off <<= 1) { /* inclusive scan in the warp */
    T other = __ompicc_shfl(mask, v, off, true);
    if (lane >= (unsigned)off)
      v = op(other, v);
  }
  __syncthreads();
  if (lane == in_warp - 1)
    memcpy(&partial[warp], &v, sizeof(T));
  __syncthreads();
  if (tid == 0) { /* the warps' totals become the prefixes before them */
    T acc, t;
    memcpy(&acc, orig, sizeof(T));
    for (unsigned w = 0; w < nwarps; w++) {
      memcpy(&t, &partial[w], sizeof(T));
      memcpy(&partial[w], &acc, sizeof(T));
      acc = op(acc, t);
    }
    memcpy(&partial[32], &acc, sizeof(T));
  }
  __syncthreads();
  T before;
  memcpy(&before, &partial[warp], sizeof(T));
  /* the warp's threads before this one: its inclusive value less its own */
  T up = __ompicc_shfl(mask, v, 1, true);
  T r = lane ? op(before, up) : before;
  if (tid == 0)
    memcpy(orig, &partial[32], sizeof(T));
  return r;
}

/* The address n elements before p, p being the first element of an
 * array reduction's private copy of a section a[lo:len]: the view of it
 * indexed as the original, a[i] for lo <= i < lo+len.  Such a pointer is
 * outside the copy, and compilers may assume that it cannot reach it
 * (g++ -O1 dropped a body's update of a[lo] when len was 1): the address
 * is computed where the optimiser cannot follow it, an empty asm that p
 * escapes into, so that the view may point anywhere p's copy is.  The asm
 * clobbers memory on both devices: without it nvcc took the asm for one
 * that neither keeps p nor touches memory, forwarded the copy's initial
 * value to the reduction past the body's store through the view, and the
 * GPU combined nothing (the CPU device, whose asm had the clobber, passed). */
template <class T> static __device__ T *__ompicc_below(T *p, long long n)
{
  unsigned long long a = (unsigned long long)p - (unsigned long long)n * sizeof(T);
#if defined(__CUDA_ARCH__)
  asm("mov.b64 %0, %0;" : "+l"(a) : "l"(p) : "memory");
#else
  __asm__("" : "+r"(a) : "r"(p) : "memory");
#endif
  return (T *)a;
}

/* An array or array section reduced element by element (OpenMP 5.2
 * 5.5.8): every thread of the block calls this with its private copy v
 * of n elements, combined into dst[0] .. dst[n-1]. */
template <class T, class Op>
static __device__ void __ompicc_reduce_n(T *dst, const T *v, long long n, Op op)
{
  for (long long k = 0; k < n; k++)
    __ompicc_reduce(&dst[k], v[k], op);
}

/* ---------------------------------------------------------------- CPU device */
#ifdef OMPICC_CUDA_EMU
/* KERNEL__emu(args): call a kernel with cuLaunchKernel-style arguments. */
template <int...> struct __ompicc_seq {};
template <int N, int... I> struct __ompicc_mkseq : __ompicc_mkseq<N - 1, N - 1, I...> {};
template <int... I> struct __ompicc_mkseq<0, I...> { typedef __ompicc_seq<I...> type; };

template <class... P, int... I>
static void __ompicc_emu_apply(void (*k)(P...), void **args, __ompicc_seq<I...>)
{
  k(*(P *)args[I]...);
}

template <class... P>
static void __ompicc_emu_call(void (*k)(P...), void **args)
{
  __ompicc_emu_apply(k, args, typename __ompicc_mkseq<sizeof...(P)>::type());
}

/* KERNEL__emu_copy(args, buf, cap): the parameters' values as the launch
 * found them (cuLaunchKernel copies them; the threads of a later block
 * must not see what an earlier one wrote to the variables args point at).
 * Returns the bytes needed; with buf of that many, fills it with the
 * pointers to pass as args, then the values they point at. */
template <class... P>
static size_t __ompicc_emu_copy(void (*)(P...), void **args, void *buf, size_t cap)
{
  const size_t n = sizeof...(P), sizes[] = {sizeof(P)..., 0};
  size_t total = n * sizeof(void *);
  for (size_t i = 0; i < n; i++)
    total = (total + 15) / 16 * 16 + sizes[i];
  if (!buf || cap < total)
    return total;
  void **out = (void **)buf;
  size_t off = n * sizeof(void *);
  for (size_t i = 0; i < n; i++) {
    off = (off + 15) / 16 * 16;
    out[i] = (char *)buf + off;
    memcpy(out[i], args[i], sizes[i]);
    off += sizes[i];
  }
  return total;
}
#endif

#endif
