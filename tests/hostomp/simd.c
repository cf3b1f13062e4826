/* simd.c - simd loops (safelen, aligned, linear, reduction), for simd and
 * declare simd functions: the results must equal scalar loops.
 *
 * RUN: %ompicc -O2 -o %t %s && %t > %t.out
 * RUN: gcc -fopenmp -O2 -o %t.gcc %s && %t.gcc > %t.gcc.out
 * RUN: diff %t.out %t.gcc.out
 * RUN: FileCheck %s < %t.out
 * CHECK: simd 5000050000
 * CHECK: saxpy ok
 * CHECK: linear ok
 * CHECK: declare simd 333283335000
 * CHECK: all ok
 */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define N 100000
static float x[N] __attribute__((aligned(64))), y[N] __attribute__((aligned(64)));
static int failures;

#pragma omp declare simd uniform(k) linear(i : 1) notinbranch
static long scaled(long i, int k)
{
  return i * i * k;
}

int main(void)
{
  long s = 0, want = 0;
#pragma omp simd reduction(+ : s)
  for (long i = 1; i <= N; i++)
    s += i;
  for (long i = 1; i <= N; i++)
    want += i;
  printf("simd %ld\n", s);
  failures += s != want;

  for (int i = 0; i < N; i++)
    x[i] = (float)(i % 100), y[i] = 1.0f;
#pragma omp parallel for simd aligned(x, y : 64) safelen(16) schedule(static)
  for (int i = 0; i < N; i++)
    y[i] = 2.0f * x[i] + y[i];
  int bad = 0;
  for (int i = 0; i < N; i++)
    bad += y[i] != 2.0f * (float)(i % 100) + 1.0f;
  printf("saxpy %s\n", bad ? "wrong" : "ok");
  failures += bad != 0;

  int j = 0, idx[N / 2];
#pragma omp simd linear(j : 2)
  for (int i = 0; i < N / 2; i++) {
    idx[i] = j;
    j += 2;
  }
  bad = j != N;
  for (int i = 0; i < N / 2; i++)
    bad += idx[i] != 2 * i;
  printf("linear %s\n", bad ? "wrong" : "ok");
  failures += bad != 0;

  long t = 0, twant = 0;
#pragma omp parallel for simd reduction(+ : t)
  for (long i = 0; i < 10000; i++)
    t += scaled(i, 1);
  for (long i = 0; i < 10000; i++)
    twant += i * i;
  printf("declare simd %ld\n", t);
  failures += t != twant;
  if (failures)
    return 1;
  puts("all ok");
  return 0;
}
