/* tmpfiles.c - the driver's private temporary folder.
 *
 * One folder, made with mkdtemp in $TMPDIR (else /tmp) the first time a
 * temporary file is needed, holds every intermediate file (FOO.i,
 * FOO.host.c, FOO.o, tool output).  tmp_cleanup removes it with whatever
 * the tools left in it; main registers it with atexit, and the signal path
 * (spawn.c) calls it before dying, so no exit path leaves files behind.
 * It is the TMPDIR of every tool the driver runs, whose own temporary
 * files go with it too.
 */
#define _XOPEN_SOURCE 700
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>

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

void tmp_cleanup(void)
{
  if (!folder)
    return;
  nftw(folder, remove_one, 16, FTW_DEPTH | FTW_PHYS);
  folder = NULL;
}
