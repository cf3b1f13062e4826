#!/bin/sh
# other-cc.sh LOG KIND [args] - cc dressed up as another compiler: KIND
# "clang" answers --version as clang does; "oldgcc" as a gcc that predates
# -foffload and rejects it.  Each command is written to LOG.
log=$1 kind=$2
shift 2
echo "$kind $*" >> "$log"
case "$kind $*" in
  "clang --version") echo "clang version 14.0.6"; exit 0 ;;
  "oldgcc --version") printf 'gcc (GCC) 4.8.5\nCopyright (C) 2015 Free Software Foundation, Inc.\n'; exit 0 ;;
  oldgcc*-foffload*) echo "gcc: error: unrecognized command line option '-foffload=disable'" >&2; exit 1 ;;
esac
exec cc "$@"
