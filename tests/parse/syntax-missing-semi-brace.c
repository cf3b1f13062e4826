// RUN: not %ompicc-tr --parse-only %s 2>&1 | FileCheck %s
// RUN: %ompicc-tr --parse-only %S/Inputs/struct-no-semi.c 2>&1 | FileCheck --check-prefix=GNU %s
int f(void) { return 1 }
// CHECK: syntax-missing-semi-brace.c:3:24: error: expected ';' before '}'
// A struct's last member may lack its ';' in GNU C: a warning, as gcc gives.
// GNU: struct-no-semi.c:1:23: warning: no semicolon at end of struct or union
