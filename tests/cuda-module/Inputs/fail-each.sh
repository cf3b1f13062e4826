#!/bin/sh
# fail-each.sh TEST MODULE DEF IMAGE - run `TEST MODULE all IMAGE` once for
# each driver function listed in DEF (cuda-driver.def), with the fake
# driver told to make that function fail, and print "function: outcome",
# the outcome being the first failure reported, or the device count when
# the failure leaves the module with no devices, or "all ok" when the
# function is never called on the way.
for fn in $(sed -n 's/^CUDA_DRIVER\(_OR\)\{0,1\}(\([A-Za-z0-9_]*\),.*/\2/p' "$3"); do
  out=$(FAKE_CUDA_FAIL=$fn "$1" "$2" all "$4" 2>&1 | grep -E '^(FAIL|devices: 0|all ok)' | head -n 1)
  echo "$fn: $out"
done
