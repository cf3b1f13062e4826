// RUN: not %ompicc-tr --parse-only %s 2>&1 | FileCheck %s
// RUN: printf 'int f(void)\n{\n  return 1;\n}\n}\n' | not %ompicc-tr --parse-only - 2>&1 | FileCheck --check-prefix=EXTRA %s
// The end of input is the line after the last one.
// CHECK: syntax-unbalanced-brace.c:11:1: error: expected '}' at end of input
// EXTRA: <stdin>:5:1: error: expected identifier or '(' before '}'
int f(int a)
{
  if (a) {
    return 1;
}
