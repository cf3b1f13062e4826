// RUN: not %ompicc-tr --parse-only %s 2>&1 | FileCheck %s
const char *s = "abc;
// CHECK: syntax-unterminated-string.c:2:17: error: missing terminating " character
