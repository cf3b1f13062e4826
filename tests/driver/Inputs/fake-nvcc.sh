#!/bin/sh
# A stand-in for nvcc: logs its arguments to $FAKE_NVCC_LOG and writes
# a small file where -o says.
echo "$@" >> "${FAKE_NVCC_LOG:-/dev/null}"
while [ $# -gt 1 ]; do
  [ "$1" = -o ] && { printf 'fatbin' > "$2"; exit 0; }
  shift
done
exit 1
