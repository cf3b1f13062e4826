#!/bin/sh
# failing-link-cc.sh - a host compiler that is cc for every step but the
# link, where it writes part of its -o file and fails, as a linker does on
# a full disk.  With FAILING_LINK_HANG=FILE it instead writes part of the
# output, says it has started (its pid in FILE) and hangs, for a signal.
link=yes out=
prev=
for a in "$@"; do
  case $a in -c|-E|-S|-r|-M|-MM|-dumpversion|-dumpmachine|--version|-v|-print-*) link=no ;; esac
  [ "$prev" = -o ] && out=$a
  prev=$a
done
[ "$link" = no ] || [ -z "$out" ] && exec cc "$@"
printf '\177ELF half a program' > "$out"
if [ -n "$FAILING_LINK_HANG" ]; then
  echo $$ > "$FAILING_LINK_HANG.new" && mv "$FAILING_LINK_HANG.new" "$FAILING_LINK_HANG"
  exec sleep 120
fi
echo "ld: final link failed: No space left on device" >&2
exit 1
