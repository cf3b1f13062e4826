// RUN: not %ompicc-tr --parse-only %s 2>&1 | FileCheck %s
// RUN: printf 'int x;\n\001' | not %ompicc-tr --parse-only - 2>&1 | FileCheck --check-prefix=CTRL %s
// RUN: printf 'int x;\000int y;' | not %ompicc-tr --parse-only - 2>&1 | FileCheck --check-prefix=NUL %s
int x = 1 @ 2;
// CHECK: syntax-stray.c:4:11: error: stray '@' in program
// CTRL: <stdin>:2:1: error: stray '\1' in program
// NUL: <stdin>:1:7: error: stray '\0' in program
