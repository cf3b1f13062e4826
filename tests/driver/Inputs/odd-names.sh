#!/bin/sh
# odd-names.sh OMPICC WORKDIR - compile, keep and link files whose names
# have spaces, quotes, '$' and ';' (no shell runs between ompicc and its
# tools, so nothing of them may be lost or run), then paste the
# preprocessing command that -v printed into a shell and check it does the
# same thing again.
set -eu
ompicc=$1 dir=$2
inputs=$(cd "$(dirname "$0")" && pwd)
rm -rf "$dir"
mkdir -p "$dir/a b;c"
cd "$dir/a b;c"
src='it'"'"'s $HOME; echo no.c'
cp "$inputs/sum.c" "$src"
cp "$inputs/main.c" "m a i n.c"
"$ompicc" -v -k -o 'prog $x' "$src" "m a i n.c" 2> log
"./prog \$x"
ls -1
first=$(sed -n 1p log)
echo "pasted: $first"
mv "it's \$HOME; echo no.i" saved.i
sh -c "$first"
cmp "it's \$HOME; echo no.i" saved.i && echo "same .i again"
