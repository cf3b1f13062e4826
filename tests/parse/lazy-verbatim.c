// Lazy bodies: a function body with no device directive prints back byte
// for byte, its '{' at its own line and column; bodies with OpenMP, and
// everything with --full-parse, go through the printer.  Lazy
// declarations: a whole declaration no parsed code names prints back
// byte for byte too; one that is named (odd_spacing, called in dev) is
// parsed again, and only its body stays verbatim.
// RUN: %ompicc-tr %s -o %t.c
// RUN: FileCheck --strict-whitespace --check-prefix=LAZY %s < %t.c
// RUN: %ompicc-tr --full-parse %s -o %t.full.c
// RUN: FileCheck --strict-whitespace --check-prefix=FULL %s < %t.full.c
// RUN: gcc -fsyntax-only -fopenmp -x cpp-output %t.c

int   odd_spacing ( int a ) {   int    x=a*2 ;
      return x  +1; }

// LAZY:      int odd_spacing(int a)
// LAZY-NEXT: # 13 "{{.*}}lazy-verbatim.c"
// LAZY-NEXT: {{^ {28}\{}}   int    x=a*2 ;
// LAZY-NEXT: {{^      }}return x  +1; }
// FULL:      int odd_spacing(int a)
// FULL-NEXT: {
// FULL-NEXT: # 13
// FULL-NEXT:   int x = a * 2;

/* K&R parameters: the '{' follows their ';'. */
int kr(a, b)
  int a;
  char *b;
{ return   a + *b; }
// LAZY:      int kr(a, b)
// LAZY:      {{^}}{ return   a + *b; }

/* A GNU nested function inside a lazy body, and a brace in a string. */
int outer(int n)
{
  int   twice (int v) { return v*2; }
  const char *s = "}{";
  return twice(n) + s[0];
}
// LAZY:      {{^}}int outer(int n)
// LAZY-NEXT: {{^}}{
// LAZY-NEXT: {{^}}  int   twice (int v) { return v*2; }
// LAZY-NEXT: {{^}}  const char *s = "}{";

/* Digraphs, and a function returning a function pointer. */
int (*pick(int k))(int) <% return   k ? odd_spacing : 0; %>
// LAZY:      {{^}}int (*pick(int k))(int) <% return   k ? odd_spacing : 0; %>

/* Never named by parsed code: the whole definition as written. */
static   long   unused_fn ( void ) { return 3L; }
// LAZY:      {{^}}static   long   unused_fn ( void ) { return 3L; }
// FULL:      static long unused_fn(void)

/* A file-scope compound literal is no body. */
int *cl = (int[]){1,   2};
// LAZY:      int *cl = (int[]){1,   2};
// FULL:      int *cl = (int[]){1, 2};

/* A body with host OpenMP only is left to the host compiler too. */
int host(int n)
{
  int   s = 0;
#pragma omp parallel for reduction(+:s)
  for (int i = 0; i < n; i++) s += i;
  return s;
}
// LAZY:      {{^}}  int   s = 0;
// LAZY-NEXT: {{^}}#pragma omp parallel for reduction(+:s)

/* A body with a device directive is parsed and printed. */
void dev(int n, int *a)
{
  int   k = odd_spacing(n);
#pragma omp target map(tofrom: a[0:n])
  a[0] = k;
}
// LAZY:      void dev(int n, int *a)
// LAZY-NEXT: {
// LAZY-NEXT:   int k = odd_spacing(n);
// LAZY-NEXT: #pragma omp target map(tofrom: a[0:n])
