// RUN: not %ompicc-tr --parse-only %s 2>&1 | FileCheck %s
// A line marker names the place of the lines after it.
int ok;
# 42 "other.c"
int x = 2 +;
// CHECK: other.c:42:12: error: expected expression before ';'
