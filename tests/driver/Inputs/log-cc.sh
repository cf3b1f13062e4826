#!/bin/sh
# log-cc.sh LOG REAL-CC [args] - run the real host compiler after writing
# its arguments, one line per command, to LOG.
log=$1 cc=$2
shift 2
echo "$cc $*" >> "$log"
exec $cc "$@"
