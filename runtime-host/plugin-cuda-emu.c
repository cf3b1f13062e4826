/* plugin-cuda-emu.c - the cuda-emu device module (ompicc-cuda-emu.so): a
 * device that runs the generated CUDA kernels on the CPU.  It implements
 * plugin.h for images of kind OMPICC_IMAGE_CUDA_EMU_SO: the kernel file
 * built by the host C++ compiler against devlib-cuda/cuda-emu.h.
 *
 *  - Device memory is the module's own heap allocations, apart from the
 *    program's variables, so a missing map shows as it would on a GPU;
 *    fresh allocations are filled with 0xA5 bytes (not zeros) to make
 *    reads of never-copied data visible.  Device addresses are the
 *    allocations' addresses: kernels dereference them directly.
 *  - An image is written to a memfd and opened with dlopen through
 *    /proc/<pid>/fd/<n> (a path a debugger can also read), or opened from
 *    its file when the core gives only its name.  Its ELF headers are
 *    checked against its size first: dlopen of a truncated file dies of
 *    SIGBUS.  Kernel K is called through its trampoline K__emu(void **args).
 *  - OMPICC_EMU_DEVICES=N: N devices.  An allocation belongs to the device
 *    that made it; each device loads its own copy of an image (a memfd
 *    of its own, which dlopen does not share), so declare target
 *    variables are per device.
 *  - A launch runs the grid's blocks on the calling thread and on a pool
 *    of host threads (at most the number of cores, OMPICC_EMU_THREADS to
 *    choose fewer), each block on one host thread (emu-sched.c); a CUDA
 *    thread's fault fails the launch with its place (emu-fault.c).
 *    Operations are synchronous: queues are placeholders.
 *  - Host memory registration (host_pin) keeps the driver's rules that
 *    matter to the core: registrations of overlapping pages are refused,
 *    unpinning takes the registered address, and a registration with a
 *    device address maps the host bytes for kernels (here: the same
 *    address).  OMPICC_EMU_INTEGRATED=1 makes the device say it shares
 *    the host's memory, as a Jetson does (compute capability 7.2), so the
 *    core's zero-copy policy for integrated GPUs runs in CI.
 *  - Every range of device memory is recorded (emu-memcheck.h:
 *    allocations, registered host memory, the images' segments): a copy
 *    must lie inside one, as the CUDA driver requires, instead of writing
 *    past an allocation into the host's heap.  Under OMPICC_EMU_CHECK=memory
 *    kernels' accesses are checked against them too, each allocation has
 *    EMU_MEM_REDZONE bytes after it that belong to none, and the device
 *    does not reach the host's pageable memory (no unified shared memory),
 *    as a discrete GPU does not.
 *  - Architecture modes: a kernel runs as the GPU architecture its image
 *    was built for (__ompicc_emu_arch, the oldest of ompicc's --cuda-arch),
 *    or the one OMPICC_EMU_ARCH=sm_NN names; below sm_70 a warp's lanes do
 *    not run independently (emu-sched.c).  As on a GPU, an image built
 *    for sm_70 or later cannot run as an older one.
 *
 * Implements, for OpenMP 5.2 section 13 (device constructs), what a
 * device must provide the runtime: memory, transfers, kernel launches.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <link.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "emu-memcheck.h"
#include "emu-sched.h"
#include "plugin.h"

#define MAX_THREADS_PER_BLOCK 1024
#define SHARED_PER_BLOCK (48u << 10)

static const OmpiccPluginHost *host;

/* ------------------------------------------------------------ memory */

/* Live allocations, so that free() of a foreign address is an error and
 * fini() frees what the program left.
 *
 * Freed blocks wait in `spare` (SPARE_MAX of them, most recent first) for
 * the next allocation of the same size on the same device, which gets the
 * address just freed, as it does from the CUDA driver's allocator: a
 * program that still writes through a device address after its mapping
 * ended (a device pointer the region copied back) then writes where a GPU
 * would, into device memory, and not into the host heap that device
 * memory comes from here, whose corruption would stop the program far
 * from its cause. */
typedef struct Alloc {
  void *p;
  size_t size;
  int dev;
  struct Alloc *next, *prev; /* allocs (doubly linked), or spare (next only) */
} Alloc;

#define SPARE_MAX 16

static pthread_mutex_t mem_lock = PTHREAD_MUTEX_INITIALIZER;
static Alloc *allocs, *spare;
static int nspare;

/* A spare block of size bytes of device dev, taken out, or NULL.
 * Caller holds mem_lock. */
static Alloc *take_spare(int dev, size_t size)
{
  for (Alloc **pa = &spare; *pa; pa = &(*pa)->next)
    if ((*pa)->dev == dev && (*pa)->size == size) {
      Alloc *a = *pa;
      *pa = a->next;
      nspare--;
      return a;
    }
  return NULL;
}

/* Under the memory check, device memory is the arena's (emu-memcheck.h):
 * the host cannot touch it outside the device's own operations, and a
 * freed block's addresses are not given again. */
static int in_arena(const void *p) { return emu_arena_contains((uintptr_t)p); }

static int emu_alloc(int dev, size_t size, uint64_t *addr)
{
  int checked = emu_sched_check_memory();
  Alloc *a = NULL;
  if (!checked) {
    pthread_mutex_lock(&mem_lock);
    a = take_spare(dev, size);
    pthread_mutex_unlock(&mem_lock);
  }
  void *p = a ? a->p : checked ? emu_arena_alloc(size + EMU_MEM_REDZONE) : NULL;
  if (!p)
    p = malloc(size + (checked ? EMU_MEM_REDZONE : !size));
  if (!a)
    a = malloc(sizeof *a);
  if (!a || !p) {
    free(a);
    if (!in_arena(p))
      free(p);
    host->detail("out of memory allocating %zu bytes on cuda-emu", size);
    return 1;
  }
  if (checked)
    emu_arena_open();
  memset(p, 0xa5, size);
  if (checked)
    emu_arena_close();
  a->p = p;
  a->size = size;
  a->dev = dev;
  pthread_mutex_lock(&mem_lock);
  a->prev = NULL;
  a->next = allocs;
  if (allocs)
    allocs->prev = a;
  allocs = a;
  pthread_mutex_unlock(&mem_lock);
  emu_mem_add_owned(p, size, EMU_MEM_ALLOC, dev, a); /* emu_free finds a by p */
  *addr = (uint64_t)(uintptr_t)p;
  return 0;
}

static int emu_free(int dev, uint64_t addr)
{
  void *p = (void *)(uintptr_t)addr;
  Alloc *a = emu_mem_owner(p);
  if (a && a->dev != dev) {
    host->detail("freeing 0x%llx on device %d, but it is an allocation of cuda-emu device %d",
                 (unsigned long long)addr, dev, a->dev);
    return 1;
  }
  if (!a || emu_mem_remove(p) != a) { /* none, or another thread's free came first */
    host->detail("freeing 0x%llx, which is not a cuda-emu allocation", (unsigned long long)addr);
    return 1;
  }
  pthread_mutex_lock(&mem_lock);
  if (a->prev)
    a->prev->next = a->next;
  else
    allocs = a->next;
  if (a->next)
    a->next->prev = a->prev;
  pthread_mutex_unlock(&mem_lock);
  if (in_arena(a->p)) { /* its addresses stay unused */
    emu_arena_free(a->p, a->size + EMU_MEM_REDZONE);
    free(a);
    return 0;
  }
  pthread_mutex_lock(&mem_lock);
  a->next = spare;
  spare = a;
  Alloc *oldest = NULL;
  if (++nspare > SPARE_MAX) {
    Alloc **pa = &spare;
    while ((*pa)->next)
      pa = &(*pa)->next;
    oldest = *pa;
    *pa = NULL;
    nspare--;
  }
  pthread_mutex_unlock(&mem_lock);
  if (oldest) {
    free(oldest->p);
    free(oldest);
  }
  return 0;
}

/* A copy's device range must lie in one piece of the device's memory, as
 * the CUDA driver requires (CUDA_ERROR_INVALID_VALUE otherwise): here a
 * copy past an allocation's end would write the host's heap. */
static int device_range(int dev, uint64_t addr, size_t n, const char *what)
{
  if (n == 0 || emu_mem_inside((uintptr_t)addr, n, dev))
    return 0;
  char words[320];
  emu_mem_explain((uintptr_t)addr, n, dev, words, sizeof words);
  host->detail("copying %zu bytes %s device address 0x%llx of cuda-emu device %d: %s", n, what,
               (unsigned long long)addr, dev, words);
  return 1;
}

static int emu_copy_to(int dev, uint64_t dst, const void *src, size_t n, void *queue)
{
  if (device_range(dev, dst, n, "to"))
    return 1;
  emu_arena_open();
  memcpy((void *)(uintptr_t)dst, src, n);
  emu_arena_close();
  return 0;
}

static int emu_copy_from(int dev, void *dst, uint64_t src, size_t n, void *queue)
{
  if (device_range(dev, src, n, "from"))
    return 1;
  emu_arena_open();
  memcpy(dst, (const void *)(uintptr_t)src, n);
  emu_arena_close();
  return 0;
}

static int emu_copy_within(int dev, uint64_t dst, uint64_t src, size_t n, void *queue)
{
  if (device_range(dev, src, n, "from") || device_range(dev, dst, n, "to"))
    return 1;
  emu_arena_open();
  memmove((void *)(uintptr_t)dst, (const void *)(uintptr_t)src, n);
  emu_arena_close();
  return 0;
}

/* Registered host ranges, whole pages [lo, hi). */
typedef struct Pin {
  uintptr_t lo, hi;
  void *p; /* as given to host_pin */
  struct Pin *next;
} Pin;

static Pin *pins;

static int emu_host_pin(int dev, void *p, size_t n, uint64_t *device_addr)
{
  uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
  uintptr_t lo = (uintptr_t)p / page * page, hi = ((uintptr_t)p + n + page - 1) / page * page;
  pthread_mutex_lock(&mem_lock);
  for (Pin *q = pins; q; q = q->next)
    if (q->lo < hi && lo < q->hi) {
      pthread_mutex_unlock(&mem_lock);
      host->detail("registering %zu bytes at %p: pages already registered (at %p)", n, p, q->p);
      return 1;
    }
  Pin *q = malloc(sizeof *q);
  if (!q) {
    pthread_mutex_unlock(&mem_lock);
    host->detail("out of memory registering %zu bytes at %p", n, p);
    return 1;
  }
  *q = (Pin){lo, hi, p, pins};
  pins = q;
  pthread_mutex_unlock(&mem_lock);
  emu_mem_add(p, n, EMU_MEM_PINNED, dev);
  if (device_addr)
    *device_addr = (uint64_t)(uintptr_t)p;
  host->trace("cuda-emu: registered %zu bytes at %p%s", n, p, device_addr ? " (mapped)" : "");
  return 0;
}

static int emu_host_unpin(int dev, void *p)
{
  pthread_mutex_lock(&mem_lock);
  for (Pin **pq = &pins; *pq; pq = &(*pq)->next)
    if ((*pq)->p == p) {
      Pin *q = *pq;
      *pq = q->next;
      pthread_mutex_unlock(&mem_lock);
      emu_mem_remove(p);
      free(q);
      host->trace("cuda-emu: unregistered %p", p);
      return 0;
    }
  pthread_mutex_unlock(&mem_lock);
  host->detail("unregistering %p, which is not registered", p);
  return 1;
}

/* Synchronous device: a queue is only a non-null token. */
static int emu_queue_create(int dev, void **queue)
{
  static char token;
  *queue = &token;
  return 0;
}

static int emu_queue_nop(int dev, void *queue) { return 0; }

/* ------------------------------------------------------------ images */

typedef struct Image {
  void *handle;
  int fd; /* the memfd of an embedded image, or -1 */
  int arch; /* the architecture its kernels run as (53: sm_53) */
  int memcheck; /* built for the memory check (OMPICC_EMU_MEMCHECK_MARK) */
  size_t tls_size; /* its thread-local storage: the __shared__ variables */
  uintptr_t segments[8]; /* memory check: its recorded segments */
  int nsegments;
  __ompicc_emu_slot_fn slot;
  EmuKernel *kernels;
  struct Image *next;
} Image;

static pthread_mutex_t image_lock = PTHREAD_MUTEX_INITIALIZER;
static Image *images;

/* An embedded image as a file only this process sees. */
static int image_memfd(const OmpiccImage *img, char **path)
{
  const char *base = img->file ? strrchr(img->file, '/') : NULL;
  base = base ? base + 1 : img->file ? img->file : "ompicc-emu-image";
  int fd = memfd_create(base, MFD_CLOEXEC);
  if (fd < 0)
    return -1;
  const char *p = img->bytes;
  for (size_t left = img->size; left;) {
    ssize_t w = write(fd, p, left);
    if (w < 0 && errno == EINTR)
      continue;
    if (w <= 0) {
      close(fd);
      return -1;
    }
    p += w;
    left -= (size_t)w;
  }
  if (asprintf(path, "/proc/%d/fd/%d", (int)getpid(), fd) < 0) {
    close(fd);
    return -1;
  }
  return fd;
}

/* Separate-file mode: a bare name lives beside the executable. */
static char *image_path(const char *file)
{
  char *s = NULL;
  if (strchr(file, '/'))
    return strdup(file);
  char exe[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n <= 0)
    return strdup(file);
  exe[n] = 0;
  *strrchr(exe, '/') = 0;
  if (asprintf(&s, "%s/%s", exe, file) < 0)
    return NULL;
  return s;
}

/* OMPICC_EMU_ARCH: "sm_53" (or "53") gives 53; unset gives 0, a value
 * that is no architecture -1. */
static int arch_env(void)
{
  const char *s = getenv("OMPICC_EMU_ARCH");
  if (!s || !*s)
    return 0;
  if (!strncmp(s, "sm_", 3))
    s += 3;
  char *end;
  long v = strtol(s, &end, 10);
  return *end || end == s || v < 10 || v > 999 ? -1 : (int)v;
}

/* The architecture the image's kernels run as: OMPICC_EMU_ARCH, else the
 * image's own.  An image built for independent thread scheduling has the
 * device library's sm_70 path compiled in, which no older GPU runs. */
static int image_arch(Image *im, const char *path)
{
  __ompicc_emu_arch_fn built = (__ompicc_emu_arch_fn)dlsym(im->handle, OMPICC_EMU_ARCH_FN);
  int own = built ? built() : 70, want = arch_env();
  if (want < 0) {
    host->detail("OMPICC_EMU_ARCH='%s' is not an architecture such as sm_53 or sm_75",
                 getenv("OMPICC_EMU_ARCH"));
    return 1;
  }
  if (want && want < 70 && own >= 70) {
    host->detail("%s was built for sm_%d and cannot run as sm_%d (OMPICC_EMU_ARCH): build it "
                 "with --cuda-arch=sm_%d",
                 path, own, want, want);
    return 1;
  }
  im->arch = want ? want : own;
  return 0;
}

/* The image's loaded segments and thread-local storage (its program
 * headers, found among the loaded objects by its base address). */
typedef struct Segments {
  uintptr_t base;
  Image *im;
  int dev, found;
} Segments;

static int segments_of(struct dl_phdr_info *info, size_t size, void *data)
{
  Segments *g = data;
  (void)size;
  if (info->dlpi_addr != g->base || g->found)
    return 0;
  g->found = 1;
  Image *im = g->im;
  for (int i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    if (ph->p_type == PT_TLS)
      im->tls_size = ph->p_memsz;
    if (ph->p_type == PT_LOAD &&
        im->nsegments < (int)(sizeof im->segments / sizeof *im->segments)) {
      uintptr_t lo = info->dlpi_addr + ph->p_vaddr;
      emu_mem_add((void *)lo, ph->p_memsz, EMU_MEM_IMAGE, g->dev);
      im->segments[im->nsegments++] = lo;
    }
  }
  return 1;
}

static void image_segments(Image *im, int dev)
{
  struct link_map *lm = NULL;
  if (dlinfo(im->handle, RTLD_DI_LINKMAP, &lm) != 0 || !lm)
    return;
  Segments g = {lm->l_addr, im, dev, 0};
  dl_iterate_phdr(segments_of, &g);
}

static void image_segments_forget(Image *im)
{
  for (int i = 0; i < im->nsegments; i++)
    emu_mem_remove((void *)im->segments[i]);
  im->nsegments = 0;
}

static int image_bind(Image *im, const char *path, int dev)
{
  __ompicc_emu_bind_fn bind = (__ompicc_emu_bind_fn)dlsym(im->handle, OMPICC_EMU_BIND);
  im->slot = (__ompicc_emu_slot_fn)dlsym(im->handle, OMPICC_EMU_SLOT);
  if (!bind || !im->slot) {
    host->detail("%s is not a kernel image for cuda-emu (no %s: built without -DOMPICC_CUDA_EMU?)",
                 path, OMPICC_EMU_BIND);
    return 1;
  }
  int abi = bind(&emu_api);
  if (abi != OMPICC_EMU_ABI) {
    host->detail("%s was built for cuda-emu ABI %d, this module speaks %d", path, abi,
                 OMPICC_EMU_ABI);
    return 1;
  }
  im->memcheck = dlsym(im->handle, OMPICC_EMU_MEMCHECK_MARK) != NULL;
  image_segments(im, dev);
  return image_arch(im, path);
}

/* The image's name in messages: its file, in separate-file mode. */
static const char *image_name(const OmpiccImage *img)
{
  return img->file ? img->file : "embedded in the program";
}

/* The machine of this module's own ELF header, the one images need. */
static int own_machine(void)
{
  Dl_info di;
  if (!dladdr((void *)own_machine, &di) || !di.dli_fbase)
    return EM_NONE;
  return ((const ElfW(Ehdr) *)di.dli_fbase)->e_machine;
}

/* The bytes a part of the ELF file at `off` of `size` bytes needs (all
 * of them when the numbers overflow). */
static uint64_t elf_end(uint64_t off, uint64_t size)
{
  return off + size < off ? UINT64_MAX : off + size;
}

/* Is the image a whole shared object for this machine?  dlopen maps a
 * truncated one and dies of SIGBUS touching what is missing, so the
 * headers' offsets are checked against the size first. */
static int image_check(const OmpiccImage *img)
{
  const unsigned char *b = img->bytes;
  const ElfW(Ehdr) *eh = img->bytes;
  uint64_t need = sizeof *eh;
  if (img->size >= 4 && memcmp(b, ELFMAG, SELFMAG) != 0)
    return host->detail("the cuda-emu image %s is not a shared object (no ELF header); "
                        "rebuild it with ompicc --devices=cuda-emu", image_name(img)), 1;
  if (img->size >= sizeof *eh) {
    if (eh->e_ident[EI_CLASS] != (sizeof(void *) == 8 ? ELFCLASS64 : ELFCLASS32) ||
        eh->e_machine != own_machine())
      return host->detail("the cuda-emu image %s was built for another machine", image_name(img)), 1;
    need = elf_end(eh->e_phoff, (uint64_t)eh->e_phnum * eh->e_phentsize);
    if (need <= img->size)
      for (int i = 0; i < eh->e_phnum; i++) {
        const ElfW(Phdr) *ph = (const ElfW(Phdr) *)(b + eh->e_phoff + (size_t)i * eh->e_phentsize);
        uint64_t end = elf_end(ph->p_offset, ph->p_filesz);
        need = end > need ? end : need;
      }
    uint64_t sh = elf_end(eh->e_shoff, (uint64_t)eh->e_shnum * eh->e_shentsize);
    need = sh > need ? sh : need;
  }
  if (need <= img->size)
    return 0;
  host->detail("the cuda-emu image %s is truncated: %lu bytes, its ELF headers describe %llu; "
               "rebuild it with ompicc --devices=cuda-emu", image_name(img), img->size,
               (unsigned long long)need);
  return 1;
}

static int emu_load_image(int dev, const OmpiccImage *img, void **module)
{
  if (img->bytes && image_check(img) != 0)
    return 1;
  Image *im = calloc(1, sizeof *im);
  char *path = NULL;
  if (!im)
    return host->detail("out of memory"), 1;
  im->fd = -1;
  if (img->bytes)
    im->fd = image_memfd(img, &path);
  else if (img->file)
    path = image_path(img->file);
  if (!path) {
    host->detail("cannot write the cuda-emu image %s: %s", img->file ? img->file : "", strerror(errno));
    return free(im), 1;
  }
  im->handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!im->handle || image_bind(im, path, dev) != 0) {
    if (!im->handle)
      host->detail("cannot load the cuda-emu image %s: %s", image_name(img), dlerror());
    image_segments_forget(im);
    if (im->handle)
      dlclose(im->handle);
    if (im->fd >= 0)
      close(im->fd);
    free(path);
    return free(im), 1;
  }
  host->trace("cuda-emu: loaded %s", path);
  free(path);
  pthread_mutex_lock(&image_lock);
  im->next = images;
  images = im;
  pthread_mutex_unlock(&image_lock);
  *module = im;
  return 0;
}

static int emu_get_kernel(int dev, void *module, const char *name, void **kernel,
                          OmpiccKernelInfo *info)
{
  Image *im = module;
  char *sym = NULL;
  if (asprintf(&sym, "%s%s", name, OMPICC_EMU_TRAMPOLINE) < 0)
    return host->detail("out of memory"), 1;
  void (*fn)(void **) = (void (*)(void **))dlsym(im->handle, sym);
  free(sym);
  EmuKernel *k = fn ? calloc(1, sizeof *k) : NULL;
  if (!k || !(k->name = strdup(name))) {
    free(k);
    host->detail(fn ? "out of memory" : "no kernel '%s' (nor its trampoline) in the cuda-emu image",
                 name);
    return 1;
  }
  k->fn = fn;
  k->arch = im->arch;
  k->image = im->handle;
  k->tls_size = im->tls_size;
  k->memcheck = im->memcheck;
  if (asprintf(&sym, "%s%s", name, OMPICC_EMU_COPY) >= 0) {
    k->copy = (size_t (*)(void **, void *, size_t))dlsym(im->handle, sym);
    free(sym);
  }
  k->slot = im->slot;
  pthread_mutex_lock(&image_lock);
  k->next = im->kernels;
  im->kernels = k;
  pthread_mutex_unlock(&image_lock);
  *kernel = k;
  if (info)
    *info = (OmpiccKernelInfo){0, MAX_THREADS_PER_BLOCK, 0};
  return 0;
}

/* A declare target variable: a global of the image, its size from the
 * symbol table. */
static int emu_get_global(int dev, void *module, const char *name, uint64_t *addr, size_t *size)
{
  Image *im = module;
  void *p = dlsym(im->handle, name);
  Dl_info di;
  const ElfW(Sym) *sym = NULL;
  if (!p) {
    host->detail("no device variable '%s' in the cuda-emu image", name);
    return 1;
  }
  *addr = (uint64_t)(uintptr_t)p;
  if (size)
    *size = dladdr1(p, &di, (void **)&sym, RTLD_DL_SYMENT) && sym ? sym->st_size : 0;
  return 0;
}

/* ------------------------------------------------------------ launches */

/* The work of one launch, shared by the host threads that run it. */
typedef struct Job {
  EmuGrid grid;
  unsigned long nblocks;
  unsigned long next; /* atomic: the next block to run */
  int failed;         /* atomic */
  char *why;          /* the first failure, under its lock */
  pthread_mutex_t lock;
} Job;

static void job_run(Job *j)
{
  for (;;) {
    unsigned long b = __atomic_fetch_add(&j->next, 1, __ATOMIC_RELAXED);
    if (b >= j->nblocks || __atomic_load_n(&j->failed, __ATOMIC_RELAXED))
      return;
    char *why = NULL;
    if (emu_run_block(&j->grid, b, &why) == 0)
      continue;
    pthread_mutex_lock(&j->lock);
    if (!j->failed) {
      j->why = why;
      why = NULL;
      __atomic_store_n(&j->failed, 1, __ATOMIC_RELAXED);
    }
    pthread_mutex_unlock(&j->lock);
    free(why);
  }
}

/* The pool: workers run the current job, then wait for the next one. */
static struct {
  pthread_mutex_t lock, busy; /* busy: a launch owns the pool */
  pthread_cond_t wake, done;
  pthread_t *threads;
  int nthreads, running, stop;
  unsigned long generation;
  Job *job;
} pool = {.lock = PTHREAD_MUTEX_INITIALIZER, .busy = PTHREAD_MUTEX_INITIALIZER,
          .wake = PTHREAD_COND_INITIALIZER, .done = PTHREAD_COND_INITIALIZER};

static void *worker(void *arg)
{
  unsigned long seen = 0;
  pthread_mutex_lock(&pool.lock);
  for (;;) {
    while (!pool.stop && pool.generation == seen)
      pthread_cond_wait(&pool.wake, &pool.lock);
    if (pool.stop)
      break;
    seen = pool.generation;
    Job *j = pool.job;
    pthread_mutex_unlock(&pool.lock);
    job_run(j);
    pthread_mutex_lock(&pool.lock);
    if (--pool.running == 0)
      pthread_cond_signal(&pool.done);
  }
  pthread_mutex_unlock(&pool.lock);
  return arg;
}

/* Host threads for blocks: the cores this process may use, or
 * OMPICC_EMU_THREADS when it asks for fewer. */
static int host_threads(void)
{
  cpu_set_t set;
  int n = sched_getaffinity(0, sizeof set, &set) == 0 ? CPU_COUNT(&set) : 1;
  const char *s = getenv("OMPICC_EMU_THREADS");
  int want = s ? atoi(s) : 0;
  if (want > 0 && want < n)
    n = want;
  return n > 0 ? n : 1;
}

/* Workers beside the launching thread, started on the first launch with
 * more than one block. */
static void pool_start(void)
{
  int n = host_threads() - 1;
  if (pool.threads || n <= 0)
    return;
  pool.threads = calloc((size_t)n, sizeof *pool.threads);
  for (int i = 0; pool.threads && i < n; i++)
    if (pthread_create(&pool.threads[i], NULL, worker, NULL) == 0)
      pool.nthreads++;
}

static void pool_run(Job *j)
{
  pthread_mutex_lock(&pool.lock);
  pool_start();
  pool.job = j;
  pool.running = pool.nthreads;
  pool.generation++;
  pthread_cond_broadcast(&pool.wake);
  pthread_mutex_unlock(&pool.lock);
  job_run(j);
  pthread_mutex_lock(&pool.lock);
  while (pool.running > 0)
    pthread_cond_wait(&pool.done, &pool.lock);
  pool.job = NULL;
  pthread_mutex_unlock(&pool.lock);
}

static int geometry_check(const OmpiccLaunch *g, const char *name)
{
  unsigned long threads = (unsigned long)g->block[0] * g->block[1] * g->block[2];
  if (!threads || !g->grid[0] || !g->grid[1] || !g->grid[2]) {
    host->detail("kernel '%s' launched with an empty grid or block", name);
    return 1;
  }
  if (g->grid[0] > 0x7fffffffu || g->grid[1] > 65535 || g->grid[2] > 65535) {
    /* CUDA's limits on a grid (compute capability 3.0 and later) */
    host->detail("kernel '%s': a grid of %ux%ux%u blocks exceeds the device's limit of "
                 "2147483647x65535x65535", name, g->grid[0], g->grid[1], g->grid[2]);
    return 1;
  }
  if (threads > MAX_THREADS_PER_BLOCK || g->block[2] > 64) {
    host->detail("kernel '%s': a block of %ux%ux%u threads exceeds the device's limit of %d",
                 name, g->block[0], g->block[1], g->block[2], MAX_THREADS_PER_BLOCK);
    return 1;
  }
  if (g->dynamic_shared > SHARED_PER_BLOCK) {
    host->detail("kernel '%s': %zu bytes of dynamic shared memory exceed the device's %u", name,
                 g->dynamic_shared, SHARED_PER_BLOCK);
    return 1;
  }
  return 0;
}

static int emu_launch(int dev, void *kernel, const OmpiccLaunch *g, void **args, void *queue)
{
  EmuKernel *k = kernel;
  if (geometry_check(g, k->name) != 0)
    return 1;
  /* the parameters' values now, as cuLaunchKernel takes them */
  void *params = NULL;
  size_t params_size = 0;
  if (k->copy) {
    size_t need = k->copy(args, NULL, 0);
    if (!(params = malloc(need ? need : 1)))
      return host->detail("out of memory for the parameters of kernel '%s'", k->name), 1;
    k->copy(args, params, need);
    args = params;
    params_size = need;
  }
  Job j = {.grid = {k, args, params_size, dev, {g->grid[0], g->grid[1], g->grid[2]},
                    {g->block[0], g->block[1], g->block[2]}, g->dynamic_shared, NULL},
           .nblocks = (unsigned long)g->grid[0] * g->grid[1] * g->grid[2]};
  j.grid.stop = &j.failed;
  pthread_mutex_init(&j.lock, NULL);
  host->trace("cuda-emu: %s: kernel %s, %lu blocks of %u threads", g->where ? g->where : "?",
              k->name, j.nblocks, g->block[0] * g->block[1] * g->block[2]);
  /* The pool serves one launch at a time; others run on their own thread. */
  emu_arena_open();
  if (j.nblocks > 1 && pthread_mutex_trylock(&pool.busy) == 0) {
    pool_run(&j);
    pthread_mutex_unlock(&pool.busy);
  } else {
    job_run(&j);
  }
  emu_arena_close();
  pthread_mutex_destroy(&j.lock);
  free(params);
  fflush(stdout); /* device printf appears when the kernel ends, as on a GPU */
  if (!j.failed)
    return 0;
  host->detail("%s", j.why ? j.why : "out of memory");
  free(j.why);
  return 1;
}

/* ------------------------------------------------------------ the module */

/* OMPICC_EMU_DEVICES=N: N devices (1 to 64), each with its own memory
 * and its own copy of every image (declare target variables included). */
static int device_count(void)
{
  const char *s = getenv("OMPICC_EMU_DEVICES");
  if (!s || !*s)
    return 1;
  char *end;
  long n = strtol(s, &end, 10);
  if (*end || n < 1 || n > 64) {
    fprintf(stderr, "ompicc: warning: OMPICC_EMU_DEVICES=%s: expected a number of devices "
            "from 1 to 64; using 1\n", s);
    return 1;
  }
  return (int)n;
}

static int emu_init(const OmpiccPluginHost *h)
{
  host = h;
  emu_sched_catch_faults();
  emu_sched_set_heap(h->device_heap);
  return device_count();
}

static int emu_device_info(int dev, OmpiccDeviceInfo *info)
{
  memset(info, 0, sizeof *info);
  snprintf(info->name, sizeof info->name, "cuda-emu");
  info->multiprocessors = host_threads();
  info->max_threads_per_block = MAX_THREADS_PER_BLOCK;
  info->warp_size = 32;
  info->regs_per_multiprocessor = 65536;
  info->max_threads_per_multiprocessor = 2048;
  info->shared_mem_per_block = SHARED_PER_BLOCK;
  long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  info->global_mem = pages > 0 && page > 0 ? (size_t)pages * (size_t)page : 0;
  info->compute_major = 7; /* independent thread scheduling, as emulated */
  info->compute_minor = 0;
  int arch = arch_env();
  if (arch > 0) { /* the GPU OMPICC_EMU_ARCH names */
    info->compute_major = arch / 10;
    info->compute_minor = arch % 10;
  }
  info->can_map_host = 1;
  /* one process: kernels reach the host's memory at its own addresses, so
   * a program that requires unified shared memory runs (its maps then
   * copy nothing, rt-transfer.c); every other program keeps its copies */
  info->unified_addressing = 1;
  info->pageable_access = !emu_sched_check_memory(); /* checked: as a discrete GPU */
  const char *s = getenv("OMPICC_EMU_INTEGRATED");
  if (s && *s && strcmp(s, "0") != 0) {
    info->integrated = 1;
    if (arch <= 0)
      info->compute_minor = 2; /* an I/O-coherent Jetson (Xavier) */
  }
  return 0;
}

static void pool_stop(void)
{
  pthread_mutex_lock(&pool.lock);
  pool.stop = 1;
  pthread_cond_broadcast(&pool.wake);
  pthread_mutex_unlock(&pool.lock);
  for (int i = 0; i < pool.nthreads; i++)
    pthread_join(pool.threads[i], NULL);
  free(pool.threads);
  pool.threads = NULL;
  pool.nthreads = 0;
  pool.stop = 0;
}

static void images_free(void)
{
  while (images) {
    Image *im = images;
    images = im->next;
    while (im->kernels) {
      EmuKernel *k = im->kernels;
      im->kernels = k->next;
      free(k->name);
      free(k);
    }
    image_segments_forget(im);
    dlclose(im->handle);
    if (im->fd >= 0)
      close(im->fd);
    free(im);
  }
}

static int emu_fini(void)
{
  pool_stop();
  emu_sched_fini();
  images_free();
  while (pins) {
    Pin *q = pins;
    pins = q->next;
    host->trace("cuda-emu: %p still registered at exit", q->p);
    free(q);
  }
  while (allocs) {
    Alloc *a = allocs;
    allocs = a->next;
    if (!in_arena(a->p))
      free(a->p);
    free(a);
  }
  while (spare) {
    Alloc *a = spare;
    spare = a->next;
    free(a->p);
    free(a);
  }
  nspare = 0;
  return 0;
}

static const OmpiccPlugin plugin = {
    .version = OMPICC_PLUGIN_VERSION,
    .name = "cuda-emu",
    .caps = OMPICC_CAP_GLOBALS | OMPICC_CAP_PINNED,
    .image_kind = OMPICC_IMAGE_CUDA_EMU_SO,
    .init = emu_init,
    .device_info = emu_device_info,
    .alloc = emu_alloc,
    .free = emu_free,
    .queue_create = emu_queue_create,
    .queue_destroy = emu_queue_nop,
    .queue_sync = emu_queue_nop,
    .copy_to = emu_copy_to,
    .copy_from = emu_copy_from,
    .copy_within = emu_copy_within,
    .load_image = emu_load_image,
    .get_kernel = emu_get_kernel,
    .launch = emu_launch,
    .get_global = emu_get_global,
    .host_pin = emu_host_pin,
    .host_unpin = emu_host_unpin,
    .fini = emu_fini,
};

__attribute__((visibility("default"))) const OmpiccPlugin *ompicc_plugin_query(int version)
{
  return version == OMPICC_PLUGIN_VERSION ? &plugin : NULL;
}
