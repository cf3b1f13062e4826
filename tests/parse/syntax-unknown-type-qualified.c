// An unknown type name after specifiers that leave the type to come: with
// implicit int (c.y) 'size_t' could be the declared name, so the parser
// stops at 'n'; the message still names 'size_t', as gcc's does.
// RUN: not %ompicc-tr --parse-only %s 2>&1 | FileCheck %s
void f(void)
{
  static const size_t n = 4;
}
// CHECK: syntax-unknown-type-qualified.c:7:16: error: unknown type name 'size_t'
