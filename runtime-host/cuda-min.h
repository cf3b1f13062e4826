/* cuda-min.h - the few CUDA driver API types and constants the CUDA
 * device module (plugin-cuda.c) uses, so that the module builds on a
 * machine without the CUDA toolkit.  The module never links libcuda: it
 * opens libcuda.so.1 at run time and resolves the functions listed in
 * cuda-driver.def, whose signatures use the types below.
 *
 * Values are those of the driver API's cuda.h (they are part of its ABI and
 * do not change between releases); only the 64-bit ABI is described
 * (CUdeviceptr is 64 bits wide, as with the _v2 entry points).
 */
#ifndef OMPICC_CUDA_MIN_H
#define OMPICC_CUDA_MIN_H

#include <stddef.h>

typedef int CUresult;
typedef int CUdevice;
typedef unsigned long long CUdeviceptr;
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUstream_st *CUstream;
typedef struct CUevent_st *CUevent;
typedef struct CUlinkState_st *CUlinkState;
typedef int CUjit_option;   /* CU_JIT_* below */
typedef int CUjitInputType; /* CU_JIT_INPUT_* below */
enum {
  CU_JIT_ERROR_LOG_BUFFER = 5,
  CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6,
  CU_JIT_INPUT_FATBINARY = 2,
};

/* CUresult values the module names itself; any other comes back from the
 * driver and is named by cuGetErrorName. */
enum {
  CUDA_SUCCESS = 0,
  CUDA_ERROR_INVALID_VALUE = 1,
  CUDA_ERROR_OUT_OF_MEMORY = 2,
  CUDA_ERROR_NOT_INITIALIZED = 3,
  CUDA_ERROR_NO_DEVICE = 100,
  CUDA_ERROR_INVALID_IMAGE = 200,
  CUDA_ERROR_INVALID_CONTEXT = 201,
  CUDA_ERROR_NO_BINARY_FOR_GPU = 209,
  CUDA_ERROR_FILE_NOT_FOUND = 301,
  CUDA_ERROR_INVALID_HANDLE = 400,
  CUDA_ERROR_NOT_FOUND = 500,
  CUDA_ERROR_ILLEGAL_ADDRESS = 700,
  CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES = 701,
  CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED = 712,
  CUDA_ERROR_LAUNCH_FAILED = 719,
  CUDA_ERROR_UNKNOWN = 999,
};

/* Context limits (cuCtxSetLimit). */
typedef enum CUlimit {
  CU_LIMIT_MALLOC_HEAP_SIZE = 2, /* bytes of the heap of malloc in kernels */
} CUlimit;

typedef enum CUdevice_attribute {
  CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 1,
  CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK = 8,
  CU_DEVICE_ATTRIBUTE_WARP_SIZE = 10,
  CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16,
  CU_DEVICE_ATTRIBUTE_INTEGRATED = 18,
  CU_DEVICE_ATTRIBUTE_CAN_MAP_HOST_MEMORY = 19,
  CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR = 39,
  CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75,
  CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76,
  CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING = 41,
  CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR = 82,
  CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS = 88,
} CUdevice_attribute;

typedef enum CUfunction_attribute {
  CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 0,
  CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES = 1,
  CU_FUNC_ATTRIBUTE_NUM_REGS = 4,
} CUfunction_attribute;

#define CU_STREAM_NON_BLOCKING 0x1
#define CU_MEMHOSTREGISTER_PORTABLE 0x01
#define CU_MEMHOSTREGISTER_DEVICEMAP 0x02

/* The driver API version this module needs at least (cuDriverGetVersion):
 * CUDA 10.2, the project's floor (Jetson Nano, DESIGN D7). */
#define OMPICC_CUDA_MIN_DRIVER 10020

#endif
