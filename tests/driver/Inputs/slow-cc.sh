#!/bin/sh
# slow-cc.sh - a host compiler that says it has started (its pid in the
# file $SLOW_CC_READY) and then hangs, so that signal.sh can signal ompicc
# while a tool is running, at a known moment rather than after a guess.
# With SLOW_CC_TEMP, it first leaves a file in $TMPDIR, as nvcc does
# (tmpxft_*) when a signal ends it.
[ -n "$SLOW_CC_TEMP" ] && : > "${TMPDIR:-/tmp}/tmpxft_slow_cc"
echo $$ > "$SLOW_CC_READY.new" && mv "$SLOW_CC_READY.new" "$SLOW_CC_READY"
exec sleep 120
