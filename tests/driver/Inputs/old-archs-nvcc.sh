#!/bin/sh
# A stand-in for an nvcc that builds sm_75 and sm_80 only: it lists them
# for --list-gpu-code and fails as nvcc 13 does on anything else.
if [ "$1" = --list-gpu-code ]; then
  printf 'sm_75\nsm_80\n'
  exit 0
fi
echo "nvcc fatal   : Unsupported gpu architecture 'compute_53'" >&2
exit 1
