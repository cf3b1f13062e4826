/* device-lib.h - the functions device code may call with no definition
 * of its own (device-lib.c): C library functions CUDA has, and the OpenMP
 * routines of the device library (devlib-cuda/).
 */
#ifndef OMPICC_DEVICE_LIB_H
#define OMPICC_DEVICE_LIB_H

#include <stdbool.h>

/* Is name a C library function CUDA provides on the device? */
bool device_lib_has(const char *name);
/* Is name an OpenMP routine that only the generic kernels' library has
 * (devlib-cuda/ompicc-generic.h, omp-sync.h)?  A file whose device code
 * calls one includes that library, in SPMD kernels too. */
bool device_lib_needs_runtime(const char *name);
/* Is name an OpenMP routine of the host alone (device memory, pause,
 * interoperability), which device code must not call? */
bool device_lib_host_only(const char *name);
/* The device library's own version of a C library function CUDA lacks
 * in device code (abort, exit, strlen ...), or NULL. */
const char *device_lib_version(const char *name);
/* Is name one of gcc's builtins, which a program calls without a
 * declaration: __builtin_*, and the __atomic_* and __sync_* atomics? */
bool device_lib_gcc_builtin(const char *name);
/* Is name a C library function of the device (device_lib_has), and not
 * an OpenMP routine nor a compiler builtin? */
bool device_lib_c(const char *name);
/* The device library's name of a C library object device code may name
 * (stdout and stderr, for fprintf and its kin), or NULL. */
const char *device_lib_object(const char *name);

#endif
