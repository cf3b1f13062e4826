/* emu-sched.h - the block scheduler of the cuda-emu device module: runs
 * one CUDA block on the calling host thread, its threads as fibres.
 *
 * A host thread that runs blocks owns an EmuRunner (its fibres, their
 * stacks, its share of dynamic shared memory), made on first use and
 * freed when the thread ends or the module finishes.
 */
#ifndef OMPICC_EMU_SCHED_H
#define OMPICC_EMU_SCHED_H

#include <stddef.h>

#include "cuda-emu.h"

/* What runs: a kernel's trampoline and the image it lives in. */
typedef struct EmuKernel {
  void (*fn)(void **args);
  size_t (*copy)(void **args, void *buf, size_t cap); /* K__emu_copy, or NULL */
  __ompicc_emu_slot_fn slot;
  char *name;
  void *image;      /* dlopen's handle of its image */
  size_t tls_size;  /* bytes of the image's thread-local storage (its __shared__) */
  int memcheck;     /* the image was built for OMPICC_EMU_CHECK=memory */
  int arch; /* the architecture it runs as: 53 for sm_53 (before 70: no
               independent thread scheduling) */
  struct EmuKernel *next; /* the image's kernels */
} EmuKernel;

/* One launch, as the blocks see it. */
typedef struct EmuGrid {
  const EmuKernel *kernel;
  void **args;
  size_t params_size; /* args is the launch's copy of the parameters, of this many bytes */
  int dev;            /* the device that runs it */
  unsigned grid[3], block[3];
  size_t dynamic_shared;
  /* nonzero once another block of the launch has failed: a running block
   * stops at its threads' next switch (it may wait for what the failed
   * one would have done, as a spin lock the failed block held) */
  const int *stop;
} EmuGrid;

/* The scheduler's operations, for __ompicc_emu_bind. */
extern const __ompicc_emu_api emu_api;

/* Run block number `linear` of the grid on this host thread.  Returns 0,
 * or -1 with a malloc'd explanation in *why (deadlock, trap, fault, bad
 * barrier or warp operation, no memory, stopped by g->stop). */
int emu_run_block(const EmuGrid *g, unsigned long linear, char **why);

/* Catch the faults of CUDA threads (emu-fault.h): from now on a kernel
 * that faults fails its launch with a message instead of killing the
 * process.  The module's init calls it. */
void emu_sched_catch_faults(void);

/* OMPICC_EMU_CHECK asks for the memory check (emu-memcheck.h): the
 * module then records its device memory. */
int emu_sched_check_memory(void);
/* The size of each device's heap for malloc in kernels (bytes; 0 keeps
 * CUDA's default, 8 MiB): the module's init, from OMPICC_DEVICE_HEAP. */
void emu_sched_set_heap(size_t bytes);

/* Free every runner and give back the signal handlers (the module's
 * fini; no block may be running). */
void emu_sched_fini(void);

#endif
