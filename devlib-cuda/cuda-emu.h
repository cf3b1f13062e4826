/* cuda-emu.h - CUDA C++ for the host compiler: what a kernel file and the
 * device library need so that g++ (or clang++) builds them into a shared
 * object that the cuda-emu device module (runtime-host/ompicc-cuda-emu.so)
 * runs on the CPU with CUDA semantics.
 *
 *   g++ -x c++ -std=gnu++14 -O1 -g -fPIC -shared -DOMPICC_CUDA_EMU
 *       -I<devlib-cuda> foo.kernels.cu -o foo.emu.so
 *
 * Two parts:
 *  1. The ABI between a kernel image and the module (plain C, also read
 *     by the module): the per-CUDA-thread state __ompicc_emu_thread, the
 *     table of scheduler operations __ompicc_emu_api, and the two entry
 *     points the image exports, __ompicc_emu_bind (the module hands over
 *     its table) and __ompicc_emu_slot (where the module stores, for the
 *     calling host thread, the CUDA thread it is running).
 *  2. (C++ only) The CUDA names: qualifiers, built-in variables, dim3,
 *     barriers, warp functions, atomics, fences, intrinsics, min/max.
 *
 * The architecture: OMPICC_EMU_ARCH (53 for sm_53; ompicc passes the
 * oldest of --cuda-arch) chooses the device library's path (before 70:
 * no independent thread scheduling, ompicc-generic.h) and is exported as
 * __ompicc_emu_arch(), so that the module runs the image as that GPU
 * would (emu-sched.c; OMPICC_EMU_ARCH in the environment may choose a
 * newer one).  An image built with -DOMPICC_PER_THREAD_BARRIERS=0 and no
 * architecture is an sm_53 one.
 *
 * Execution model (the module implements it): a block runs on one host
 * thread, its CUDA threads as fibres switched cooperatively at barriers,
 * warp operations and failed atomicCAS; several blocks may run at once on
 * different host threads.  Hence
 *  - __shared__ is `static __thread`: one copy per host thread, and a host
 *    thread runs one block at a time, so one copy per running block;
 *  - atomics are real host atomics (blocks run in parallel);
 *  - warp operations (shuffles, ballots, __syncwarp, votes) are meeting
 *    points of the lanes named in their mask, as on Volta and later.
 *
 * Macros for the device library (ompicc-device.h defines the GPU versions):
 *   OMPICC_BAR_SYNC(id, count)    PTX `bar.sync id, count;`: wait at named
 *                                 barrier id (0..15) until `count` threads
 *                                 (a multiple of 32; whole warps) arrived
 *   OMPICC_BAR_ARRIVE(id, count)  PTX `bar.arrive id, count;`: arrive
 *                                 without waiting
 *   OMPICC_DYNAMIC_SHARED(T, p)   in a function body: `T *p` pointing at
 *                                 the block's dynamic shared memory
 * For nvcc they are, e.g.
 *   #define OMPICC_BAR_SYNC(id, n) \
 *     asm volatile("bar.sync %0, %1;" :: "r"(id), "r"(n) : "memory")
 *   #define OMPICC_BAR_ARRIVE(id, n) \
 *     asm volatile("bar.arrive %0, %1;" :: "r"(id), "r"(n) : "memory")
 *   #define OMPICC_DYNAMIC_SHARED(T, p) \
 *     extern __shared__ __align__(16) unsigned char __ompicc_dyn_shared[]; \
 *     T *p = (T *)__ompicc_dyn_shared
 *
 * CUDA features with no faithful host version are compile errors here:
 * `extern __shared__` (use OMPICC_DYNAMIC_SHARED), __managed__, inline PTX
 * (the host assembler rejects it), __match_*_sync, __reduce_*_sync.
 * __activemask() is the mask of the warp's lanes that have not exited
 * (before sm_70: of those that reach it together, emu-sched.c).
 * Spin loops must go through an atomic, a fence or __nanosleep so that the
 * fibre they wait for gets to run (a failed atomicCAS, every 64th atomic
 * (OpenMP's atomic read and write among them, ompicc-device.h), each
 * fence and __nanosleep let the other fibres run).
 */
#ifndef OMPICC_CUDA_EMU_H
#define OMPICC_CUDA_EMU_H

/* ------------------------------------------------------------ 1. the ABI */

#define OMPICC_EMU_ABI 6

#ifndef OMPICC_EMU_ARCH
#if defined(OMPICC_PER_THREAD_BARRIERS) && !OMPICC_PER_THREAD_BARRIERS
#define OMPICC_EMU_ARCH 53
#else
#define OMPICC_EMU_ARCH 70
#endif
#endif

typedef struct __ompicc_emu_uint3 {
  unsigned x, y, z;
} __ompicc_emu_uint3;

/* One CUDA thread, as the image's inline functions read it. */
typedef struct __ompicc_emu_thread {
  __ompicc_emu_uint3 thread_idx, block_idx, block_dim, grid_dim;
  /* its local memory: the fibre's stack (atomics refuse it, as a GPU does) */
  const char *stack;
  unsigned long stack_size;
} __ompicc_emu_thread;

/* A statement where the paths of a warp meet again (OMPICC_RECONVERGE):
 * its place in the user's source. */
typedef struct __ompicc_emu_site {
  const char *file;
  int line;
} __ompicc_emu_site;

/* Warp operations (__ompicc_emu_api.warp). */
enum {
  OMPICC_EMU_SHFL, OMPICC_EMU_SHFL_UP, OMPICC_EMU_SHFL_DOWN, OMPICC_EMU_SHFL_XOR,
  OMPICC_EMU_BALLOT, OMPICC_EMU_SYNCWARP
};

/* What the module does for the image; every operation acts for the CUDA
 * thread the calling host thread is running. */
typedef struct __ompicc_emu_api {
  int abi; /* OMPICC_EMU_ABI */
  /* Barrier `id` expecting `count` threads (-1: the whole block).  wait=0
   * is bar.arrive.  Returns how many arriving threads had `pred` != 0. */
  int (*barrier)(int id, int count, int wait, int pred);
  /* A warp operation among the lanes of `mask`: `value` is this lane's
   * contribution, `arg` the source lane, delta or lane mask, `width` the
   * shuffle segment.  Returns the shuffled value or the ballot. */
  unsigned long long (*warp)(int op, unsigned mask, unsigned long long value, int arg,
                             int width);
  unsigned (*activemask)(void);
  /* Let the other CUDA threads of the block run: the caller waits for
   * one (__nanosleep), and before sm_70 is on another path than the
   * lanes of its warp that meet at __activemask (emu-sched.c). */
  void (*yield)(void);
  void *(*dynamic_shared)(void);
  /* Stop the launch with an error (__trap): does not return. */
  void (*trap)(const char *why);
  /* Let the others run, though the caller waits for nothing (a fence,
   * every 64th atomic) or is on its way (a failed atomicCAS, which a spin
   * lock retries): unlike yield, not where a warp's lanes meet. */
  void (*pass)(void);
  /* Bytes of the device's heap, which malloc in kernels draws on (CUDA's
   * default 8 MiB, or OMPICC_DEVICE_HEAP). */
  unsigned long (*heap_size)(void);
  /* The memory check (OMPICC_EMU_CHECK=memory, an image built with
   * OMPICC_EMU_MEMCHECK): an access of `size` bytes at `addr` by the
   * code at `pc` that is not in the CUDA thread's own stack; stops the
   * launch when it is not device memory.  heap_block: a block of the
   * device heap (malloc in kernels) comes (live) or goes. */
  void (*access)(unsigned long addr, unsigned long size, int write, const void *pc);
  void (*heap_block)(const void *p, unsigned long size, int live);
  /* A compare-and-swap on the `size`-byte word at addr that expected
   * `expected`: won, it stored `value`; lost (or a compare that found
   * another value), `value` is what it found, and the others run as with
   * pass (a spin lock retries; before sm_70 a lane that keeps finding
   * the value a lane waiting in `scope` stored stops, emu-sched.c). */
  void (*cas)(const void *addr, unsigned long long expected, unsigned long long value, int size,
              int won);
  /* Before sm_70: the CUDA thread enters (begin) or leaves a statement
   * where its warp's paths meet again at the end (OMPICC_RECONVERGE);
   * leaving waits for the lanes of the warp still in it. */
  void (*scope)(const __ompicc_emu_site *site, int begin);
} __ompicc_emu_api;

/* Exported by the image (defined below, weak). */
typedef int (*__ompicc_emu_bind_fn)(const __ompicc_emu_api *api);
typedef __ompicc_emu_thread **(*__ompicc_emu_slot_fn)(void);
typedef int (*__ompicc_emu_arch_fn)(void);
#define OMPICC_EMU_BIND "__ompicc_emu_bind"
#define OMPICC_EMU_SLOT "__ompicc_emu_slot"
#define OMPICC_EMU_ARCH_FN "__ompicc_emu_arch" /* absent: 70 */
#define OMPICC_EMU_TRAMPOLINE "__emu" /* kernel K is called through K__emu(void **args) */
/* and K__emu_copy(args, buf, cap) copies its parameters' values at the
 * launch, as cuLaunchKernel does (ompicc-device.h, __ompicc_emu_copy) */
#define OMPICC_EMU_COPY "__emu_copy"
/* defined by an image built for the memory check (OMPICC_EMU_MEMCHECK) */
#define OMPICC_EMU_MEMCHECK_MARK "__ompicc_emu_memcheck"

#ifdef __cplusplus

/* ------------------------------------------------------------ 2. CUDA */

/* Every system header first: libstdc++ spells some attributes with the
 * very names CUDA takes (__noinline__). */
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cstdint>
#include <climits>
#include <ctime>
#include <type_traits>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <assert.h>

extern "C" {
__attribute__((weak, visibility("hidden"))) const __ompicc_emu_api *__ompicc_emu_rt;
__attribute__((weak, visibility("hidden"))) __thread __ompicc_emu_thread *__ompicc_emu_self;
__attribute__((weak, visibility("hidden"))) __thread unsigned __ompicc_emu_atomics;
__attribute__((weak)) int __ompicc_emu_bind(const __ompicc_emu_api *api)
{
  __ompicc_emu_rt = api;
  return OMPICC_EMU_ABI;
}
__attribute__((weak)) __ompicc_emu_thread **__ompicc_emu_slot(void)
{
  return &__ompicc_emu_self;
}
__attribute__((weak)) int __ompicc_emu_arch(void) { return OMPICC_EMU_ARCH; }
}

/* The memory check (ompicc --emu-check=memory): the image is built with
 * -fsanitize=kernel-address and calls for every access (asan-instrumenta-
 * tion-with-call-threshold=0), so each load and store of a CUDA thread
 * calls the functions below, which the image defines itself: an access
 * to the thread's own stack (its local memory) passes here; the module
 * checks the others against what is device memory (emu-sched.c).  Code
 * outside the CUDA threads (the parameters' copy at a launch) has no
 * thread and is not checked. */
#ifdef OMPICC_EMU_MEMCHECK
/* the CPU device's own code that reads the host's structures (the C
 * library's), which no GPU code does, is not checked */
#define OMPICC_EMU_UNCHECKED __attribute__((no_sanitize_address))
extern "C" {
__attribute__((always_inline, no_sanitize_address)) static inline void
__ompicc_emu_access(unsigned long a, unsigned long n, int write, const void *pc)
{
  const __ompicc_emu_thread *t = __ompicc_emu_self;
  if (t && a - (unsigned long)t->stack >= t->stack_size)
    __ompicc_emu_rt->access(a, n, write, pc);
}
#define OMPICC_EMU_CHECKED(n)                                                                 \
  __attribute__((weak, no_sanitize_address)) void __asan_load##n##_noabort(void *a)          \
  {                                                                                          \
    __ompicc_emu_access((unsigned long)a, n, 0, __builtin_return_address(0));                \
  }                                                                                          \
  __attribute__((weak, no_sanitize_address)) void __asan_store##n##_noabort(void *a)         \
  {                                                                                          \
    __ompicc_emu_access((unsigned long)a, n, 1, __builtin_return_address(0));                \
  }
OMPICC_EMU_CHECKED(1)
OMPICC_EMU_CHECKED(2)
OMPICC_EMU_CHECKED(4)
OMPICC_EMU_CHECKED(8)
OMPICC_EMU_CHECKED(16)
#undef OMPICC_EMU_CHECKED
__attribute__((weak, no_sanitize_address)) void __asan_loadN_noabort(void *a, long n)
{
  __ompicc_emu_access((unsigned long)a, (unsigned long)n, 0, __builtin_return_address(0));
}
__attribute__((weak, no_sanitize_address)) void __asan_storeN_noabort(void *a, long n)
{
  __ompicc_emu_access((unsigned long)a, (unsigned long)n, 1, __builtin_return_address(0));
}
__attribute__((weak)) void __asan_handle_no_return(void) {}
__attribute__((weak)) int __ompicc_emu_memcheck = 1; /* OMPICC_EMU_MEMCHECK_MARK */
}
#else
#define OMPICC_EMU_UNCHECKED
#endif

/* Qualifiers. */
#define __global__
#define __device__
#define __host__
#define __constant__
#define __forceinline__ inline __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __launch_bounds__(...)
#define __align__(n) __attribute__((aligned(n)))
#define __shared__ static __thread
#define __managed__ _Pragma("GCC error \"__managed__ memory has no cuda-emu version\"")

#if defined(__has_attribute) && __has_attribute(unavailable)
#define OMPICC_EMU_NONE(what) __attribute__((unavailable(what " has no faithful cuda-emu version")))
#else
#define OMPICC_EMU_NONE(what) __attribute__((error(what " has no faithful cuda-emu version")))
#endif

/* Vector types and the built-in variables (read-only, as in CUDA). */
typedef __ompicc_emu_uint3 uint3;
struct dim3 {
  unsigned x, y, z;
  constexpr dim3(unsigned vx = 1, unsigned vy = 1, unsigned vz = 1) : x(vx), y(vy), z(vz) {}
  constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  constexpr operator uint3() const { return uint3{x, y, z}; }
};
#define threadIdx (static_cast<const uint3 &>(__ompicc_emu_self->thread_idx))
#define blockIdx (static_cast<const uint3 &>(__ompicc_emu_self->block_idx))
#define blockDim (static_cast<const uint3 &>(__ompicc_emu_self->block_dim))
#define gridDim (static_cast<const uint3 &>(__ompicc_emu_self->grid_dim))
/* a variable, as CUDA's is: a program's own warpSize hides it */
static constexpr int warpSize = 32;

/* Barriers. */
#define OMPICC_BAR_SYNC(id, count) ((void)__ompicc_emu_rt->barrier((id), (count), 1, 0))
#define OMPICC_BAR_ARRIVE(id, count) ((void)__ompicc_emu_rt->barrier((id), (count), 0, 0))
#define OMPICC_DYNAMIC_SHARED(T, p) T *p = (T *)__ompicc_emu_rt->dynamic_shared()
static inline void __syncthreads(void) { __ompicc_emu_rt->barrier(0, -1, 1, 0); }
static inline int __syncthreads_count(int p) { return __ompicc_emu_rt->barrier(0, -1, 1, p != 0); }
static inline int __syncthreads_or(int p) { return __ompicc_emu_rt->barrier(0, -1, 1, p != 0) != 0; }
static inline int __syncthreads_and(int p)
{
  unsigned n = blockDim.x * blockDim.y * blockDim.z;
  return (unsigned)__ompicc_emu_rt->barrier(0, -1, 1, p != 0) == n;
}

/* Fences: also a point where the other CUDA threads run, so that a
 * flag another thread of the block sets is seen (pass: a fence orders
 * memory, it waits for nobody; __nanosleep is where a thread waits,
 * yield).  Built with
 * ThreadSanitizer (the race check, OMPICC_EMU_CHECK=race), a fence is a
 * release and an acquire of one object per scope, the block's or the
 * device's: what a thread did before a fence is ordered before what
 * another does after a later fence of the same scope (more than CUDA
 * promises, which also needs the flag that one writes and the other
 * reads; ThreadSanitizer does not model fences itself). */
#ifdef __SANITIZE_THREAD__
extern "C" void __tsan_acquire(void *addr);
extern "C" void __tsan_release(void *addr);
__attribute__((weak, visibility("hidden"))) char __ompicc_emu_device_fence;
__attribute__((weak, visibility("hidden"))) __thread char __ompicc_emu_block_fence;
#define OMPICC_EMU_FENCE(object) (__tsan_release(&(object)), __tsan_acquire(&(object)))
#pragma GCC diagnostic ignored "-Wtsan" /* the fence is modelled by the annotations above */
/* volatile accesses are relaxed atomics, as the PTX ISA defines ld.volatile
 * and st.volatile ("Memory Consistency Model": volatile operations are
 * relaxed operations of system scope), so that the device library's
 * volatile flags and the volatile first read of a compare-and-swap loop
 * are not races with the atomics beside them.  With
 * --param=tsan-distinguish-volatile=1 (ompicc --emu-check=race gives it)
 * g++ calls these for each volatile access, the access itself following:
 * a read is announced as an atomic load, a write as an atomic addition of
 * zero (it changes nothing); 16-byte and unaligned volatile accesses stay
 * plain accesses. */
#define OMPICC_EMU_TSAN_VOLATILE(n, bits, T) /* (g++ declares the atomics) */             \
  extern "C" __attribute__((weak)) void __tsan_volatile_read##n(void *p)                      \
  {                                                                                         \
    (void)__tsan_atomic##bits##_load((const volatile void *)p, 0 /* relaxed */);           \
  }                                                                                         \
  extern "C" __attribute__((weak)) void __tsan_volatile_write##n(void *p)                     \
  {                                                                                         \
    (void)__tsan_atomic##bits##_fetch_add((volatile void *)p, (T)0, 0 /* relaxed */);      \
  }
#define OMPICC_EMU_TSAN_PLAIN(name, plain)                                                  \
  extern "C" void plain(void *p);                                                           \
  extern "C" __attribute__((weak)) void name(void *p) { plain(p); }
OMPICC_EMU_TSAN_VOLATILE(1, 8, unsigned char)
OMPICC_EMU_TSAN_VOLATILE(2, 16, unsigned short)
OMPICC_EMU_TSAN_VOLATILE(4, 32, unsigned)
OMPICC_EMU_TSAN_VOLATILE(8, 64, unsigned long long)
OMPICC_EMU_TSAN_PLAIN(__tsan_volatile_read16, __tsan_read16)
OMPICC_EMU_TSAN_PLAIN(__tsan_volatile_write16, __tsan_write16)
OMPICC_EMU_TSAN_PLAIN(__tsan_unaligned_volatile_read2, __tsan_unaligned_read2)
OMPICC_EMU_TSAN_PLAIN(__tsan_unaligned_volatile_read4, __tsan_unaligned_read4)
OMPICC_EMU_TSAN_PLAIN(__tsan_unaligned_volatile_read8, __tsan_unaligned_read8)
OMPICC_EMU_TSAN_PLAIN(__tsan_unaligned_volatile_read16, __tsan_unaligned_read16)
OMPICC_EMU_TSAN_PLAIN(__tsan_unaligned_volatile_write2, __tsan_unaligned_write2)
OMPICC_EMU_TSAN_PLAIN(__tsan_unaligned_volatile_write4, __tsan_unaligned_write4)
OMPICC_EMU_TSAN_PLAIN(__tsan_unaligned_volatile_write8, __tsan_unaligned_write8)
OMPICC_EMU_TSAN_PLAIN(__tsan_unaligned_volatile_write16, __tsan_unaligned_write16)
#else
#define OMPICC_EMU_FENCE(object) ((void)0)
#endif
static inline void __threadfence_block(void)
{
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
  OMPICC_EMU_FENCE(__ompicc_emu_block_fence);
  __ompicc_emu_rt->pass();
}
static inline void __threadfence(void)
{
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
  OMPICC_EMU_FENCE(__ompicc_emu_device_fence);
  __ompicc_emu_rt->pass();
}
static inline void __threadfence_system(void) { __threadfence(); }
static inline void __nanosleep(unsigned ns) { (void)ns; __ompicc_emu_rt->yield(); }

/* OMPICC_RECONVERGE (ompicc-device.h) before sm_70: the lanes of a warp
 * that enter the enclosing block meet again where it ends, however they
 * leave it (break, return, goto), as they meet at the end of a statement
 * on a GPU without independent thread scheduling. */
struct __ompicc_emu_scope {
  const __ompicc_emu_site *site;
  explicit __ompicc_emu_scope(const __ompicc_emu_site *s) : site(s)
  {
    __ompicc_emu_rt->scope(s, 1);
  }
  ~__ompicc_emu_scope() { __ompicc_emu_rt->scope(site, 0); }
  __ompicc_emu_scope(const __ompicc_emu_scope &) = delete;
  __ompicc_emu_scope &operator=(const __ompicc_emu_scope &) = delete;
};
static inline void __trap(void) { __ompicc_emu_rt->trap("__trap() called"); }
static inline void __brkpt(void) { __builtin_trap(); }

/* Warp functions: values travel as 64 bits. */
template <class T> static inline unsigned long long __ompicc_emu_bits(T v)
{
  static_assert(sizeof(T) <= 8, "shuffled values are at most 8 bytes");
  unsigned long long b = 0;
  memcpy(&b, &v, sizeof v);
  return b;
}
template <class T> static inline T __ompicc_emu_from(unsigned long long b)
{
  T v;
  memcpy(&v, &b, sizeof v);
  return v;
}
template <class T> struct __ompicc_emu_shuffled {
  static constexpr bool ok = std::is_same<T, int>::value || std::is_same<T, unsigned>::value ||
                             std::is_same<T, long>::value || std::is_same<T, unsigned long>::value ||
                             std::is_same<T, long long>::value ||
                             std::is_same<T, unsigned long long>::value ||
                             std::is_same<T, float>::value || std::is_same<T, double>::value;
};
template <class T>
static inline T __ompicc_emu_shfl(int op, unsigned mask, T v, int arg, int width)
{
  static_assert(__ompicc_emu_shuffled<T>::ok, "CUDA shuffles int, unsigned, long, long long, "
                                              "their unsigned versions, float and double");
  return __ompicc_emu_from<T>(
      __ompicc_emu_rt->warp(op, mask, __ompicc_emu_bits(v), arg, width));
}
template <class T>
static inline T __shfl_sync(unsigned mask, T v, int src, int width = warpSize)
{
  return __ompicc_emu_shfl(OMPICC_EMU_SHFL, mask, v, src, width);
}
template <class T>
static inline T __shfl_up_sync(unsigned mask, T v, unsigned delta, int width = warpSize)
{
  return __ompicc_emu_shfl(OMPICC_EMU_SHFL_UP, mask, v, (int)delta, width);
}
template <class T>
static inline T __shfl_down_sync(unsigned mask, T v, unsigned delta, int width = warpSize)
{
  return __ompicc_emu_shfl(OMPICC_EMU_SHFL_DOWN, mask, v, (int)delta, width);
}
template <class T>
static inline T __shfl_xor_sync(unsigned mask, T v, int lanes, int width = warpSize)
{
  return __ompicc_emu_shfl(OMPICC_EMU_SHFL_XOR, mask, v, lanes, width);
}
static inline unsigned __ballot_sync(unsigned mask, int p)
{
  return (unsigned)__ompicc_emu_rt->warp(OMPICC_EMU_BALLOT, mask, p != 0, 0, warpSize);
}
static inline int __any_sync(unsigned mask, int p) { return __ballot_sync(mask, p) != 0; }
static inline int __all_sync(unsigned mask, int p) { return __ballot_sync(mask, p) == mask; }
static inline void __syncwarp(unsigned mask = 0xffffffffu)
{
  __ompicc_emu_rt->warp(OMPICC_EMU_SYNCWARP, mask, 0, 0, warpSize);
}
static inline unsigned __activemask(void) { return __ompicc_emu_rt->activemask(); }
/* Pre-Volta spellings without a mask: the implicit lockstep they assume
 * does not exist here (nor on Volta and later). */
template <class T> OMPICC_EMU_NONE("__shfl without _sync") T __shfl(T, int, int = 32);
template <class T> OMPICC_EMU_NONE("__shfl_up without _sync") T __shfl_up(T, unsigned, int = 32);
template <class T> OMPICC_EMU_NONE("__shfl_down without _sync") T __shfl_down(T, unsigned, int = 32);
template <class T> OMPICC_EMU_NONE("__shfl_xor without _sync") T __shfl_xor(T, int, int = 32);
OMPICC_EMU_NONE("__ballot without _sync") unsigned __ballot(int);
OMPICC_EMU_NONE("__any without _sync") int __any(int);
OMPICC_EMU_NONE("__all without _sync") int __all(int);
template <class T> OMPICC_EMU_NONE("__match_any_sync (sm_70)") unsigned __match_any_sync(unsigned, T);
template <class T> OMPICC_EMU_NONE("__match_all_sync (sm_70)") unsigned __match_all_sync(unsigned, T, int *);
OMPICC_EMU_NONE("__reduce_add_sync (sm_80)") unsigned __reduce_add_sync(unsigned, unsigned);
OMPICC_EMU_NONE("__reduce_min_sync (sm_80)") unsigned __reduce_min_sync(unsigned, unsigned);
OMPICC_EMU_NONE("__reduce_max_sync (sm_80)") unsigned __reduce_max_sync(unsigned, unsigned);

/* Atomics: host atomics, since blocks run in parallel.  Every 64th atomic
 * of a host thread and every failed atomicCAS let the other CUDA threads
 * of the block run, so that a spin loop on an atomic makes progress. */
static inline void __ompicc_emu_atomic_done(void)
{
  /* the block's fibres share the counter: an atomic, so that the race
   * check does not see the emulator's own count as a race */
  if ((__atomic_add_fetch(&__ompicc_emu_atomics, 1, __ATOMIC_RELAXED) & 63) == 0)
    __ompicc_emu_rt->pass();
}
/* An atomic on local memory (a variable of the CUDA thread's own) is a
 * ptxas warning ("Cannot do atomic on local memory") and a failed launch
 * on a GPU; on the host it would just work, so the emulator stops it. */
static inline unsigned __isLocal(const void *a)
{
  const __ompicc_emu_thread *t = __ompicc_emu_self;
  return t && (unsigned long)((const char *)a - t->stack) < t->stack_size;
}
static inline void __ompicc_emu_atomic_at(const void *a)
{
  if (__isLocal(a))
    __ompicc_emu_rt->trap("an atomic operation on local memory (a variable of the CUDA thread's "
                          "own): a GPU fails the launch");
}
#define OMPICC_EMU_FETCH(name, builtin, T)                                \
  static inline T name(T *a, T v)                                         \
  {                                                                       \
    __ompicc_emu_atomic_at(a);                                            \
    T old = builtin(a, v, __ATOMIC_SEQ_CST);                              \
    __ompicc_emu_atomic_done();                                           \
    return old;                                                           \
  }
/* Exchange: one that changes the word is, for the module, a
 * compare-and-swap won (a test-and-set lock taken or released); one that
 * finds its own value there changes nothing, like one lost (a
 * test-and-set that spins), and lets the others run. */
template <class T> static inline T __ompicc_emu_exch(T *a, T v)
{
  __ompicc_emu_atomic_at(a);
  T old;
  __atomic_exchange(a, &v, &old, __ATOMIC_SEQ_CST);
  unsigned long long was = __ompicc_emu_bits(old), now = __ompicc_emu_bits(v);
  __ompicc_emu_rt->cas(a, was, now, (int)sizeof(T), was != now);
  if (was != now)
    __ompicc_emu_atomic_done();
  return old;
}
#define OMPICC_EMU_INTEGER_ATOMICS(T)                                     \
  OMPICC_EMU_FETCH(atomicAnd, __atomic_fetch_and, T)                      \
  OMPICC_EMU_FETCH(atomicOr, __atomic_fetch_or, T)                        \
  OMPICC_EMU_FETCH(atomicXor, __atomic_fetch_xor, T)                      \
  static inline T atomicExch(T *a, T v) { return __ompicc_emu_exch(a, v); }
OMPICC_EMU_FETCH(atomicAdd, __atomic_fetch_add, int)
OMPICC_EMU_FETCH(atomicAdd, __atomic_fetch_add, unsigned)
OMPICC_EMU_FETCH(atomicAdd, __atomic_fetch_add, unsigned long long)
OMPICC_EMU_FETCH(atomicSub, __atomic_fetch_sub, int)
OMPICC_EMU_FETCH(atomicSub, __atomic_fetch_sub, unsigned)
OMPICC_EMU_INTEGER_ATOMICS(int)
OMPICC_EMU_INTEGER_ATOMICS(unsigned)
OMPICC_EMU_INTEGER_ATOMICS(unsigned long long)

/* Compare-and-swap on the bits of any 2, 4 or 8-byte value. */
template <class T> static inline T __ompicc_emu_cas(T *a, T expected, T desired)
{
  __ompicc_emu_atomic_at(a);
  T found = expected;
  bool done = __atomic_compare_exchange(a, &found, &desired, false, __ATOMIC_SEQ_CST,
                                        __ATOMIC_SEQ_CST);
  /* lost: the thread it may wait for runs */
  __ompicc_emu_rt->cas(a, __ompicc_emu_bits(expected), __ompicc_emu_bits(done ? desired : found),
                       (int)sizeof(T), done);
  return found;
}
static inline int atomicCAS(int *a, int c, int v) { return __ompicc_emu_cas(a, c, v); }
static inline unsigned atomicCAS(unsigned *a, unsigned c, unsigned v)
{
  return __ompicc_emu_cas(a, c, v);
}
static inline unsigned long long atomicCAS(unsigned long long *a, unsigned long long c,
                                           unsigned long long v)
{
  return __ompicc_emu_cas(a, c, v);
}
static inline unsigned short atomicCAS(unsigned short *a, unsigned short c, unsigned short v)
{
  return __ompicc_emu_cas(a, c, v);
}

/* Read-modify-write with any function: a CAS loop that never yields
 * (it cannot wait for another CUDA thread, only for another host one). */
template <class T, class F> static inline T __ompicc_emu_rmw(T *a, F f)
{
  __ompicc_emu_atomic_at(a);
  T old;
  __atomic_load(a, &old, __ATOMIC_RELAXED);
  for (;;) {
    T next = f(old);
    if (__atomic_compare_exchange(a, &old, &next, false, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED))
      break;
  }
  __ompicc_emu_atomic_done();
  return old;
}
static inline float atomicAdd(float *a, float v)
{
  return __ompicc_emu_rmw(a, [v](float o) { return o + v; });
}
static inline double atomicAdd(double *a, double v)
{
  return __ompicc_emu_rmw(a, [v](double o) { return o + v; });
}
static inline float atomicExch(float *a, float v) { return __ompicc_emu_exch(a, v); }
#define OMPICC_EMU_MINMAX(T)                                                         \
  static inline T atomicMin(T *a, T v)                                               \
  {                                                                                  \
    return __ompicc_emu_rmw(a, [v](T o) { return v < o ? v : o; });                  \
  }                                                                                  \
  static inline T atomicMax(T *a, T v)                                               \
  {                                                                                  \
    return __ompicc_emu_rmw(a, [v](T o) { return v > o ? v : o; });                  \
  }
OMPICC_EMU_MINMAX(int)
OMPICC_EMU_MINMAX(unsigned)
OMPICC_EMU_MINMAX(long long)
OMPICC_EMU_MINMAX(unsigned long long)
/* ((old >= v) ? 0 : old + 1) and (((old == 0) | (old > v)) ? v : old - 1). */
static inline unsigned atomicInc(unsigned *a, unsigned v)
{
  return __ompicc_emu_rmw(a, [v](unsigned o) { return o >= v ? 0u : o + 1; });
}
static inline unsigned atomicDec(unsigned *a, unsigned v)
{
  return __ompicc_emu_rmw(a, [v](unsigned o) { return (o == 0 || o > v) ? v : o - 1; });
}
/* The _block and _system scopes (sm_60) are the same operation here. */
#define atomicAdd_block atomicAdd
#define atomicAdd_system atomicAdd
#define atomicCAS_block atomicCAS
#define atomicCAS_system atomicCAS
#define atomicExch_block atomicExch
#define atomicExch_system atomicExch

/* malloc and free in kernels draw on the device's heap, which has a size,
 * as a GPU's has (CUDA's default 8 MiB; OMPICC_DEVICE_HEAP sets both):
 * beyond it malloc returns NULL, as on the GPU, instead of the host's
 * memory letting the program work here and fail there.  Counted per
 * device (each device loads its own image): the bytes asked plus a
 * 16-byte header that keeps the count (16-byte alignment, as CUDA's). */
extern "C" {
__attribute__((weak, visibility("hidden"))) unsigned long long __ompicc_emu_heap_used;
}
OMPICC_EMU_UNCHECKED static inline void *__ompicc_emu_malloc(size_t n)
{
  if (n > (size_t)-1 - 16)
    return NULL;
  unsigned long long need = (unsigned long long)n + 16;
  if (__atomic_add_fetch(&__ompicc_emu_heap_used, need, __ATOMIC_RELAXED) >
      __ompicc_emu_rt->heap_size()) {
    __atomic_sub_fetch(&__ompicc_emu_heap_used, need, __ATOMIC_RELAXED);
    return NULL;
  }
  unsigned long long *raw = (unsigned long long *)(malloc)(need); /* the C library's */
  if (!raw) {
    __atomic_sub_fetch(&__ompicc_emu_heap_used, need, __ATOMIC_RELAXED);
    return NULL;
  }
#ifdef OMPICC_EMU_MEMCHECK
  __ompicc_emu_rt->heap_block(raw + 2, n, 1);
#endif
  *raw = need;
  return raw + 2;
}
OMPICC_EMU_UNCHECKED static inline void __ompicc_emu_free(void *p)
{
  if (!p)
    return;
  unsigned long long *raw = (unsigned long long *)p - 2;
  __atomic_sub_fetch(&__ompicc_emu_heap_used, *raw, __ATOMIC_RELAXED);
#ifdef OMPICC_EMU_MEMCHECK
  __ompicc_emu_rt->heap_block(p, 0, 0);
#endif
  (free)(raw);
}
#define malloc(n) __ompicc_emu_malloc(n)
#define free(p) __ompicc_emu_free(p)

/* The memory check: the C library's copies and fills are not
 * instrumented, so their ranges are checked before they run. */
#ifdef OMPICC_EMU_MEMCHECK
OMPICC_EMU_UNCHECKED static inline void __ompicc_emu_copy_ranges(void *d, const void *s, size_t n,
                                                               const void *pc)
{
  if (n) {
    __ompicc_emu_access((unsigned long)s, n, 0, pc);
    __ompicc_emu_access((unsigned long)d, n, 1, pc);
  }
}
OMPICC_EMU_UNCHECKED static inline void *__ompicc_emu_memcpy(void *d, const void *s, size_t n)
{
  __ompicc_emu_copy_ranges(d, s, n, __builtin_return_address(0));
  return (memcpy)(d, s, n);
}
OMPICC_EMU_UNCHECKED static inline void *__ompicc_emu_memmove(void *d, const void *s, size_t n)
{
  __ompicc_emu_copy_ranges(d, s, n, __builtin_return_address(0));
  return (memmove)(d, s, n);
}
OMPICC_EMU_UNCHECKED static inline void *__ompicc_emu_memset(void *d, int c, size_t n)
{
  if (n)
    __ompicc_emu_access((unsigned long)d, n, 1, __builtin_return_address(0));
  return (memset)(d, c, n);
}
#define memcpy(d, s, n) __ompicc_emu_memcpy(d, s, n)
#define memmove(d, s, n) __ompicc_emu_memmove(d, s, n)
#define memset(d, c, n) __ompicc_emu_memset(d, c, n)
#endif

/* Clocks: nanoseconds of a monotonic clock (clock() is the C library's). */
static inline long long clock64(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}
static inline unsigned long long __globaltimer(void) { return (unsigned long long)clock64(); }

/* Loads through the read-only cache are plain loads. */
template <class T> static inline T __ldg(const T *p) { return *p; }
template <class T> static inline T __ldcg(const T *p) { return *p; }
template <class T> static inline T __ldca(const T *p) { return *p; }
template <class T> static inline T __ldcs(const T *p) { return *p; }

/* Integer intrinsics. */
static inline int __popc(unsigned x) { return __builtin_popcount(x); }
static inline int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
static inline int __clz(int x) { return x ? __builtin_clz((unsigned)x) : 32; }
static inline int __clzll(long long x) { return x ? __builtin_clzll((unsigned long long)x) : 64; }
static inline int __ffs(int x) { return __builtin_ffs(x); }
static inline int __ffsll(long long x) { return __builtin_ffsll(x); }
static inline unsigned __brev(unsigned x)
{
  unsigned r = 0;
  for (int i = 0; i < 32; i++, x >>= 1)
    r = (r << 1) | (x & 1);
  return r;
}
static inline unsigned long long __brevll(unsigned long long x)
{
  return ((unsigned long long)__brev((unsigned)x) << 32) | __brev((unsigned)(x >> 32));
}
static inline int __mul24(int a, int b) { return (int)((a << 8) >> 8) * ((b << 8) >> 8); }
static inline unsigned __umul24(unsigned a, unsigned b) { return (a & 0xffffff) * (b & 0xffffff); }
static inline int __mulhi(int a, int b) { return (int)(((long long)a * b) >> 32); }
static inline unsigned __umulhi(unsigned a, unsigned b)
{
  return (unsigned)(((unsigned long long)a * b) >> 32);
}
static inline long long __mul64hi(long long a, long long b)
{
  return (long long)(((__int128)a * b) >> 64);
}
static inline unsigned long long __umul64hi(unsigned long long a, unsigned long long b)
{
  return (unsigned long long)(((unsigned __int128)a * b) >> 64);
}
static inline unsigned __byte_perm(unsigned x, unsigned y, unsigned s)
{
  unsigned long long v = ((unsigned long long)y << 32) | x;
  unsigned r = 0;
  for (int i = 0; i < 4; i++)
    r |= (unsigned)((v >> (8 * ((s >> (4 * i)) & 7))) & 0xff) << (8 * i);
  return r;
}
static inline int __sad(int a, int b, unsigned c) { return (int)((a > b ? a - b : b - a) + c); }
static inline unsigned __usad(unsigned a, unsigned b, unsigned c) { return (a > b ? a - b : b - a) + c; }

/* Bit casts and conversions. */
static inline int __float_as_int(float x) { return __ompicc_emu_from<int>(__ompicc_emu_bits(x)); }
static inline unsigned __float_as_uint(float x)
{
  return __ompicc_emu_from<unsigned>(__ompicc_emu_bits(x));
}
static inline float __int_as_float(int x) { return __ompicc_emu_from<float>(__ompicc_emu_bits(x)); }
static inline float __uint_as_float(unsigned x)
{
  return __ompicc_emu_from<float>(__ompicc_emu_bits(x));
}
static inline long long __double_as_longlong(double x)
{
  return __ompicc_emu_from<long long>(__ompicc_emu_bits(x));
}
static inline double __longlong_as_double(long long x)
{
  return __ompicc_emu_from<double>(__ompicc_emu_bits(x));
}
static inline int __double2hiint(double x) { return (int)(__double_as_longlong(x) >> 32); }
static inline int __double2loint(double x) { return (int)__double_as_longlong(x); }
static inline int __float2int_rn(float x) { return (int)nearbyintf(x); }
static inline int __float2int_rz(float x) { return (int)x; }
static inline int __float2int_rd(float x) { return (int)floorf(x); }
static inline int __float2int_ru(float x) { return (int)ceilf(x); }
static inline int __double2int_rn(double x) { return (int)nearbyint(x); }
static inline int __double2int_rz(double x) { return (int)x; }

/* Math: the C library's functions, and the fast intrinsics as the exact
 * functions (more accurate than the GPU, never less). */
static inline float rsqrtf(float x) { return 1.0f / sqrtf(x); }
static inline double rsqrt(double x) { return 1.0 / sqrt(x); }
static inline float rcbrtf(float x) { return 1.0f / cbrtf(x); }
static inline double rcbrt(double x) { return 1.0 / cbrt(x); }
static inline float sinpif(float x) { return sinf((float)M_PI * x); }
static inline double sinpi(double x) { return sin(M_PI * x); }
static inline float cospif(float x) { return cosf((float)M_PI * x); }
static inline double cospi(double x) { return cos(M_PI * x); }
static inline float normcdff(float x) { return 0.5f * erfcf(-x / sqrtf(2.0f)); }
static inline double normcdf(double x) { return 0.5 * erfc(-x / sqrt(2.0)); }
static inline float saturatef(float x) { return x < 0.0f ? 0.0f : (x > 1.0f ? 1.0f : x); }
static inline float __saturatef(float x) { return saturatef(x); }
#ifndef __GLIBC__ /* glibc declares these names itself, as its own aliases */
static inline float exp10f(float x) { return powf(10.0f, x); }
static inline float __expf(float x) { return expf(x); }
static inline float __exp10f(float x) { return exp10f(x); }
static inline float __logf(float x) { return logf(x); }
static inline float __log2f(float x) { return log2f(x); }
static inline float __log10f(float x) { return log10f(x); }
static inline float __powf(float x, float y) { return powf(x, y); }
static inline float __sinf(float x) { return sinf(x); }
static inline float __cosf(float x) { return cosf(x); }
static inline float __tanf(float x) { return tanf(x); }
static inline void __sincosf(float x, float *s, float *c) { *s = sinf(x); *c = cosf(x); }
#endif
static inline float __fdividef(float x, float y) { return x / y; }
static inline float __frcp_rn(float x) { return 1.0f / x; }
static inline float __fsqrt_rn(float x) { return sqrtf(x); }
static inline float __fadd_rn(float x, float y) { return x + y; }
static inline float __fsub_rn(float x, float y) { return x - y; }
static inline float __fmul_rn(float x, float y) { return x * y; }
static inline float __fdiv_rn(float x, float y) { return x / y; }
static inline float __fmaf_rn(float x, float y, float z) { return fmaf(x, y, z); }
static inline double __dadd_rn(double x, double y) { return x + y; }
static inline double __dmul_rn(double x, double y) { return x * y; }
static inline double __ddiv_rn(double x, double y) { return x / y; }
static inline double __fma_rn(double x, double y, double z) { return fma(x, y, z); }
static inline double __drcp_rn(double x) { return 1.0 / x; }
static inline double __dsqrt_rn(double x) { return sqrt(x); }

/* min and max: CUDA's overloads, with the usual arithmetic conversions
 * for mixed operands (min(int, unsigned) is unsigned, as in CUDA). */
template <class A, class B, class R = typename std::common_type<A, B>::type>
static inline typename std::enable_if<std::is_arithmetic<A>::value && std::is_arithmetic<B>::value,
                                      R>::type
min(A a, B b)
{
  return (R)b < (R)a ? (R)b : (R)a;
}
template <class A, class B, class R = typename std::common_type<A, B>::type>
static inline typename std::enable_if<std::is_arithmetic<A>::value && std::is_arithmetic<B>::value,
                                      R>::type
max(A a, B b)
{
  return (R)a < (R)b ? (R)b : (R)a;
}
static inline unsigned umin(unsigned a, unsigned b) { return a < b ? a : b; }
static inline unsigned umax(unsigned a, unsigned b) { return a > b ? a : b; }
static inline long long llmin(long long a, long long b) { return a < b ? a : b; }
static inline long long llmax(long long a, long long b) { return a > b ? a : b; }

#endif /* __cplusplus */
#endif
