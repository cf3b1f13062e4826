// Arrays: bounds of every dimension, sizes, VLAs, array parameters
// (pointers after adjustment), pointers to arrays.
// RUN: %ompicc-tr --dump-symbols %s | FileCheck %s
// RUN: cc -fsyntax-only -fopenmp %s
// Every file-scope size and offset sema computes is checked by the compiler:
// RUN: %ompicc-tr --dump-all-symbols %s > %t.dump
// RUN: awk -f %S/Inputs/sizes.awk %t.dump > %t.asserts
// RUN: cat %s %t.asserts > %t.c
// RUN: cc -fsyntax-only -fopenmp %t.c

double a[100];
float m[4][8][2];
int (*pa)[4];
int *ap[3];
char s[] = "hello";
int init[] = {1, 2, [9] = 3};
enum { N = 16 };
short e[N * 2 + sizeof(int)];

void arrays(int n, double vp[n], double p[static 10], int rows, int cols)
{
  double vla[n];
  float grid[rows][cols];
#pragma omp target map(to: a, m[0:4][0:8][0:2], pa, ap) map(tofrom: s, init, e, vla, grid, vp, p)
  ;
}
// CHECK-LABEL: omp target
// CHECK-NEXT: 'a' variable double[100] size 800 global
// CHECK-NEXT: 'm' variable float[4][8][2] size 256 global
// CHECK-NEXT: 'pa' variable int (*)[4] size 8 global
// CHECK-NEXT: 'ap' variable int *[3] size 24 global
// CHECK-NEXT: 's' variable char[6] size 6 global
// CHECK-NEXT: 'init' variable int[10] size 40 global
// CHECK-NEXT: 'e' variable short[36] size 72 global
// CHECK-NEXT: 'vla' variable double[n] size variable local
// CHECK-NEXT: 'grid' variable float[rows][cols] size variable local
// CHECK-NEXT: 'vp' variable double * size 8 parameter
// CHECK-NEXT: 'p' variable double * size 8 parameter
// CHECK-NOT: {{.}}

_Static_assert(sizeof(a) == 800 && sizeof(m) == 256 && sizeof(pa) == 8, "");
_Static_assert(sizeof(ap) == 24 && sizeof(s) == 6 && sizeof(init) == 40, "");
_Static_assert(sizeof(e) == 72, "");
