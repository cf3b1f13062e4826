// RUN: not %ompicc-tr --parse-only %s 2>&1 | FileCheck %s
// Array sections are OpenMP clause syntax only.
int a[10];
int *p = &a[1:2];
// CHECK: syntax-section.c:4:12: error: array section outside an OpenMP clause
