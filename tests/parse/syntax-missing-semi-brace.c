// RUN: not %ompicc-tr --parse-only %s 2>&1 | FileCheck %s
struct s { int a; int b };
// CHECK: syntax-missing-semi-brace.c:2:25: error: expected ';' before '}'
