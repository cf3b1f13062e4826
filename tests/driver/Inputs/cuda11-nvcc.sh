#!/bin/sh
# A stand-in for CUDA 11.8's nvcc with a gcc it refuses: it says its
# version, and fails as that nvcc does on the kernel file.
if [ "$1" = --version ]; then
  echo "Cuda compilation tools, release 11.8, V11.8.89"
  exit 0
fi
[ "$1" = --list-gpu-code ] && { printf 'sm_53\nsm_75\n'; exit 0; }
echo "#error -- unsupported GNU version! gcc versions later than 11 are not supported!" >&2
exit 1
