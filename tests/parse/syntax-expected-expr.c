// RUN: not %ompicc-tr --parse-only %s 2>&1 | FileCheck %s
int g(int, int);
int f(int a)
{
  a = g(1, );
// CHECK: syntax-expected-expr.c:5:12: error: expected expression before ')'
  return a;
}
