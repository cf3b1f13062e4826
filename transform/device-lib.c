/* device-lib.c - what device code may call with no definition of its own:
 * the C library functions CUDA has in device code, and the OpenMP
 * routines of the device library (devlib-cuda/), as tables of names.
 */
#include "device-lib.h"

#include <stddef.h>
#include <string.h>

/* C library functions CUDA has in device code (CUDA Programming Guide,
 * "Mathematical Functions" and "Dynamic Global Memory Allocation"), the
 * OpenMP routines of devlib-cuda/ompicc-device.h and the complex.h
 * functions of devlib-cuda/omp-complex.h. */
static const char *const device_libc[] = {
    "printf", "malloc", "free", "memcpy", "memset", "assert", "__assert_fail",
    "sqrt", "sqrtf", "cbrt", "cbrtf", "pow", "powf", "exp", "expf", "exp2",
    "exp2f", "expm1", "expm1f", "log", "logf", "log2", "log2f", "log10",
    "log10f", "log1p", "log1pf", "sin", "sinf", "cos", "cosf", "tan", "tanf",
    "asin", "asinf", "acos", "acosf", "atan", "atanf", "atan2", "atan2f",
    "sinh", "sinhf", "cosh", "coshf", "tanh", "tanhf", "asinh", "acosh",
    "atanh", "fabs", "fabsf", "fmin", "fminf", "fmax", "fmaxf", "fmod",
    "fmodf", "floor", "floorf", "ceil", "ceilf", "round", "roundf", "trunc",
    "truncf", "rint", "rintf", "lround", "lroundf", "llround", "hypot",
    "hypotf", "fma", "fmaf", "erf", "erff", "erfc", "erfcf", "tgamma",
    "lgamma", "copysign", "copysignf", "ldexp", "ldexpf", "frexp", "modf",
    "abs", "labs", "llabs", "isnan", "isinf", "isfinite", "signbit",
    "omp_get_thread_num", "omp_get_num_threads", "omp_get_team_num",
    "omp_get_num_teams", "omp_is_initial_device", "omp_get_max_threads",
    "omp_get_thread_limit", "omp_get_level", "omp_in_parallel",
    "__builtin_expect", "__builtin_fabs", "__builtin_sqrt",
    /* complex.h, devlib-cuda/omp-complex.h */
    "creal", "crealf", "cimag", "cimagf", "conj", "conjf", "cabs", "cabsf", "carg", "cargf",
    "cexp", "cexpf", "clog", "clogf", "csqrt", "csqrtf", "cpow", "cpowf", "csin", "csinf",
    "ccos", "ccosf", "ctan", "ctanf",
};

/* The OpenMP routines of the generic kernels' library
 * (devlib-cuda/ompicc-generic.h, omp-sync.h): a file whose device code
 * calls one includes that library, in SPMD kernels too. */
static const char *const device_runtime[] = {
    "omp_init_lock", "omp_destroy_lock", "omp_set_lock", "omp_unset_lock",
    "omp_test_lock", "omp_get_wtime", "omp_get_wtick", "omp_get_device_num",
    "omp_get_max_active_levels", "omp_get_dynamic", "omp_in_final",
    "omp_get_active_level", "omp_get_ancestor_thread_num", "omp_get_team_size",
};

static bool in_table(const char *name, const char *const *table, size_t n)
{
  for (size_t i = 0; i < n; i++)
    if (!strcmp(name, table[i]))
      return true;
  return false;
}

/* C library functions CUDA lacks, and the device library's versions
 * (ompicc-device.h), which the kernel file calls instead. */
static const char *const device_versions[][2] = {
    {"abort", "__ompicc_abort"}, {"exit", "__ompicc_exit"}, {"_Exit", "__ompicc_exit"}};

const char *device_lib_version(const char *name)
{
  for (size_t i = 0; i < sizeof device_versions / sizeof *device_versions; i++)
    if (!strcmp(name, device_versions[i][0]))
      return device_versions[i][1];
  return NULL;
}

bool device_lib_has(const char *name)
{
  return in_table(name, device_libc, sizeof device_libc / sizeof *device_libc) ||
         device_lib_needs_runtime(name) || device_lib_version(name);
}

bool device_lib_needs_runtime(const char *name)
{
  return in_table(name, device_runtime, sizeof device_runtime / sizeof *device_runtime);
}
