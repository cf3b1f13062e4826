/* ompicc.c - the driver: a cc for C programs that use OpenMP.
 *
 *   ompicc [cc options] FILE...
 *
 * For each C input:
 *   cc -E -fopenmp CPPFLAGS -isystem OMPINC -x c FOO.c -o TMP/FOO.i
 *                              (_OPENMP defined, macros in '#pragma omp' lines
 *                              expanded; OMPINC holds ompicc's omp.h)
 *   ompicc-tr TMP/FOO.i -o TMP/FOO.host.c
 *   cc -fopenmp [-foffload=disable] CFLAGS -c -x cpp-output TMP/FOO.host.c -o FOO.o
 * and then, unless -c, -S or -E:
 *   cc -fopenmp [-foffload=disable] LDFLAGS -o a.out FOO.o ... -lLIB ...
 *
 * .i inputs skip cpp, assembly goes to cc alone, other files to the link.
 * Everything is checked before anything runs (missing inputs, -o rules, the
 * output's folder).  The first tool that fails gives the exit status; the
 * other inputs are still compiled, as cc does, but nothing is linked.
 * -foffload=disable keeps a gcc built with offloading from compiling our
 * host file for a GPU: device code is ours to make.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config.h"
#include "driver.h"

/* ---------------------------------------------------------------- tools */

/* The path of this executable, from /proc/self/exe, or NULL. */
static char *self_exe(void)
{
  for (size_t size = 256;; size *= 2) {
    char *buf = xmalloc(size);
    ssize_t n = readlink("/proc/self/exe", buf, size);
    if (n < 0)
      return NULL;
    if ((size_t)n < size) {
      buf[n] = 0;
      return buf;
    }
    free(buf);
  }
}

/* $OMPICC_TR, else ompicc-tr beside ompicc (the build tree), else the
 * installed one. */
static const char *translator(void)
{
  const char *tr = getenv("OMPICC_TR");
  if (tr && *tr)
    return tr;
  char *self = self_exe();
  char *slash = self ? strrchr(self, '/') : NULL;
  if (slash) {
    char *beside = xasprintf("%.*s/ompicc-tr", (int)(slash - self), self);
    if (access(beside, X_OK) == 0)
      return beside;
  }
  return PKGLIBEXECDIR "/ompicc-tr";
}

/* The host compiler's --version (asked once). */
static const char *host_version(void)
{
  static char *text;
  if (!text) {
    Vec v = {0};
    push_cc(&v);
    push(&v, "--version");
    text = run_output(&v, "cc-version");
  }
  return text;
}

/* Whether the host compiler is a gcc that takes -foffload=disable (asked
 * once: its --version, then a trial run). */
static bool wants_offload_disable(void)
{
  static int answer = -1;
  if (answer >= 0)
    return answer;
  const char *text = host_version();
  answer = strstr(text, "Free Software Foundation") && !strstr(text, "clang");
  if (answer) {
    Vec t = {0};
    push_cc(&t);
    const char *trial[] = {"-foffload=disable", "-fopenmp", "-E", "-x", "c", "/dev/null", "-o", "/dev/null"};
    for (size_t i = 0; i < sizeof trial / sizeof *trial; i++)
      push(&t, trial[i]);
    answer = run_tool(&t, &(RunOpts){.quiet = true}) == 0;
  }
  return answer;
}

/* clang compiles an atomic construct on a type the machine has no atomic
 * instruction for (a double _Complex) into calls of libatomic, which gcc
 * does not need (it locks in libgomp): a link with clang as the host
 * compiler gets libatomic when there is one, as needed only. */
static void push_host_libs(Vec *v)
{
  if (!strstr(host_version(), "clang"))
    return;
  Vec q = {0};
  push_cc(&q);
  push(&q, "-print-file-name=libatomic.so");
  const char *lib = run_output(&q, "libatomic");
  if (lib[0] != '/')
    return; /* not found: the name alone comes back */
  push(v, "-Wl,--push-state,--as-needed");
  push(v, "-latomic");
  push(v, "-Wl,--pop-state");
}

/* ---------------------------------------------------------------- names */

/* foo/bar.c -> bar */
static char *stem(const Input *in)
{
  if (!strcmp(in->path, "-"))
    return xstrdup("stdin");
  const char *b = base_name(in->path);
  const char *dot = strrchr(b, '.');
  return dot && dot != b ? xstrndup(b, dot - b) : xstrdup(b);
}

static char *with_suffix(const char *path, const char *ext)
{
  const char *b = base_name(path);
  const char *dot = strrchr(b, '.');
  size_t n = dot && dot != b ? (size_t)(dot - path) : strlen(path);
  return xasprintf("%.*s%s", (int)n, path, ext);
}

/* The output of a -c/-S step: -o FILE, else FOO.o or FOO.s here. */
static const char *step_output(const Driver *d, const Input *in, const char *ext)
{
  if (d->mode != MODE_LINK) {
    if (d->output)
      return d->output;
    return xasprintf("%s%s", stem(in), ext);
  }
  return tmp_path(stem(in), ext);
}

/* Where -k keeps FOO.EXT: beside -o FILE, else here (here always with
 * -save-temps=cwd). */
static const char *kept_path(const Driver *d, const Input *in, const char *ext)
{
  char *dir = d->output && !d->keep_here ? dir_name(d->output) : xstrdup(".");
  if (!strcmp(dir, "."))
    return xasprintf("%s%s", stem(in), ext);
  return xasprintf("%s/%s%s", dir, stem(in), ext);
}

/* ---------------------------------------------------------------- steps */

/* -MD without -MT/-MF would name the temporary .i and put FOO.d beside it;
 * name what cc would name instead. */
static void push_dep_defaults(Vec *v, const Driver *d, const Input *in)
{
  if (!d->deps || d->mode == MODE_PREPROCESS)
    return;
  const char *obj = d->mode == MODE_COMPILE && d->output ? d->output : xasprintf("%s.o", stem(in));
  if (!d->deps_target) {
    push(v, "-MT");
    push(v, obj);
  }
  if (!d->deps_file) {
    push(v, "-MF");
    push(v, d->mode == MODE_COMPILE && d->output ? with_suffix(d->output, ".d")
                                                 : xasprintf("%s.d", stem(in)));
  }
}

/* cc -E -fopenmp [-dD] CPPFLAGS -isystem OMPINC -x c FOO.c [-o OUT]; for
 * the translator, -dD keeps the macro definitions in the output: the
 * host's preprocessor expands macros only in the directives it knows,
 * the translator in the others (parser/macros.c). */
static int preprocess(const Driver *d, const Input *in, const char *out, bool for_translator)
{
  Vec v = {0};
  push_cc(&v);
  push(&v, "-E");
  push(&v, "-fopenmp");
  if (for_translator)
    push(&v, "-dD");
  push_all(&v, &d->cpp_flags);
  /* after the user's -isystem folders, before the system's */
  push(&v, "-isystem");
  push(&v, omp_include_dir());
  push_dep_defaults(&v, d, in);
  push(&v, "-x");
  push(&v, "c");
  push(&v, in->path);
  if (out) {
    push(&v, "-o");
    push(&v, out);
  }
  return run_tool(&v, NULL);
}

static bool has_flag(const Vec *flags, const char *flag)
{
  const char *f;
  VEC_EACH(const char *, f, *flags)
  if (!strcmp(f, flag))
    return true;
  return false;
}

/* Do the user's flags ask the host compiler for messages without the
 * source line and caret?  Then ours have none either. */
static bool plain_messages(const Driver *d)
{
  const Vec *lists[] = {&d->cc_flags, &d->passthru};
  for (int i = 0; i < 2; i++)
    if (has_flag(lists[i], "-fno-diagnostics-show-caret") ||
        has_flag(lists[i], "-fdiagnostics-plain-output"))
      return true;
  return false;
}

/* ompicc-tr FOO.i [--unit-id=ID --kernels=FOO.kernels.cu] [--remarks] [--caret] -o FOO.host.c */
static int translate(const Driver *d, const char *in, const char *id, const char *kernels,
                     const char *out)
{
  Vec v = {0};
  push(&v, translator());
  push(&v, in);
  if (kernels) {
    push(&v, xasprintf("--unit-id=%s", id));
    push(&v, xasprintf("--kernels=%s", kernels));
    if (d->remarks)
      push(&v, "--remarks");
  }
  if (!plain_messages(d))
    push(&v, "--caret");
  push(&v, "-o");
  push(&v, out);
  return run_tool(&v, NULL);
}

/* cc -fopenmp [-foffload=disable] CFLAGS -c|-S -x cpp-output FOO.host.c -o OUT */
static int compile_host(const Driver *d, const char *host_c, const char *out)
{
  Vec v = {0};
  push_cc(&v);
  push(&v, "-fopenmp");
  if (wants_offload_disable())
    push(&v, "-foffload=disable");
  push_all(&v, &d->cc_flags);
  push_all(&v, &d->passthru);
  push(&v, d->mode == MODE_ASSEMBLY ? "-S" : "-c");
  push(&v, "-x");
  push(&v, "cpp-output");
  push(&v, host_c);
  push(&v, "-o");
  push(&v, out);
  return run_tool(&v, NULL);
}

/* -k -v: where the intermediate files are, in pipeline order (no .i for
 * a .i input, no kernel file or images when the unit has none). */
static void say_kept(const char *const *files, int n)
{
  Vec kept = {0};
  for (int i = 0; i < n; i++)
    if (files[i] && access(files[i], F_OK) == 0)
      push(&kept, files[i]);
  StrBuf b = {0};
  for (int i = 0; i < kept.len; i++)
    sb_printf(&b, "%s'%s'", i == 0 ? "" : i == kept.len - 1 ? " and " : ", ",
              (char *)kept.items[i]);
  fprintf(stderr, "ompicc: kept %s\n", sb_take(&b));
}

/* Where the unit's images go: beside the output in separate-file mode
 * (app.foo.fatbin; foo.fatbin beside foo.o with -c), kept with -k, else
 * temporary.  No suffix: build_images adds one per kind. */
static char *image_base(const Driver *d, const Input *in)
{
  if (d->separate_images && d->mode == MODE_LINK) {
    const char *exe = d->output ? d->output : "a.out";
    char *dir = dir_name(exe);
    return xasprintf("%s/%s.%s", dir, base_name(exe), stem(in));
  }
  if (d->separate_images)
    return with_suffix(step_output(d, in, ".o"), "");
  if (d->keep)
    return (char *)kept_path(d, in, "");
  return with_suffix(tmp_path(stem(in), ".img"), "");
}

/* cc -r: the host object and the images as one FOO.o (-c). */
static int merge_objects(const char *host_o, const char *images_o, const char *out)
{
  Vec v = {0};
  push_cc(&v);
  push(&v, "-r");
  push(&v, "-nostdlib");
  push(&v, host_o);
  push(&v, images_o);
  push(&v, "-o");
  push(&v, out);
  return run_tool(&v, NULL);
}

/* The kernel file's images (not with -S: the assembly is the host's),
 * then the host file; with -c both become FOO.o. */
static int build_objects(Driver *d, Input *in, const char *const files[3], const char *id)
{
  const char *i_file = files[0], *host_c = files[1], *kernels = files[2];
  const char *asm_file = d->keep ? kept_path(d, in, ".images.s") : tmp_path(stem(in), ".images.s");
  const char *img = image_base(d, in);
  int st;
  if (kernels && d->mode != MODE_ASSEMBLY &&
      (st = build_images(d, in, id, kernels, img, asm_file)))
    return st;
  const char *out = step_output(d, in, d->mode == MODE_ASSEMBLY ? ".s" : ".o");
  bool merge = in->images && d->mode == MODE_COMPILE;
  const char *host_o = merge ? tmp_path(stem(in), ".host.o") : out;
  if ((st = compile_host(d, host_c, host_o)))
    return st;
  in->obj = out;
  if (merge && (st = merge_objects(host_o, in->images, out)))
    return st;
  if (d->keep && d->verbose)
    say_kept((const char *[]){i_file, host_c, kernels, xasprintf("%s.fatbin", img),
                              xasprintf("%s.emu.so", img), in->images ? asm_file : NULL},
             6);
  return 0;
}

/* A C or preprocessed C input: cpp (unless .i), translator, the images,
 * cc. */
static int build_c(Driver *d, Input *in)
{
  if (d->mode == MODE_PREPROCESS) {
    if (in->lang == LANG_CPPOUT) {
      warn("'%s' is preprocessed already: nothing to do with -E", in->path);
      return 0;
    }
    return preprocess(d, in, d->output && strcmp(d->output, "-") ? d->output : NULL, false);
  }
  const char *i_file = in->path;
  int st;
  if (in->lang == LANG_C) {
    i_file = d->keep ? kept_path(d, in, ".i") : tmp_path(stem(in), ".i");
    if ((st = preprocess(d, in, i_file, true)))
      return st;
  }
  const char *host_c = d->keep ? kept_path(d, in, ".host.c") : tmp_path(stem(in), ".host.c");
  const char *kernels = d->keep ? kept_path(d, in, ".kernels.cu") : tmp_path(stem(in), ".kernels.cu");
  char *id = unit_id(in->path);
  if ((st = translate(d, i_file, id, kernels, host_c)))
    return st;
  const char *files[3] = {in->lang == LANG_C ? i_file : NULL, host_c, kernels};
  return build_objects(d, in, files, id);
}

/* Assembly: the host compiler alone (-E, -c, or to an object to link). */
static int build_asm(Driver *d, Input *in)
{
  if (d->mode == MODE_ASSEMBLY) {
    warn("'%s': assembly input unused with -S", in->path);
    return 0;
  }
  Vec v = {0};
  push_cc(&v);
  push_all(&v, &d->cpp_flags);
  push_all(&v, &d->cc_flags);
  push_all(&v, &d->passthru);
  push(&v, d->mode == MODE_PREPROCESS ? "-E" : "-c");
  if (in->xlang) {
    push(&v, "-x");
    push(&v, in->xlang);
  }
  push(&v, in->path);
  const char *out = d->mode == MODE_PREPROCESS ? d->output : (in->obj = step_output(d, in, ".o"));
  if (out) {
    push(&v, "-o");
    push(&v, out);
  }
  return run_tool(&v, NULL);
}

static int build_input(Driver *d, Input *in)
{
  switch (in->lang) {
  case LANG_C:
  case LANG_CPPOUT:
    return build_c(d, in);
  case LANG_HEADER:
    /* cc -E on a header preprocesses it; anything else (a precompiled
     * header) is the host compiler's business. */
    return d->mode == MODE_PREPROCESS ? preprocess(d, in, d->output && strcmp(d->output, "-") ? d->output : NULL, false)
                                      : build_asm(d, in);
  case LANG_ASM:
    return build_asm(d, in);
  case LANG_OBJ:
    if (d->mode != MODE_LINK)
      warn("'%s': linker input unused because linking not done", in->path);
    return 0;
  case LANG_FLAG:
    return 0;
  }
  return 0;
}

/* cc -fopenmp LDFLAGS -o OUT ITEMS..., the items in command-line order,
 * and the object of the linked images (images, when not NULL) last. */
static int link_with(const Driver *d, const char *out, const char *images)
{
  Vec v = {0};
  push_cc(&v);
  push(&v, "-fopenmp");
  if (wants_offload_disable())
    push(&v, "-foffload=disable");
  push_all(&v, &d->link_flags);
  if (d->emu_race) { /* ThreadSanitizer's runtime first in the process, for the image */
    push(&v, "-fsanitize=thread");
    push_race_runtime(&v); /* its options: runtime-host/rt-tsan.c */
  }
  push_all(&v, &d->passthru);
  push(&v, "-o");
  push(&v, out);
  Input *in;
  VEC_EACH(Input *, in, d->inputs)
  {
    push(&v, in->obj ? in->obj : in->path);
    if (in->images)
      push(&v, in->images);
  }
  if (images)
    push(&v, images);
  push_runtime(&v);
  push_host_libs(&v);
  return run_tool(&v, NULL);
}

/* The link; when what it linked holds relocatable device code
 * (compiler/offload.c), the device link, and the link again with its
 * images.  A partial link (-r) keeps the code for the final one. */
static int link_all(const Driver *d)
{
  /* Made under a temporary name and renamed once whole: a failed link
   * (a full disk) leaves no program.  Only the link: the host compiler
   * names what -gsplit-dwarf, --coverage or -fstack-usage write beside
   * an object after its -o name, and removes an object it failed to
   * make itself. */
  const char *out = d->output ? d->output : "a.out";
  const char *made = run_dry ? out : staged_output(out);
  int st = link_with(d, made, NULL);
  if (!st && !has_flag(&d->passthru, "-r") && !has_flag(&d->link_flags, "-r")) {
    const char *images = link_relocatable(d, made, out);
    if (images)
      st = link_with(d, made, images);
  }
  if (!st)
    output_done(made, out);
  return st;
}

/* ---------------------------------------------------------------- checks */

static bool is_file_input(const Input *in) { return in->lang != LANG_FLAG; }

/* Whether the input yields an output of its own in the current mode. */
static bool has_output(const Driver *d, const Input *in)
{
  switch (d->mode) {
  case MODE_PREPROCESS:
    return in->lang == LANG_C || in->lang == LANG_ASM || in->lang == LANG_HEADER;
  case MODE_ASSEMBLY:
    return in->lang == LANG_C || in->lang == LANG_CPPOUT;
  case MODE_COMPILE:
    return in->lang == LANG_C || in->lang == LANG_CPPOUT || in->lang == LANG_ASM ||
           in->lang == LANG_HEADER;
  case MODE_LINK:
    return false;
  }
  return false;
}

/* Every input must be there before anything runs. */
static void check_inputs(const Driver *d)
{
  int missing = 0;
  Input *in;
  VEC_EACH(Input *, in, d->inputs)
  {
    struct stat st;
    if (!is_file_input(in) || !strcmp(in->path, "-"))
      continue;
    if (stat(in->path, &st) != 0) {
      fprintf(stderr, "ompicc: error: no such file: '%s'\n", in->path);
      missing++;
    } else if (S_ISDIR(st.st_mode)) {
      fprintf(stderr, "ompicc: error: '%s' is a folder, not a file\n", in->path);
      missing++;
    }
  }
  if (missing)
    exit(1);
}

static void check_output(const Driver *d)
{
  int outputs = 0;
  Input *in;
  VEC_EACH(Input *, in, d->inputs)
  outputs += has_output(d, in);
  if (!d->output || !strcmp(d->output, "-"))
    return;
  if (outputs > 1)
    die("cannot specify '-o' with '-c', '-S' or '-E' with several input files");
  struct stat st, ist;
  char *dir = dir_name(d->output);
  if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
    die("cannot write '%s': there is no folder '%s'", d->output, dir);
  if (stat(d->output, &st) != 0)
    return;
  if (S_ISDIR(st.st_mode))
    die("cannot write '%s': it is a folder", d->output);
  VEC_EACH(Input *, in, d->inputs)
  if (is_file_input(in) && stat(in->path, &ist) == 0 && ist.st_dev == st.st_dev &&
      ist.st_ino == st.st_ino)
    die("the output '%s' would overwrite the input '%s'", d->output, in->path);
}

/* No input files: -v and cc's own queries (-dumpversion, -print-*) go to
 * the host compiler; anything else is an error. */
static int no_inputs(const Driver *d)
{
  if (!d->verbose && !d->passthru.len)
    die("no input files");
  if (d->verbose) {
    fflush(stdout);
    fprintf(stderr, "ompicc (ompicc) %s\ntranslator: %s\n", PACKAGE_VERSION, translator());
  }
  Vec v = {0};
  push_cc(&v);
  if (d->verbose)
    push(&v, "-v");
  push_all(&v, &d->cc_flags);
  push_all(&v, &d->passthru);
  return run_tool(&v, NULL);
}

int main(int argc, char **argv)
{
  Driver d = {0};
  parse_command_line(&d, argc, argv);
  run_verbose = d.verbose;
  run_dry = d.dry;
  signals_install();
  atexit(tmp_cleanup);

  int files = 0;
  Input *in;
  VEC_EACH(Input *, in, d.inputs)
  files += is_file_input(in);
  if (!files)
    return no_inputs(&d);
  check_inputs(&d);
  check_output(&d);

  int status = 0;
  VEC_EACH(Input *, in, d.inputs)
  {
    int st = build_input(&d, in);
    if (st && !status)
      status = st;
  }
  if (!status && d.mode == MODE_LINK)
    status = link_all(&d);
  signals_check(); /* a signal that came after the last tool still counts */
  return status;
}
