// RUN: not %ompicc-tr --parse-only %s 2>&1 | FileCheck %s
#line 100 "renamed.c"

int y = (1;
// CHECK: renamed.c:101:11: error: expected ')' before ';'
