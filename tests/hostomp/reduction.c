/* reduction.c - reductions with every C operator, on array sections and
 * with a declared reduction, checked against sequential loops.
 *
 * RUN: %ompicc -O2 -o %t %s && %t > %t.out
 * RUN: gcc -fopenmp -O2 -o %t.gcc %s && %t.gcc > %t.gcc.out
 * RUN: diff %t.out %t.gcc.out
 * RUN: FileCheck %s < %t.out
 * CHECK: + 500500
 * CHECK: * 3628800
 * CHECK: - 500500
 * CHECK: max 997 min 3
 * CHECK: && 1 || 1
 * CHECK: & 0x1 | 0x3ff ^ 0{{$}}
 * CHECK: array 10 100 190
 * CHECK: declared 500500
 * CHECK: all ok
 */
#include <omp.h>
#include <stdio.h>

#define N 1000
static int failures;
static int v[N];

static void check(const char *what, long got, long want)
{
  if (got != want) {
    fprintf(stderr, "%s: got %ld, expected %ld\n", what, got, want);
    failures++;
  }
}

static void arithmetic(void)
{
  long sum = 0, diff = 0, prod = 1, ssum = 0, sprod = 1;
#pragma omp parallel for reduction(+ : sum) reduction(- : diff)
  for (int i = 1; i <= N; i++) {
    sum += i;
    diff -= -i;
  }
#pragma omp parallel for reduction(* : prod)
  for (int i = 1; i <= 10; i++)
    prod *= i;
  for (int i = 1; i <= N; i++)
    ssum += i;
  for (int i = 1; i <= 10; i++)
    sprod *= i;
  printf("+ %ld\n* %ld\n- %ld\n", sum, prod, diff);
  check("+", sum, ssum);
  check("*", prod, sprod);
  check("-", diff, ssum);
}

static void comparisons(void)
{
  int mx = -1, mn = N * 10, all = 1, any = 0;
  unsigned band = ~0u, bor = 0, bxor = 0;
#pragma omp parallel for reduction(max : mx) reduction(min : mn) reduction(&& : all) \
    reduction(|| : any) reduction(& : band) reduction(| : bor) reduction(^ : bxor)
  for (int i = 0; i < N; i++) {
    mx = v[i] > mx ? v[i] : mx;
    mn = v[i] < mn ? v[i] : mn;
    all = all && v[i] >= 0;
    any = any || v[i] == 500;
    band &= (unsigned)i | 1u;
    bor |= (unsigned)i;
    bxor ^= (unsigned)i;
  }
  unsigned sx = 0;
  for (int i = 0; i < N; i++)
    sx ^= (unsigned)i;
  printf("max %d min %d\n&& %d || %d\n& %#x | %#x ^ %#x\n", mx, mn, all, any, band, bor, bxor);
  check("max", mx, 997);
  check("min", mn, 3);
  check("&&", all, 1);
  check("||", any, 1);
  check("^", bxor, sx);
}

static void array_section(void)
{
  long hist[3] = {0, 0, 0};
#pragma omp parallel for reduction(+ : hist[0:3])
  for (int i = 0; i < 20; i++) {
    hist[0] += i % 2;
    hist[1] += 10 * (i % 2);
    hist[2] += i;
  }
  printf("array %ld %ld %ld\n", hist[0], hist[1], hist[2]);
  check("array", hist[0] + hist[1] + hist[2], 10 + 100 + 190);
}

typedef struct Acc {
  long total;
} Acc;
#pragma omp declare reduction(acc_add : Acc : omp_out.total += omp_in.total) \
    initializer(omp_priv = (Acc){0})

static void declared(void)
{
  Acc a = {0};
#pragma omp parallel for reduction(acc_add : a)
  for (int i = 1; i <= N; i++)
    a.total += i;
  printf("declared %ld\n", a.total);
  check("declared", a.total, (long)N * (N + 1) / 2);
}

int main(void)
{
  for (int i = 0; i < N; i++)
    v[i] = (i * 7919) % N; /* a permutation of 0..N-1 */
  v[0] = 3, v[1] = 997;   /* ... then extremes we know */
  for (int i = 2; i < N; i++)
    if (v[i] < 3 || v[i] > 997)
      v[i] = 500;
  arithmetic();
  comparisons();
  array_section();
  declared();
  if (failures)
    return 1;
  puts("all ok");
  return 0;
}
