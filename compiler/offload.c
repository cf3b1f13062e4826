/* offload.c - the device side of a build: what ompicc does with the kernel
 * file ompicc-tr writes beside each host file, and what every link gets.
 *
 * For a translation unit foo.c with unit id ID (unit_id(): the base name
 * made an identifier and a hash of the absolute path, "foo_c_3fa2c1"):
 *
 *   nvcc -x cu -std=c++14 -O3 --fatbin -w
 *        -gencode arch=compute_75,code=sm_75
 *        -gencode arch=compute_75,code=compute_75 -I DEVLIB foo.kernels.cu -o foo.fatbin
 *   g++ -x c++ -std=gnu++14 -O1 -g -fPIC -shared -DOMPICC_CUDA_EMU
 *        -DOMPICC_EMU_ARCH=75 -I DEVLIB foo.kernels.cu -o foo.emu.so
 *        (the oldest architecture of --cuda-arch: the CPU device runs the
 *        kernels as that GPU would, devlib-cuda/cuda-emu.h)
 *   foo.images.s: __ompicc_img_ID_cuda (.incbin "foo.fatbin"), its _size
 *        (8 bytes), __ompicc_img_ID_emu and its _size; cc -c foo.images.s
 *
 * The host file refers to these symbols weakly (doc/ARCHITECTURE.md,
 * "Offloading"), so an image that was not built is a null pointer.  With
 * --kernel-images=separate the images are written next to the output
 * (app.foo.fatbin) and the assembler file defines __ompicc_img_ID_cuda_file
 * and __ompicc_img_ID_emu_file instead: the image's file name, which the
 * runtime looks up in the executable's folder (__ompicc_image.file).
 *
 * A file whose device code is shared with other files' (declare target
 * functions and variables across files) also carries relocatable device
 * code, and the program's link may link it into one image and link again
 * ("relocatable device code" and "device link" below; doc/ARCHITECTURE.md,
 * "Device code across files").
 *
 * Every link also gets an object defining __ompicc_plugin_dir (the folder
 * of ompicc-cuda.so and ompicc-cuda-emu.so), then libompicc.a, -ldl and
 * -lpthread, after the user's inputs and so before the OpenMP library that
 * cc -fopenmp appends: the runtime's omp_get_num_devices and friends win.
 * Running from its build tree, ompicc uses that tree's runtime and the
 * source tree's devlib-cuda/ and runtime-host/include/; installed,
 * $(pkglibdir), $(pkgdatadir)/devlib-cuda and $(pkgdatadir)/include.
 */
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config.h"
#include "driver.h"

/* Makefile.am defines these; the defaults serve builds outside it (the
 * round-trip test of the project's own sources). */
#ifndef PKGLIBDIR
#define PKGLIBDIR "/usr/local/lib/ompicc"
#endif
#ifndef PKGDATADIR
#define PKGDATADIR "/usr/local/share/ompicc"
#endif
#ifndef OMPICC_SRCDIR
#define OMPICC_SRCDIR "."
#endif

/* ---------------------------------------------------------------- places */

/* The build tree ompicc runs from (the folder above compiler/, holding
 * config.status), or NULL when installed. */
static const char *build_root(void)
{
  static const char *root;
  static bool done;
  if (done)
    return root;
  done = true;
  char *self = realpath("/proc/self/exe", NULL);
  char *dir = self ? dir_name(dir_name(self)) : NULL;
  if (dir && access(xasprintf("%s/config.status", dir), F_OK) == 0)
    root = dir;
  free(self);
  return root;
}

static const char *plugin_dir(void)
{
  return build_root() ? xasprintf("%s/runtime-host", build_root()) : PKGLIBDIR;
}

const char *omp_include_dir(void)
{
  return build_root() ? OMPICC_SRCDIR "/runtime-host/include" : PKGDATADIR "/include";
}

static const char *devlib_dir(void)
{
  return build_root() ? OMPICC_SRCDIR "/devlib-cuda" : PKGDATADIR "/devlib-cuda";
}

/* ---------------------------------------------------------------- unit id */

/* FNV-1a: stable across runs and machines, so builds are reproducible. */
static uint32_t hash(const char *s)
{
  uint32_t h = 2166136261u;
  for (; *s; s++)
    h = (h ^ (unsigned char)*s) * 16777619u;
  return h;
}

/* saxpy.c -> saxpy_c_3fa2c1: a C identifier, unique to the file's place,
 * so that two units named alike still get their own image symbols. */
char *unit_id(const char *path)
{
  char *abs = realpath(path, NULL);
  StrBuf b = {0};
  const char *name = strcmp(path, "-") ? base_name(path) : "stdin";
  if (*name >= '0' && *name <= '9')
    sb_putc(&b, '_');
  for (const char *p = name; *p; p++)
    sb_putc(&b, (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
                        (*p >= '0' && *p <= '9') ? *p : '_');
  sb_printf(&b, "_%06x", hash(abs ? abs : path) & 0xffffff);
  free(abs);
  return sb_take(&b);
}

/* ---------------------------------------------------------------- tools */

/* Whether the program (the first word of cmd) can be run: a path, or a
 * name found on $PATH. */
static bool runnable(const char *cmd)
{
  Vec w = {0};
  if (!push_words(&w, cmd))
    return false;
  const char *prog = w.items[0];
  if (strchr(prog, '/'))
    return access(prog, X_OK) == 0;
  const char *path = getenv("PATH");
  for (const char *p = path ? path : ""; *p;) {
    size_t n = strcspn(p, ":");
    if (access(xasprintf("%.*s/%s", (int)n, n ? p : ".", prog), X_OK) == 0)
      return true;
    p += n + (p[n] == ':');
  }
  return false;
}

/* $OMPICC_NVCC, else the nvcc configure found (may be empty). */
static const char *nvcc_wanted(void)
{
  const char *s = getenv("OMPICC_NVCC");
  return s && *s ? s : OMPICC_NVCC;
}

static const char *nvcc(void)
{
  return *nvcc_wanted() && runnable(nvcc_wanted()) ? nvcc_wanted() : NULL;
}

static const char *cxx_command(void)
{
  const char *cxx = getenv("OMPICC_CXX");
  return cxx && strspn(cxx, " \t") < strlen(cxx) ? cxx : OMPICC_DEFAULT_CXX;
}

static void push_cxx(Vec *v)
{
  push_words(v, cxx_command());
}

/* Is the C++ compiler clang++ (by its name, ccache clang++ too)? */
static bool cxx_is_clang(void)
{
  return strstr(cxx_command(), "clang") != NULL;
}

/* A kernel file with no kernel and no device variable needs no image. */
static bool has_device_code(const char *kernels_cu)
{
  if (run_dry)
    return true; /* the translator did not run: show what may follow */
  if (access(kernels_cu, F_OK) != 0)
    return false;
  char *text = read_file(kernels_cu);
  return strstr(text, "__global__") || strstr(text, "__device__");
}

/* nvcc failed: CUDA 11 takes gcc 11 at most as its host compiler (the
 * gcc on the PATH unless -ccbin names another), and says only
 * "unsupported GNU version": say what to do. */
static void explain_host_compiler(void)
{
  const char *cmd = nvcc();
  if (strstr(cmd, "-ccbin") || strstr(cmd, "--compiler-bindir") ||
      strstr(cmd, "allow-unsupported-compiler"))
    return;
  Vec v = {0};
  push_words(&v, cmd);
  push(&v, "--version");
  const char *release = strstr(run_output(&v, "nvcc-version"), "release ");
  int cuda = release ? atoi(release + strlen("release ")) : 0;
  if (!cuda || cuda >= 12)
    return;
  Vec g = {0};
  push(&g, "gcc");
  push(&g, "-dumpversion");
  int gcc = atoi(run_output(&g, "gcc-version"));
  if (gcc <= 11)
    return;
  fprintf(stderr,
          "ompicc: note: the nvcc of CUDA %d takes gcc 11 at most as its host compiler, and the "
          "gcc on the PATH is gcc %d: set OMPICC_NVCC='%s -ccbin clang-14' (or another "
          "compiler it takes; scripts/cuda-11.8 makes such a wrapper)\n",
          cuda, gcc, cmd);
}

/* nvcc failed: when it builds none of an architecture asked for (its
 * --list-gpu-code, CUDA 11 and later, lacks it), say which toolkits do.
 * nvcc 13 builds sm_75 and newer; the Jetson boards need an older one. */
static void explain_nvcc(const Driver *d)
{
  if (run_dry)
    return;
  explain_host_compiler();
  Vec v = {0};
  push_words(&v, nvcc());
  push(&v, "--list-gpu-code");
  const char *known = run_output(&v, "nvcc-archs");
  if (!*known)
    return;
  StrBuf missing = {0};
  const char *arch;
  VEC_EACH(const char *, arch, d->cuda_archs) {
    char *base = xasprintf("sm_%d", atoi(arch + 3)); /* sm_90a: sm_90 */
    const char *at = known;
    size_t n = strlen(base);
    bool found = false;
    while (!found && (at = strstr(at, base))) {
      found = (at == known || at[-1] == '\n' || at[-1] == ' ') &&
              (!at[n] || at[n] == '\n' || at[n] == ' ' || at[n] == '\r');
      at += n;
    }
    if (!found)
      sb_printf(&missing, "%s%s", missing.len ? ", " : "", arch);
  }
  if (!missing.len)
    return;
  StrBuf builds = {0};
  for (const char *c = known; *c; c++)
    if (*c != '\r')
      sb_putc(&builds, *c == '\n' ? ' ' : *c);
  while (builds.len && builds.s[builds.len - 1] == ' ')
    builds.s[--builds.len] = 0;
  fprintf(stderr,
          "ompicc: note: nvcc '%s' cannot build %s (it builds %s).\n"
          "ompicc: note: set OMPICC_NVCC to an nvcc that can: CUDA 11.8 builds sm_53 to sm_87 "
          "(scripts/cuda-11.8 in ompicc's sources fetches it), a Jetson's own toolkit builds "
          "its GPU.\n",
          nvcc(), missing.s, builds.len ? builds.s : "?");
}

/* -gencode for a cubin of each architecture of the list ("sm_53,sm_75"
 * or the Vec of --cuda-arch); the newest of them returned. */
static const char *push_gencode(Vec *v, const Vec *archs)
{
  const char *arch, *newest = NULL;
  VEC_EACH(const char *, arch, *archs)
  {
    push(v, "-gencode");
    push(v, xasprintf("arch=compute_%s,code=sm_%s", arch + 3, arch + 3));
    if (!newest || atoi(arch + 3) > atoi(newest + 3))
      newest = arch;
  }
  return newest;
}

/* nvcc ... --fatbin: a cubin per architecture, and PTX of the newest for
 * the GPUs that come later; relocatable device code with -rdc=true (the
 * device linker links its cubins, the driver's JIT linker its PTX). */
static int build_fatbin_as(const Driver *d, const char *cu, const char *out, bool relocatable)
{
  Vec v = {0};
  push_words(&v, nvcc());
  const char *fixed[] = {"-x", "cu", "-std=c++14", "-O3", "--fatbin"};
  for (size_t i = 0; i < sizeof fixed / sizeof *fixed; i++)
    push(&v, fixed[i]);
  if (relocatable)
    push(&v, "-rdc=true");
  /* no warning of nvcc's: the user's code in the kernel file is the code
   * the host compiler compiles too, whose warnings the user gets, at the
   * user's lines, when asked (-Wall ...); a second set in nvcc's format
   * would say the same again, and those on the device library and the
   * kernel file's own code are ours to hear, which the CI tier that
   * compiles every run test's kernel file with nvcc does
   * (tests/cuda-compile/run-tests.test) */
  push(&v, "-w");
  /* PTX of the newest for later GPUs: of its generic features (compute_90
   * for sm_90a, whose own PTX runs on that GPU alone) */
  const char *newest = push_gencode(&v, &d->cuda_archs);
  int ptx = atoi(newest + 3);
  push(&v, "-gencode");
  push(&v, xasprintf("arch=compute_%d,code=compute_%d", ptx, ptx));
  push(&v, xasprintf("-I%s", devlib_dir()));
  push(&v, cu);
  push(&v, "-o");
  push(&v, out);
  int st = run_tool(&v, NULL);
  if (st)
    explain_nvcc(d);
  return st;
}

static int build_fatbin(const Driver *d, const char *cu, const char *out)
{
  return build_fatbin_as(d, cu, out, false);
}

/* The oldest GPU the program is built for: 53 for sm_53. */
static int oldest_arch(const Driver *d)
{
  int oldest = 0;
  const char *arch;
  VEC_EACH(const char *, arch, d->cuda_archs)
  if (!oldest || atoi(arch + 3) < oldest)
    oldest = atoi(arch + 3);
  return oldest;
}

/* The kernel file as a shared object for the cuda-emu device, run as the
 * oldest GPU of --cuda-arch; sanitizer flags follow the program, so that
 * ASan also watches the kernels, --emu-check=race adds
 * ThreadSanitizer to the image alone, and --emu-check=memory makes each
 * access of the image call the device module (devlib-cuda/cuda-emu.h,
 * OMPICC_EMU_MEMCHECK: kernel-address instrumentation, whose callbacks
 * the image defines, no shadow memory).  Stack probes make a frame larger
 * than the guard below a CUDA thread's stack touch the guard, so that the
 * module reports the overflow (runtime-host/emu-sched.c) instead of the
 * frame landing in memory beyond it. */
static void push_emu_sanitizers(Vec *v, const Driver *d)
{
  const char *f;
  VEC_EACH(const char *, f, d->cc_flags) {
    if (d->emu_memory && !strncmp(f, "-fsanitize=", 11) && strstr(f, "address"))
      die("--emu-check=memory and '%s' both instrument the image's accesses: use one of them", f);
    if (!strncmp(f, "-fsanitize", 10) || !strcmp(f, "-fno-omit-frame-pointer"))
      push(v, f);
  }
  if (d->emu_race) {
    push(v, "-fsanitize=thread");
    push(v, "--param=tsan-distinguish-volatile=1"); /* volatile as relaxed atomics: cuda-emu.h */
  }
  if (d->emu_memory) {
    const char *memcheck[] = {"-fsanitize=kernel-address",
                              "--param=asan-instrumentation-with-call-threshold=0",
                              "--param=asan-stack=0", "--param=asan-globals=0",
                              "-DOMPICC_EMU_MEMCHECK"};
    for (size_t i = 0; i < sizeof memcheck / sizeof *memcheck; i++)
      push(v, memcheck[i]);
  }
}

/* Relocatable device code for the CPU device is an object (-c), which the
 * link makes a shared object with the program's others. */
static int build_emu_as(const Driver *d, const char *cu, const char *out, bool relocatable)
{
  Vec v = {0};
  push_cxx(&v);
  const char *fixed[] = {"-x", "c++", "-std=gnu++14", "-O1", "-g", "-fPIC"};
  for (size_t i = 0; i < sizeof fixed / sizeof *fixed; i++)
    push(&v, fixed[i]);
  push(&v, relocatable ? "-c" : "-shared");
  push(&v, "-fstack-clash-protection");
  /* the device library's variable templates (__ompicc_device_env, ...)
   * weak, not STB_GNU_UNIQUE, which the dynamic loader makes one object
   * of in every image of the process: each device's copy of an image
   * keeps its own, as each GPU does (OMPICC_EMU_DEVICES); clang++ makes
   * no unique symbols, and knows no such option */
  if (!cxx_is_clang())
    push(&v, "-fno-gnu-unique");
  push(&v, "-DOMPICC_CUDA_EMU");
  if (oldest_arch(d))
    push(&v, xasprintf("-DOMPICC_EMU_ARCH=%d", oldest_arch(d)));
  push_emu_sanitizers(&v, d);
  push(&v, xasprintf("-I%s", devlib_dir()));
  push(&v, cu);
  push(&v, "-o");
  push(&v, out);
  return run_tool(&v, NULL);
}

static int build_emu(const Driver *d, const char *cu, const char *out)
{
  return build_emu_as(d, cu, out, false);
}

/* ---------------------------------------------------------------- assembly */

/* text as a quoted assembler string. */
static char *asm_quote(const char *text)
{
  StrBuf b = {0};
  sb_putc(&b, '"');
  for (const char *p = text; *p; p++) {
    if (*p == '"' || *p == '\\')
      sb_putc(&b, '\\');
    if ((unsigned char)*p < ' ')
      sb_printf(&b, "\\%03o", (unsigned char)*p);
    else
      sb_putc(&b, *p);
  }
  sb_putc(&b, '"');
  return sb_take(&b);
}

/* path made absolute (the assembler may run elsewhere), quoted. */
static char *asm_path(const char *path)
{
  if (path[0] == '/')
    return asm_quote(path);
  char *cwd = getcwd(NULL, 0);
  char *q = asm_quote(xasprintf("%s/%s", cwd ? cwd : ".", path));
  free(cwd);
  return q;
}

/* The images of a file that other files' device code may link with are
 * weak: the link's own (link_relocatable) win when it links them. */
static bool weak_images;

static void asm_symbol(StrBuf *b, const char *sym, int align)
{
  sb_printf(b, "\t.balign %d\n\t.%s %s\n\t.hidden %s\n\t.type %s, %%object\n%s:\n", align,
            weak_images ? "weak" : "globl", sym, sym, sym, sym);
}

/* The image's bytes and their size, as the host file expects them. */
static void asm_embedded(StrBuf *b, const char *sym, const char *image)
{
  asm_symbol(b, sym, 16);
  sb_printf(b, "\t.incbin %s\n.L%s_end:\n\t.size %s, .L%s_end - %s\n", asm_path(image), sym,
            sym, sym, sym);
  char *size = xasprintf("%s_size", sym);
  asm_symbol(b, size, 8);
  sb_printf(b, "\t.quad .L%s_end - %s\n\t.size %s, 8\n", sym, sym, size);
}

/* Separate-file mode: only the image's file name (no path: the runtime
 * looks in the executable's folder). */
static void asm_separate(StrBuf *b, const char *sym, const char *image)
{
  char *file = xasprintf("%s_file", sym);
  asm_symbol(b, file, 1);
  sb_printf(b, "\t.asciz %s\n", asm_quote(base_name(image)));
}

static bool write_file(const char *path, const char *text)
{
  if (run_dry)
    return true;
  FILE *f = fopen(path, "w");
  if (!f)
    return false;
  fputs(text, f);
  return fclose(f) == 0;
}

/* A file made in the temporary folder, put at its place beside the
 * output: copied under a temporary name in that folder, then renamed, so
 * that a full disk or a signal never leaves a truncated image where the
 * program looks for one.  Its mode is that of a new file.  False (the
 * partial copy removed, errno kept) when it cannot be written. */
static bool place_file(const char *from, const char *to)
{
  if (run_dry)
    return true;
  char *part = xasprintf("%s.partXXXXXX", to);
  int out = mkstemp(part);
  if (out < 0)
    return false;
  mode_t mask = umask(0);
  umask(mask);
  int in = open(from, O_RDONLY);
  bool ok = in >= 0 && fchmod(out, 0666 & ~mask) == 0;
  char buf[1 << 16];
  ssize_t n;
  while (ok && (n = read(in, buf, sizeof buf)) != 0) {
    ok = n > 0;
    for (ssize_t done = 0; ok && done < n;) {
      ssize_t w = write(out, buf + done, (size_t)(n - done));
      ok = w > 0;
      done += w;
    }
  }
  int err = errno;
  if (in >= 0)
    close(in);
  ok = close(out) == 0 && ok;
  if (!ok || rename(part, to) != 0) {
    err = ok ? errno : err;
    remove(part);
    errno = err;
    return false;
  }
  return true;
}

/* cc -c FILE.s -o FILE.o */
static int assemble(const char *s, const char *o)
{
  Vec v = {0};
  push_cc(&v);
  push(&v, "-c");
  push(&v, s);
  push(&v, "-o");
  push(&v, o);
  return run_tool(&v, NULL);
}

/* The output of the program's link once it is made (link_relocatable),
 * removed when what must follow it fails: no program without the images
 * its host code expects. */
static const char *link_output;
/* Does the link take shared libraries (a .so file, or -l, which may
 * find one)? */
static bool links_shared(const Driver *d)
{
  const Input *in;
  VEC_EACH(const Input *, in, d->inputs) {
    const char *so = strstr(in->path, ".so");
    if ((in->lang == LANG_OBJ && so && (so[3] == '\0' || so[3] == '.')) ||
        (in->lang == LANG_FLAG && !strncmp(in->path, "-l", 2)))
      return true;
  }
  return false;
}

#define LINK_DIE(...)                                                                              \
  do {                                                                                            \
    if (link_output)                                                                              \
      remove(link_output);                                                                        \
    die(__VA_ARGS__);                                                                             \
  } while (0)

/* The assembler text of a link's own object (without a note of an
 * executable stack) as TMP/STEM.o. */
static const char *assembled(const char *stem, StrBuf *text)
{
  sb_puts(text, "\t.section .note.GNU-stack,\"\",%progbits\n");
  const char *s = tmp_path(stem, ".s"), *o = tmp_path(stem, ".o");
  if (!write_file(s, sb_take(text)))
    LINK_DIE("cannot write '%s'", s);
  if (assemble(s, o))
    LINK_DIE("cannot assemble '%s'", s);
  return o;
}

/* ---------------------------------------------------------------- images */

/* Which images to build: no nvcc is an error only when cuda was asked for
 * by name; by default the program simply has no CUDA image. */
static unsigned devices_to_build(const Driver *d)
{
  unsigned dev = d->devices;
  if ((dev & DEV_CUDA) && !nvcc()) {
    if (d->devices_given)
    {
      if (*nvcc_wanted())
        die("--devices=cuda: cannot run nvcc '%s'; set OMPICC_NVCC to its path, or build "
            "for --devices=cuda-emu", nvcc_wanted());
      die("--devices=cuda: no nvcc was found when ompicc was configured; set OMPICC_NVCC to "
          "its path, or build for --devices=cuda-emu");
    }
    dev &= ~DEV_CUDA;
  }
  return dev;
}

static const struct {
  unsigned dev;
  const char *suffix, *kind;
  int (*build)(const Driver *, const char *, const char *);
} image_kinds[] = {
    {DEV_CUDA, ".fatbin", "cuda", build_fatbin},
    {DEV_EMU, ".emu.so", "emu", build_emu},
};

/* ---------------------------------------------------------------- relocatable device code */

/* A kernel file that shares device functions or variables with other
 * files (the translator's sign, codegen-cuda/kernels.c) is also compiled
 * as relocatable device code: a fatbin of relocatable cubins and PTX
 * (nvcc -rdc) and an object for the CPU device (g++ -c), carried in the
 * unit's object as records of the section .ompicc_rdc, which is not
 * loaded.  A file that only offers them (OMPICC_RELOCATABLE 1) gets its
 * whole-file images too, as weak symbols; one that names another file's
 * (OMPICC_RELOCATABLE 2) has no image of its own.  The program's link
 * (link_relocatable) reads the records of what the linker linked:
 * when a file of them names another's device code, it links them all
 * into one image per kind (nvcc -dlink, g++ -shared) and links again with
 * an object that embeds those images as __ompicc_img_linked_KIND and
 * defines every linked file's image symbols as them (hidden: an
 * executable and each shared library have their own); else the files'
 * own images stay, and nothing is linked again.
 *
 * A record: "OMPICCRD", its kind (4 bytes: RDC_CUDA, RDC_EMU), the
 * length of its info (4), the size of the object (8), the info
 * ("ARCHS|RACE|IMPORTS|UNIT-ID|SOURCE", NUL-terminated), the object; each
 * part from an 8-byte boundary, zeros between. */
#define RDC_SECTION ".ompicc_rdc"
#define RDC_MAGIC "OMPICCRD"
enum { RDC_CUDA = 1, RDC_EMU = 2 };

/* 0: whole-file device code; 1: offers device code to other files; 2:
 * names other files' device code. */
static int relocatable(const char *kernels_cu)
{
  if (run_dry)
    return 0;
  const char *text = read_file(kernels_cu);
  return strstr(text, "\n#define OMPICC_RELOCATABLE 2\n")   ? 2
         : strstr(text, "\n#define OMPICC_RELOCATABLE 1\n") ? 1
                                                             : 0;
}

static void asm_record(StrBuf *b, int kind, const char *info, const char *object)
{
  static int n;
  n++;
  sb_printf(b, "\t.balign 8\n\t.ascii \"%s\"\n\t.long %d\n\t.long .Lrdc_info_end%d - .Lrdc_info%d\n"
               "\t.quad .Lrdc_obj_end%d - .Lrdc_obj%d\n",
            RDC_MAGIC, kind, n, n, n, n);
  sb_printf(b, ".Lrdc_info%d:\n\t.asciz %s\n.Lrdc_info_end%d:\n\t.balign 8\n", n, asm_quote(info), n);
  sb_printf(b, ".Lrdc_obj%d:\n\t.incbin %s\n.Lrdc_obj_end%d:\n\t.balign 8\n", n, asm_path(object), n);
}

/* "sm_53,sm_75" */
static char *arch_list(const Vec *archs)
{
  StrBuf b = {0};
  const char *arch;
  VEC_EACH(const char *, arch, *archs)
  sb_printf(&b, "%s%s", b.len ? "," : "", arch);
  return sb_take(&b);
}

/* The records of the unit's relocatable device code, into b. */
static int build_records(const Driver *d, const Input *in, const char *id, unsigned dev,
                         int kind, const char *kernels_cu, const char *img_base, StrBuf *b)
{
  sb_printf(b, "\t.section " RDC_SECTION ",\"\",%%progbits\n");
  char *info = xasprintf("%s|%s|%s|%s|%s", arch_list(&d->cuda_archs),
                         d->emu_race ? "race" : d->emu_memory ? "memory" : "",
                         kind == 2 ? "imports" : "", id, in->path);
  const char *base = d->keep ? img_base : tmp_path(base_name(img_base), "");
  int st;
  if (dev & DEV_CUDA) {
    char *obj = xasprintf("%s.rdc.fatbin", base);
    if ((st = build_fatbin_as(d, kernels_cu, obj, true)))
      return st;
    asm_record(b, RDC_CUDA, info, obj);
  }
  if (dev & DEV_EMU) {
    char *obj = xasprintf("%s.rdc.emu.o", base);
    if ((st = build_emu_as(d, kernels_cu, obj, true)))
      return st;
    asm_record(b, RDC_EMU, info, obj);
  }
  return 0;
}

int build_images(const Driver *d, Input *in, const char *id, const char *kernels_cu,
                 const char *img_base, const char *asm_file)
{
  unsigned dev = devices_to_build(d);
  if (!dev || !has_device_code(kernels_cu))
    return 0;
  int kind = relocatable(kernels_cu);
  StrBuf b = {0};
  sb_printf(&b, "/* Kernel images of %s, written by ompicc. */\n\t.section .rodata\n",
            in->path);
  weak_images = kind == 1;
  for (size_t i = 0; i < sizeof image_kinds / sizeof *image_kinds && kind != 2; i++) {
    if (!(dev & image_kinds[i].dev))
      continue;
    char *image = xasprintf("%s%s", img_base, image_kinds[i].suffix);
    /* beside the output (--kernel-images=separate): made aside, then put */
    const char *made = d->separate_images ? tmp_path(base_name(image), "") : image;
    int st = image_kinds[i].build(d, kernels_cu, made);
    if (st)
      return st;
    if (made != image && !place_file(made, image))
      die("cannot write '%s': %s", image, strerror(errno));
    char *sym = xasprintf("__ompicc_img_%s_%s", id, image_kinds[i].kind);
    (d->separate_images ? asm_separate : asm_embedded)(&b, sym, image);
  }
  weak_images = false;
  int st;
  if (kind && (st = build_records(d, in, id, dev, kind, kernels_cu, img_base, &b)))
    return st;
  sb_puts(&b, "\t.section .note.GNU-stack,\"\",%progbits\n");
  if (!write_file(asm_file, sb_take(&b)))
    die("cannot write '%s'", asm_file);
  in->images = tmp_path(base_name(img_base), ".images.o");
  return assemble(asm_file, in->images);
}

/* ---------------------------------------------------------------- device link */

/* The bytes of section `name` of the ELF file at path (a linked
 * executable or shared library), or NULL when it has none or is no
 * 64-bit ELF file. */
static unsigned char *elf_section(const char *path, const char *name, size_t *size)
{
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  Elf64_Ehdr eh;
  unsigned char *bytes = NULL;
  if (fread(&eh, sizeof eh, 1, f) != 1 || memcmp(eh.e_ident, ELFMAG, SELFMAG) ||
      eh.e_ident[EI_CLASS] != ELFCLASS64 || eh.e_shentsize != sizeof(Elf64_Shdr) ||
      eh.e_shnum == 0 || eh.e_shstrndx >= eh.e_shnum)
    goto done;
  Elf64_Shdr *sh = xmalloc(eh.e_shnum * sizeof *sh);
  if (fseek(f, (long)eh.e_shoff, SEEK_SET) || fread(sh, sizeof *sh, eh.e_shnum, f) != eh.e_shnum)
    goto done;
  const Elf64_Shdr *strs = &sh[eh.e_shstrndx];
  char *names = xmalloc(strs->sh_size + 1);
  names[strs->sh_size] = 0;
  if (fseek(f, (long)strs->sh_offset, SEEK_SET) || fread(names, 1, strs->sh_size, f) != strs->sh_size)
    goto done;
  for (int i = 0; i < eh.e_shnum; i++) {
    if (sh[i].sh_name >= strs->sh_size || strcmp(names + sh[i].sh_name, name) ||
        sh[i].sh_type == SHT_NOBITS)
      continue;
    bytes = xmalloc(sh[i].sh_size + 1);
    if (fseek(f, (long)sh[i].sh_offset, SEEK_SET) || fread(bytes, 1, sh[i].sh_size, f) != sh[i].sh_size) {
      free(bytes);
      bytes = NULL;
    }
    *size = sh[i].sh_size;
    break;
  }
done:
  fclose(f);
  return bytes;
}

typedef struct Record {
  int kind;
  const char *archs, *check, *imports, *unit, *source; /* the info's parts (check: --emu-check) */
  const char *object;                /* the object, written to a temporary file */
} Record;

static uint64_t get_le(const unsigned char *p, int n)
{
  uint64_t v = 0;
  for (int i = n - 1; i >= 0; i--)
    v = v << 8 | p[i];
  return v;
}

/* The records of a linked file's RDC_SECTION, each object written out. */
static Vec read_records(const char *path)
{
  Vec records = {0};
  size_t size = 0;
  unsigned char *s = elf_section(path, RDC_SECTION, &size);
  if (!s)
    return records;
  for (size_t p = 0; p + 8 <= size;) {
    if (!memcmp(s + p, "\0\0\0\0\0\0\0\0", 8)) { /* padding between objects' sections */
      p += 8;
      continue;
    }
    if (p + 24 > size || memcmp(s + p, RDC_MAGIC, 8))
      LINK_DIE("'%s': damaged relocatable device code at byte %zu of its section " RDC_SECTION, path, p);
    Record *r = xcalloc(1, sizeof *r);
    r->kind = (int)get_le(s + p + 8, 4);
    size_t info_len = get_le(s + p + 12, 4), obj_size = get_le(s + p + 16, 8);
    size_t info = p + 24, obj = info + (info_len + 7) / 8 * 8;
    if (obj > size || obj_size > size - obj || !info_len || s[info + info_len - 1])
      LINK_DIE("'%s': damaged relocatable device code at byte %zu of its section " RDC_SECTION, path, p);
    /* ARCHS|CHECK|IMPORTS|UNIT-ID|SOURCE: the source, last, may hold a '|' */
    char *text = xstrdup((char *)s + info);
    const char **fields[] = {&r->archs, &r->check, &r->imports, &r->unit};
    for (size_t i = 0; i < sizeof fields / sizeof *fields; i++)
      if (!(*fields[i] = strsep(&text, "|")) || !text)
        LINK_DIE("'%s': damaged relocatable device code at byte %zu of its section " RDC_SECTION,
                 path, p);
    r->source = text;
    r->object = tmp_path("rdc", r->kind == RDC_CUDA ? ".fatbin" : ".o");
    FILE *f = fopen(r->object, "wb");
    if (!f || fwrite(s + obj, 1, obj_size, f) != obj_size || fclose(f))
      LINK_DIE("cannot write '%s'", r->object);
    vec_push(&records, r);
    p = obj + (obj_size + 7) / 8 * 8;
  }
  free(s);
  return records;
}

/* Every file of an image built for the same architectures (the cuda-emu
 * image runs as the oldest of them, and with ThreadSanitizer or not). */
static const Record *check_alike(const Vec *records, int kind, const char *out)
{
  const Record *first = NULL, *r;
  VEC_EACH(const Record *, r, *records)
  {
    if (r->kind != kind)
      continue;
    if (!first)
      first = r;
    else if (strcmp(first->archs, r->archs) || strcmp(first->check, r->check))
      LINK_DIE("cannot link the device code of '%s': '%s' was compiled with --cuda-arch=%s%s%s, "
          "'%s' with --cuda-arch=%s%s%s; compile every file of it alike",
          out, first->source, first->archs, *first->check ? " --emu-check=" : "", first->check,
          r->source, r->archs, *r->check ? " --emu-check=" : "", r->check);
  }
  return first;
}

/* Each image needs every file's code: a file built for fewer devices
 * than another (--devices) leaves a hole in one of them. */
static void check_devices(const Vec *records, const char *out)
{
  const Record *r, *o;
  VEC_EACH(const Record *, r, *records)
  {
    bool other_kind = false, same_source = false;
    VEC_EACH(const Record *, o, *records)
    if (o->kind != r->kind) {
      other_kind = true;
      same_source |= !strcmp(o->source, r->source);
    }
    if (other_kind && !same_source)
      LINK_DIE("cannot link the device code of '%s': '%s' was compiled for %s only, other files "
          "for both devices; compile every file of it with the same --devices",
          out, r->source, r->kind == RDC_CUDA ? "cuda" : "cuda-emu");
  }
}

/* The CUDA image of relocatable device code: nvcc -dlink --fatbin links
 * the files' cubins into a fatbin of machine code for the architectures
 * of --cuda-arch, which the device linker makes no PTX for; so the image
 * is a container of that fatbin and the files' own fatbins, whose PTX the
 * CUDA device module links with the driver's JIT linker on a later GPU
 * (runtime-host/plugin-cuda.c, load_linked): "OMPICCLK", the number of
 * parts (4 bytes), 4 bytes of zeros, then each part's size (8 bytes) and
 * bytes, from 8-byte boundaries. */
static void put_le(FILE *f, uint64_t v, int n)
{
  for (int i = 0; i < n; i++)
    fputc((int)(v >> (8 * i) & 0xff), f);
}

static void put_part(FILE *f, const char *path)
{
  FILE *in = fopen(path, "rb");
  long n = -1;
  char *bytes = NULL;
  if (!in || fseek(in, 0, SEEK_END) || (n = ftell(in)) < 0 || fseek(in, 0, SEEK_SET) ||
      fread(bytes = xmalloc((size_t)n + 1), 1, (size_t)n, in) != (size_t)n)
    LINK_DIE("cannot read '%s'", path);
  fclose(in);
  put_le(f, (uint64_t)n, 8);
  fwrite(bytes, 1, (size_t)n, f);
  for (; n % 8; n++)
    fputc(0, f);
  free(bytes);
}

static int write_linked_cuda(const Vec *records, const char *fatbin, const char *image)
{
  int parts = 1;
  const Record *r;
  VEC_EACH(const Record *, r, *records)
  parts += r->kind == RDC_CUDA;
  FILE *f = fopen(image, "wb");
  if (!f)
    LINK_DIE("cannot write '%s'", image);
  fputs("OMPICCLK", f);
  put_le(f, (uint64_t)parts, 4);
  put_le(f, 0, 4);
  put_part(f, fatbin);
  VEC_EACH(const Record *, r, *records)
  if (r->kind == RDC_CUDA)
    put_part(f, r->object);
  if (fclose(f))
    LINK_DIE("cannot write '%s'", image);
  return 0;
}

static int dlink_cuda(const Vec *records, const Record *first, const char *image)
{
  if (!nvcc())
    LINK_DIE("cannot link the device code of '%s' for the CUDA device: no nvcc (set OMPICC_NVCC, "
        "or build for --devices=cuda-emu)", first->source);
  Vec v = {0}, archs = {0};
  push_words(&v, nvcc());
  push(&v, "-dlink");
  push(&v, "--fatbin");
  for (const char *p = first->archs; *p;) {
    size_t n = strcspn(p, ",");
    push(&archs, xstrndup(p, n));
    p += n + (p[n] == ',');
  }
  push_gencode(&v, &archs);
  const Record *r;
  VEC_EACH(const Record *, r, *records)
  if (r->kind == RDC_CUDA)
    push(&v, r->object);
  const char *fatbin = tmp_path("dlink", ".fatbin");
  push(&v, "-o");
  push(&v, fatbin);
  int st = run_tool(&v, NULL);
  return st ? st : write_linked_cuda(records, fatbin, image);
}

/* The link names a sanitizer: the CPU device's image may then refer to
 * its runtime, which the program brings. */
static bool link_sanitized;

/* g++ -shared: one shared object of the CPU device's objects, each
 * binding to its own definitions (-Bsymbolic), not the host program's. */
static int dlink_emu(const Vec *records, const Record *first, const char *image)
{
  Vec v = {0};
  push_cxx(&v);
  const char *fixed[] = {"-shared", "-fPIC", "-Wl,-Bsymbolic"};
  for (size_t i = 0; i < sizeof fixed / sizeof *fixed; i++)
    push(&v, fixed[i]);
  if (!strcmp(first->check, "race"))
    push(&v, "-fsanitize=thread");
  else if (!link_sanitized) /* what no file defines, named as C++ says it */
    push(&v, "-Wl,--no-undefined");
  const Record *r;
  VEC_EACH(const Record *, r, *records)
  if (r->kind == RDC_EMU)
    push(&v, r->object);
  push(&v, "-o");
  push(&v, image);
  return run_tool(&v, NULL);
}

/* Every linked file's image symbols as the linked image's: they override
 * the weak ones of the files that have their own (build_images). */
static void asm_aliases(StrBuf *b, const Vec *records, int kind, const char *sym,
                        bool separate)
{
  const char *kinds[] = {"", "cuda", "emu"};
  const char *suffixes[] = {"", "_size"};
  const Record *r;
  Vec done = {0};
  VEC_EACH(const Record *, r, *records)
  {
    if (r->kind != kind)
      continue;
    bool seen = false;
    const char *u;
    VEC_EACH(const char *, u, done)
    seen |= !strcmp(u, r->unit);
    if (seen)
      continue;
    push(&done, r->unit);
    for (int i = 0; i < (separate ? 1 : 2); i++) {
      const char *suffix = separate ? "_file" : suffixes[i];
      char *alias = xasprintf("__ompicc_img_%s_%s%s", r->unit, kinds[kind], suffix);
      sb_printf(b, "\t.globl %s\n\t.hidden %s\n\t.set %s, %s%s\n", alias, alias, alias, sym,
                suffix);
    }
  }
}

const char *link_relocatable(const Driver *d, const char *linked, const char *out)
{
  if (run_dry)
    return NULL; /* no link ran to read device code from */
  link_output = linked;
  Vec records = read_records(linked);
  bool imports = false;
  const Record *r;
  VEC_EACH(const Record *, r, records)
  imports |= *r->imports != 0;
  if (!imports) /* the files' own images serve */
    return NULL;
  check_devices(&records, out);
  StrBuf b = {0};
  sb_printf(&b, "/* The kernel images linked for %s, written by ompicc. */\n\t.section .rodata\n",
            out);
  static const struct {
    int kind;
    const char *suffix, *sym;
    int (*link)(const Vec *, const Record *, const char *);
  } kinds[] = { /* the CPU device's first: g++ says more of a missing definition */
      {RDC_EMU, ".emu.so", "__ompicc_img_linked_emu", dlink_emu},
      {RDC_CUDA, ".fatbin", "__ompicc_img_linked_cuda", dlink_cuda},
  };
  const Vec *lists[] = {&d->link_flags, &d->passthru, &d->cc_flags};
  link_sanitized = false;
  for (size_t i = 0; i < sizeof lists / sizeof *lists; i++) {
    const char *f;
    VEC_EACH(const char *, f, *lists[i])
    link_sanitized |= !strncmp(f, "-fsanitize", 10);
  }
  for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++) {
    const Record *first = check_alike(&records, kinds[i].kind, out);
    if (!first)
      continue;
    /* beside the output with --kernel-images=separate (app.linked.fatbin) */
    const char *image = d->separate_images
                            ? xasprintf("%s.linked%s", out, kinds[i].suffix)
                            : tmp_path("linked", kinds[i].suffix);
    const char *made = d->separate_images ? tmp_path("linked", kinds[i].suffix) : image;
    if (kinds[i].link(&records, first, made))
      LINK_DIE("cannot link the device code of '%s': a function or variable its device code names "
          "has no definition in declare target device code (OpenMP 5.2 7.8: the file that "
          "defines it must name it in a declare target directive too), or two files define one%s",
          out, links_shared(d) ? "; a shared library's device code is an image of its own, which "
                                 "device code of another image cannot call: link that library's "
                                 "objects, or an archive of them, instead" : "");
    if (made != image && !place_file(made, image))
      LINK_DIE("cannot write '%s': %s", image, strerror(errno));
    (d->separate_images ? asm_separate : asm_embedded)(&b, kinds[i].sym, image);
    asm_aliases(&b, &records, kinds[i].kind, kinds[i].sym, d->separate_images);
  }
  return assembled("linked-images", &b);
}

/* ---------------------------------------------------------------- link */

/* An object defining __ompicc_plugin_dir, hidden so that a shared library
 * built by ompicc keeps its own. */
static const char *plugin_dir_object(void)
{
  StrBuf b = {0};
  sb_puts(&b, "\t.section .rodata\n");
  asm_symbol(&b, "__ompicc_plugin_dir", 1);
  sb_printf(&b, "\t.asciz %s\n", asm_quote(plugin_dir()));
  return assembled("plugin-dir", &b);
}

void push_race_runtime(Vec *v)
{
  push(v, "-Wl,--whole-archive");
  push(v, xasprintf("%s/libompicc-tsan.a", plugin_dir()));
  push(v, "-Wl,--no-whole-archive");
}

void push_runtime(Vec *v)
{
  push(v, plugin_dir_object());
  push(v, xasprintf("%s/libompicc.a", plugin_dir()));
  push(v, "-ldl");
  push(v, "-lpthread");
}
