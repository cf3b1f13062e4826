#!/bin/sh
# slow-cc.sh - a host compiler that says it has started (its pid in the
# file $SLOW_CC_READY) and then hangs, so that signal.sh can signal ompicc
# while a tool is running, at a known moment rather than after a guess.
echo $$ > "$SLOW_CC_READY.new" && mv "$SLOW_CC_READY.new" "$SLOW_CC_READY"
exec sleep 120
