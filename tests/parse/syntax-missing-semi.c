// RUN: not %ompicc-tr --parse-only %s 2>&1 | FileCheck %s
// A missing ';' is reported at the token that follows, as C compilers do.
int main(void)
{
  int x = 1
  return x;
}
// CHECK: syntax-missing-semi.c:6:3: error: expected ';' before 'return'
// CHECK-NOT: error
