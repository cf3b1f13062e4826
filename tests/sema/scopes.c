// Scopes (C11 6.2.1): shadowing in nested blocks, file and block statics,
// extern declarations in a block, _Thread_local, typedefs, enum
// constants, typeof, and tags shadowed in an inner block.
// RUN: %ompicc-tr --dump-symbols %s | FileCheck %s
// RUN: %ompicc-tr --dump-all-symbols %s | FileCheck --check-prefix=ALL %s
// RUN: cc -fsyntax-only -fopenmp %s
// Every file-scope size and offset sema computes is checked by the compiler:
// RUN: %ompicc-tr --dump-all-symbols %s > %t.dump
// RUN: awk -f %S/Inputs/sizes.awk %t.dump > %t.asserts
// RUN: cat %s %t.asserts > %t.c
// RUN: cc -fsyntax-only -fopenmp %t.c

typedef unsigned long size_type;
typedef struct { int x, y; } pair;
enum color { RED, GREEN = 5, BLUE };
_Thread_local int tls;
static _Thread_local long stls;
int x = 1;
struct s { char c; };

void scopes(void)
{
  double x = 2.0;
  static int calls;
  extern int ext;
  size_type n = 10;
  pair pr;
  enum color col = BLUE;
  __typeof__(x) tx;
  typeof(pr) tp;
  struct s outer_s;
#pragma omp parallel shared(x, calls, ext, n, pr, col, tx, tp, outer_s) if(tls + stls >= 0)
  {
    long x = 3;
    struct s { double d[3]; } inner_s;
#pragma omp single copyprivate(x, inner_s)
    calls += (int)x + GREEN;
  }
}
// CHECK-LABEL: omp parallel
// CHECK-NEXT: 'x' variable double size 8 local
// CHECK-NEXT: 'calls' variable int size 4 static local
// CHECK-NEXT: 'ext' variable int size 4 extern local
// CHECK-NEXT: 'n' variable unsigned long size 8 local
// CHECK-NEXT: 'pr' variable struct <anonymous> size 8 local
// CHECK-NEXT: 'col' variable enum color size 4 local
// CHECK-NEXT: 'tx' variable double size 8 local
// CHECK-NEXT: 'tp' variable struct <anonymous> size 8 local
// CHECK-NEXT: 'outer_s' variable struct s size 1 local
// CHECK-NEXT: 'tls' variable int size 4 global _Thread_local
// CHECK-NEXT: 'stls' variable long size 8 static global _Thread_local
// CHECK-LABEL: omp single
// CHECK-NEXT: 'x' variable long size 8 local
// CHECK-NEXT: 'inner_s' variable struct s size 24 local
// CHECK-NOT: {{.}}

// ALL-DAG: 'size_type' typedef unsigned long size 8 depth 0
// ALL-DAG: 'pair' typedef struct <anonymous> size 8 depth 0
// ALL-DAG: 'RED' enum constant int = 0 depth 0
// ALL-DAG: 'GREEN' enum constant int = 5 depth 0
// ALL-DAG: 'BLUE' enum constant int = 6 depth 0
// ALL-DAG: 'color' tag enum color size 4 depth 0
// ALL-DAG: 'x' variable int size 4 global depth 0
// ALL-DAG: 'scopes' function void (void) global depth 0
// ALL-DAG: 'x' variable double size 8 local depth 2
// ALL-DAG: 'x' variable long size 8 local depth 3
// ALL-DAG: 's' tag struct s size 24 depth 3
