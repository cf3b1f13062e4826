/* emu-sched.c - runs one CUDA block on the calling host thread, its threads
 * as fibres switched cooperatively: a thread gives way only at
 * a barrier, a warp operation, a fence or a failed atomicCAS, so a block
 * runs deterministically on one host thread and its __shared__ variables
 * (thread-local storage in the image) are the block's own.
 *
 * Structures: an EmuRunner per host thread (fibres with guarded stacks,
 * kept from block to block), the block's 16 named barriers (Barrier), and
 * per warp of 32 consecutive threads a set of rendezvous (Rdv): a warp
 * operation waits until every lane of its mask has reached an operation
 * of the same kind with the same mask, then each reads its result, as
 * the *_sync functions of CUDA 9+ specify (CUDA C++ Programming Guide,
 * "Warp Shuffle Functions", "Warp Vote Functions", "Synchronization
 * Functions").
 *
 * Barriers count warps (PTX ISA "bar, barrier": a barrier instruction
 * "causes executing thread to wait for all non-exited threads from its
 * warp and marks warps' arrival at barrier"; thread counts are multiples
 * of the warp size): a warp arrives, as warp-size threads, once every
 * lane of it that has not exited has arrived.  Before Volta (the image's
 * or OMPICC_EMU_ARCH's architecture below sm_70: EmuKernel.arch) the
 * lanes of a warp do not run independently: lanes that took another path
 * and wait at another barrier are parked at their reconvergence point, so
 * the warp arrives as soon as its lanes that are not parked have (the
 * divergent barrier that the ISA leaves undefined, as Maxwell and Pascal
 * run it); from sm_70 each lane waits for the others of its warp.  Before
 * sm_70 the lanes of a warp also meet at the end of the statements the
 * kernel file marks (OMPICC_RECONVERGE, "where paths meet" below), so
 * that a spin lock between lanes of one warp hangs as on the GPU.
 *
 * When no thread can run and some have not finished, the block is in a
 * deadlock that would hang a GPU: it is described and the launch fails.
 * With AddressSanitizer or ThreadSanitizer in the process, stack switches
 * are announced to them (__sanitizer_start/finish_switch_fiber,
 * __tsan_switch_to_fiber: weak, present only then); for ThreadSanitizer
 * each switch orders the fibres, so it sees races between blocks (host
 * threads), not within a block.
 *
 * Faults: below each fibre's stack lies a guard region of PROT_NONE
 * pages; a CUDA thread that faults (a bad address, its stack overflowing
 * into the guard, a division by zero) is caught by emu-fault.c on this
 * host thread's alternate signal stack and handed back here (fault_take):
 * the fibre is abandoned, the block stops, and the launch fails with a
 * message naming the kernel, block, thread and source line.
 *
 * OMPICC_EMU_CHECK (a comma-separated list) asks for checks:
 *  - race: ThreadSanitizer sees the threads of a block as unordered except
 *    where CUDA orders them: fibres switch without synchronisation, and
 *    barrier arrivals and warp-operation arrivals are releases, leaving a
 *    barrier or a warp operation is an acquire (atomics and fences are the
 *    image's: cuda-emu.h).  The program must have ThreadSanitizer in it
 *    (ompicc --emu-check=race).
 *  - local: the stacks of the threads of a block that are not running are
 *    PROT_NONE, so that a thread reaching another's local variables
 *    through a pointer faults, as it reads garbage on a GPU (where each
 *    thread's local memory is its own) and works on one address space;
 *    the fault names the thread whose stack it is.  Two mprotect calls
 *    per switch.
 *  - memory: every access of a CUDA thread outside its own stack is
 *    looked up among the device's memory (emu-memcheck.h: allocations,
 *    registered host memory, the image's variables, the device heap), the
 *    block's shared and dynamic shared memory, the threads' state and the
 *    launch's parameters; any other address stops the launch as a fault
 *    (api_access).  The image must be built for it (ompicc
 *    --emu-check=memory: every access calls the module).
 *  - order, order=reverse, order=random[:SEED]: each round of the scheduler
 *    resumes the runnable threads from the last to the first, or in a
 *    random order drawn per round (the seed and the block's number give
 *    the same order on every run), rather than from the first to the
 *    last, so that a result that depends on which thread runs first
 *    between two switch points changes.
 */
#define _GNU_SOURCE
#include "emu-sched.h"
#include "emu-fault.h"
#include "emu-memcheck.h"
#include "plugin.h"

#include <dlfcn.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <stdint.h>
#include <ucontext.h>
#include <unistd.h>

void __sanitizer_start_switch_fiber(void **fake, const void *bottom, size_t size)
    __attribute__((weak));
void __sanitizer_finish_switch_fiber(void *fake, const void **bottom, size_t *size)
    __attribute__((weak));
void __asan_unpoison_memory_region(const volatile void *p, size_t n) __attribute__((weak));
void *__tsan_get_current_fiber(void) __attribute__((weak));
void *__tsan_create_fiber(unsigned flags) __attribute__((weak));
void __tsan_destroy_fiber(void *fiber) __attribute__((weak));
void __tsan_switch_to_fiber(void *fiber, unsigned flags) __attribute__((weak));
void __tsan_set_fiber_name(void *fiber, const char *name) __attribute__((weak));
void __tsan_acquire(void *addr) __attribute__((weak));
void __tsan_release(void *addr) __attribute__((weak));
enum { TSAN_SWITCH_NO_SYNC = 1 }; /* __tsan_switch_to_fiber_no_sync */

/* Execution contexts.  On x86-64 a switch saves the callee-saved registers
 * on the stack and swaps stack pointers: no system call (swapcontext sets
 * the signal mask each time) and nothing for ASan to intercept, which
 * stays informed through the fibre annotations.  Elsewhere, ucontext. */
#if defined(__x86_64__) && !defined(OMPICC_EMU_UCONTEXT)
typedef struct EmuCtx {
  void *sp;
} EmuCtx;

void emu_switch(void **save, void *to) __attribute__((visibility("hidden")));
__asm__(".text\n"
        ".globl emu_switch\n"
        ".hidden emu_switch\n"
        ".type emu_switch, @function\n"
        "emu_switch:\n"
        "  pushq %rbp\n  pushq %rbx\n  pushq %r12\n  pushq %r13\n  pushq %r14\n  pushq %r15\n"
        "  subq $8, %rsp\n  stmxcsr (%rsp)\n  fnstcw 4(%rsp)\n"
        "  movq %rsp, (%rdi)\n  movq %rsi, %rsp\n"
        "  ldmxcsr (%rsp)\n  fldcw 4(%rsp)\n  addq $8, %rsp\n"
        "  popq %r15\n  popq %r14\n  popq %r13\n  popq %r12\n  popq %rbx\n  popq %rbp\n"
        "  ret\n"
        ".size emu_switch, .-emu_switch\n");

static int ctx_init(EmuCtx *c) { c->sp = NULL; return 0; }

/* A frame emu_switch returns from into fn, as if fn had been called. */
static void ctx_make(EmuCtx *c, char *stack, size_t size, void (*fn)(void))
{
  uint64_t *p = (uint64_t *)((uintptr_t)(stack + size) & ~(uintptr_t)15);
  uint32_t mxcsr;
  uint16_t fpucw;
  __asm__ volatile("stmxcsr %0\n\tfnstcw %1" : "=m"(mxcsr), "=m"(fpucw));
  *--p = 0; /* fn's return address: none */
  *--p = (uint64_t)(uintptr_t)fn;
  for (int i = 0; i < 6; i++)
    *--p = 0;
  *--p = mxcsr | (uint64_t)fpucw << 32;
  c->sp = p;
}

static void ctx_switch(EmuCtx *from, EmuCtx *to) { emu_switch(&from->sp, to->sp); }
#else
typedef ucontext_t EmuCtx;

static int ctx_init(EmuCtx *c) { return getcontext(c); }

static void ctx_make(EmuCtx *c, char *stack, size_t size, void (*fn)(void))
{
  c->uc_stack.ss_sp = stack;
  c->uc_stack.ss_size = size;
  c->uc_link = NULL;
  makecontext(c, fn, 0);
}

static void ctx_switch(EmuCtx *from, EmuCtx *to) { swapcontext(from, to); }
#endif

enum { F_RUNNABLE, F_BARRIER, F_WARP, F_CONVERGE, F_MEET, F_SPIN, F_DONE };
enum { NBARRIERS = 16, WARP = 32, MAX_WARPS = 32 /* 1024 threads */, MAX_SCOPES = 40 };

typedef struct Rdv {
  unsigned mask, arrived; /* mask 0: free */
  int op, readers;        /* readers: lanes yet to read their result */
  unsigned long long val[WARP];
} Rdv;

typedef struct Warp {
  unsigned live;    /* lanes that exist and have not exited */
  unsigned meeting; /* lanes at the end of a scope (F_MEET) */
  Rdv rdv[WARP]; /* at most one open or unread rendezvous per lane */
} Warp;

/* A named barrier: per warp, the lanes waiting at it and those that
 * passed it with bar.arrive; `ready`, the warps that have arrived. */
typedef struct Barrier {
  unsigned expected; /* threads, while lanes are at the barrier; else 0 */
  unsigned ready;
  unsigned wait[MAX_WARPS], arrive[MAX_WARPS];
} Barrier;

/* A statement a CUDA thread is in where its warp's paths meet again
 * (OMPICC_RECONVERGE, before sm_70): the idx-th begun in the scope
 * around it (scopes[0]: the kernel), which has begun nchild. */
typedef struct Scope {
  const __ompicc_emu_site *site;
  unsigned idx, nchild;
} Scope;

typedef struct Fibre {
  EmuCtx ctx;
  __ompicc_emu_thread t;
  char *map, *stack; /* map: guard region + stack */
  size_t map_size, stack_size;
  void *fake;  /* ASan's fake stack */
  void *tsan;  /* ThreadSanitizer's fibre */
  int state, bar, bar_result, bar_pred;
  int slept; /* waits in __nanosleep: another path, before sm_70 (converge) */
  unsigned converged; /* __activemask() before sm_70 */
  unsigned lane, warp;
  Rdv *rdv;
  /* before sm_70 (EmuRunner.lockstep): the scopes it is in (depth, of
   * which at most MAX_SCOPES are kept), the last compare-and-swap it won
   * (cas_stamp orders them in the block), and the last it lost, `misses`
   * times in a row the same way (while it spins, F_SPIN, the word it
   * finds a parked lane's value in) */
  Scope scopes[MAX_SCOPES];
  unsigned depth;
  const void *cas_addr, *miss_addr;
  unsigned long long cas_value, cas_stamp, miss_expected, miss_found;
  int miss_size;
  unsigned misses;
} Fibre;

typedef struct EmuRunner {
  Fibre *fibres;
  unsigned *order; /* a round's order of the fibres (OMPICC_EMU_CHECK=order) */
  unsigned cap, nwarps_cap;
  Warp *warps;
  Barrier bar[NBARRIERS];
  EmuCtx sched;
  void *sched_fake, *sched_tsan;
  const void *sched_bottom;
  size_t sched_size;
  Fibre *cur;
  __ompicc_emu_thread **slot;
  const EmuGrid *grid;
  unsigned n, done;
  int lockstep; /* before sm_70: no independent thread scheduling */
  unsigned long long cas_stamp; /* compare-and-swaps won in the block */
  unsigned resume; /* 1 + the fibre to run next (lanes that converged), or 0 */
  char *error;
  EmuFault fault; /* fault.signo != 0: `faulted` faulted */
  Fibre *faulted;
  char *alt;      /* the alternate signal stack this module gave the thread */
  int alt_ready;  /* the thread has one (the module's or its own) */
  void *dyn;
  size_t dyn_size;
  char *tls; /* memory check: this host thread's copy of the image's __shared__ */
  size_t tls_size;
  unsigned long long rng; /* OMPICC_EMU_CHECK=order=random: this block's draws */
  /* race mode: a block's threads start after what the scheduler did
   * (started, released at the start) and the next block comes after them
   * (ended, released at each thread's exit) */
  char started, ended;
  struct EmuRunner *prev, *next;
} EmuRunner;

/* ------------------------------------------------------------ checks */

enum { ORDER_FIRST, ORDER_REVERSE, ORDER_RANDOM };

/* OMPICC_EMU_CHECK, read once. */
static struct {
  int race, order, local, memory;
  unsigned long long seed;
  char *error; /* a bad value: every launch fails with it */
} check;
static pthread_once_t check_once = PTHREAD_ONCE_INIT;

static int check_item(const char *item, size_t len)
{
  char *s = strndup(item, len), *end = NULL;
  int ok = 1;
  if (!s)
    return 0;
  if (!strcmp(s, "race")) {
    check.race = 1;
  } else if (!strcmp(s, "local")) {
    check.local = 1;
  } else if (!strcmp(s, "memory")) {
    check.memory = 1;
  } else if (!strcmp(s, "order") || !strcmp(s, "order=reverse")) {
    check.order = ORDER_REVERSE;
  } else if (!strcmp(s, "order=random")) {
    check.order = ORDER_RANDOM;
    check.seed = 1;
  } else if (!strncmp(s, "order=random:", 13) && s[13]) {
    check.order = ORDER_RANDOM;
    check.seed = strtoull(s + 13, &end, 0);
    ok = *end == '\0';
  } else {
    ok = 0;
  }
  free(s);
  return ok;
}

static void check_read(void)
{
  const char *v = getenv("OMPICC_EMU_CHECK");
  if (!v || !*v)
    return;
  for (const char *p = v; *p;) {
    size_t len = strcspn(p, ",");
    if (len && !check_item(p, len)) {
      if (asprintf(&check.error,
                   "OMPICC_EMU_CHECK: '%.*s' is not a check (race, local, memory, order, "
                   "order=reverse, order=random, order=random:SEED)",
                   (int)len, p) < 0)
        check.error = NULL;
      return;
    }
    p += len + (p[len] == ',');
  }
  if (check.race && !(__tsan_switch_to_fiber && __tsan_acquire && __tsan_release))
    check.error = strdup("OMPICC_EMU_CHECK=race: ThreadSanitizer is not in this program "
                         "(build it with ompicc --emu-check=race)");
}

int emu_sched_check_memory(void)
{
  pthread_once(&check_once, check_read);
  return check.memory;
}

/* Race mode: CUDA orders what came before in the threads that release
 * `object` before what comes after in the thread that acquires it. */
static void race_release(void *object)
{
  if (check.race)
    __tsan_release(object);
}

static void race_acquire(void *object)
{
  if (check.race)
    __tsan_acquire(object);
}

/* ------------------------------------------------------------ runners */

static __thread EmuRunner *runner_tls;
static pthread_mutex_t runners_lock = PTHREAD_MUTEX_INITIALIZER;
static EmuRunner *runners;
static pthread_key_t runner_key;
static pthread_once_t runner_once = PTHREAD_ONCE_INIT;
static int faults_caught; /* emu-fault.c's handlers are installed */

static void runner_free(EmuRunner *r)
{
  for (unsigned i = 0; i < r->cap; i++) {
    if (r->fibres[i].map)
      munmap(r->fibres[i].map, r->fibres[i].map_size);
    if (r->fibres[i].tsan)
      __tsan_destroy_fiber(r->fibres[i].tsan);
  }
  /* only the thread itself can take its alternate stack off: another
   * thread's (still alive at exit) stays mapped */
  if (r->alt && r == runner_tls) {
    stack_t off = {.ss_flags = SS_DISABLE};
    sigaltstack(&off, NULL);
    munmap(r->alt, EMU_FAULT_ALT_STACK);
  }
  free(r->fibres);
  free(r->order);
  free(r->warps);
  free(r->dyn);
  free(r->error);
  free(r);
}

static void runner_unlink(EmuRunner *r)
{
  pthread_mutex_lock(&runners_lock);
  if (r->prev)
    r->prev->next = r->next;
  else
    runners = r->next;
  if (r->next)
    r->next->prev = r->prev;
  pthread_mutex_unlock(&runners_lock);
}

/* A host thread that ran blocks ends. */
static void runner_destroy(void *p)
{
  runner_unlink(p);
  runner_free(p);
}

static void runner_key_make(void) { pthread_key_create(&runner_key, runner_destroy); }

static EmuRunner *runner_get(void)
{
  if (runner_tls)
    return runner_tls;
  EmuRunner *r = calloc(1, sizeof *r);
  if (!r)
    return NULL;
  pthread_once(&runner_once, runner_key_make);
  pthread_setspecific(runner_key, r);
  pthread_mutex_lock(&runners_lock);
  r->next = runners;
  if (runners)
    runners->prev = r;
  runners = r;
  pthread_mutex_unlock(&runners_lock);
  return runner_tls = r;
}

void emu_sched_fini(void)
{
  emu_fault_release();
  faults_caught = 0;
  pthread_mutex_lock(&runners_lock);
  EmuRunner *r = runners;
  runners = NULL;
  pthread_mutex_unlock(&runners_lock);
  while (r) {
    EmuRunner *next = r->next;
    runner_free(r);
    r = next;
  }
  runner_tls = NULL;
  /* the other threads' runners are freed too, and this module may be
   * unloaded before they end (an OpenMP runtime that joins its threads at
   * exit, as LLVM's does): no destructor of ours may run for them */
  pthread_once(&runner_once, runner_key_make);
  pthread_setspecific(runner_key, NULL);
  pthread_key_delete(runner_key);
}

/* Bytes of each fibre's stack: OMPICC_EMU_STACK (a size as plugin.h
 * reads it; at least 16 KiB), default 256 KiB, enough for the larger
 * frames of sanitizer builds. */
static size_t stack_bytes(void)
{
  static size_t bytes;
  if (bytes)
    return bytes;
  size_t n = 256 << 10;
  int bad;
  size_t v = ompicc_env_size("OMPICC_EMU_STACK", &bad);
  if (v >= 16 << 10)
    n = v;
  else if (v || bad)
    fprintf(stderr, "ompicc: warning: OMPICC_EMU_STACK=%s: expected a size of 16k or more; using "
                    "256k\n", getenv("OMPICC_EMU_STACK"));
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  return bytes = (n + page - 1) / page * page;
}

/* A stack below which PROT_NONE pages catch an overflow: 64 KiB of them,
 * so that a frame that skips a page (built without stack probes) still
 * lands in them; address space only. */
static int fibre_stack(Fibre *f)
{
  size_t page = (size_t)sysconf(_SC_PAGESIZE), size = stack_bytes();
  size_t guard = page > 65536 ? page : 65536;
  char *m = mmap(NULL, size + guard, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                 -1, 0);
  if (m == MAP_FAILED)
    return -1;
  mprotect(m, guard, PROT_NONE);
  f->map = m;
  f->map_size = size + guard;
  f->stack = m + guard;
  f->stack_size = size;
  f->t.stack = f->stack;
  f->t.stack_size = size;
  if (__tsan_create_fiber)
    f->tsan = __tsan_create_fiber(0);
  return ctx_init(&f->ctx);
}

static int runner_reserve(EmuRunner *r, unsigned n)
{
  unsigned nwarps = (n + WARP - 1) / WARP;
  if (nwarps > r->nwarps_cap) {
    Warp *w = realloc(r->warps, nwarps * sizeof *w);
    if (!w)
      return -1;
    r->warps = w;
    r->nwarps_cap = nwarps;
  }
  if (n <= r->cap)
    return 0;
  unsigned *order = realloc(r->order, n * sizeof *order);
  if (!order)
    return -1;
  r->order = order;
  Fibre *f = realloc(r->fibres, n * sizeof *f);
  if (!f)
    return -1;
  memset(f + r->cap, 0, (n - r->cap) * sizeof *f);
  r->fibres = f;
  for (; r->cap < n; r->cap++)
    if (fibre_stack(&f[r->cap]) != 0)
      return -1;
  return 0;
}

/* ------------------------------------------------------------ switching */

/* OMPICC_EMU_CHECK=local: only the running thread's stack is memory. */
static void stack_open(Fibre *f, int open)
{
  if (check.local)
    mprotect(f->stack, f->stack_size, open ? PROT_READ | PROT_WRITE : PROT_NONE);
}

static void to_fibre(EmuRunner *r, Fibre *f)
{
  stack_open(f, 1);
  r->cur = f;
  *r->slot = &f->t;
  if (__sanitizer_start_switch_fiber)
    __sanitizer_start_switch_fiber(&r->sched_fake, f->stack, f->stack_size);
  if (__tsan_switch_to_fiber) {
    r->sched_tsan = __tsan_get_current_fiber();
    __tsan_switch_to_fiber(f->tsan, check.race ? TSAN_SWITCH_NO_SYNC : 0);
  }
  ctx_switch(&r->sched, &f->ctx);
  if (__sanitizer_finish_switch_fiber)
    __sanitizer_finish_switch_fiber(r->sched_fake, NULL, NULL);
  stack_open(f, 0);
}

/* Back to the scheduler; a fibre that has exited is never resumed. */
static void to_sched(EmuRunner *r, Fibre *f)
{
  int dying = f->state == F_DONE || r->error;
  if (__sanitizer_start_switch_fiber)
    __sanitizer_start_switch_fiber(dying ? NULL : &f->fake, r->sched_bottom, r->sched_size);
  if (__tsan_switch_to_fiber)
    __tsan_switch_to_fiber(r->sched_tsan, check.race ? TSAN_SWITCH_NO_SYNC : 0);
  ctx_switch(&f->ctx, &r->sched);
  if (__sanitizer_finish_switch_fiber)
    __sanitizer_finish_switch_fiber(f->fake, &r->sched_bottom, &r->sched_size);
}

static void barriers_settle(EmuRunner *r, unsigned warp);

static void fibre_exit(EmuRunner *r, Fibre *f)
{
  race_release(&r->ended);
  f->state = F_DONE;
  r->done++;
  r->warps[f->warp].live &= ~(1u << f->lane);
  barriers_settle(r, f->warp); /* its warp-mates may no longer wait for it */
  to_sched(r, f);
  abort(); /* never resumed */
}

static void fibre_main(void)
{
  EmuRunner *r = runner_tls;
  if (__sanitizer_finish_switch_fiber)
    __sanitizer_finish_switch_fiber(NULL, &r->sched_bottom, &r->sched_size);
  race_acquire(&r->started);
  r->grid->kernel->fn(r->grid->args);
  r = runner_tls;
  fibre_exit(r, r->cur);
}

/* The calling CUDA thread; the operations exist only inside kernels. */
static EmuRunner *current(void)
{
  EmuRunner *r = runner_tls;
  if (!r || !r->cur) {
    fputs("ompicc: cuda-emu: a device function was called outside a kernel\n", stderr);
    abort();
  }
  return r;
}

static char *vformat(const char *fmt, va_list ap)
{
  char *s = NULL;
  if (vasprintf(&s, fmt, ap) < 0)
    s = NULL;
  return s;
}

/* Stop the block with an error that names the calling thread. */
static _Noreturn void fail(EmuRunner *r, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  char *what = vformat(fmt, ap);
  va_end(ap);
  const __ompicc_emu_thread *t = &r->cur->t;
  char *s = NULL;
  if (asprintf(&s, "thread (%u,%u,%u) of block (%u,%u,%u) of kernel '%s': %s", t->thread_idx.x,
               t->thread_idx.y, t->thread_idx.z, t->block_idx.x, t->block_idx.y, t->block_idx.z,
               r->grid->kernel->name, what ? what : "out of memory") < 0)
    s = NULL;
  free(what);
  r->error = s ? s : strdup("out of memory");
  to_sched(r, r->cur);
  abort();
}

/* ------------------------------------------------------------ barriers */

static unsigned barrier_expected(EmuRunner *r, int id, int count)
{
  unsigned whole = (r->n + WARP - 1) / WARP * WARP;
  if (id < 0 || id >= NBARRIERS)
    fail(r, "barrier %d does not exist (0 to 15)", id);
  if (count < 0)
    return whole;
  if (count == 0 || count % WARP)
    fail(r, "barrier %d: the thread count %d is not a positive multiple of 32", id, count);
  if ((unsigned)count > whole)
    fail(r, "barrier %d waits for %d threads, but the block has %u", id, count, r->n);
  return (unsigned)count;
}

/* Has warp w arrived at barrier b: is each of its lanes that has not
 * exited at b (waiting, or passed with bar.arrive)?  Without independent
 * thread scheduling a warp whose lanes wait at several barriers runs one
 * path at a time, the others parked where the paths meet again: the warp
 * arrives where its lowest waiting lane waits, as the device library's
 * partly used warps need (their lanes below num_threads run the region's
 * barriers, the others wait for them before the join). */
static int warp_arrived(EmuRunner *r, const Barrier *b, unsigned w, unsigned blocked)
{
  unsigned here = b->wait[w] | b->arrive[w];
  unsigned missing = r->warps[w].live & ~here;
  if (!here)
    return 0;
  if (!r->lockstep || !missing)
    return !missing;
  if (missing & ~blocked)
    return 0; /* lanes still running */
  return (b->wait[w] & blocked & -blocked) != 0;
}

/* Which barriers warp w has arrived at (Barrier.ready). */
static void warp_update(EmuRunner *r, unsigned w)
{
  unsigned blocked = 0;
  for (int id = 0; id < NBARRIERS; id++)
    blocked |= r->bar[id].wait[w];
  for (int id = 0; id < NBARRIERS; id++) {
    Barrier *b = &r->bar[id];
    b->ready &= ~(1u << w);
    if (b->expected)
      b->ready |= (unsigned)warp_arrived(r, b, w, blocked) << w;
  }
}

/* The barrier is complete: its arrived warps go on, each waiting lane with
 * the number of arrived threads whose predicate held (bar.red.popc).  The
 * lanes leaving may have been parked for another barrier: their warps
 * are looked at again, which releases nothing more. */
static void barrier_release(EmuRunner *r, Barrier *b, int id)
{
  int pred = 0;
  for (unsigned i = 0; i < r->n; i++) {
    Fibre *f = &r->fibres[i];
    pred += f->state == F_BARRIER && f->bar == id && (b->ready >> f->warp & 1) && f->bar_pred;
  }
  unsigned open = 0;
  for (unsigned w = 0; w < MAX_WARPS; w++) {
    if (b->ready >> w & 1) {
      for (unsigned l = 0; l < WARP; l++)
        if (b->wait[w] >> l & 1) {
          r->fibres[w * WARP + l].state = F_RUNNABLE;
          r->fibres[w * WARP + l].bar_result = pred;
        }
      b->wait[w] = b->arrive[w] = 0;
    }
    open |= b->wait[w] | b->arrive[w];
  }
  unsigned released = b->ready;
  b->ready = 0;
  if (!open)
    b->expected = 0;
  for (unsigned w = 0; r->lockstep && w < MAX_WARPS; w++)
    if (released >> w & 1)
      warp_update(r, w);
}

/* Something changed in warp w (a lane arrived, left or exited): which
 * barriers it has now arrived at, and which of them are complete.  A
 * completed barrier only releases lanes, which never completes another. */
static void barriers_settle(EmuRunner *r, unsigned w)
{
  warp_update(r, w);
  for (int id = 0; id < NBARRIERS; id++) {
    Barrier *b = &r->bar[id];
    if (b->expected && (unsigned)__builtin_popcount(b->ready) * WARP >= b->expected)
      barrier_release(r, b, id);
  }
}

/* bar.sync / bar.arrive / bar.red.popc (wait=0: arrive). */
static int api_barrier(int id, int count, int wait, int pred)
{
  EmuRunner *r = current();
  Fibre *f = r->cur;
  unsigned expected = barrier_expected(r, id, count);
  Barrier *b = &r->bar[id];
  if (b->expected == 0)
    b->expected = expected;
  else if (b->expected != expected)
    fail(r, "barrier %d: threads arrive expecting %u and %u threads", id, b->expected, expected);
  race_release(b); /* arriving: what the thread did before is released */
  f->bar_pred = pred != 0;
  if (wait) {
    f->state = F_BARRIER;
    f->bar = id;
    b->wait[f->warp] |= 1u << f->lane;
  } else {
    b->arrive[f->warp] |= 1u << f->lane;
  }
  barriers_settle(r, f->warp);
  if (!wait)
    return 0;
  if (f->state == F_BARRIER)
    to_sched(r, f);
  race_acquire(b); /* leaving: what the others did before arriving */
  return f->bar_result;
}

/* ------------------------------------------------------------ warps */

static const char *const warp_op_names[] = {
    [OMPICC_EMU_SHFL] = "__shfl_sync",         [OMPICC_EMU_SHFL_UP] = "__shfl_up_sync",
    [OMPICC_EMU_SHFL_DOWN] = "__shfl_down_sync", [OMPICC_EMU_SHFL_XOR] = "__shfl_xor_sync",
    [OMPICC_EMU_BALLOT] = "__ballot_sync",     [OMPICC_EMU_SYNCWARP] = "__syncwarp",
};

static const char *warp_op_name(int op)
{
  if (op < 0 || op >= (int)(sizeof warp_op_names / sizeof *warp_op_names))
    return "an unknown warp operation";
  return warp_op_names[op];
}

/* The open rendezvous of `mask` this lane has not joined yet, or a new one. */
static Rdv *rdv_find(EmuRunner *r, Warp *w, unsigned mask, unsigned bit, int op)
{
  Rdv *free_slot = NULL;
  for (int i = 0; i < WARP; i++) {
    Rdv *d = &w->rdv[i];
    if (d->mask == mask && d->arrived != mask && !(d->arrived & bit)) {
      if (d->op != op)
        fail(r, "lanes of warp %u meet in %s and %s with the same mask 0x%08x",
             r->cur->warp, warp_op_name(d->op), warp_op_name(op), mask);
      return d;
    }
    if (!d->mask && !free_slot)
      free_slot = d;
  }
  if (!free_slot)
    abort(); /* impossible: each lane holds at most one rendezvous */
  free_slot->mask = mask;
  free_slot->arrived = 0;
  free_slot->op = op;
  return free_slot;
}

/* Source lane of a shuffle, as the CUDA Programming Guide defines it;
 * a lane outside the segment reads its own value. */
static unsigned shfl_source(int op, unsigned lane, int arg, unsigned width)
{
  unsigned base = lane & ~(width - 1), in = lane & (width - 1);
  switch (op) {
  case OMPICC_EMU_SHFL:
    return base + ((unsigned)arg & (width - 1));
  case OMPICC_EMU_SHFL_UP:
    return in >= (unsigned)arg ? lane - (unsigned)arg : lane;
  case OMPICC_EMU_SHFL_DOWN:
    return in + (unsigned)arg < width ? lane + (unsigned)arg : lane;
  default: /* XOR: later segments are out of reach */
    return (lane ^ (unsigned)arg) < base + width ? lane ^ (unsigned)arg : lane;
  }
}

static unsigned long long rdv_result(const Rdv *d, unsigned lane, int arg, unsigned width)
{
  if (d->op == OMPICC_EMU_SYNCWARP)
    return 0;
  if (d->op == OMPICC_EMU_BALLOT) {
    unsigned bits = 0;
    for (unsigned i = 0; i < WARP; i++)
      if ((d->mask >> i & 1) && d->val[i])
        bits |= 1u << i;
    return bits;
  }
  unsigned src = shfl_source(d->op, lane, arg, width);
  /* An inactive source gives an undefined value on a GPU: here its own. */
  return (src < WARP && (d->mask >> src & 1)) ? d->val[src] : d->val[lane];
}

static void warp_check(EmuRunner *r, Warp *w, int op, unsigned mask, int width)
{
  unsigned bit = 1u << r->cur->lane;
  if (!(mask & bit))
    fail(r, "%s: the mask 0x%08x does not include the calling lane %u", warp_op_name(op), mask,
         r->cur->lane);
  if (width <= 0 || width > WARP || (width & (width - 1)))
    fail(r, "%s: the width %d is not a power of 2 up to 32", warp_op_name(op), width);
  if (mask & ~w->live)
    fail(r, "%s in warp %u: the mask 0x%08x names lanes 0x%08x that have exited or do not exist",
         warp_op_name(op), r->cur->warp, mask, mask & ~w->live);
}

static unsigned long long api_warp(int op, unsigned mask, unsigned long long value, int arg,
                                   int width)
{
  EmuRunner *r = current();
  Fibre *f = r->cur;
  Warp *w = &r->warps[f->warp];
  warp_check(r, w, op, mask, width);
  Rdv *d = rdv_find(r, w, mask, 1u << f->lane, op);
  d->val[f->lane] = value;
  d->arrived |= 1u << f->lane;
  race_release(d);
  if (d->arrived == mask) {
    d->readers = __builtin_popcount(mask);
    Fibre *lanes = &r->fibres[f->warp * WARP];
    for (unsigned i = 0; i < WARP && f->warp * WARP + i < r->n; i++)
      if (lanes[i].state == F_WARP && lanes[i].rdv == d)
        lanes[i].state = F_RUNNABLE;
  } else {
    f->state = F_WARP;
    f->rdv = d;
    to_sched(r, f);
  }
  race_acquire(d);
  unsigned long long v = rdv_result(d, f->lane, arg, (unsigned)width);
  if (--d->readers == 0)
    d->mask = 0;
  return v;
}

/* The lanes of warp w: 32, or fewer in a block's last warp. */
static unsigned warp_lanes(const EmuRunner *r, unsigned w)
{
  return r->n - w * WARP < WARP ? r->n - w * WARP : WARP;
}

/* Without independent thread scheduling __activemask() is the lanes that
 * execute it together: it returns once no lane of the warp runs any more
 * (each waits at a barrier, in a warp operation, in __nanosleep, or here,
 * or has exited), with the lanes that wait here; the others took another
 * path.  Nothing if a lane still runs.  A lane that spins on a lock
 * (failed compare-and-swaps) is on its way here, as in the device
 * library's loops of turns (omp-sync.h), where its warp-mates wait for
 * it to take and release the lock; one that sleeps waits for something
 * to come, as a lane that ran ahead of its warp-mates here to the next
 * ordered iteration waits for theirs (lanes here run until they wait,
 * and so run ahead where a GPU's would wait where the paths meet). */
static void converge(EmuRunner *r, unsigned w)
{
  Fibre *lanes = &r->fibres[w * WARP];
  unsigned n = warp_lanes(r, w), here = 0;
  for (unsigned l = 0; l < n; l++) {
    if (lanes[l].state == F_RUNNABLE && !lanes[l].slept)
      return;
    here |= (unsigned)(lanes[l].state == F_CONVERGE) << l;
  }
  for (unsigned l = 0; l < n; l++)
    if (here >> l & 1) {
      lanes[l].state = F_RUNNABLE;
      lanes[l].converged = here;
    }
  if (here) /* they go on in lane order, as in lockstep */
    r->resume = w * WARP + (unsigned)__builtin_ctz(here) + 1;
}

/* The lanes that have not exited (from sm_70), or those converged here. */
static unsigned api_activemask(void)
{
  EmuRunner *r = current();
  Fibre *f = r->cur;
  if (!r->lockstep)
    return r->warps[f->warp].live;
  f->state = F_CONVERGE;
  to_sched(r, f); /* the scheduler sees when the warp has converged */
  return f->converged;
}

static void api_yield(void)
{
  EmuRunner *r = current();
  r->cur->slept = 1;
  to_sched(r, r->cur);
  r->cur->slept = 0;
}

static void api_pass(void)
{
  EmuRunner *r = current();
  to_sched(r, r->cur);
}

/* ------------------------------------------------------------ where paths meet
 * Before sm_70 a warp runs one path at a time and its lanes meet again
 * where the paths join; a lane cannot run ahead of a warp-mate that is
 * still on another path.  Fibres run alone, so where it matters the
 * kernel file marks the statements at whose end the warp's lanes meet
 * (OMPICC_RECONVERGE: ifs, switches and loops that hold a compare-and-
 * swap or an exchange, and such loops' bodies, codegen-cuda/reconverge.c).  A lane that
 * reaches the end of such a scope waits (F_MEET) for the lanes of its
 * warp that are still in it or may yet enter it: those that are before
 * it in the same enclosing scopes and not parked elsewhere (at a
 * barrier, in a warp operation, at __activemask, where another path of
 * the warp meets).  The position of a lane is the chain of its scopes,
 * each numbered by the order in which the enclosing one began them, so
 * that two lanes in different iterations of a loop are in different
 * instances of its body.
 *
 * A lane that loses a compare-and-swap SPIN_MISSES times in a row in the
 * same way (the same word, expected and found values: an exchange that
 * finds its own value counts) against the value that a lane waiting at
 * such an end stored (the lock it holds) spins: it stops (F_SPIN) until a
 * meeting ends or the word changes.  (A lock-free update that lost
 * retries with the value it found, and wins; a bounded retry gives up.)
 * When nothing else can run, that is the hang a spin lock inside a warp
 * is on a GPU without independent thread scheduling, and the deadlock
 * report says so.  The correct form, in which the lane that took the lock releases
 * it inside the if that took it, meets its warp-mates at the end of the
 * if with the lock free. */

enum { AWAY, BEFORE, INSIDE, ARRIVED };
enum { SPIN_MISSES = 100 }; /* the same miss in a row that makes a spin */

/* Where lane b stands against the scope that lane a waits at the end of. */
static int scope_relation(const Fibre *a, const Fibre *b)
{
  unsigned da = a->depth, db = b->depth;
  for (unsigned i = 1; i < da; i++) {
    if (i >= db) { /* in a's scope i - 1, in none of its scopes */
      if (b->state == F_MEET && db == i)
        return AWAY; /* at the end of that scope: past them all */
      return b->scopes[i - 1].nchild <= a->scopes[i].idx ? BEFORE : AWAY;
    }
    if (b->scopes[i].idx != a->scopes[i].idx)
      return b->scopes[i].idx < a->scopes[i].idx ? BEFORE : AWAY;
    if (b->scopes[i].site != a->scopes[i].site)
      return AWAY; /* another path (a call in one arm of ?:) */
  }
  return b->state == F_MEET && db == da ? ARRIVED : INSIDE;
}

/* May lane a, at the end of its scope, go on: is no lane of its warp that
 * is not parked elsewhere still in the scope, or before it? */
static int meeting_complete(EmuRunner *r, const Fibre *a)
{
  const Fibre *lanes = &r->fibres[a->warp * WARP];
  for (unsigned l = 0; l < warp_lanes(r, a->warp); l++) {
    const Fibre *b = &lanes[l];
    if (b == a || b->state == F_DONE || b->state == F_BARRIER || b->state == F_WARP ||
        b->state == F_CONVERGE)
      continue;
    int rel = scope_relation(a, b);
    if (rel == BEFORE || rel == INSIDE)
      return 0;
  }
  return 1;
}

/* The meetings of warp w that are complete end; the spinning lanes of the
 * block try again (the lock's holder may go on). */
static void meetings_settle(EmuRunner *r, unsigned w)
{
  Warp *wp = &r->warps[w];
  Fibre *lanes = &r->fibres[w * WARP];
  unsigned n = warp_lanes(r, w);
  int ended = 0;
  for (unsigned l = 0; l < n && wp->meeting; l++) {
    Fibre *a = &lanes[l];
    if (a->state != F_MEET || !meeting_complete(r, a))
      continue;
    for (unsigned k = 0; k < n; k++)
      if (k != l && lanes[k].state == F_MEET && scope_relation(a, &lanes[k]) == ARRIVED) {
        lanes[k].state = F_RUNNABLE;
        wp->meeting--;
      }
    a->state = F_RUNNABLE;
    wp->meeting--;
    ended = 1;
  }
  for (unsigned i = 0; ended && i < r->n; i++)
    if (r->fibres[i].state == F_SPIN)
      r->fibres[i].state = F_RUNNABLE;
}

/* OMPICC_RECONVERGE's scope begins or ends for the calling thread. */
static void api_scope(const __ompicc_emu_site *site, int begin)
{
  EmuRunner *r = current();
  Fibre *f = r->cur;
  if (!r->lockstep)
    return;
  if (begin) {
    if (f->depth < MAX_SCOPES)
      f->scopes[f->depth] = (Scope){site, f->scopes[f->depth - 1].nchild++, 0};
    f->depth++;
    return;
  }
  if (f->depth <= 1)
    return; /* never: the image's scopes are objects */
  if (f->depth <= MAX_SCOPES) {
    f->state = F_MEET;
    r->warps[f->warp].meeting++;
    meetings_settle(r, f->warp);
    if (f->state == F_MEET)
      to_sched(r, f);
  }
  f->depth--;
}

/* The block that last won a compare-and-swap on each word (by a hash of
 * its address; a collision forgets the older word), across the blocks
 * that run at once: a word a lane of this block won may have been taken
 * by another block since, with the same value. */
enum { CAS_WINNERS = 4096 };
static struct {
  const void *addr;
  const EmuRunner *block;
} cas_winners[CAS_WINNERS];
static pthread_mutex_t cas_winners_lock = PTHREAD_MUTEX_INITIALIZER;

static unsigned cas_slot(const void *addr)
{
  return (unsigned)(((uintptr_t)addr >> 2) * 0x9E3779B1u >> 20) % CAS_WINNERS;
}

static void cas_won_by(const void *addr, const EmuRunner *r)
{
  unsigned i = cas_slot(addr);
  pthread_mutex_lock(&cas_winners_lock);
  cas_winners[i].addr = addr;
  cas_winners[i].block = r;
  pthread_mutex_unlock(&cas_winners_lock);
}

static int cas_won_elsewhere(const void *addr, const EmuRunner *r)
{
  unsigned i = cas_slot(addr);
  pthread_mutex_lock(&cas_winners_lock);
  int other = cas_winners[i].addr == addr && cas_winners[i].block != r;
  pthread_mutex_unlock(&cas_winners_lock);
  return other;
}

/* The lane of the block whose compare-and-swap last stored `value` at
 * addr, if the last one there was the block's. */
static Fibre *cas_holder(EmuRunner *r, const void *addr, unsigned long long value)
{
  if (cas_won_elsewhere(addr, r))
    return NULL;
  Fibre *h = NULL;
  for (unsigned i = 0; i < r->n; i++) {
    Fibre *f = &r->fibres[i];
    if (f->cas_addr == addr && f->cas_value == value && f->cas_stamp &&
        (!h || f->cas_stamp > h->cas_stamp))
      h = f;
  }
  return h;
}

static unsigned long long load_word(const void *addr, int size)
{
  switch (size) {
  case 2: return __atomic_load_n((const uint16_t *)addr, __ATOMIC_RELAXED);
  case 4: return __atomic_load_n((const uint32_t *)addr, __ATOMIC_RELAXED);
  default: return __atomic_load_n((const uint64_t *)addr, __ATOMIC_RELAXED);
  }
}

static void api_cas(const void *addr, unsigned long long expected, unsigned long long value,
                    int size, int won)
{
  EmuRunner *r = current();
  Fibre *f = r->cur;
  if (won) {
    if (r->lockstep) {
      f->cas_addr = addr;
      f->cas_value = value;
      f->cas_stamp = ++r->cas_stamp;
      f->misses = 0;
      cas_won_by(addr, r);
    }
    return;
  }
  if (r->lockstep) {
    /* the same miss again and again: a lane that spins, not one that
     * retries with the value it found (a lock-free update, which then
     * wins) or gives up after a few tries */
    int again = f->misses && f->miss_addr == addr && f->miss_expected == expected &&
                f->miss_found == value;
    f->misses = again ? f->misses + 1 : 1;
    f->miss_addr = addr;
    f->miss_expected = expected;
    f->miss_found = value;
    f->miss_size = size;
    Fibre *h = f->misses >= SPIN_MISSES ? cas_holder(r, addr, value) : NULL;
    if (h && h != f && h->state == F_MEET)
      f->state = F_SPIN;
  }
  to_sched(r, f); /* the thread it may wait for runs */
}

/* Nothing can run: do spinning lanes find their word changed, or its
 * holder gone on?  Then they try again. */
static int spinners_recheck(EmuRunner *r)
{
  int woke = 0;
  for (unsigned i = 0; i < r->n; i++) {
    Fibre *f = &r->fibres[i];
    if (f->state != F_SPIN)
      continue;
    Fibre *h = cas_holder(r, f->miss_addr, f->miss_found);
    if (load_word(f->miss_addr, f->miss_size) != f->miss_found || !h || h->state != F_MEET) {
      f->state = F_RUNNABLE;
      woke = 1;
    }
  }
  return woke;
}

static void *api_dynamic_shared(void) { return current()->dyn; }

static void api_trap(const char *why)
{
  EmuRunner *r = current();
  fail(r, "%s", why);
}

/* The device heap's size: CUDA's default, or what the module was told. */
static size_t heap_bytes = 8 << 20;

void emu_sched_set_heap(size_t bytes)
{
  if (bytes)
    heap_bytes = bytes;
}

static unsigned long api_heap_size(void) { return heap_bytes; }

static void api_heap_block(const void *p, unsigned long size, int live)
{
  if (live)
    emu_mem_add(p, size, EMU_MEM_HEAP, current()->grid->dev);
  else
    emu_mem_remove(p);
}

static int within(unsigned long a, unsigned long n, const void *lo, size_t size)
{
  return a >= (uintptr_t)lo && a + n <= (uintptr_t)lo + size;
}

static _Noreturn void fault_take(const EmuFault *ft);

/* The memory check: an access of the running CUDA thread outside its
 * own stack (cuda-emu.h).  Device memory, the block's shared memory (the
 * image's thread-local storage on this host thread) and dynamic shared
 * memory, the threads' state the image reads (threadIdx, ...), the
 * launch's parameters and this table pass; anything else is a fault. */
static void api_access(unsigned long a, unsigned long n, int write, const void *pc)
{
  EmuRunner *r = runner_tls;
  Fibre *f = r ? r->cur : NULL;
  if (!check.memory || !f || !r->slot || *r->slot != &f->t)
    return; /* not a CUDA thread's */
  if (within(a, n, r->tls, r->tls_size) || within(a, n, r->dyn, r->grid->dynamic_shared) ||
      within(a, n, r->grid->args, r->grid->params_size) ||
      within(a, n, r->fibres, r->cap * sizeof *r->fibres) || within(a, n, &emu_api, sizeof emu_api) ||
      emu_mem_inside(a, n, r->grid->dev))
    return;
  char here;
  EmuFault ft = {.signo = SIGSEGV, .code = SEGV_MAPERR, .access = write ? 'w' : 'r', .addr = a,
                 .pc = (uintptr_t)pc - 1, .sp = (uintptr_t)&here, .memcheck = 1, .size = n};
  emu_mem_explain(a, n, r->grid->dev, ft.words, sizeof ft.words);
  fault_take(&ft);
}

const __ompicc_emu_api emu_api = {
    OMPICC_EMU_ABI, api_barrier, api_warp, api_activemask, api_yield, api_dynamic_shared, api_trap,
    api_pass, api_heap_size, api_access, api_heap_block, api_cas, api_scope,
};

/* ------------------------------------------------------------ deadlock */

static void describe_barriers(EmuRunner *r, FILE *out)
{
  for (int id = 0; id < NBARRIERS; id++) {
    unsigned waiting = 0;
    for (unsigned i = 0; i < r->n; i++)
      waiting += r->fibres[i].state == F_BARRIER && r->fibres[i].bar == id;
    if (waiting)
      fprintf(out, ", %u wait at barrier %d%s for %u threads", waiting, id,
              id == 0 ? " (__syncthreads)" : "", r->bar[id].expected);
  }
}

static void describe_warps(EmuRunner *r, FILE *out)
{
  for (unsigned i = 0; i < r->n; i++) {
    Fibre *f = &r->fibres[i];
    if (f->state != F_WARP || f->lane != (unsigned)__builtin_ctz(f->rdv->arrived))
      continue;
    fprintf(out, ", lanes 0x%08x of warp %u wait in %s for lanes 0x%08x", f->rdv->arrived, f->warp,
            warp_op_name(f->rdv->op), f->rdv->mask & ~f->rdv->arrived);
  }
}

static const char *site_file(const __ompicc_emu_site *site)
{
  const char *slash = site && site->file ? strrchr(site->file, '/') : NULL;
  return slash ? slash + 1 : site && site->file ? site->file : "?";
}

/* Lanes waiting where their warp's paths meet, and lanes spinning for a
 * lock that one of those holds (before sm_70). */
static int describe_meetings(EmuRunner *r, FILE *out)
{
  int spin = 0;
  for (unsigned w = 0; w * WARP < r->n; w++) {
    Fibre *lanes = &r->fibres[w * WARP];
    unsigned told = 0, n = warp_lanes(r, w);
    for (unsigned l = 0; l < n; l++) {
      Fibre *a = &lanes[l];
      if (a->state != F_MEET || (told >> l & 1))
        continue;
      unsigned same = 0;
      for (unsigned k = l; k < n; k++)
        if (lanes[k].state == F_MEET && scope_relation(a, &lanes[k]) == ARRIVED)
          same |= 1u << k;
      told |= same;
      const __ompicc_emu_site *site = a->scopes[a->depth - 1].site;
      fprintf(out, ", lanes 0x%08x of warp %u wait at the end of the statement at %s:%d for "
                   "their warp-mates in it",
              same, w, site_file(site), site ? site->line : 0);
    }
    unsigned spinning = 0;
    Fibre *first = NULL;
    for (unsigned l = 0; l < n; l++)
      if (lanes[l].state == F_SPIN) {
        spinning |= 1u << l;
        first = first ? first : &lanes[l];
      }
    if (!first)
      continue;
    Fibre *h = cas_holder(r, first->miss_addr, first->miss_found);
    const __ompicc_emu_site *site =
        first->depth > 1 && first->depth <= MAX_SCOPES ? first->scopes[first->depth - 1].site : NULL;
    fprintf(out, ", lanes 0x%08x of warp %u spin for a lock", spinning, w);
    if (site)
      fprintf(out, " in the statement at %s:%d", site_file(site), site->line);
    if (h)
      fprintf(out, " (a compare-and-swap or exchange on a word that thread %u set)",
              (unsigned)(h - r->fibres));
    spin = 1;
  }
  return spin;
}

static char *deadlock(EmuRunner *r, const unsigned *bidx)
{
  char *s = NULL;
  size_t len = 0;
  FILE *out = open_memstream(&s, &len);
  if (!out)
    return NULL;
  fprintf(out, "deadlock in kernel '%s': block (%u,%u,%u) of %u threads", r->grid->kernel->name,
          bidx[0], bidx[1], bidx[2], r->n);
  describe_barriers(r, out);
  describe_warps(r, out);
  int spin = describe_meetings(r, out);
  if (r->done)
    fprintf(out, ", %u have exited", r->done);
  if (spin)
    fputs(": a lane that spins for a lock another lane of its warp holds hangs a GPU without "
          "independent thread scheduling (before sm_70), which runs one path of the warp at a "
          "time; take and release the lock in one branch (if the compare-and-swap won, do the "
          "work and release), so that the warp's paths meet with the lock free",
          out);
  fclose(out);
  return s;
}

/* ------------------------------------------------------------ faults */

/* Was a CUDA thread of this host thread running on the stack at sp? */
static int fault_owns(uintptr_t sp)
{
  EmuRunner *r = runner_tls;
  Fibre *f = r ? r->cur : NULL;
  return f && sp >= (uintptr_t)f->map && sp < (uintptr_t)f->map + f->map_size;
}

/* On the alternate stack: the fibre ends here, never resumed. */
static _Noreturn void fault_take(const EmuFault *ft)
{
  EmuRunner *r = runner_tls;
  Fibre *f = r->cur;
  r->fault = *ft;
  r->fault.overflow = ft->sp < (uintptr_t)f->stack ||
                      (ft->addr >= (uintptr_t)f->map && ft->addr < (uintptr_t)f->stack);
  for (unsigned i = 0; i < r->n && (check.local || ft->memcheck); i++) {
    Fibre *o = &r->fibres[i];
    if (o != f && ft->addr >= (uintptr_t)o->stack && ft->addr < (uintptr_t)o->stack + o->stack_size)
      r->fault.other_local = (int)i + 1;
  }
  r->faulted = f;
  to_sched(r, f);
  abort();
}

static const EmuFaultHook fault_hook = {fault_owns, fault_take};

void emu_sched_catch_faults(void) { faults_caught = emu_fault_catch(&fault_hook); }

/* An alternate signal stack for this host thread, where the handler runs
 * when a fibre's own stack is what overflowed: the thread's own if it has
 * one, else one of the module's, kept for the thread's life (setting it
 * around each block would cost two system calls per block). */
static void alt_stack_ensure(EmuRunner *r)
{
  stack_t now;
  if (!faults_caught || r->alt_ready || sigaltstack(NULL, &now) != 0)
    return;
  if (!(now.ss_flags & SS_DISABLE) && now.ss_size >= EMU_FAULT_ALT_STACK) {
    r->alt_ready = 1;
    return;
  }
  char *m = mmap(NULL, EMU_FAULT_ALT_STACK, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                 -1, 0);
  stack_t ss = {.ss_sp = m, .ss_flags = 0, .ss_size = EMU_FAULT_ALT_STACK};
  if (m == MAP_FAILED)
    return;
  if (sigaltstack(&ss, NULL) != 0) {
    munmap(m, EMU_FAULT_ALT_STACK);
    return;
  }
  r->alt = m;
  r->alt_ready = 1;
}

/* The fault's message, and the scheduler ready for the next block. */
static char *fault_message(EmuRunner *r)
{
  char *s = emu_fault_describe(&r->fault, r->grid->kernel->name, (const void *)r->grid->kernel->fn,
                               &r->faulted->t, r->faulted->stack_size);
  memset(&r->fault, 0, sizeof r->fault);
  r->faulted = NULL;
  return s;
}

/* ------------------------------------------------------------ blocks */

/* The order of the next round (OMPICC_EMU_CHECK=order): last to first, or
 * a permutation drawn with xorshift64* from the block's seed. */
static void round_order(EmuRunner *r)
{
  for (unsigned i = 0; i < r->n; i++)
    r->order[i] = r->n - 1 - i;
  if (check.order != ORDER_RANDOM)
    return;
  for (unsigned i = r->n - 1; i > 0; i--) {
    r->rng ^= r->rng >> 12;
    r->rng ^= r->rng << 25;
    r->rng ^= r->rng >> 27;
    unsigned j = (unsigned)((r->rng * 0x2545F4914F6CDD1DULL >> 32) % (i + 1));
    unsigned t = r->order[i];
    r->order[i] = r->order[j];
    r->order[j] = t;
  }
}

/* Before sm_70, after a lane of warp w stopped: the meetings it ends,
 * then the lanes it lets converge at __activemask. */
static void settle_lanes(EmuRunner *r, unsigned w)
{
  meetings_settle(r, w);
  converge(r, w);
}

/* Has another block of the launch failed? */
static int stopped(const EmuRunner *r)
{
  return r->grid->stop && __atomic_load_n(r->grid->stop, __ATOMIC_RELAXED);
}

/* Rounds over the fibres in the order OMPICC_EMU_CHECK=order asks for
 * until all exit; a round in which none can run is a deadlock. */
static int run_fibres_reordered(EmuRunner *r)
{
  while (r->done < r->n && !r->error && !r->fault.signo && !stopped(r)) {
    int ran = 0;
    round_order(r);
    for (unsigned k = 0; k < r->n && !r->error && !r->fault.signo; k++) {
      Fibre *f = &r->fibres[r->order[k]];
      if (f->state != F_RUNNABLE)
        continue;
      to_fibre(r, f);
      ran = 1;
      if (r->lockstep)
        settle_lanes(r, f->warp);
      /* lanes that converged (before sm_70) go on together, in lane
       * order, whatever the round's order */
      while (r->resume && !r->error && !r->fault.signo) {
        unsigned l = r->resume - 1, end = (l / WARP + 1) * WARP;
        r->resume = 0;
        for (; l < end && l < r->n; l++)
          if (r->fibres[l].state == F_RUNNABLE) {
            to_fibre(r, &r->fibres[l]);
            settle_lanes(r, l / WARP);
          }
      }
    }
    if (!ran && !(r->lockstep && spinners_recheck(r)))
      return -1;
  }
  return r->error || r->fault.signo || r->done < r->n ? -1 : 0;
}

/* Round robin over the fibres until all exit; a whole round in which
 * none can run is a deadlock. */
static int run_fibres(EmuRunner *r)
{
  if (check.order != ORDER_FIRST)
    return run_fibres_reordered(r);
  unsigned i = 0, idle = 0;
  while (r->done < r->n && !r->error && !r->fault.signo) {
    if (i == 0 && stopped(r))
      return -1;
    Fibre *f = &r->fibres[i];
    if (f->state == F_RUNNABLE) {
      to_fibre(r, f);
      if (r->lockstep)
        settle_lanes(r, f->warp); /* f stopped: its warp-mates may be together */
      idle = 0;
    } else if (++idle > r->n) {
      if (!(r->lockstep && spinners_recheck(r)))
        return -1;
      idle = 0;
    }
    if (r->resume) {
      i = r->resume - 1;
      r->resume = 0;
    } else if (++i == r->n) {
      i = 0;
    }
  }
  return r->error || r->fault.signo ? -1 : 0;
}

/* Race mode: ThreadSanitizer's reports name the CUDA thread. */
static void fibre_name(Fibre *f, const EmuGrid *g)
{
  char name[96];
  const __ompicc_emu_thread *t = &f->t;
  snprintf(name, sizeof name, "thread (%u,%u,%u) of block (%u,%u,%u) of kernel %s",
           t->thread_idx.x, t->thread_idx.y, t->thread_idx.z, t->block_idx.x, t->block_idx.y,
           t->block_idx.z, g->kernel->name);
  __tsan_set_fiber_name(f->tsan, name);
}

static void block_setup(EmuRunner *r, const EmuGrid *g, const unsigned *bidx)
{
  const unsigned *bd = g->block;
  for (unsigned i = 0; i < r->n; i++) {
    Fibre *f = &r->fibres[i];
    f->t.thread_idx = (__ompicc_emu_uint3){i % bd[0], i / bd[0] % bd[1], i / (bd[0] * bd[1])};
    f->t.block_idx = (__ompicc_emu_uint3){bidx[0], bidx[1], bidx[2]};
    f->t.block_dim = (__ompicc_emu_uint3){bd[0], bd[1], bd[2]};
    f->t.grid_dim = (__ompicc_emu_uint3){g->grid[0], g->grid[1], g->grid[2]};
    f->lane = i % WARP;
    f->warp = i / WARP;
    f->state = F_RUNNABLE;
    f->slept = 0;
    f->fake = NULL;
    f->depth = 1;
    f->scopes[0] = (Scope){NULL, 0, 0};
    f->cas_addr = NULL;
    f->cas_stamp = 0;
    f->misses = 0;
    if (check.race && __tsan_set_fiber_name)
      fibre_name(f, g);
    if (__asan_unpoison_memory_region)
      __asan_unpoison_memory_region(f->stack, f->stack_size);
    stack_open(f, 1);
    ctx_make(&f->ctx, f->stack, f->stack_size, fibre_main);
    stack_open(f, 0);
  }
  for (unsigned w = 0; w < (r->n + WARP - 1) / WARP; w++) {
    unsigned lanes = r->n - w * WARP;
    r->warps[w].live = lanes >= WARP ? ~0u : (1u << lanes) - 1;
    r->warps[w].meeting = 0;
    for (int i = 0; i < WARP; i++)
      r->warps[w].rdv[i].mask = 0;
  }
  memset(r->bar, 0, sizeof r->bar);
  r->lockstep = g->kernel->arch < 70;
  r->cas_stamp = 0;
  r->resume = 0;
  r->done = 0;
}

static int dynamic_shared(EmuRunner *r, size_t n)
{
  if (n <= r->dyn_size)
    return 0;
  void *p = realloc(r->dyn, n);
  if (!p)
    return -1;
  r->dyn = p;
  r->dyn_size = n;
  return 0;
}

int emu_run_block(const EmuGrid *g, unsigned long linear, char **why)
{
  pthread_once(&check_once, check_read);
  if (check.error) {
    *why = strdup(check.error);
    return -1;
  }
  EmuRunner *r = runner_get();
  unsigned n = g->block[0] * g->block[1] * g->block[2];
  if (!r || runner_reserve(r, n) != 0 || dynamic_shared(r, g->dynamic_shared) != 0) {
    *why = strdup("no host memory for the fibres of a block");
    return -1;
  }
  unsigned bidx[3] = {(unsigned)(linear % g->grid[0]), (unsigned)(linear / g->grid[0] % g->grid[1]),
                      (unsigned)(linear / ((unsigned long)g->grid[0] * g->grid[1]))};
  r->grid = g;
  r->n = n;
  r->slot = g->kernel->slot();
  if (check.memory && !g->kernel->memcheck) {
    *why = strdup("OMPICC_EMU_CHECK=memory: the kernel image was not built for the memory check "
                  "(build the program with ompicc --emu-check=memory)");
    return -1;
  }
  /* the block's shared memory, static (the image's thread-local storage
   * on this host thread, which slot() made exist) and dynamic, whose
   * bytes a block would find as the last block here left them; a GPU's shared memory holds no value the
   * block can count on either, so it is filled with the bytes that fresh
   * device memory gets (0xA5), and code that reads what it did not write
   * there goes wrong here as it may on a GPU */
  r->tls = NULL;
  if (dlinfo(g->kernel->image, RTLD_DI_TLS_DATA, &r->tls) != 0)
    r->tls = NULL;
  r->tls_size = r->tls ? g->kernel->tls_size : 0;
  if (r->tls) {
    memset(r->tls, 0xa5, r->tls_size);
    *r->slot = NULL;
  }
  memset(r->dyn, 0xa5, g->dynamic_shared);
  free(r->error);
  r->error = NULL;
  block_setup(r, g, bidx);
  alt_stack_ensure(r);
  r->rng = (check.seed ^ (linear + 1) * 0x9E3779B97F4A7C15ULL) | 1;
  race_release(&r->started);
  int rc = run_fibres(r);
  race_acquire(&r->ended);
  *r->slot = NULL;
  r->cur = NULL;
  if (rc == 0)
    return 0;
  if (r->fault.signo) {
    *why = fault_message(r);
  } else if (r->error) {
    *why = r->error;
    r->error = NULL;
  } else if (stopped(r)) {
    *why = strdup("stopped: another block of the launch failed");
  } else {
    *why = deadlock(r, bidx);
  }
  return -1;
}
