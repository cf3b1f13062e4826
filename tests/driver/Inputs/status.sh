#!/bin/sh
# status.sh COMMAND... - run COMMAND, then print "status N" with its exit
# status (lit's shell has no $?), and succeed.
"$@"
echo "status $?"
