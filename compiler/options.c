/* options.c - the ompicc command line.
 *
 * ompicc takes cc's options.  OPTIONS below is the one table of them: how
 * each is spelled (exact, a prefix, or followed by an argument joined or
 * separate), where it goes (the preprocessing step, each compile, the link,
 * or a positional place among the link inputs), what the driver itself does
 * with it, and its line in --help.  The man page (doc/ompicc.1) says the
 * same things.  Options not in the table go to the host compiler's compile
 * and link commands unchanged.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "driver.h"

typedef enum Match {
  EXACT,  /* the whole argument */
  PREFIX, /* the argument starts with it; the whole argument is the option */
  ARG,    /* takes an argument, joined (-Idir) or separate (-I dir) */
  SEP,    /* takes the next argument (-Xlinker x) */
  PREFIX_SEP, /* starts with it, and takes the next argument (-Xopenmp-target=T x) */
} Match;

/* Where the option goes (it may go to several places). */
enum { TO_CPP = 1, TO_CC = 2, TO_LINK = 4, TO_POS = 8 };

typedef enum Group { G_MODE, G_DRIVER, G_CPP, G_CODE, G_LINK, G_OFFLOAD, NGROUPS } Group;

static const char *const group_title[NGROUPS] = {
    "What to do and where to write it",
    "The driver",
    "Preprocessing (given to the OpenMP-mode cpp step)",
    "Code generation (given to each compile; those that define macros to cpp too)",
    "Linking (kept in their place among the inputs where order matters)",
    "Offloading",
};

typedef void Handler(Driver *d, const char *arg);
static Handler opt_c, opt_S, opt_E, opt_o, opt_x, opt_k, opt_save_temps, opt_v, opt_dry,
    opt_help, opt_version,
    opt_ignore, opt_M, opt_MD, opt_MF, opt_MT, opt_devices, opt_cuda_arch, opt_kernel_images,
    opt_remarks, opt_emu_check, opt_openmp_targets, opt_foffload, opt_offload_arch,
    opt_xopenmp_target, opt_offload_mandatory;

/* X(spelling, match, where it goes, handler, group, usage, help); the first
 * entry that matches wins, so exact spellings come before prefixes that
 * would swallow them (-fopenmp before -f, -Wl, before -W). */
#define OPTIONS(X)                                                                             \
  X("-c", EXACT, 0, opt_c, G_MODE, "-c", "compile each input to an object file; do not link")  \
  X("-S", EXACT, 0, opt_S, G_MODE, "-S", "compile each input to assembly (FILE.s); do not link") \
  X("-E", EXACT, 0, opt_E, G_MODE, "-E",                                                       \
    "preprocess only, in OpenMP mode, to standard output\n(or to -o FILE)")                    \
  X("-o", ARG, 0, opt_o, G_MODE, "-o FILE", "write the output to FILE (default: a.out,\nFOO.o, FOO.s)") \
  X("-x", ARG, 0, opt_x, G_MODE, "-x LANG",                                                    \
    "treat the inputs that follow as LANG: c, cpp-output,\nassembler, assembler-with-cpp, "      \
    "or none (from\nthe suffix again)")                                                        \
  X("-k", EXACT, 0, opt_k, G_DRIVER, "-k",                                                     \
    "keep the intermediate files FOO.i (preprocessed),\nFOO.host.c (translated), "              \
    "FOO.kernels.cu\n(the kernel file), its images FOO.fatbin and\nFOO.emu.so and "             \
    "FOO.images.s (which embeds\nthem) in the folder of -o FILE, else in the\ncurrent folder")                                           \
  X("-save-temps", EXACT, 0, opt_save_temps, G_DRIVER, "-save-temps[=cwd|obj]",               \
    "keep the intermediate files as -k does, in the\ncurrent folder (=obj: in the folder of -o FILE)") \
  X("-save-temps=", PREFIX, 0, opt_save_temps, G_DRIVER, NULL, NULL)                           \
  X("-v", EXACT, 0, opt_v, G_DRIVER, "-v",                                                     \
    "print each command before running it, quoted for a\nshell; alone, print the versions")     \
  X("-###", EXACT, 0, opt_dry, G_DRIVER, "-###",                                               \
    "print the commands, quoted for a shell, and run\nnone of them (a step that needs what an\n" \
    "earlier one makes is shown as if it had\nmade it: device code in every file)")            \
  X("--help", EXACT, 0, opt_help, G_DRIVER, "--help", "print this help and exit")              \
  X("--version", EXACT, 0, opt_version, G_DRIVER, "--version", "print the version and exit")   \
  X("-fopenmp", EXACT, 0, opt_ignore, G_DRIVER, "-fopenmp", "accepted: OpenMP is always on")   \
  X("-I", ARG, TO_CPP, NULL, G_CPP, "-I DIR", "search DIR for included files")                 \
  X("-D", ARG, TO_CPP, NULL, G_CPP, "-D NAME[=VALUE]", "define the macro NAME")                \
  X("-U", ARG, TO_CPP, NULL, G_CPP, "-U NAME", "undefine the macro NAME")                      \
  X("-include", ARG, TO_CPP, NULL, G_CPP, "-include FILE", "include FILE before the source")   \
  X("-imacros", ARG, TO_CPP, NULL, G_CPP, "-imacros FILE", "take the macros of FILE first")    \
  X("-isystem", ARG, TO_CPP, NULL, G_CPP, "-isystem DIR", "search DIR as a system folder")     \
  X("-iquote", ARG, TO_CPP, NULL, G_CPP, "-iquote DIR", "search DIR for #include \"...\" only") \
  X("-idirafter", ARG, TO_CPP, NULL, G_CPP, "-idirafter DIR", "search DIR after the system folders") \
  X("-nostdinc", EXACT, TO_CPP, NULL, G_CPP, "-nostdinc", "do not search the system folders")  \
  X("-undef", EXACT, TO_CPP, NULL, G_CPP, "-undef", "predefine no system-specific macros")     \
  X("-M", EXACT, TO_CPP, opt_M, G_CPP, "-M, -MM", "print the dependencies (implies -E)")       \
  X("-MM", EXACT, TO_CPP, opt_M, G_CPP, NULL, NULL)                                            \
  X("-MD", EXACT, TO_CPP, opt_MD, G_CPP, "-MD, -MMD",                                          \
    "also write the dependencies to FOO.d (or the -MF file)")                                  \
  X("-MMD", EXACT, TO_CPP, opt_MD, G_CPP, NULL, NULL)                                          \
  X("-MF", ARG, TO_CPP, opt_MF, G_CPP, "-MF FILE", "write the dependencies to FILE")           \
  X("-MT", ARG, TO_CPP, opt_MT, G_CPP, "-MT, -MQ TARGET",                                      \
    "name TARGET in the dependencies (default: the object)")                                   \
  X("-MQ", ARG, TO_CPP, opt_MT, G_CPP, NULL, NULL)                                             \
  X("-MP", EXACT, TO_CPP, NULL, G_CPP, "-MP", "add a phony target for each header")            \
  X("-P", EXACT, TO_CPP, NULL, G_CPP, "-P", "with -E, no line markers")                        \
  X("-C", EXACT, TO_CPP, NULL, G_CPP, "-C, -CC", "with -E, keep comments")                     \
  X("-CC", EXACT, TO_CPP, NULL, G_CPP, NULL, NULL)                                             \
  X("-dM", EXACT, TO_CPP, NULL, G_CPP, "-dM, -dD", "with -E, print the macro definitions")     \
  X("-dD", EXACT, TO_CPP, NULL, G_CPP, NULL, NULL)                                             \
  X("-H", EXACT, TO_CPP, NULL, G_CPP, "-H", "print the name of each header used")              \
  X("-Wp,", PREFIX, TO_CPP, NULL, G_CPP, "-Wp,OPT[,OPT...]", "give the OPTs to the preprocessor") \
  X("-Xpreprocessor", SEP, TO_CPP, NULL, G_CPP, "-Xpreprocessor OPT", "give OPT to the preprocessor") \
  X("--sysroot=", PREFIX, TO_CPP | TO_CC | TO_LINK, NULL, G_CPP, "--sysroot=DIR",             \
    "take headers and libraries under DIR")                                                    \
  X("-B", ARG, TO_CPP | TO_CC | TO_LINK, NULL, G_CODE, "-B DIR", "look for cc's own programs in DIR") \
  X("-std=", PREFIX, TO_CPP | TO_CC, NULL, G_CODE, "-std=STD", "the C dialect (c99, c11, gnu11, ...)") \
  X("-ansi", EXACT, TO_CPP | TO_CC, NULL, G_CODE, "-ansi", "the same as -std=c90")             \
  X("-O", PREFIX, TO_CPP | TO_CC | TO_LINK, NULL, G_CODE, "-O[LEVEL]", "optimise (-O0 ... -O3, -Os, -Og, -Ofast)") \
  X("-g", PREFIX, TO_CC | TO_LINK, NULL, G_CODE, "-g[KIND]", "produce debugging information")  \
  X("-Wa,", PREFIX, TO_CC, NULL, G_CODE, "-Wa,OPT[,OPT...]", "give the OPTs to the assembler") \
  X("-Xassembler", SEP, TO_CC, NULL, G_CODE, "-Xassembler OPT", "give OPT to the assembler")   \
  X("-Wl,", PREFIX, TO_POS, NULL, G_LINK, "-Wl,OPT[,OPT...]", "give the OPTs to the linker")   \
  X("-W", PREFIX, TO_CPP | TO_CC | TO_LINK, NULL, G_CODE, "-W[no-]WARNING", "warnings: -Wall, -Wextra, -Werror, ...") \
  X("-w", EXACT, TO_CPP | TO_CC, NULL, G_CODE, "-w", "no warnings")                            \
  X("-pedantic", PREFIX, TO_CPP | TO_CC, NULL, G_CODE, "-pedantic[-errors]", "warn about what ISO C forbids") \
  X("-pthread", EXACT, TO_CPP | TO_CC | TO_LINK, NULL, G_CODE, "-pthread", "build with POSIX threads") \
  X("-pipe", EXACT, TO_CC | TO_LINK, NULL, G_CODE, "-pipe", "pipes rather than files inside cc") \
  X("-fopenmp-targets=", PREFIX, 0, opt_openmp_targets, G_OFFLOAD, "-fopenmp-targets=LIST",    \
    "clang's: accepted for nvptx64-nvidia-cuda\n(nvptx64), the CUDA device")                    \
  X("-foffload=", PREFIX, 0, opt_foffload, G_OFFLOAD, "-foffload=TARGETS",                      \
    "gcc's: nvptx-none or default build the CUDA\nimage; disable builds none (target regions run\n" \
    "on the host)")                                                                            \
  X("-foffload-options=", PREFIX, 0, opt_ignore, G_OFFLOAD, NULL, NULL)                         \
  X("-fopenmp-version=", PREFIX, 0, opt_ignore, G_OFFLOAD, "-fopenmp-version=N",                \
    "clang's: accepted (ompicc translates OpenMP\n5.2)")                                       \
  X("-fopenmp-offload-mandatory", EXACT, 0, opt_offload_mandatory, G_OFFLOAD, NULL, NULL)      \
  X("-f", PREFIX, TO_CPP | TO_CC | TO_LINK, NULL, G_CODE, "-fFLAG", "code generation flags (-fPIC, -fsanitize=..., ...)") \
  X("-m", PREFIX, TO_CPP | TO_CC | TO_LINK, NULL, G_CODE, "-mFLAG", "machine flags (-march=native, -m64, ...)") \
  X("-l", ARG, TO_POS, NULL, G_LINK, "-l LIB", "link with the library LIB")                    \
  X("-L", ARG, TO_POS, NULL, G_LINK, "-L DIR", "search DIR for libraries")                     \
  X("-Xlinker", SEP, TO_POS, NULL, G_LINK, "-Xlinker OPT", "give OPT to the linker")           \
  X("-shared", PREFIX, TO_LINK, NULL, G_LINK, "-shared", "make a shared library")              \
  X("-static", PREFIX, TO_LINK, NULL, G_LINK, "-static[-...]", "link statically")              \
  X("-rdynamic", EXACT, TO_LINK, NULL, G_LINK, "-rdynamic", "export all symbols")              \
  X("-pie", EXACT, TO_LINK, NULL, G_LINK, "-pie, -no-pie", "make (or not) a position-independent executable") \
  X("-no-pie", EXACT, TO_LINK, NULL, G_LINK, NULL, NULL)                                       \
  X("-nostdlib", EXACT, TO_LINK, NULL, G_LINK, "-nostdlib", "no system libraries nor start files") \
  X("-nodefaultlibs", EXACT, TO_LINK, NULL, G_LINK, "-nodefaultlibs", "no system libraries")   \
  X("-nostartfiles", EXACT, TO_LINK, NULL, G_LINK, "-nostartfiles", "no system start files")  \
  X("-s", EXACT, TO_LINK, NULL, G_LINK, "-s", "strip the executable")                          \
  X("-u", ARG, TO_POS, NULL, G_LINK, "-u SYMBOL", "link as if SYMBOL were undefined")          \
  X("-T", ARG, TO_LINK, NULL, G_LINK, "-T SCRIPT", "use the linker script SCRIPT")           \
  X("--devices=", PREFIX, 0, opt_devices, G_OFFLOAD, "--devices=LIST",                        \
    "build kernel images for the devices of LIST:\ncuda (nvcc; the default, skipped when "     \
    "there\nis no nvcc), cuda-emu (the CPU-executed CUDA\ndevice, g++), or none; e.g. "         \
    "cuda,cuda-emu")                                                                           \
  X("--cuda-arch=", PREFIX, 0, opt_cuda_arch, G_OFFLOAD, "--cuda-arch=LIST",                  \
    "the GPU architectures of the CUDA image, e.g.\nsm_53,sm_75 (default: $OMPICC_CUDA_ARCH, else\n" \
    OMPICC_DEFAULT_CUDA_ARCH "); PTX for the newest is added for\nlater GPUs")                                         \
  X("--offload-arch=", PREFIX, 0, opt_offload_arch, G_OFFLOAD, "--offload-arch=sm_NN",         \
    "clang's: the same as --cuda-arch, added to\nwhen repeated (also --cuda-gpu-arch=, and\n"  \
    "-Xopenmp-target[=T] -march=sm_NN)")                                                      \
  X("--cuda-gpu-arch=", PREFIX, 0, opt_offload_arch, G_OFFLOAD, NULL, NULL)                     \
  X("-Xopenmp-target=", PREFIX_SEP, 0, opt_xopenmp_target, G_OFFLOAD, NULL, NULL)              \
  X("-Xopenmp-target", SEP, 0, opt_xopenmp_target, G_OFFLOAD, NULL, NULL)                      \
  X("--kernel-images=", PREFIX, 0, opt_kernel_images, G_OFFLOAD, "--kernel-images=WHERE",     \
    "embed (the default: in the executable) or\nseparate: written beside the executable as\n" \
    "EXE.FOO.fatbin and EXE.FOO.emu.so (beside\nFOO.o with -c; EXE.linked.fatbin for " \
    "device\ncode linked across files), read when first needed")  \
  X("--remarks", EXACT, 0, opt_remarks, G_OFFLOAD, "--remarks",                               \
    "say, per target region, whether its kernel is\nSPMD or generic and why, and the maps "      \
    "decided\nfor the variables it uses (FILE:LINE:COL: remark:)")                           \
  X("--emu-check=", PREFIX, 0, opt_emu_check, G_OFFLOAD, "--emu-check=CHECK",                 \
    "race: build the cuda-emu image with\nThreadSanitizer and link the program with it, "       \
    "for\nOMPICC_EMU_CHECK=race (the host code stays\nuninstrumented); memory: every access "   \
    "of the\nimage checked against device memory, for\nOMPICC_EMU_CHECK=memory")

typedef struct Option {
  const char *name;
  Match match;
  int to;
  Handler *handler;
  Group group;
  const char *usage, *help; /* NULL: documented on the line of the one before */
} Option;

static const Option options[] = {
#define X(name, match, to, handler, group, usage, help) {name, match, to, handler, group, usage, help},
    OPTIONS(X)
#undef X
};

#define NOPTIONS (sizeof options / sizeof options[0])

/* ---------------------------------------------------------------- --help */

static void print_option(const Option *o)
{
  const char *h = o->help;
  printf("  %-22s ", o->usage);
  if (strlen(o->usage) > 22)
    printf("\n  %-22s ", "");
  for (const char *nl; (nl = strchr(h, '\n')); h = nl + 1)
    printf("%.*s\n  %-22s ", (int)(nl - h), h, "");
  printf("%s\n", h);
}

void print_help(void)
{
  printf("usage: ompicc [options] FILE...\n"
         "\n"
         "Compiles C programs that use OpenMP: each .c file is preprocessed in OpenMP\n"
         "mode (cc -E -fopenmp), translated by ompicc-tr into a host file, compiled\n"
         "with the host compiler (cc -fopenmp), and linked.  Inputs: .c (C), .i\n"
         "(preprocessed C), .s/.S (assembly, to the host compiler), anything else\n"
         "(.o, .a, .so, ...) to the linker.\n");
  for (int g = 0; g < NGROUPS; g++) {
    bool any = false;
    for (size_t i = 0; i < NOPTIONS; i++) {
      if (options[i].group != (Group)g || !options[i].usage)
        continue;
      if (!any)
        printf("\n%s:\n", group_title[g]);
      any = true;
      print_option(&options[i]);
    }
  }
  printf("\nOther options go unchanged to the host compiler's compile and link commands.\n"
         "\n"
         "Environment:\n"
         "  OMPICC_CC   the host compiler, with any arguments of its own separated by\n"
         "              spaces (default: %s); gcc >= 9 or clang >= 14, the OpenMP\n"
         "              directives it does not know lowered into ones it knows\n"
         "  OMPICC_TR   the translator (default: ompicc-tr beside ompicc, else\n"
         "              %s/ompicc-tr)\n"
         "  OMPICC_NVCC nvcc, for CUDA images (default: %s)\n"
         "  OMPICC_CUDA_ARCH  the default of --cuda-arch (configured: %s)\n"
         "  OMPICC_CXX  the C++ compiler of cuda-emu images (default: %s)\n"
         "  TMPDIR      where the private temporary folder goes (default: /tmp)\n"
         "\n"
         "Programs read OMPICC_DEVICES (the device modules to load, in order:\n"
         "cuda, cuda-emu; default cuda), OMP_TARGET_OFFLOAD (DEFAULT, MANDATORY,\n"
         "DISABLED), OMP_DEFAULT_DEVICE, OMP_NUM_TEAMS, OMP_TEAMS_THREAD_LIMIT,\n"
         "OMPICC_DEBUG, OMPICC_INFO (each map, copy and launch), OMPICC_PROFILE (1:\n"
         "a table of kernel and copy times at exit; FILE: also a Chrome trace),\n"
         "OMP_DISPLAY_ENV and OMPICC_PLUGIN_DIR at run time; on the cuda-emu device,\n"
         "OMPICC_EMU_ARCH, OMPICC_EMU_CHECK, OMPICC_EMU_DEVICES, OMPICC_EMU_STACK\n"
         "and OMPICC_EMU_THREADS.\n"
         "\n"
         "Exit status: 0 on success; else the status of the first tool that failed\n"
         "(1 when it was killed by a signal), or 1 for ompicc's own errors.\n"
         "See ompicc(1).\n",
         OMPICC_DEFAULT_CC, PKGLIBEXECDIR, OMPICC_NVCC[0] ? OMPICC_NVCC : "none found",
         OMPICC_DEFAULT_CUDA_ARCH,
         OMPICC_DEFAULT_CXX);
}

void print_version(void)
{
  printf("ompicc (ompicc) %s\n", PACKAGE_VERSION);
}

/* ---------------------------------------------------------------- handlers */

static void set_mode(Driver *d, Mode m)
{
  /* cc's rule: the earliest stage asked for wins (-E over -S over -c). */
  if (m > d->mode)
    d->mode = m;
}

static void opt_c(Driver *d, const char *arg UNUSED) { set_mode(d, MODE_COMPILE); }
static void opt_S(Driver *d, const char *arg UNUSED) { set_mode(d, MODE_ASSEMBLY); }
static void opt_E(Driver *d, const char *arg UNUSED) { set_mode(d, MODE_PREPROCESS); }
static void opt_M(Driver *d, const char *arg UNUSED) { set_mode(d, MODE_PREPROCESS); }
static void opt_MD(Driver *d, const char *arg UNUSED) { d->deps = true; }
static void opt_MF(Driver *d, const char *arg UNUSED) { d->deps_file = true; }
static void opt_MT(Driver *d, const char *arg UNUSED) { d->deps_target = true; }
static void opt_k(Driver *d, const char *arg UNUSED) { d->keep = true; }
static void opt_v(Driver *d, const char *arg UNUSED) { d->verbose = true; }
static void opt_dry(Driver *d, const char *arg UNUSED) { d->dry = true; }

/* gcc's -save-temps: the current folder (=cwd, the default) or that of
 * the output (=obj, where -k keeps them). */
static void opt_save_temps(Driver *d, const char *arg)
{
  const char *where = strchr(arg, '=') ? strchr(arg, '=') + 1 : "cwd";
  if (strcmp(where, "cwd") && strcmp(where, "obj"))
    die("'%s': the intermediate files go to 'cwd' or 'obj'", arg);
  d->keep = true;
  d->keep_here = !strcmp(where, "cwd");
}
static void opt_ignore(Driver *d UNUSED, const char *arg UNUSED) {}

/* --devices=LIST: the image kinds, as a table. */
static const struct {
  const char *name;
  unsigned bits;
} device_names[] = {{"cuda", DEV_CUDA}, {"cuda-emu", DEV_EMU}, {"none", 0}};

static void opt_devices(Driver *d, const char *arg)
{
  const char *list = arg + strlen("--devices=");
  d->devices = 0;
  d->devices_given = true;
  for (const char *p = list; *p || p == list;) {
    size_t n = strcspn(p, ",");
    size_t i = 0;
    while (i < sizeof device_names / sizeof *device_names &&
           (strlen(device_names[i].name) != n || strncmp(device_names[i].name, p, n)))
      i++;
    if (i == sizeof device_names / sizeof *device_names)
      die("unknown device '%.*s' in '%s' (ompicc knows cuda, cuda-emu and none)", (int)n, p, arg);
    d->devices |= device_names[i].bits;
    p += n + (p[n] == ',');
  }
}

/* sm_NN, NN at least 30, maybe with the suffix of the features of one
 * architecture (sm_90a: runs on that GPU alone) or of its family
 * (sm_100f, CUDA 12.9). */
static bool valid_arch(const char *a, size_t n)
{
  if (n < 5 || strncmp(a, "sm_", 3))
    return false;
  size_t digits = n - (a[n - 1] == 'a' || a[n - 1] == 'f');
  for (size_t i = 3; i < digits; i++)
    if (a[i] < '0' || a[i] > '9')
      return false;
  return digits > 3 && atoi(a + 3) >= 30;
}

static void add_archs(Driver *d, const char *list, const char *opt)
{
  d->cuda_archs.len = 0;
  for (const char *p = list; *p || p == list;) {
    size_t n = strcspn(p, ",");
    if (!valid_arch(p, n))
      die("'%.*s' in '%s' is not a CUDA architecture of the form sm_75 (or sm_90a, sm_100f)",
          (int)n, p, opt);
    push(&d->cuda_archs, xstrndup(p, n));
    p += n + (p[n] == ',');
  }
}

static void opt_cuda_arch(Driver *d, const char *arg)
{
  add_archs(d, arg + strlen("--cuda-arch="), arg);
}

/* clang's and gcc's offloading options, in ompicc's terms. */
static void opt_openmp_targets(Driver *d, const char *arg)
{
  const char *list = strchr(arg, '=') + 1;
  for (const char *p = list; *p || p == list;) {
    size_t n = strcspn(p, ",");
    if (n < 6 || strncmp(p, "nvptx", 5))
      die("'%.*s' in '%s': ompicc offloads to NVIDIA GPUs only (nvptx64-nvidia-cuda)", (int)n,
          p, arg);
    p += n + (p[n] == ',');
  }
  if (!d->devices_given)
    d->devices = DEV_CUDA;
}

static void opt_foffload(Driver *d, const char *arg)
{
  const char *list = strchr(arg, '=') + 1;
  if (!strcmp(list, "disable")) {
    d->devices = 0; /* as --devices=none: the regions run on the host */
    d->devices_given = true;
    return;
  }
  for (const char *p = list; *p || p == list;) {
    size_t n = strcspn(p, ",");
    bool known = (n == 7 && !strncmp(p, "default", 7)) || (n >= 5 && !strncmp(p, "nvptx", 5));
    if (!known)
      die("'%.*s' in '%s': ompicc offloads to NVIDIA GPUs only (nvptx-none)", (int)n, p, arg);
    p += n + (p[n] == ',');
  }
}

/* --offload-arch=sm_80[,...], repeatable: the first one replaces the
 * default architectures, the others add to it */
static void add_offload_arch(Driver *d, const char *list, const char *opt)
{
  if (!strcmp(list, "native"))
    die("'%s': ompicc does not look at the GPU when it compiles: name its architecture "
        "(sm_75, ...; nvidia-smi --query-gpu=compute_cap --format=csv gives it)",
        opt);
  Vec before = d->cuda_archs;
  bool first = !d->offload_arch_given;
  d->cuda_archs = (Vec){0};
  add_archs(d, list, opt);
  if (!first) {
    Vec added = d->cuda_archs;
    d->cuda_archs = before;
    for (int i = 0; i < added.len; i++)
      push(&d->cuda_archs, added.items[i]);
  }
  d->offload_arch_given = true;
}

static void opt_offload_arch(Driver *d, const char *arg)
{
  add_offload_arch(d, strchr(arg, '=') + 1, arg);
}

static void opt_xopenmp_target(Driver *d, const char *arg)
{
  if (strncmp(arg, "-march=", 7))
    die("'-Xopenmp-target %s': ompicc takes -march=sm_NN there, and nothing else", arg);
  add_offload_arch(d, arg + 7, arg);
}

static void opt_offload_mandatory(Driver *d UNUSED, const char *arg)
{
  die("'%s' is not supported: run the program with OMP_TARGET_OFFLOAD=MANDATORY, which "
      "makes a region that cannot run on a device an error",
      arg);
}

static void opt_kernel_images(Driver *d, const char *arg)
{
  const char *where = arg + strlen("--kernel-images=");
  if (strcmp(where, "embed") && strcmp(where, "separate"))
    die("'%s': the kernel images are 'embed' or 'separate'", arg);
  d->separate_images = !strcmp(where, "separate");
}

static void opt_remarks(Driver *d, const char *arg UNUSED) { d->remarks = true; }

static void opt_emu_check(Driver *d, const char *arg)
{
  const char *check = arg + strlen("--emu-check=");
  if (strcmp(check, "race") && strcmp(check, "memory"))
    die("'%s': the checks built into an image are 'race' and 'memory', one at a time "
        "(OMPICC_EMU_CHECK=order and local need no build option)",
        arg);
  d->emu_race = !strcmp(check, "race");
  d->emu_memory = !strcmp(check, "memory");
}

static void opt_o(Driver *d, const char *arg)
{
  if (d->output && strcmp(d->output, arg))
    die("two outputs given: '-o %s' and '-o %s'", d->output, arg);
  d->output = arg;
}

static void opt_help(Driver *d UNUSED, const char *arg UNUSED)
{
  print_help();
  exit(0);
}

static void opt_version(Driver *d UNUSED, const char *arg UNUSED)
{
  print_version();
  exit(0);
}

/* -x LANG: the languages ompicc knows, and what each becomes. */
#define LANGUAGES(X)      \
  X("c", LANG_C)          \
  X("cpp-output", LANG_CPPOUT) \
  X("c-header", LANG_HEADER) \
  X("assembler", LANG_ASM) \
  X("assembler-with-cpp", LANG_ASM)

static bool lang_of_x(const char *x, Lang *lang)
{
#define X(name, l)        \
  if (!strcmp(x, name)) { \
    *lang = l;            \
    return true;          \
  }
  LANGUAGES(X)
#undef X
  return false;
}

static void opt_x(Driver *d, const char *arg)
{
  Lang l;
  if (!strcmp(arg, "none"))
    d->xlang = NULL;
  else if (lang_of_x(arg, &l))
    d->xlang = arg;
  else
    die("unsupported language '%s' in '-x %s' (ompicc knows c, cpp-output, c-header, "
        "assembler, assembler-with-cpp and none)",
        arg, arg);
}

/* ---------------------------------------------------------------- inputs */

/* A file's language from its suffix, as cc guesses it; any other suffix
 * (.o, .a, .so, .so.1, none) is for the linker. */
#define SUFFIXES(X) \
  X(".c", LANG_C)   \
  X(".i", LANG_CPPOUT) \
  X(".h", LANG_HEADER) \
  X(".s", LANG_ASM) \
  X(".S", LANG_ASM) \
  X(".sx", LANG_ASM)

static Lang lang_of_suffix(const char *path)
{
  const char *dot = strrchr(path, '.');
  if (!strcmp(path, "-"))
    return LANG_C;
  if (!dot || strchr(dot, '/'))
    return LANG_OBJ;
#define X(suffix, lang)     \
  if (!strcmp(dot, suffix)) \
    return lang;
  SUFFIXES(X)
#undef X
  return LANG_OBJ;
}

static void add_input(Driver *d, const char *path, Lang lang, const char *xlang)
{
  Input *in = xcalloc(1, sizeof *in);
  in->path = path;
  in->lang = lang;
  in->xlang = xlang;
  vec_push(&d->inputs, in);
}

static void add_file(Driver *d, const char *path)
{
  Lang l = LANG_OBJ;
  if (d->xlang)
    lang_of_x(d->xlang, &l);
  else
    l = lang_of_suffix(path);
  add_input(d, path, l, d->xlang);
}

/* ---------------------------------------------------------------- parsing */

static const Option *find_option(const char *a)
{
  for (size_t i = 0; i < NOPTIONS; i++) {
    const Option *o = &options[i];
    size_t n = strlen(o->name);
    bool exact = !strcmp(a, o->name);
    bool prefix = !strncmp(a, o->name, n);
    if (((o->match == EXACT || o->match == SEP) && exact) ||
        ((o->match == PREFIX || o->match == ARG || o->match == PREFIX_SEP) && prefix))
      return o;
  }
  return NULL;
}

/* Send the option's words (one, or two when its argument is separate) where
 * the table says. */
static void route(Driver *d, const Option *o, char **words, int n)
{
  for (int i = 0; i < n; i++) {
    if (o->to & TO_CPP)
      push(&d->cpp_flags, words[i]);
    if (o->to & TO_CC)
      push(&d->cc_flags, words[i]);
    if (o->to & TO_LINK)
      push(&d->link_flags, words[i]);
    if (o->to & TO_POS)
      add_input(d, words[i], LANG_FLAG, NULL);
  }
}

/* Handle argv[*i] (an option); returns how many words it used. */
static int take_option(Driver *d, int argc, char **argv, int i)
{
  const char *a = argv[i];
  const Option *o = find_option(a);
  if (!o) {
    push(&d->passthru, a);
    return 1;
  }
  const char *val = a;
  int n = 1;
  if (o->match == SEP || o->match == PREFIX_SEP || (o->match == ARG && !a[strlen(o->name)])) {
    if (i + 1 >= argc)
      die("missing argument to '%s'", a);
    val = argv[i + 1];
    n = 2;
  } else if (o->match == ARG)
    val = a + strlen(o->name);
  route(d, o, argv + i, n);
  if (o->handler)
    o->handler(d, val);
  return n;
}

void parse_command_line(Driver *d, int argc, char **argv)
{
  d->devices = DEV_CUDA;
  /* the default: $OMPICC_CUDA_ARCH where ompicc runs (a cross-built
   * ompicc on its target), else configure's */
  const char *arch = getenv("OMPICC_CUDA_ARCH");
  if (arch && *arch)
    add_archs(d, arch, "OMPICC_CUDA_ARCH");
  else
    add_archs(d, OMPICC_DEFAULT_CUDA_ARCH, "the configured default architecture");
  for (int i = 1; i < argc;) {
    const char *a = argv[i];
    if (a[0] == '-' && a[1])
      i += take_option(d, argc, argv, i);
    else {
      add_file(d, a);
      i++;
    }
  }
}
