/* plugin-host.h - the OmpiccPluginHost of a program that drives a device
 * module directly through plugin.h (the test harnesses of tests/emu and
 * tests/devlib, bench/kernels/harness.c), not through the runtime core:
 * trace lines go to stderr under OMPICC_DEBUG, and the module's detail
 * of its last failure waits in detail_msg for the caller's message. */
#ifndef OMPICC_PLUGIN_HOST_H
#define OMPICC_PLUGIN_HOST_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "plugin.h"

static char detail_msg[4096];

static void trace(const char *fmt, ...)
{
  va_list ap;
  if (!getenv("OMPICC_DEBUG"))
    return;
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
}

static void detail(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(detail_msg, sizeof detail_msg, fmt, ap);
  va_end(ap);
}

static const OmpiccPluginHost host = {trace, detail};

#endif
