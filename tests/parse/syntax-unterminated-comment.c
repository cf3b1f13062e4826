// RUN: not %ompicc-tr --parse-only %s 2>&1 | FileCheck %s
int x;
   /* this comment never ends
// CHECK: syntax-unterminated-comment.c:3:4: error: unterminated comment
