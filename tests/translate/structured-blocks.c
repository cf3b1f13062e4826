// No branch enters or leaves an OpenMP structured block (OpenMP 5.2
// 1.2.2: one entry at the top, one exit at the bottom), and the loops of
// a loop-associated construct run all their iterations (4.4.1: continue
// may end one, break may not end the loop): every such branch is an error
// naming the construct and its place, on host and target constructs alike,
// as gcc gives them.  They used to reach g++ on the kernel file, which
// spoke of generated functions and lambdas ("break statement not within
// loop or switch", "return-statement with a value, in function returning
// 'void'").  Branches that stay inside are fine: a loop or switch of the
// block, a continue of an associated loop, a nested construct's own.
// RUN: not %ompicc-tr --kernels=%t.cu %s -o /dev/null 2> %t.err
// RUN: FileCheck %s --implicit-check-not=error: < %t.err
int f(int n, int *a)
{
  for (int k = 0; k < 3; k++) {
#pragma omp target map(tofrom: a[0:10])
    {
// CHECK: structured-blocks.c:[[@LINE+1]]:14: error: 'break' leaves the structured block of '#pragma omp target' at {{.*}}structured-blocks.c:[[@LINE-2]]: a structured block is entered only at its top and left only at its bottom (OpenMP 5.2 1.2.2)
      if (n) break;
      a[0] = 1;
    }
  }
#pragma omp target
// CHECK: structured-blocks.c:[[@LINE+1]]:5: error: 'return' leaves the structured block of '#pragma omp target' at
  { return 3; }
#pragma omp target teams distribute parallel for
// CHECK: structured-blocks.c:[[@LINE+1]]:45: error: 'break' ends the loop of '#pragma omp target teams distribute parallel for' at {{.*}}: the iterations of a loop-associated construct all run (OpenMP 5.2 4.4.1; 'continue' may end one)
  for (int i = 0; i < n; i++) { if (i == 5) break; if (i == 2) continue; a[i] = i; }
#pragma omp parallel for collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      if (j)
        continue;
      while (1)
        break;
      switch (i) { case 1: break; }
    }
#pragma omp simd
// CHECK: structured-blocks.c:[[@LINE+1]]:40: error: 'break' ends the loop of '#pragma omp simd'
  for (int i = 0; i < n; i++) { if (i) break; }
// CHECK: structured-blocks.c:[[@LINE+1]]:3: error: 'goto inside' enters the structured block of '#pragma omp parallel' at
  goto inside;
#pragma omp parallel
  {
  inside:
    a[0]++;
// CHECK: structured-blocks.c:[[@LINE+1]]:5: error: 'goto' leaves the structured block of '#pragma omp parallel' at
    goto out;
  }
out:
  switch (n) {
  case 0:
#pragma omp parallel
    {
// CHECK: structured-blocks.c:[[@LINE+1]]:3: error: 'case' label enters the structured block of '#pragma omp parallel' at {{.*}} from its switch outside it (OpenMP 5.2 1.2.2)
  case 1:
      a[1] = 1;
    }
  }
  for (;;) {
#pragma omp parallel
    {
      for (int i = 0; i < 2; i++) {
        if (i)
          break;
      }
#pragma omp for
      for (int i = 0; i < 2; i++) {
#pragma omp ordered
// CHECK: structured-blocks.c:[[@LINE+1]]:11: error: 'continue' leaves the structured block of '#pragma omp ordered' at
        { continue; }
      }
    }
#pragma omp critical
// CHECK: structured-blocks.c:[[@LINE+1]]:7: error: 'continue' leaves the structured block of '#pragma omp critical' at
    { continue; }
#pragma omp task
    {
      goto done; /* inside the task's block */
    done:;
    }
  }
  return a[0];
}
