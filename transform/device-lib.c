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
    "asinhf", "acoshf", "atanhf", "llroundf", "lrint", "lrintf", "llrint", "llrintf",
    "nearbyint", "nearbyintf", "remainder", "remainderf", "remquo", "remquof", "fdim", "fdimf",
    "ilogb", "ilogbf", "logb", "logbf", "nextafter", "nextafterf", "scalbn", "scalbnf",
    "scalbln", "scalblnf", "nan", "nanf", "frexpf", "modff", "lgammaf", "tgammaf", "j0", "j0f",
    "j1", "j1f", "jn", "jnf", "y0", "y0f", "y1", "y1f", "yn", "ynf", "exp10", "exp10f",
    "sincos", "sincosf",
    "omp_get_thread_num", "omp_get_num_threads", "omp_get_team_num",
    "omp_get_num_teams", "omp_is_initial_device", "omp_get_max_threads",
    "omp_get_thread_limit", "omp_get_level", "omp_in_parallel",
    "omp_get_device_num", "omp_get_num_devices", "omp_get_initial_device",
    "omp_get_num_procs", "omp_get_cancellation", "omp_get_proc_bind",
    "omp_get_num_places", "omp_get_place_num_procs", "omp_get_place_proc_ids",
    "omp_get_place_num", "omp_get_partition_num_places",
    "omp_get_partition_place_nums", "omp_get_max_task_priority",
    "omp_get_supported_active_levels",
    "__builtin_expect", "__builtin_fabs", "__builtin_sqrt",
    /* complex.h, devlib-cuda/omp-complex.h */
    "creal", "crealf", "cimag", "cimagf", "conj", "conjf", "cabs", "cabsf", "carg", "cargf",
    "cexp", "cexpf", "clog", "clogf", "csqrt", "csqrtf", "cpow", "cpowf", "csin", "csinf",
    "ccos", "ccosf", "ctan", "ctanf",
};

/* The OpenMP routines of the generic kernels' library
 * (devlib-cuda/ompicc-generic.h, omp-sync.h, omp-icv.h, omp-alloc.h,
 * omp-affinity.h): a file whose device code calls one includes that
 * library, in SPMD kernels too. */
static const char *const device_runtime[] = {
    /* 18.9 locks */
    "omp_init_lock", "omp_init_lock_with_hint", "omp_destroy_lock", "omp_set_lock",
    "omp_unset_lock", "omp_test_lock", "omp_init_nest_lock", "omp_init_nest_lock_with_hint",
    "omp_destroy_nest_lock", "omp_set_nest_lock", "omp_unset_nest_lock", "omp_test_nest_lock",
    /* 18.10 timing */
    "omp_get_wtime", "omp_get_wtick",
    /* 18.2 thread team, 18.4 teams, 18.5 tasking: the ICVs */
    "omp_set_num_threads", "omp_set_dynamic", "omp_get_dynamic", "omp_set_schedule",
    "omp_get_schedule", "omp_set_max_active_levels", "omp_get_max_active_levels",
    "omp_set_nested", "omp_get_nested", "omp_in_final", "omp_get_active_level",
    "omp_get_ancestor_thread_num", "omp_get_team_size", "omp_set_num_teams",
    "omp_get_max_teams", "omp_set_teams_thread_limit", "omp_get_teams_thread_limit",
    "omp_set_default_device", "omp_get_default_device", "omp_fulfill_event",
    "omp_display_env",
    /* 18.3 affinity format */
    "omp_set_affinity_format", "omp_get_affinity_format", "omp_display_affinity",
    "omp_capture_affinity",
    /* 18.13 memory management */
    "omp_init_allocator", "omp_destroy_allocator", "omp_set_default_allocator",
    "omp_get_default_allocator", "omp_alloc", "omp_aligned_alloc", "omp_calloc",
    "omp_aligned_calloc", "omp_realloc", "omp_free",
};

/* Routines of the host alone (OpenMP 5.2 18.6 resource relinquishing,
 * 18.8 device memory, 18.12 interoperability): a call in device code is
 * an error. */
static const char *const host_only[] = {
    "omp_pause_resource", "omp_pause_resource_all", "omp_target_alloc", "omp_target_free",
    "omp_target_is_present", "omp_target_is_accessible", "omp_target_memcpy",
    "omp_target_memcpy_rect", "omp_target_memcpy_async", "omp_target_memcpy_rect_async",
    "omp_target_memset", "omp_target_memset_async", "omp_target_associate_ptr",
    "omp_target_disassociate_ptr", "omp_get_mapped_ptr", "omp_get_num_interop_properties",
    "omp_get_interop_int", "omp_get_interop_ptr", "omp_get_interop_str",
    "omp_get_interop_name", "omp_get_interop_type_desc", "omp_get_interop_rc_desc",
};

static bool in_table(const char *name, const char *const *table, size_t n)
{
  for (size_t i = 0; i < n; i++)
    if (!strcmp(name, table[i]))
      return true;
  return false;
}

/* C library functions CUDA lacks, and the device library's versions
 * (ompicc-device.h), which the kernel file calls instead; and the names
 * that LLVM's omp.h gives the affinity-format routines (a host compiled
 * by clang calls them ompc_*, a macro of that omp.h), which are the
 * device library's own routines. */
static const char *const device_versions[][2] = {
    {"abort", "__ompicc_abort"},
    {"exit", "__ompicc_exit"},
    {"_Exit", "__ompicc_exit"},
    /* string.h (C11 7.24) but memcpy and memset, which CUDA has */
    {"strlen", "__ompicc_strlen"},
    {"strnlen", "__ompicc_strnlen"},
    {"strcmp", "__ompicc_strcmp"},
    {"strncmp", "__ompicc_strncmp"},
    {"memcmp", "__ompicc_memcmp"},
    {"memmove", "__ompicc_memmove"},
    {"memchr", "__ompicc_memchr"},
    {"strchr", "__ompicc_strchr"},
    {"strrchr", "__ompicc_strrchr"},
    {"strstr", "__ompicc_strstr"},
    {"strcpy", "__ompicc_strcpy"},
    {"strncpy", "__ompicc_strncpy"},
    {"strcat", "__ompicc_strcat"},
    {"strncat", "__ompicc_strncat"},
    /* ctype.h (C11 7.4), the "C" locale; glibc's macros index its tables */
    {"isalnum", "__ompicc_isalnum"},
    {"isalpha", "__ompicc_isalpha"},
    {"isblank", "__ompicc_isblank"},
    {"iscntrl", "__ompicc_iscntrl"},
    {"isdigit", "__ompicc_isdigit"},
    {"isgraph", "__ompicc_isgraph"},
    {"islower", "__ompicc_islower"},
    {"isprint", "__ompicc_isprint"},
    {"ispunct", "__ompicc_ispunct"},
    {"isspace", "__ompicc_isspace"},
    {"isupper", "__ompicc_isupper"},
    {"isxdigit", "__ompicc_isxdigit"},
    {"tolower", "__ompicc_tolower"},
    {"toupper", "__ompicc_toupper"},
    {"__ctype_b_loc", "__ompicc_ctype_b_loc"},
    {"__ctype_tolower_loc", "__ompicc_ctype_tolower_loc"},
    {"__ctype_toupper_loc", "__ompicc_ctype_toupper_loc"},
    /* stdlib.h (C11 7.22.1.2, 7.22.1.4, 7.22.5, 7.22.6.2) */
    {"atoi", "__ompicc_atoi"},
    {"atol", "__ompicc_atol"},
    {"atoll", "__ompicc_atoll"},
    {"atof", "__ompicc_atof"},
    {"strtod", "__ompicc_strtod"},
    {"strtof", "__ompicc_strtof"},
    {"strtol", "__ompicc_strtol"},
    {"strtoll", "__ompicc_strtoll"},
    {"strtoul", "__ompicc_strtoul"},
    {"strtoull", "__ompicc_strtoull"},
    {"div", "__ompicc_div"},
    {"ldiv", "__ompicc_ldiv"},
    {"lldiv", "__ompicc_lldiv"},
    {"imaxdiv", "__ompicc_imaxdiv"},
    {"imaxabs", "__ompicc_imaxabs"},
    {"qsort", "__ompicc_qsort"},
    /* pseudo-random numbers (C11 7.22.2, POSIX), glibc's generators */
    {"rand", "__ompicc_rand"},
    {"srand", "__ompicc_srand"},
    {"rand_r", "__ompicc_rand_r"},
    {"random", "__ompicc_random"},
    {"srandom", "__ompicc_srand"},
    {"drand48", "__ompicc_drand48"},
    {"lrand48", "__ompicc_lrand48"},
    {"mrand48", "__ompicc_mrand48"},
    {"srand48", "__ompicc_srand48"},
    {"erand48", "__ompicc_erand48"},
    {"nrand48", "__ompicc_nrand48"},
    {"jrand48", "__ompicc_jrand48"},
    {"bsearch", "__ompicc_bsearch"},
    /* stdio.h's output to stdout and stderr (C11 7.21.7), which the
     * device has as printf's one output */
    {"fprintf", "__ompicc_fprintf"},
    {"fputs", "__ompicc_fputs"},
    {"fputc", "__ompicc_fputc"},
    {"putc", "__ompicc_fputc"},
    {"puts", "__ompicc_puts"},
    {"putchar", "__ompicc_putchar"},
    {"fflush", "__ompicc_fflush"},
    /* formatted output to a string (C11 7.21.6.5, 7.21.6.6) */
    {"sprintf", "__ompicc_sprintf"},
    {"snprintf", "__ompicc_snprintf"},
    /* math.h's classification macros, as gcc's headers write them
     * (C11 7.12.3, 7.12.14), where nvcc has no builtin */
    {"__builtin_isinf_sign", "__ompicc_isinf_sign"},
    /* glibc's ctype.h macros ask it with optimization; 0 is always an
     * answer it may give */
    {"__builtin_constant_p", "__ompicc_constant_p"},
    /* gcc's builtins that nvcc lacks in device code, in CUDA's terms */
    {"__builtin_trap", "__ompicc_trap"},
    {"__builtin_prefetch", "__ompicc_prefetch"},
    {"__builtin_expect_with_probability", "__ompicc_expect_with_probability"},
    {"__builtin_object_size", "__ompicc_object_size"},
    {"__builtin_clzl", "__ompicc_clzll"},
    {"__builtin_clzll", "__ompicc_clzll"},
    {"__builtin_ctzl", "__ompicc_ctzll"},
    {"__builtin_ctzll", "__ompicc_ctzll"},
    {"__builtin_ffsl", "__ompicc_ffsll"},
    {"__builtin_popcountl", "__ompicc_popcountll"},
    {"__builtin_popcountll", "__ompicc_popcountll"},
    {"__builtin_parity", "__ompicc_parityll"},
    {"__builtin_parityl", "__ompicc_parityll"},
    {"__builtin_parityll", "__ompicc_parityll"},
    {"__builtin_bswap16", "__ompicc_bswap16"},
    {"__builtin_fpclassify", "__ompicc_fpclassify"},
    {"__builtin_isnormal", "__ompicc_isnormal"},
    {"__builtin_isgreater", "__ompicc_isgreater"},
    {"__builtin_isgreaterequal", "__ompicc_isgreaterequal"},
    {"__builtin_isless", "__ompicc_isless"},
    {"__builtin_islessequal", "__ompicc_islessequal"},
    {"__builtin_islessgreater", "__ompicc_islessgreater"},
    {"__builtin_isunordered", "__ompicc_isunordered"},
    /* gcc's __atomic and __sync builtins (ompicc-device.h) */
    {"__atomic_load_n", "__ompicc_gcc_atomic_load_n"},
    {"__atomic_store_n", "__ompicc_gcc_atomic_store_n"},
    {"__atomic_exchange_n", "__ompicc_gcc_atomic_exchange_n"},
    {"__atomic_compare_exchange_n", "__ompicc_gcc_atomic_compare_exchange_n"},
    {"__atomic_load", "__ompicc_gcc_atomic_load"},
    {"__atomic_store", "__ompicc_gcc_atomic_store"},
    {"__atomic_exchange", "__ompicc_gcc_atomic_exchange"},
    {"__atomic_compare_exchange", "__ompicc_gcc_atomic_compare_exchange"},
    {"__atomic_test_and_set", "__ompicc_gcc_atomic_test_and_set"},
    {"__atomic_clear", "__ompicc_gcc_atomic_clear"},
    {"__atomic_thread_fence", "__ompicc_gcc_atomic_thread_fence"},
    {"__atomic_signal_fence", "__ompicc_gcc_atomic_signal_fence"},
    {"__atomic_always_lock_free", "__ompicc_gcc_atomic_always_lock_free"},
    {"__atomic_is_lock_free", "__ompicc_gcc_atomic_is_lock_free"},
    {"__atomic_fetch_add", "__ompicc_gcc_atomic_fetch_add"},
    {"__atomic_add_fetch", "__ompicc_gcc_atomic_add_fetch"},
    {"__sync_fetch_and_add", "__ompicc_gcc_sync_fetch_and_add"},
    {"__sync_add_and_fetch", "__ompicc_gcc_sync_add_and_fetch"},
    {"__atomic_fetch_sub", "__ompicc_gcc_atomic_fetch_sub"},
    {"__atomic_sub_fetch", "__ompicc_gcc_atomic_sub_fetch"},
    {"__sync_fetch_and_sub", "__ompicc_gcc_sync_fetch_and_sub"},
    {"__sync_sub_and_fetch", "__ompicc_gcc_sync_sub_and_fetch"},
    {"__atomic_fetch_and", "__ompicc_gcc_atomic_fetch_and"},
    {"__atomic_and_fetch", "__ompicc_gcc_atomic_and_fetch"},
    {"__sync_fetch_and_and", "__ompicc_gcc_sync_fetch_and_and"},
    {"__sync_and_and_fetch", "__ompicc_gcc_sync_and_and_fetch"},
    {"__atomic_fetch_or", "__ompicc_gcc_atomic_fetch_or"},
    {"__atomic_or_fetch", "__ompicc_gcc_atomic_or_fetch"},
    {"__sync_fetch_and_or", "__ompicc_gcc_sync_fetch_and_or"},
    {"__sync_or_and_fetch", "__ompicc_gcc_sync_or_and_fetch"},
    {"__atomic_fetch_xor", "__ompicc_gcc_atomic_fetch_xor"},
    {"__atomic_xor_fetch", "__ompicc_gcc_atomic_xor_fetch"},
    {"__sync_fetch_and_xor", "__ompicc_gcc_sync_fetch_and_xor"},
    {"__sync_xor_and_fetch", "__ompicc_gcc_sync_xor_and_fetch"},
    {"__atomic_fetch_nand", "__ompicc_gcc_atomic_fetch_nand"},
    {"__atomic_nand_fetch", "__ompicc_gcc_atomic_nand_fetch"},
    {"__sync_fetch_and_nand", "__ompicc_gcc_sync_fetch_and_nand"},
    {"__sync_nand_and_fetch", "__ompicc_gcc_sync_nand_and_fetch"},
    {"__sync_bool_compare_and_swap", "__ompicc_gcc_sync_bool_compare_and_swap"},
    {"__sync_val_compare_and_swap", "__ompicc_gcc_sync_val_compare_and_swap"},
    {"__sync_lock_test_and_set", "__ompicc_gcc_sync_lock_test_and_set"},
    {"__sync_lock_release", "__ompicc_gcc_sync_lock_release"},
    {"__sync_synchronize", "__ompicc_gcc_sync_synchronize"},
    {"__builtin_add_overflow", "__ompicc_add_overflow"},
    {"__builtin_add_overflow_p", "__ompicc_add_overflow_p"},
    {"__builtin_sadd_overflow", "__ompicc_sadd_overflow"},
    {"__builtin_saddl_overflow", "__ompicc_saddl_overflow"},
    {"__builtin_saddll_overflow", "__ompicc_saddll_overflow"},
    {"__builtin_uadd_overflow", "__ompicc_uadd_overflow"},
    {"__builtin_uaddl_overflow", "__ompicc_uaddl_overflow"},
    {"__builtin_uaddll_overflow", "__ompicc_uaddll_overflow"},
    {"__builtin_sub_overflow", "__ompicc_sub_overflow"},
    {"__builtin_sub_overflow_p", "__ompicc_sub_overflow_p"},
    {"__builtin_ssub_overflow", "__ompicc_ssub_overflow"},
    {"__builtin_ssubl_overflow", "__ompicc_ssubl_overflow"},
    {"__builtin_ssubll_overflow", "__ompicc_ssubll_overflow"},
    {"__builtin_usub_overflow", "__ompicc_usub_overflow"},
    {"__builtin_usubl_overflow", "__ompicc_usubl_overflow"},
    {"__builtin_usubll_overflow", "__ompicc_usubll_overflow"},
    {"__builtin_mul_overflow", "__ompicc_mul_overflow"},
    {"__builtin_mul_overflow_p", "__ompicc_mul_overflow_p"},
    {"__builtin_smul_overflow", "__ompicc_smul_overflow"},
    {"__builtin_smull_overflow", "__ompicc_smull_overflow"},
    {"__builtin_smulll_overflow", "__ompicc_smulll_overflow"},
    {"__builtin_umul_overflow", "__ompicc_umul_overflow"},
    {"__builtin_umull_overflow", "__ompicc_umull_overflow"},
    {"__builtin_umulll_overflow", "__ompicc_umulll_overflow"},
    {"ompc_set_affinity_format", "omp_set_affinity_format"},
    {"ompc_get_affinity_format", "omp_get_affinity_format"},
    {"ompc_display_affinity", "omp_display_affinity"},
    {"ompc_capture_affinity", "omp_capture_affinity"},
};

const char *device_lib_version(const char *name)
{
  for (size_t i = 0; i < sizeof device_versions / sizeof *device_versions; i++)
    if (!strcmp(name, device_versions[i][0]))
      return device_versions[i][1];
  return NULL;
}

bool device_lib_gcc_builtin(const char *name)
{
  return !strncmp(name, "__builtin_", 10) || !strncmp(name, "__atomic_", 9) ||
         !strncmp(name, "__sync_", 7);
}

bool device_lib_has(const char *name)
{
  return in_table(name, device_libc, sizeof device_libc / sizeof *device_libc) ||
         device_lib_needs_runtime(name) || device_lib_version(name);
}

const char *device_lib_object(const char *name)
{
  if (!strcmp(name, "stdout"))
    return "__ompicc_stdout";
  if (!strcmp(name, "stderr"))
    return "__ompicc_stderr";
  return NULL;
}

bool device_lib_c(const char *name)
{
  return device_lib_has(name) && !device_lib_needs_runtime(name) && strncmp(name, "omp", 3) &&
         strncmp(name, "__builtin_", 10);
}

bool device_lib_host_only(const char *name)
{
  return in_table(name, host_only, sizeof host_only / sizeof *host_only);
}

bool device_lib_needs_runtime(const char *name)
{
  const char *version = device_lib_version(name);
  return in_table(version ? version : name, device_runtime,
                  sizeof device_runtime / sizeof *device_runtime);
}
