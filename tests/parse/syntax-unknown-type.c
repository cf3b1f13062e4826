// RUN: not %ompicc-tr --parse-only %s 2>&1 | FileCheck %s
typedef int T;
T ok;
  myint bad;
// CHECK: syntax-unknown-type.c:4:3: error: unknown type name 'myint'
