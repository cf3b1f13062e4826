// The indirect clause of declare target (OpenMP 5.2 7.8.1, 7.8.2): it
// lets the directive's functions be called through their host address,
// so a variable in its list is an error; with it (invoked-by-fptr true),
// device_type may only be 'any'; its argument is a constant expression;
// a declare target directive with clauses needs an 'enter' or 'link'
// clause.  A function used as a value in device code needs a definition
// in the file (its device version); a C library function of real
// arithmetic and pointer parameters may be one (the kernel file wraps
// it: tests/run/library-values.c), but not a variadic one nor an OpenMP
// routine (a sorry).
// RUN: not %ompicc-tr --kernels=%t.cu %s -o /dev/null 2> %t.err
// RUN: FileCheck %s --implicit-check-not=error: --implicit-check-not=sorry < %t.err
double sqrt(double);
int printf(const char *, ...);
int omp_get_thread_num(void);
int v;
int n = 1;
int f(int x) { return x; }
int g(int x) { return -x; }
extern int ext(int);
// CHECK: indirect-errors.c:[[@LINE+1]]:37: error: 'v' is not a function: 'indirect' applies to the functions of the directive, which may then be called through pointers
#pragma omp declare target enter(f, v) indirect
// CHECK: indirect-errors.c:[[@LINE+1]]:46: error: 'device_type(nohost)' with 'indirect': a function called through its host address on the device needs both versions; only 'device_type(any)' is allowed
#pragma omp declare target enter(g) indirect device_type(nohost)
// CHECK: indirect-errors.c:[[@LINE+1]]:49: error: 'device_type(host)' with 'indirect': a function called through its host address on the device needs both versions; only 'device_type(any)' is allowed
#pragma omp declare target enter(g) indirect(1) device_type(host)
// no error: indirect(0) leaves device_type free
#pragma omp declare target enter(g) indirect(0) device_type(nohost)
#pragma omp declare target enter(g) indirect device_type(any)
// CHECK: indirect-errors.c:[[@LINE+1]]:46: error: the argument of 'indirect' must be a constant expression
#pragma omp declare target enter(g) indirect(n)
// CHECK: indirect-errors.c:[[@LINE+1]]:9: error: 'declare target' with clauses needs an 'enter' or a 'link' clause (the block form is 'begin declare target')
#pragma omp declare target indirect
// CHECK: indirect-errors.c:[[@LINE+1]]:43: error: 'device_type(nohost)' with 'indirect': a function called through its host address on the device needs both versions; only 'device_type(any)' is allowed
#pragma omp begin declare target indirect device_type(nohost)
int h(int x) { return x; }
#pragma omp end declare target
typedef int (*fn)(int);
int main(void)
{
  int r = 0;
#pragma omp target map(tofrom: r)
  {
// CHECK: indirect-errors.c:[[@LINE+1]]:12: error: function 'ext' is used as a value in device code but has no definition in this file and is not declared in a 'declare target' directive (OpenMP 5.2 7.8), as a function of another file must be
    fn p = ext;
    double (*m)(double) = sqrt;
// CHECK: indirect-errors.c:[[@LINE+1]]:36: sorry, unimplemented: 'printf', a library function, used as a value in device code (only C library functions of real arithmetic and pointer parameters may be)
    int (*pr)(const char *, ...) = printf;
// CHECK: indirect-errors.c:[[@LINE+1]]:23: sorry, unimplemented: 'omp_get_thread_num', a library function, used as a value in device code
    int (*tn)(void) = omp_get_thread_num;
    r = p(1) + (int)m(2.0) + pr("") + tn();
  }
  return r;
}
