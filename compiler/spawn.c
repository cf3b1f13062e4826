/* spawn.c - running the tools (cpp, ompicc-tr, cc) and dying cleanly.
 *
 * Tools run through posix_spawnp with an argument vector, never through a
 * shell, so file names with spaces, quotes, '$' or ';' reach them intact.
 * -v prints each command quoted so that it can be pasted into a shell.
 *
 * Signals (SIGINT, SIGTERM, SIGHUP, SIGQUIT): the handler only records the
 * signal and forwards it to the running tool.  The main line notices it
 * after the tool ends (or before starting the next one), removes the
 * temporary folder, and re-raises the signal with its default action, so
 * whoever started ompicc sees it die of that signal.  The signals are
 * blocked while a tool is being started or reaped, so that the handler
 * never forwards to a process that is not (or no longer) ours.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "driver.h"

extern char **environ;

bool run_verbose, run_dry;

static const int caught[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
#define NCAUGHT (int)(sizeof caught / sizeof caught[0])

static volatile sig_atomic_t pending_signal;
static volatile pid_t running_child;

static void on_signal(int sig)
{
  if (!pending_signal)
    pending_signal = sig;
  if (running_child > 0)
    kill(running_child, sig);
}

static sigset_t caught_set(void)
{
  sigset_t s;
  sigemptyset(&s);
  for (int i = 0; i < NCAUGHT; i++)
    sigaddset(&s, caught[i]);
  return s;
}

void signals_install(void)
{
  for (int i = 0; i < NCAUGHT; i++) {
    struct sigaction old, sa = {.sa_handler = on_signal};
    sigemptyset(&sa.sa_mask);
    /* A signal ignored when we start (nohup, background jobs) stays so. */
    if (sigaction(caught[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN)
      continue;
    sigaction(caught[i], &sa, NULL);
  }
}

static _Noreturn void die_of_signal(int sig)
{
  tmp_cleanup();
  signal(sig, SIG_DFL);
  sigset_t s;
  sigemptyset(&s);
  sigaddset(&s, sig);
  sigprocmask(SIG_UNBLOCK, &s, NULL);
  raise(sig);
  _exit(128 + sig); /* not reached: the default action of these ends us */
}

void signals_check(void)
{
  if (pending_signal)
    die_of_signal(pending_signal);
}

/* ---------------------------------------------------------------- -v */

static bool shell_safe(const char *s)
{
  if (!*s)
    return false;
  for (; *s; s++)
    if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                "_@%+=:,./-",
                *s))
      return false;
  return true;
}

/* 'it'\''s' style: single quotes, each ' closed, escaped and reopened. */
char *shell_quote(const char *arg)
{
  if (shell_safe(arg))
    return xstrdup(arg);
  StrBuf b = {0};
  sb_putc(&b, '\'');
  for (const char *p = arg; *p; p++)
    if (*p == '\'')
      sb_puts(&b, "'\\''");
    else
      sb_putc(&b, *p);
  sb_putc(&b, '\'');
  return sb_take(&b);
}

static void print_command(char **argv, const RunOpts *o)
{
  StrBuf b = {0};
  for (int i = 0; argv[i]; i++) {
    if (i)
      sb_putc(&b, ' ');
    sb_puts(&b, shell_quote(argv[i]));
  }
  if (o->stdout_path) {
    sb_puts(&b, " > ");
    sb_puts(&b, shell_quote(o->stdout_path));
  }
  if (o->quiet)
    sb_puts(&b, " 2>/dev/null");
  fprintf(stderr, "%s\n", b.s);
}

/* ---------------------------------------------------------------- running */

static void setup_files(posix_spawn_file_actions_t *fa, const RunOpts *o)
{
  posix_spawn_file_actions_init(fa);
  if (o->stdout_path)
    posix_spawn_file_actions_addopen(fa, 1, o->stdout_path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
  if (o->quiet)
    posix_spawn_file_actions_addopen(fa, 2, "/dev/null", O_WRONLY, 0);
}

/* Start the tool with the caught signals blocked, so a signal that comes
 * now is handled once running_child names it. */
static pid_t start(char **argv, const RunOpts *o)
{
  sigset_t block = caught_set(), old;
  sigprocmask(SIG_BLOCK, &block, &old);
  if (pending_signal)
    die_of_signal(pending_signal);
  posix_spawn_file_actions_t fa;
  posix_spawnattr_t attr;
  setup_files(&fa, o);
  posix_spawnattr_init(&attr);
  posix_spawnattr_setsigmask(&attr, &old);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK);
  pid_t pid = -1;
  int err = posix_spawnp(&pid, argv[0], &fa, &attr, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  posix_spawnattr_destroy(&attr);
  if (err)
    pid = -1, errno = err;
  else
    running_child = pid;
  sigprocmask(SIG_SETMASK, &old, NULL);
  return pid;
}

/* Wait for the tool to end without reaping it (so its pid stays ours while
 * the handler may still forward to it), then reap it with signals blocked. */
static int finish(pid_t pid)
{
  siginfo_t info;
  while (waitid(P_PID, pid, &info, WEXITED | WNOWAIT) < 0 && errno == EINTR)
    ;
  sigset_t block = caught_set(), old;
  sigprocmask(SIG_BLOCK, &block, &old);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
    ;
  running_child = 0;
  sigprocmask(SIG_SETMASK, &old, NULL);
  return status;
}

int run_tool(Vec *args, const RunOpts *o)
{
  static const RunOpts none;
  if (!o)
    o = &none;
  char **argv = xmalloc((args->len + 1) * sizeof *argv);
  memcpy(argv, args->items, args->len * sizeof *argv);
  argv[args->len] = NULL;
  if (run_verbose || (run_dry && !o->quiet))
    print_command(argv, o);
  if (run_dry && !o->quiet)
    return 0;
  tmp_folder(); /* the tool's TMPDIR */
  pid_t pid = start(argv, o);
  if (pid < 0) {
    if (!o->quiet)
      fprintf(stderr, "ompicc: error: cannot run '%s': %s\n", argv[0], strerror(errno));
    return 1;
  }
  int status = finish(pid);
  signals_check();
  if (WIFEXITED(status))
    return WEXITSTATUS(status);
  if (!o->quiet)
    fprintf(stderr, "ompicc: error: '%s' was killed by signal %d (%s)\n", argv[0],
            WTERMSIG(status), strsignal(WTERMSIG(status)));
  return 1;
}

char *run_output(Vec *cmd, const char *stem)
{
  const char *out = tmp_path(stem, ".txt");
  if (run_tool(cmd, &(RunOpts){.stdout_path = out, .quiet = true}) != 0)
    return "";
  return read_file(out);
}
