/* omp-indirect.h - the device library's part of calls through function
 * pointers in device code (included by ompicc-device.h).
 *
 * A kernel file wraps the callee of every call through a pointer in its
 * own __ompicc_indirect (codegen-cuda/kernels.c, write_indirect), which
 * turns the host address of a declare target indirect function (OpenMP
 * 5.2 7.8.1) into its device version and hands any other value to
 * __ompicc_device_fn: a device address, called as it is.
 *
 * On a GPU a host function's address is no code of the device: calling
 * it faults, and the launch fails.  The CPU device runs the kernel file
 * built as a shared object in the program's own address space, where a
 * host function would just run; so there __ompicc_device_fn checks that
 * the pointer lies in the image's code and stops the launch as the GPU
 * would (with the reason) when it does not: the CPU device never passes
 * a program by accident that a GPU would fail.
 */
#ifndef OMPICC_OMP_INDIRECT_H
#define OMPICC_OMP_INDIRECT_H

#ifdef OMPICC_CUDA_EMU
#include <link.h>
#include <stdint.h>

/* The code of this image: the executable segments of the loaded object
 * that holds `lo` on entry (dl_iterate_phdr's callback). */
struct __ompicc_emu_code {
  uintptr_t lo, hi;
};

OMPICC_EMU_UNCHECKED static int __ompicc_emu_code_of(struct dl_phdr_info *info, size_t size,
                                                    void *data)
{
  (void)size;
  __ompicc_emu_code *c = (__ompicc_emu_code *)data;
  uintptr_t lo = UINTPTR_MAX, hi = 0;
  bool mine = false;
  for (int i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    if (ph->p_type != PT_LOAD)
      continue;
    uintptr_t a = info->dlpi_addr + ph->p_vaddr, b = a + ph->p_memsz;
    mine |= c->lo >= a && c->lo < b;
    if (ph->p_flags & PF_X) {
      lo = a < lo ? a : lo;
      hi = b > hi ? b : hi;
    }
  }
  if (!mine)
    return 0;
  c->lo = lo, c->hi = hi;
  return 1;
}

/* Is p in this image's code?  The range is found once per image (the
 * race of two threads finding it writes the same values). */
static inline bool __ompicc_emu_in_image(uintptr_t p)
{
  static uintptr_t lo, hi;
  if (!__atomic_load_n(&hi, __ATOMIC_ACQUIRE)) {
    __ompicc_emu_code c = {(uintptr_t)&__ompicc_emu_code_of, 0};
    if (!dl_iterate_phdr(__ompicc_emu_code_of, &c))
      return true; /* cannot tell: as on a GPU with a device address */
    __atomic_store_n(&lo, c.lo, __ATOMIC_RELAXED);
    __atomic_store_n(&hi, c.hi, __ATOMIC_RELEASE);
  }
  return p >= __atomic_load_n(&lo, __ATOMIC_RELAXED) && p < hi;
}

template <typename F> static inline F __ompicc_device_fn(F f)
{
  if (!f)
    __ompicc_emu_rt->trap("a call through a null function pointer in device code");
  if (!__ompicc_emu_in_image((uintptr_t)f))
    __ompicc_emu_rt->trap("a call through a pointer to a host function in device code: only "
                          "the functions of a 'declare target' directive with 'indirect' may "
                          "be called through their host address (OpenMP 5.2 7.8.1)");
  return f;
}
#else
template <typename F> static __device__ __forceinline__ F __ompicc_device_fn(F f)
{
  return f;
}
#endif

#endif
