// RUN: not %ompicc-tr --parse-only %s 2>&1 | FileCheck %s
int (*handler;
// CHECK: syntax-bad-declarator.c:2:14: error: expected '(', ')' or '[' before ';'
