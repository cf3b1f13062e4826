// RUN: not %ompicc-tr --parse-only %s 2>&1 | FileCheck %s
int c = L'a;
// CHECK: syntax-unterminated-char.c:2:9: error: missing terminating ' character
