/* driver.h - the pieces of the ompicc driver and what they share.
 *
 *   driver-util.c  what all of them use: argument vectors, die and warn,
 *               reading a file, the parts of a path.
 *   options.c   the command line: a table of cc's options, each with where
 *               it goes (cpp, compile, link) or what the driver does with it;
 *               --help is printed from the same table.
 *   tmpfiles.c  the private temporary folder, removed on every exit path.
 *   spawn.c     running a tool with posix_spawnp (never a shell), printing
 *               it quoted for -v, forwarding signals to it.
 *   offload.c   the device side: unit ids, kernel images (nvcc, g++), the
 *               assembler file that embeds them, relocatable device code and
 *               its device link, what every link adds (libompicc, the plugin
 *               folder).
 *   ompicc.c    main: the pipeline cpp -> ompicc-tr -> cc -c -> cc (link).
 * Each file calls only the files listed before it.
 *
 * Argument vectors are Vecs of char * (util.h), NULL-terminated only when a
 * tool is started.
 */
#ifndef OMPICC_DRIVER_H
#define OMPICC_DRIVER_H

#include <stdbool.h>

#include "util.h"

/* What an input (or a positional link item) is, from -x or its suffix. */
typedef enum Lang {
  LANG_C,      /* .c: cpp, translator, cc */
  LANG_CPPOUT, /* .i: translator, cc */
  LANG_HEADER, /* .h: cpp with -E (as for .c); otherwise the host compiler alone */
  LANG_ASM,    /* .s, .S, .sx: the host compiler alone */
  LANG_OBJ,    /* .o, .a, .so, anything else: the linker */
  LANG_FLAG,   /* a positional link option (-l, -L, -Wl,...), not a file */
} Lang;

typedef struct Input {
  const char *path;  /* the file, or the option text for LANG_FLAG */
  Lang lang;
  const char *xlang; /* the -x language in force when given, or NULL */
  const char *obj;   /* the object the driver made from it, for the link */
  const char *images; /* the object embedding its kernel images, or NULL */
} Input;

typedef enum Mode { MODE_LINK, MODE_COMPILE, MODE_ASSEMBLY, MODE_PREPROCESS } Mode;

typedef struct Driver {
  Mode mode;
  const char *output;          /* -o FILE, or NULL */
  bool verbose, keep;          /* -v, -k (or -save-temps) */
  bool keep_here;              /* -save-temps[=cwd]: kept in the current folder */
  bool dry;                    /* -###: print the commands, run none */
  bool deps, deps_file, deps_target; /* -MD/-MMD, -MF, -MT/-MQ given */
  const char *xlang;           /* the -x in force while parsing */
  Vec inputs;                  /* Input *: files and positional link options, in order */
  Vec cpp_flags;               /* char *: to the preprocessing step */
  Vec cc_flags;                /* char *: to each compile step */
  Vec link_flags;              /* char *: to the link, before its inputs */
  Vec passthru;                /* char *: options we do not know (cc gets them) */
  unsigned devices;            /* DEV_* bits: the images to build (--devices) */
  bool devices_given;          /* --devices was on the command line */
  Vec cuda_archs;              /* char *: "sm_75", ... (--cuda-arch) */
  bool offload_arch_given;     /* --offload-arch (clang's) was: the next adds */
  bool separate_images;        /* --kernel-images=separate */
  bool remarks;                /* --remarks: the translator's remarks */
  bool emu_race;               /* --emu-check=race: ThreadSanitizer in the cuda-emu image */
  bool emu_memory;             /* --emu-check=memory: every access of the image checked */
} Driver;

/* Kinds of kernel image (--devices=LIST). */
enum { DEV_CUDA = 1, DEV_EMU = 2 };

/* options.c */
void parse_command_line(Driver *d, int argc, char **argv);
void print_help(void);
void print_version(void);

/* spawn.c */
typedef struct RunOpts {
  const char *stdout_path; /* redirect the tool's stdout to this file */
  bool quiet;              /* stderr to /dev/null, no message of ours */
} RunOpts;
extern bool run_verbose;
/* -###: run_tool prints each command and runs none but the driver's quiet
 * queries of the host compiler; the steps that read what an earlier one
 * wrote act as if it had written it. */
extern bool run_dry;
void signals_install(void);
void signals_check(void);                  /* die of a signal received meanwhile */
int run_tool(Vec *argv, const RunOpts *o); /* 0, the tool's exit status, or 1 */
/* The standard output of a quiet query (TMP/STEM.txt), or "" when the
 * command fails. */
char *run_output(Vec *argv, const char *stem);
char *shell_quote(const char *arg);

/* offload.c */
char *unit_id(const char *path);          /* "saxpy_c_3fa2c1" */
/* Build the images of kernels_cu for d->devices, as img_base.fatbin and
 * img_base.emu.so, and the object that embeds them (or names them,
 * --kernel-images=separate) from the assembler file asm_file; in->images
 * is that object, or stays NULL when the unit has no device code. */
int build_images(const Driver *d, Input *in, const char *id, const char *kernels_cu,
                 const char *img_base, const char *asm_file);
void push_runtime(Vec *v);                /* link: the plugin folder, libompicc, -ldl */
void push_race_runtime(Vec *v);           /* --emu-check=race: ThreadSanitizer's defaults */
/* After the link of out (made as `linked`, which is removed on an
 * error): the object embedding the images of the relocatable device code
 * it holds, linked (nvcc -dlink, g++ -shared), to link again with; NULL
 * when it holds none.  Dies on an error. */
const char *link_relocatable(const Driver *d, const char *linked, const char *out);
/* The folder of ompicc's omp.h (runtime-host/include/omp.h), which the
 * preprocessor searches before the system's. */
const char *omp_include_dir(void);
/* tmpfiles.c */
const char *tmp_path(const char *stem, const char *ext); /* a new name in the folder */
const char *tmp_folder(void);                             /* made, and the tools' TMPDIR */
void tmp_cleanup(void);                                   /* remove the folder (atexit) */
/* The name to make output `final` under (beside it; `final` itself when
 * it is not a regular file or cannot be staged), and its rename into
 * place once made (dies, the staged file removed, when it fails). */
const char *staged_output(const char *final);
void output_done(const char *made, const char *final);

/* driver-util.c */
_Noreturn void die(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void push(Vec *v, const char *s);
void push_all(Vec *v, const Vec *from);
int push_words(Vec *v, const char *s); /* s split on blanks; the count */
void push_cc(Vec *v);                  /* $OMPICC_CC split on blanks, else the default cc */
char *read_file(const char *path);     /* "" when it cannot be read */
const char *base_name(const char *path);
char *dir_name(const char *path);

#endif
