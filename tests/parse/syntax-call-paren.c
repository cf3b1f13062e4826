// RUN: not %ompicc-tr --parse-only %s 2>&1 | FileCheck %s
int g(int, int);
int f(int a) { return g(a, 2; }
// CHECK: syntax-call-paren.c:3:29: error: expected ')' before ';'
