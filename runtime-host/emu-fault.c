/* emu-fault.c - the signal handlers of the cuda-emu device module and the
 * messages of kernel faults (emu-fault.h).
 *
 * A GPU reports a bad access as a failed launch ("an illegal memory
 * access was encountered"); on the CPU the same kernel would end the
 * program with a bare SIGSEGV.  Here a fault of a CUDA thread is caught on
 * the alternate signal stack (so a stack overflow, too), its place
 * recorded (the faulting instruction, the return addresses of the calls
 * that led to it), and the fibre handed to the scheduler, which ends the
 * block: the launch fails and the runtime reports it with the construct's
 * source place.  The source line comes from the image's debug
 * information (-g: the kernel file's #line markers make it the user's
 * line), read by addr2line once the program is failing anyway; without
 * it, the function and offset from dladdr.
 *
 * Unwinding a broken stack may fault again: the handler runs with
 * SA_NODEFER, and a fault while it unwinds jumps back and goes on with
 * the faulting instruction alone.
 */
#define _GNU_SOURCE
#include "emu-fault.h"
#include "emu-memcheck.h"

#include <dlfcn.h>
#include <execinfo.h>
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <ucontext.h>
#include <unistd.h>

extern char **environ;

void __asan_unpoison_memory_region(const volatile void *p, size_t n) __attribute__((weak));
void *__tsan_get_current_fiber(void) __attribute__((weak));

static const int caught[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL};
enum { NCAUGHT = sizeof caught / sizeof *caught };
static struct sigaction before[NCAUGHT];
static int installed;
static const EmuFaultHook *hook;

/* A fault while the handler unwinds the CUDA thread's stack. */
static __thread int unwinding;
static __thread sigjmp_buf unwind_jump;

/* ------------------------------------------------------------ handler */

static void machine_state(EmuFault *f, const ucontext_t *uc)
{
#if defined(__x86_64__)
  f->pc = (uintptr_t)uc->uc_mcontext.gregs[REG_RIP];
  f->sp = (uintptr_t)uc->uc_mcontext.gregs[REG_RSP];
  if (f->signo == SIGSEGV) /* the page fault's error code: bit 1, a write */
    f->access = uc->uc_mcontext.gregs[REG_ERR] & 2 ? 'w' : 'r';
#elif defined(__aarch64__)
  f->pc = (uintptr_t)uc->uc_mcontext.pc;
  f->sp = (uintptr_t)uc->uc_mcontext.sp;
#else
#error "cuda-emu: no program counter and stack pointer of a signal context for this machine"
#endif
}

/* The calls that led to the fault: backtrace's frames from the faulting
 * instruction on (before it: this handler and the signal frame). */
static void unwind(EmuFault *f)
{
  void *all[EMU_FAULT_FRAMES + 8];
  int n = 0;
  unwinding = 1;
  if (sigsetjmp(unwind_jump, 0) == 0)
    n = backtrace(all, (int)(sizeof all / sizeof *all));
  unwinding = 0;
  for (int i = 0; i < n; i++)
    if ((uintptr_t)all[i] == f->pc) {
      for (int j = i + 1; j < n && f->nframes < EMU_FAULT_FRAMES; j++)
        f->frames[f->nframes++] = all[j];
      return;
    }
}

/* Not a CUDA thread's fault: the handler that was there before gets it,
 * from now on. */
static void pass_on(int sig, siginfo_t *si, void *uc)
{
  int i = 0;
  while (caught[i] != sig)
    i++;
  struct sigaction *old = &before[i];
  sigaction(sig, old, NULL);
  if ((old->sa_flags & SA_SIGINFO) && old->sa_sigaction)
    old->sa_sigaction(sig, si, uc);
  else if (old->sa_handler != SIG_DFL && old->sa_handler != SIG_IGN)
    old->sa_handler(sig);
  else if (si->si_code <= 0) /* sent, not raised by an instruction: again */
    raise(sig);
  /* else the instruction runs again and faults into the old action */
}

static void describe_code(FILE *out, uintptr_t pc, int in_image, int fn_only);

/* Host code (no CUDA thread's) faulted on device memory, which the memory
 * check keeps from the host (emu-memcheck.h): say so and where, before
 * the signal's previous action ends the program. */
static void host_on_device_memory(const EmuFault *f)
{
  char words[256];
  if (f->signo != SIGSEGV || !emu_arena_describe(f->addr, words, sizeof words))
    return;
  fprintf(stderr, "ompicc: error: host code %s device memory at address 0x%llx, %s: a device "
          "address (omp_target_alloc, use_device_ptr, use_device_addr) dereferenced outside a "
          "target region, where a GPU's memory is not the host's (OMPICC_EMU_CHECK=memory)",
          f->access == 'w' ? "wrote" : f->access == 'r' ? "read" : "reached",
          (unsigned long long)f->addr, words);
  describe_code(stderr, f->pc, 1, 0);
  fputc('\n', stderr);
}

static void on_fault(int sig, siginfo_t *si, void *uc)
{
  if (unwinding)
    siglongjmp(unwind_jump, 1);
  EmuFault f = {.signo = sig, .code = si->si_code, .addr = (uintptr_t)si->si_addr};
  machine_state(&f, uc);
  if (si->si_code <= 0 || !hook->owns(f.sp)) {
    if (si->si_code > 0)
      host_on_device_memory(&f);
    pass_on(sig, si, uc);
    return;
  }
  unwind(&f);
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, sig);
  pthread_sigmask(SIG_UNBLOCK, &set, NULL);
  hook->take(&f);
}

int emu_fault_catch(const EmuFaultHook *h)
{
  if (installed)
    return 1;
  if (__asan_unpoison_memory_region || __tsan_get_current_fiber)
    return 0; /* the sanitizers report faults, with more to say */
  void *warm[2];
  backtrace(warm, 2); /* loads the unwinder now, not in a handler */
  hook = h;
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = on_fault;
  sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
  sigemptyset(&sa.sa_mask);
  for (int i = 0; i < NCAUGHT; i++)
    sigaction(caught[i], &sa, &before[i]);
  return installed = 1;
}

void emu_fault_release(void)
{
  if (!installed)
    return;
  for (int i = 0; i < NCAUGHT; i++) {
    struct sigaction now;
    if (sigaction(caught[i], NULL, &now) == 0 && (now.sa_flags & SA_SIGINFO) &&
        now.sa_sigaction == on_fault)
      sigaction(caught[i], &before[i], NULL);
  }
  installed = 0;
}

/* ------------------------------------------------------------ messages */

static const char *segv_what(const EmuFault *f)
{
  if (f->access == 'w')
    return "invalid write";
  return f->access == 'r' ? "invalid read" : "invalid memory access";
}

/* What happened, in words. */
static void describe_what(FILE *out, const EmuFault *f, size_t stack_size)
{
  if (f->other_local) {
    fprintf(out, "%s at address 0x%llx, in the local memory (stack) of thread %d of the block: "
            "a pointer to another CUDA thread's local variable, which on a GPU is that thread's "
            "own (OMPICC_EMU_CHECK=%s)",
            segv_what(f), (unsigned long long)f->addr, f->other_local - 1,
            f->memcheck ? "memory" : "local");
    return;
  }
  if (f->memcheck && !f->overflow) {
    fprintf(out, "%s of %lu bytes at address 0x%llx, %s (OMPICC_EMU_CHECK=memory)", segv_what(f),
            f->size, (unsigned long long)f->addr, f->words);
    return;
  }
  if (f->overflow) {
    fprintf(out, "stack overflow: the CUDA thread's stack of %zu KiB is too small (large local "
            "arrays?); give each thread more with OMPICC_EMU_STACK (e.g. OMPICC_EMU_STACK=%zum)",
            stack_size >> 10, stack_size < (1 << 20) ? 4 : 4 * (stack_size >> 20));
    return;
  }
  if (f->code == SI_KERNEL && (f->signo == SIGSEGV || f->signo == SIGBUS)) {
    /* x86-64: a general protection fault, whose address the machine
     * does not give */
    fputs("invalid memory access at an address outside the address space (a wild pointer, or "
          "a huge index)", out);
    return;
  }
  switch (f->signo) {
  case SIGSEGV:
    fprintf(out, "%s at address 0x%llx (%s)", segv_what(f), (unsigned long long)f->addr,
            f->addr < 65536             ? "a null pointer, or an offset from one"
            : f->code == SEGV_ACCERR ? "memory that does not allow it"
                                     : "no memory there: out of bounds, or not a device address");
    break;
  case SIGBUS:
    fprintf(out, "bus error at address 0x%llx (%s)", (unsigned long long)f->addr,
            f->code == BUS_ADRALN ? "misaligned" : "past the end of a mapped file, or not memory");
    break;
  case SIGFPE:
    fputs(f->code == FPE_INTDIV   ? "integer division by zero"
          : f->code == FPE_INTOVF ? "integer overflow in a division (the most negative value "
                                    "divided by -1)"
                                  : "arithmetic exception",
          out);
    break;
  default:
    fputs("illegal instruction (__builtin_trap, or a call through a bad function pointer)", out);
  }
}

/* A source place addr2line knows: "file:line", " (discriminator N)"
 * dropped; "??:0", "file:?" and "file:0" are not known. */
static int known_place(char *place)
{
  place[strcspn(place, " \n")] = 0;
  size_t len = strlen(place);
  return place[0] != '?' && len > 2 && strcmp(place + len - 2, ":0") &&
         strcmp(place + len - 2, ":?");
}

/* addr2line's lines on the code at offset `off` of `file`, read into
 * buf: function, place, and for inlined code the same of each caller it
 * was inlined into.  The number of bytes read, 0 when it could not run. */
static size_t run_addr2line(const char *file, uintptr_t off, char *buf, size_t n)
{
  int fd[2];
  if (pipe(fd) != 0)
    return 0;
  char addr[32];
  snprintf(addr, sizeof addr, "0x%llx", (unsigned long long)off);
  char *argv[] = {"addr2line", "-f", "-i", "-C", "-e", (char *)file, addr, NULL};
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, fd[1], 1);
  posix_spawn_file_actions_addclose(&fa, fd[0]);
  posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
  pid_t pid;
  int rc = posix_spawnp(&pid, "addr2line", &fa, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  close(fd[1]);
  size_t got = 0;
  ssize_t k;
  while (rc == 0 && got + 1 < n && (k = read(fd[0], buf + got, n - 1 - got)) > 0)
    got += (size_t)k;
  close(fd[0]);
  if (rc == 0)
    waitpid(pid, NULL, 0);
  buf[got] = 0;
  return got;
}

/* A place as the user wrote the file's name: relative to the current
 * folder when the debug information made it absolute (the compiler's
 * folder joined to the #line name). */
static const char *short_place(const char *place)
{
  char cwd[4096];
  size_t n;
  if (getcwd(cwd, sizeof cwd) && (n = strlen(cwd)) > 1 && !strncmp(place, cwd, n) &&
      place[n] == '/')
    return place + n + 1;
  return place;
}

/* The user's source place of the code at offset `off` of the image
 * `file` (its debug information, by addr2line), written to out as
 * " at FILE:LINE[, inlined at FILE:LINE...] (in FN)", FN the function
 * the code was compiled into, or " in FN" alone (fn_only: a function's
 * prologue, whose line says nothing).  0 when it cannot tell. */
static int source_place(FILE *out, const char *file, uintptr_t off, int fn_only)
{
  char buf[4096];
  if (!run_addr2line(file, off, buf, sizeof buf))
    return 0;
  char *save = NULL, *fn = NULL, *place, *f, *next = buf;
  int n = 0;
  for (; (f = strtok_r(next, "\n", &save)) && (place = strtok_r(NULL, "\n", &save)); next = NULL) {
    if (!known_place(place))
      break;
    fn = f;
    /* code of no user line (a kernel's prologue) has the kernel file's,
     * a temporary file: the function says more; the device library's
     * lines (the loop that runs a loop body) are not the user's */
    if (!fn_only && !strstr(place, ".kernels.cu:") && !strstr(place, "devlib-cuda/"))
      fprintf(out, "%s %s", n++ ? ", inlined at" : " at", short_place(place));
  }
  if (fn)
    fprintf(out, n ? " (in %s)" : " in %s", fn);
  return fn != NULL;
}

/* Where the code at pc is: the user's line when the image's debug
 * information knows it, else the function and its object. */
static void describe_code(FILE *out, uintptr_t pc, int in_image, int fn_only)
{
  Dl_info di;
  if (!dladdr((void *)pc, &di) || !di.dli_fname) {
    fprintf(out, " at 0x%llx", (unsigned long long)pc);
    return;
  }
  if (in_image && source_place(out, di.dli_fname, pc - (uintptr_t)di.dli_fbase, fn_only))
    return;
  const char *obj = strrchr(di.dli_fname, '/');
  obj = obj ? obj + 1 : di.dli_fname;
  if (di.dli_sname)
    fprintf(out, " in %s+0x%llx (%s)", di.dli_sname,
            (unsigned long long)(pc - (uintptr_t)di.dli_saddr), in_image ? "the kernel image" : obj);
  else
    fprintf(out, " at 0x%llx (%s)", (unsigned long long)pc, in_image ? "the kernel image" : obj);
}

static int in_image(uintptr_t pc, const void *image_base)
{
  Dl_info di;
  return dladdr((void *)pc, &di) && di.dli_fbase == image_base;
}

/* The faulting instruction, and when it is not the image's (a library
 * function the kernel called), the kernel code that called it. */
static void describe_where(FILE *out, const EmuFault *f, const void *fn)
{
  Dl_info di;
  const void *base = dladdr(fn, &di) ? di.dli_fbase : NULL;
  if (in_image(f->pc, base)) {
    describe_code(out, f->pc, 1, f->overflow);
    return;
  }
  describe_code(out, f->pc, 0, 0);
  for (int i = 0; i < f->nframes; i++) {
    uintptr_t ret = (uintptr_t)f->frames[i] - 1; /* inside the call instruction */
    if (in_image(ret, base)) {
      fputs(", called", out);
      describe_code(out, ret, 1, 0);
      return;
    }
  }
}

char *emu_fault_describe(const EmuFault *f, const char *kernel, const void *fn,
                         const __ompicc_emu_thread *t, size_t stack_size)
{
  char *s = NULL;
  size_t len = 0;
  FILE *out = open_memstream(&s, &len);
  if (!out)
    return NULL;
  fprintf(out, "thread (%u,%u,%u) of block (%u,%u,%u) of kernel '%s': ", t->thread_idx.x,
          t->thread_idx.y, t->thread_idx.z, t->block_idx.x, t->block_idx.y, t->block_idx.z,
          kernel);
  describe_what(out, f, stack_size);
  describe_where(out, f, fn);
  fclose(out);
  return s;
}
