// Macros in directives that the host's preprocessor leaves as written
// (gcc expands only the directives it knows): the driver keeps the
// definitions (cpp -dD) and the translator expands them as cpp would,
// C11 6.10.3: object-like and function-like macros, rescanning, # and ##,
// variadic arguments, no expansion of a macro inside its own, #undef.
// RUN: %ompicc-tr --full-parse %s -o - | FileCheck %s
#define TS 4
#define TWICE(x) ((x) * 2)
#define SIZES(...) sizes(__VA_ARGS__)
#define CAT(a, b) a##b
#define NAME(x) #x
#define self self
#define COND(n) user={condition(n > TS)}
void f(int *a, int n, int self, int var1)
{
// CHECK: #pragma omp metadirective when(user={condition(n > 4)}: parallel for num_threads(((2) * 2))) default(nothing)
#pragma omp metadirective when(COND(n): parallel for num_threads(TWICE(2))) default(nothing)
  for (int i = 0; i < n; i++)
    a[i] = i;
// CHECK: #pragma omp assume holds(var1 > self)
#pragma omp assume holds(CAT(var, 1) > self)
  a[0] = 1;
// CHECK: #pragma omp error at(compilation) severity(warning) message("TS")
#pragma omp error at(compilation) severity(warning) message(NAME(TS))
#define n 99
#undef n
// CHECK: #pragma omp assume holds(n)
#pragma omp assume holds(n)
  a[1] = 2;
// the tile's sizes are used in the loops it makes
// CHECK: __ompicc_tile0_f0 += ((long long)(3))
// CHECK: __ompicc_tile0_f1 += ((long long)(5))
#pragma omp tile SIZES(3, 5)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      a[i] += j;
}
