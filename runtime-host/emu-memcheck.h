/* emu-memcheck.h - what is device memory on the cuda-emu device: each
 * copy between host and device must lie inside it (as the CUDA driver
 * requires), and so must every access of a kernel under the memory check
 * (OMPICC_EMU_CHECK=memory, an image built with ompicc --emu-check=memory).
 *
 * The CPU device shares the host's address space: a kernel that reaches
 * host memory (a variable the construct does not map, a pointer mapped as
 * a scalar without its section) or runs a little past a device array
 * finds memory there and goes on, where a GPU faults or reads another
 * object.  Under the check, the module records every range of device
 * memory (emu-memcheck.c: allocations, registered host memory, the
 * images' own variables, blocks of the device heap), and every access a
 * CUDA thread makes outside its own stack is looked up (emu-sched.c,
 * api_access); one that is in none of them stops the launch, as a GPU's
 * fault would, with the kernel, thread, source line and what the address
 * is.
 */
#ifndef OMPICC_EMU_MEMCHECK_H
#define OMPICC_EMU_MEMCHECK_H

#include <stddef.h>
#include <stdint.h>

typedef enum EmuMemKind {
  EMU_MEM_ALLOC,  /* an allocation of the device (maps, omp_target_alloc) */
  EMU_MEM_PINNED, /* host memory registered for the device (zero copy) */
  EMU_MEM_IMAGE,  /* a loaded image's segments: its device variables, constants */
  EMU_MEM_HEAP    /* a block of the device heap (malloc in kernels) */
} EmuMemKind;

/* Bytes left unrecorded after each allocation while the check is on, so
 * that an access a little past its end is outside device memory. */
enum { EMU_MEM_REDZONE = 64 };

/* Record a range of device dev's memory (registered host memory: every
 * device's); forget the range that begins at p (what was freed is kept
 * a while, for the words of a later access to it). */
void emu_mem_add(const void *p, size_t n, EmuMemKind kind, int dev);
/* The same with a pointer of the caller's kept with the range (the
 * module's record of an allocation); emu_mem_remove gives it back. */
void emu_mem_add_owned(const void *p, size_t n, EmuMemKind kind, int dev, void *owner);
void *emu_mem_remove(const void *p);
/* The owner of the range that begins at p, or NULL. */
void *emu_mem_owner(const void *p);

/* Are the n bytes at a inside one recorded range that device dev's
 * kernels reach? */
int emu_mem_inside(uintptr_t a, size_t n, int dev);

/* What the address is, for a kernel of device dev, in words for a fault
 * message ("at byte 400 of a device allocation of 400 bytes at 0x...
 * (out of bounds)", "in a device allocation ... that was freed", in
 * another device's memory, or that it is no device memory at all), into
 * buf. */
void emu_mem_explain(uintptr_t a, size_t n, int dev, char *buf, size_t cap);

/* Under the memory check, device allocations come from an arena: one
 * reserved region, handed out in order and never reused, which the host
 * cannot touch while no kernel or copy runs (PROT_NONE), so that host
 * code dereferencing a device address faults, as it does beside a GPU.
 * emu_arena_alloc returns NULL when the arena is full (the caller takes
 * host memory then); emu_arena_free gives the pages back to the system,
 * the addresses stay reserved.  emu_arena_open and emu_arena_close
 * bracket what reaches device memory: a launch, a copy, an allocation's
 * fill (nested and from several threads: the arena is closed when the
 * last one ends). */
void *emu_arena_alloc(size_t n);
void emu_arena_free(void *p, size_t n);
int emu_arena_contains(uintptr_t a);
void emu_arena_open(void);
void emu_arena_close(void);

/* A fault of host code at a, in the arena: the message says what the
 * address is; 0 when a is not device memory. */
int emu_arena_describe(uintptr_t a, char *buf, size_t cap);

#endif
