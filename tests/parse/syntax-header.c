// RUN: gcc -E -I %S/Inputs %s | not %ompicc-tr --parse-only - 2>&1 | FileCheck %s
// An error in an included header is reported with the header's name.
#include "syntax-bad.h"
int main(void) { return 0; }
// CHECK: {{.*}}Inputs/syntax-bad.h:4:1: error: expected ';' before 'int'
