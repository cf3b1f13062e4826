#!/bin/sh
# fail-cc.sh STATUS [args] - a host compiler that fails with STATUS (after
# creating a file in ompicc's temporary folder when asked, to check it is
# removed), or kills itself when STATUS is "kill".
status=$1
shift
for a; do
  case $a in *.i) : > "$a" ;; esac
done
[ "$status" = kill ] && kill -KILL $$
exit "$status"
