/* emu-fault.h - faults of kernels on the cuda-emu device: the signals a
 * CUDA thread (a fibre of emu-sched.c) raises when it touches memory that
 * is not there, overflows its stack, divides an integer by zero or traps,
 * caught and turned into a message that names the kernel, the block, the
 * thread and the source line, instead of a bare SIGSEGV.
 *
 * emu-fault.c owns the signal handlers (SIGSEGV, SIGBUS, SIGFPE, SIGILL,
 * on the alternate signal stack) and the words of the message; the
 * scheduler says whether a fault is a CUDA thread's (EmuFaultHook) and
 * takes it over: the fibre is never resumed and its launch fails.  A
 * fault outside the fibres goes to the handler that was there before.
 */
#ifndef OMPICC_EMU_FAULT_H
#define OMPICC_EMU_FAULT_H

#include <stddef.h>
#include <stdint.h>

#include "cuda-emu.h"

enum { EMU_FAULT_FRAMES = 24 };

/* One fault, as the handler saw it. */
typedef struct EmuFault {
  int signo, code;  /* siginfo's si_signo and si_code */
  int access;       /* 'r', 'w', or 0 when the machine does not say */
  int overflow;     /* the fault is the fibre's stack overflowing (the scheduler's call) */
  int other_local;  /* 1 + the index in its block of the CUDA thread whose stack (local
                       memory) the address lies in (OMPICC_EMU_CHECK=local), or 0 */
  int memcheck;     /* found by the memory check (OMPICC_EMU_CHECK=memory), not a signal */
  unsigned long size; /* memcheck: the access's bytes */
  char words[320];  /* memcheck: what the address is (emu_mem_explain) */
  uintptr_t addr;   /* si_addr */
  uintptr_t pc, sp; /* where the CUDA thread was */
  void *frames[EMU_FAULT_FRAMES];
  int nframes;      /* return addresses of the CUDA thread's calls, from pc outwards */
} EmuFault;

/* What the scheduler provides the handler.  owns(sp): a CUDA thread of
 * this host thread was running on the stack at sp.  take(): called on the
 * alternate stack, with the signal unblocked; does not return. */
typedef struct EmuFaultHook {
  int (*owns)(uintptr_t sp);
  void (*take)(const EmuFault *f) __attribute__((noreturn));
} EmuFaultHook;

/* Install the handlers (once; nothing under AddressSanitizer or
 * ThreadSanitizer, which report faults themselves).  Returns 1 when they
 * are installed: each host thread that runs CUDA threads then needs an
 * alternate signal stack (EMU_FAULT_ALT_STACK bytes). */
int emu_fault_catch(const EmuFaultHook *hook);
enum { EMU_FAULT_ALT_STACK = 64 << 10 };

/* Put back the handlers that were there before (the module's fini). */
void emu_fault_release(void);

/* The message of a fault of thread t of kernel `kernel` (the name of its
 * image's function `fn` locates the image for the source line), whose
 * stack has stack_size bytes: malloc'd, NULL when out of memory. */
char *emu_fault_describe(const EmuFault *f, const char *kernel, const void *fn,
                         const __ompicc_emu_thread *t, size_t stack_size);

#endif
