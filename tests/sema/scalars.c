// Scalars, pointers, qualifiers and parameters in OpenMP clauses: each
// identifier's symbol, type, size and storage.
// RUN: %ompicc-tr --dump-symbols %s | FileCheck %s
// The sizes printed are the ones gcc uses:
// RUN: cc -fsyntax-only -fopenmp %s
// Every file-scope size and offset sema computes is checked by the compiler:
// RUN: %ompicc-tr --dump-all-symbols %s > %t.dump
// RUN: awk -f %S/Inputs/sizes.awk %t.dump > %t.asserts
// RUN: cat %s %t.asserts > %t.c
// RUN: cc -fsyntax-only -fopenmp %t.c

int g;
static double sd;
long long ll;
unsigned short us;
_Bool flag;
const char *msg;
float *restrict const fp;
long double ld;
__int128 big;
_Complex double z;

void scalars(double *p, int n, char c)
{
  unsigned u = 0;
  register int r = 1;
#pragma omp parallel for shared(g, sd, ll, us) firstprivate(flag, msg, fp, ld, big, z)
  for (int i = 0; i < n; i++)
    p[i] = u + r + c;
}
// CHECK-LABEL: scalars.c:27:{{[0-9]+}}: omp parallel for
// CHECK-NEXT: 'g' variable int size 4 global
// CHECK-NEXT: 'sd' variable double size 8 static global
// CHECK-NEXT: 'll' variable long long size 8 global
// CHECK-NEXT: 'us' variable unsigned short size 2 global
// CHECK-NEXT: 'flag' variable _Bool size 1 global
// CHECK-NEXT: 'msg' variable const char * size 8 global
// CHECK-NEXT: 'fp' variable float *const restrict size 8 global
// CHECK-NEXT: 'ld' variable long double size 16 global
// CHECK-NEXT: 'big' variable __int128 size 16 global
// CHECK-NEXT: 'z' variable _Complex double size 16 global
// CHECK-NEXT: scalars.c:28:12: 'i' variable int size 4 local (loop variable)
// CHECK-NEXT: scalars.c:28:19: 'i' variable int size 4 local (loop variable)
// CHECK-NEXT: scalars.c:28:23: 'n' variable int size 4 parameter
// CHECK-NEXT: scalars.c:28:26: 'i' variable int size 4 local (loop variable)
// CHECK-NOT: {{.}}

_Static_assert(sizeof(g) == 4 && sizeof(sd) == 8 && sizeof(ll) == 8, "");
_Static_assert(sizeof(us) == 2 && sizeof(flag) == 1 && sizeof(msg) == 8, "");
_Static_assert(sizeof(fp) == 8 && sizeof(ld) == 16 && sizeof(big) == 16, "");
_Static_assert(sizeof(z) == 16, "");
