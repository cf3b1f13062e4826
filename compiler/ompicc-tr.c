/* ompicc-tr.c - the translator: one preprocessed C file in, C out.
 *
 *   ompicc-tr [options] INPUT.i [-o OUTPUT.c]
 *
 * The pipeline, one pass each: parse (parser/), semantic analysis (scopes,
 * symbols, types: parser/sema.c), the analysis of the target constructs
 * (transform/offload.c), the kernel file (codegen-cuda/kernels.c), the
 * lowering of the host side (transform/lower-host.c, then the OpenMP 5.1
 * task dependences: transform/depend.c, then what the host compiler does
 * not know: transform/host-compat.c), then print the host file.  The ompicc
 * driver runs cpp before and the host compiler after; this program is not
 * meant to be run by hand, but it is useful for tests and debugging.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "config.h"
#include "depend.h"
#include "diag.h"
#include "host-compat.h"
#include "../codegen-cuda/kernels.h"
#include "imperfect.h"
#include "variants.h"
#include "lower-host.h"
#include "offload.h"
#include "omp-blocks.h"
#include "parse.h"
#include "print.h"
#include "sema.h"

static void usage(FILE *f)
{
  fputs("usage: ompicc-tr [options] INPUT.i\n"
        "  -o FILE              write the translated C to FILE (default: stdout)\n"
        "  --no-line-markers    do not emit # N \"file\" line markers\n"
        "  --parse-only         stop after parsing (syntax check; implies\n"
        "                       --full-parse)\n"
        "  --full-parse         parse every function body; by default a body\n"
        "                       with no OpenMP directive is kept as its text\n"
        "                       (its syntax is checked by the host compiler)\n"
        "  --dump-symbols       print what each identifier of the OpenMP clauses\n"
        "                       and loop headers denotes, instead of C\n"
        "  --dump-all-symbols   print every symbol of the user's files with its\n"
        "                       type, size and storage, instead of C\n"
        "  --dump-types         print every expression of the user's files with\n"
        "                       its type, instead of C\n"
        "  --unit-id=ID         the C identifier of this translation unit's kernel\n"
        "                       images (default: from the file name)\n"
        "  --kernels=FILE.cu    write the kernel file (CUDA C++) to FILE.cu\n"
        "  --offload            lower the device constructs (implied by --unit-id,\n"
        "                       --kernels and --remarks); without it the file\n"
        "                       prints back as parsed\n"
        "  --remarks            say per target region whether its kernel is SPMD\n"
        "                       and why, and the implicit maps decided\n"
        "  --caret              show the source line and a caret under each\n"
        "                       message, as gcc does\n"
        "  --version, --help\n",
        f);
}

typedef struct Options {
  const char *input, *output, *unit_id, *kernels;
  bool remarks, offload, full_parse;
  bool line_markers, parse_only, dump_symbols, dump_all_symbols, dump_types;
} Options;

static Options parse_args(int argc, char **argv)
{
  Options o = {.line_markers = true};
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "-o") && i + 1 < argc)
      o.output = argv[++i];
    else if (!strcmp(a, "--no-line-markers"))
      o.line_markers = false;
    else if (!strcmp(a, "--parse-only"))
      o.parse_only = true;
    else if (!strcmp(a, "--full-parse"))
      o.full_parse = true;
    else if (!strcmp(a, "--dump-symbols"))
      o.dump_symbols = true;
    else if (!strcmp(a, "--dump-all-symbols"))
      o.dump_all_symbols = true;
    else if (!strcmp(a, "--dump-types"))
      o.dump_types = true;
    else if (!strncmp(a, "--unit-id=", 10))
      o.unit_id = a + 10, o.offload = true;
    else if (!strncmp(a, "--kernels=", 10))
      o.kernels = a + 10, o.offload = true;
    else if (!strcmp(a, "--remarks"))
      o.remarks = o.offload = true;
    else if (!strcmp(a, "--offload"))
      o.offload = true;
    else if (!strcmp(a, "--caret"))
      diag_show_caret = 1;
    else if (!strcmp(a, "--help")) {
      usage(stdout);
      exit(0);
    } else if (!strcmp(a, "--version")) {
      printf("ompicc-tr (ompicc) %s\n", PACKAGE_VERSION);
      exit(0);
    } else if (a[0] == '-' && a[1]) {
      fprintf(stderr, "ompicc-tr: error: unknown option '%s'\n", a);
      usage(stderr);
      exit(1);
    } else if (o.input) {
      fprintf(stderr, "ompicc-tr: error: more than one input file\n");
      exit(1);
    } else
      o.input = a;
  }
  if (!o.input) {
    usage(stderr);
    exit(1);
  }
  return o;
}

/* Remove a half-written output, as cc does; but only a regular file: an
 * output of /dev/null (or any device, pipe or link) is never removed. */
static void remove_output(const char *path)
{
  struct stat st;
  if (lstat(path, &st) == 0 && S_ISREG(st.st_mode))
    remove(path);
}

/* Errors while writing FILE: remove it, so no stray output is left. */
static void diag_exit_if_errors_removing(const char *path, FILE *f)
{
  if (!diag_errors)
    return;
  fclose(f);
  remove_output(path);
  diag_exit_if_errors();
}

static FILE *open_output(const char *path)
{
  if (!path || !strcmp(path, "-"))
    return stdout;
  FILE *f = fopen(path, "w");
  if (!f) {
    fprintf(stderr, "ompicc-tr: error: cannot write '%s'\n", path);
    exit(1);
  }
  return f;
}

static void close_output(FILE *f, const char *path)
{
  if (fflush(f) != 0 || ferror(f) || (f != stdout && fclose(f) != 0)) {
    fprintf(stderr, "ompicc-tr: error: cannot write '%s'\n", path ? path : "stdout");
    if (path && f != stdout)
      remove_output(path);
    exit(1);
  }
}

/* The offloading passes: analysis, kernel file, host lowering (the
 * target constructs, then the task dependences gcc 12 does not know, then
 * the directives the host compiler in use does not know). */
static void offload(const Options *o, TransUnit *tu)
{
  variants_resolve(tu);
  diag_exit_if_errors();
  lower_host_compat_defaults(tu);
  imperfect_nests(tu);
  Offload *off = offload_analyze(tu, o->unit_id);
  if (o->remarks)
    offload_remarks(off);
  diag_exit_if_errors();
  if (o->kernels) {
    FILE *k = open_output(o->kernels);
    const char *slash = strrchr(o->kernels, '/');
    kernels_write(k, off, slash ? slash + 1 : o->kernels);
    diag_exit_if_errors_removing(o->kernels, k);
    close_output(k, o->kernels);
  }
  lower_host(off);
  lower_depend(tu);
  lower_host_compat(tu);
  diag_exit_if_errors();
}

int main(int argc, char **argv)
{
  Options o = parse_args(argc, argv);
  /* A syntax check checks everything; the dumps show every function. */
  bool dump = o.dump_symbols || o.dump_all_symbols || o.dump_types;
  bool lazy = !o.full_parse && !o.parse_only && !dump;
  ParseOpts popts = {.lazy_bodies = lazy, .lazy_decls = lazy};
  TransUnit *tu = parse_file_opts(strcmp(o.input, "-") ? o.input : NULL, &popts);
  diag_exit_if_errors();
  if (o.parse_only)
    return 0;

  sema_trans_unit(tu);
  omp_check_blocks(tu); /* independent of sema's errors: both reported */
  diag_exit_if_errors();

  if (!dump && o.offload)
    offload(&o, tu);

  FILE *out = open_output(o.output);
  if (o.dump_symbols)
    sema_dump_symbols(out, tu);
  if (o.dump_all_symbols)
    sema_dump_all_symbols(out, tu);
  if (o.dump_types)
    sema_dump_expr_types(out, tu);
  if (!o.dump_symbols && !o.dump_all_symbols && !o.dump_types)
    print_trans_unit(out, tu, &(PrintOpts){.line_markers = o.line_markers});
  close_output(out, o.output);
  return 0;
}
