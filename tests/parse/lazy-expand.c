// A function with no OpenMP called from a target region is parsed when the
// device call graph reaches it, and goes into the kernel file as a tree;
// functions the device does not call stay text.  A typedef declared after
// lazy bodies names a type in a later function with OpenMP.
// RUN: %ompicc-tr --unit-id=x --kernels=%t.cu %s -o %t.host.c
// RUN: FileCheck --check-prefix=KERN %s < %t.cu
// RUN: FileCheck --check-prefix=HOST %s < %t.host.c
// RUN: gcc -fsyntax-only -fopenmp -x cpp-output %t.host.c -I%srcroot/runtime-host

static int helper2(int v) { return v   - 1; }

static int helper(int v)
{
  int (*unused)(int) = 0;
  return helper2(v)   * 3 + (unused != 0);
}

int host_only(int q) { return q  ; }

typedef float real;

void run(int n, real *a)
{
  real k = 2;
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i < n; i++)
    a[i] = helper(i) * k;
}

// KERN:     helper2(int v)
// KERN:       return v - 1;
// KERN:     helper(int v)
// KERN:       return helper2(v) * 3 + (unused != 0);
// KERN-NOT: host_only
// HOST:     int host_only(int q)
// HOST:     {{^ +}}{ return q  ; }
// HOST:     real k = 2;
