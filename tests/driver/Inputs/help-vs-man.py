#!/usr/bin/env python3
"""help-vs-man.py HELP-TEXT MAN-PAGE - check that every option and
environment variable that `ompicc --help` lists is documented in the man
page (troff: '\\-' is '-', font escapes are dropped)."""
import re
import sys

help_text = open(sys.argv[1]).read()
man = open(sys.argv[2]).read()
man = re.sub(r"\\f[BIRP]", "", man).replace("\\-", "-").replace("\\(em", "")
names = set()
for line in help_text.splitlines():
    m = re.match(r"  (-[^ ]+(?:, -[^ ]+)*)", line)
    if m:
        for opt in m.group(1).split(", "):
            name = re.split(r"[\[=, ]", opt.strip())[0]
            # -fFLAG, -mFLAG: the metavariable is not part of the name.
            names.add(re.sub(r"(?<=[a-z])[A-Z]{3,}$", "", name))
    m = re.match(r"  ([A-Z_]{4,}) ", line)
    if m:
        names.add(m.group(1))
missing = sorted(n for n in names if not re.search(re.escape(n) + r"(?![A-Za-z])", man))
for n in missing:
    print("not in the man page: " + n)
if missing or len(names) < 40:
    sys.exit(1)
print("every option of --help is in the man page (%d names)" % len(names))
