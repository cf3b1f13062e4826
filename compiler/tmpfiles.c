/* tmpfiles.c - the driver's private temporary folder.
 *
 * One folder, made with mkdtemp in $TMPDIR (else /tmp) the first time a
 * temporary file is needed, holds every intermediate file (FOO.i,
 * FOO.host.c, FOO.o, tool output).  tmp_cleanup removes it with whatever
 * the tools left in it; main registers it with atexit, and the signal path
 * (spawn.c) calls it before dying, so no exit path leaves files behind.
 * It is the TMPDIR of every tool the driver runs, whose own temporary
 * files go with it too.
 *
 * The program the link makes is made under a temporary name beside its
 * place (staged_output) and renamed there once whole (output_done): a
 * full disk, a failed link or a signal never leaves a truncated program
 * where the user expects one.  tmp_cleanup removes what was not renamed.
 */
#define _XOPEN_SOURCE 700
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <sys/stat.h>
#include <unistd.h>

#include "driver.h"

static char *folder; /* NULL until made */
static Vec used;     /* char *: names handed out, to keep them unique */

/* The folder, made on first use; the tools run from then on get it as
 * their TMPDIR, so that what they leave there (nvcc's tmpxft_* files when
 * a signal ends it) goes with it. */
const char *tmp_folder(void)
{
  if (folder)
    return folder;
  const char *base = getenv("TMPDIR");
  if (!base || !*base)
    base = "/tmp";
  char *templ = xasprintf("%s/ompicc-XXXXXX", base);
  if (!mkdtemp(templ))
    die("cannot make a temporary folder in '%s': %s", base, strerror(errno));
  folder = templ;
  setenv("TMPDIR", folder, 1);
  return folder;
}

static bool name_used(const char *name)
{
  char *s;
  VEC_EACH(char *, s, used)
  if (!strcmp(s, name))
    return true;
  return false;
}

/* FOLDER/STEM.EXT, or FOLDER/STEM-2.EXT, ... when two inputs share a stem
 * (a/x.c and b/x.c). */
const char *tmp_path(const char *stem, const char *ext)
{
  const char *dir = tmp_folder();
  char *name = xasprintf("%s%s", stem, ext);
  for (int n = 2; name_used(name); n++)
    name = xasprintf("%s-%d%s", stem, n, ext);
  vec_push(&used, name);
  return xasprintf("%s/%s", dir, name);
}

static int remove_one(const char *path, const struct stat *st UNUSED, int flag UNUSED, struct FTW *ftw UNUSED)
{
  remove(path);
  return 0;
}

static Vec staged; /* char *: outputs being made, not yet renamed */

const char *staged_output(const char *final)
{
  struct stat st;
  if (!final || !strcmp(final, "-"))
    return final;
  /* a device (/dev/null), a FIFO or a link to something is written
   * through, as the host compiler would */
  if (lstat(final, &st) == 0 && !S_ISREG(st.st_mode))
    return final;
  char *part = xasprintf("%s.partXXXXXX", final);
  int fd = mkstemp(part);
  if (fd < 0)
    return final; /* a folder we may not add to: in place */
  /* the name is ours; the tool makes the file, with the mode it gives
   * its outputs */
  close(fd);
  remove(part);
  vec_push(&staged, part);
  return part;
}

void output_done(const char *made, const char *final)
{
  if (made == final)
    return;
  for (int i = 0; i < staged.len; i++)
    if (staged.items[i] == made)
      staged.items[i] = staged.items[--staged.len];
  if (rename(made, final) != 0) {
    int err = errno;
    remove(made);
    die("cannot write '%s': %s", final, strerror(err));
  }
}

void tmp_cleanup(void)
{
  char *s;
  VEC_EACH(char *, s, staged)
  remove(s);
  staged.len = 0;
  if (!folder)
    return;
  nftw(folder, remove_one, 16, FTW_DEPTH | FTW_PHYS);
  folder = NULL;
}
