// RUN: printf 'int f(void) { return 1' | not %ompicc-tr --parse-only - 2>&1 | FileCheck %s
// RUN: printf 'int x' | not %ompicc-tr --parse-only - 2>&1 | FileCheck --check-prefix=DECL %s
// CHECK: <stdin>:1:23: error: expected ';' at end of input
// DECL: <stdin>:1:6: error: expected ';' at end of input
