// The hint OMPICC_REGION_UNCOALESCED (transform/coalesce.c): set for SPMD
// loops whose threads each walk their own row in an inner loop with
// little arithmetic, in every way of writing the row; not set for
// coalesced loops, for uncoalesced accesses outside inner loops, for
// loops that call user functions, compute a lot per access, or index
// through loaded values; in the remark (--remarks) where set.
// RUN: %ompicc-tr --unit-id=u1 --remarks --kernels=%t.cu %s -o %t.host.c 2> %t.rem
// RUN: FileCheck --check-prefix=HOST %s < %t.host.c
// RUN: FileCheck --check-prefix=REM %s < %t.rem
enum { N = 256 };
float G[N][N];
float dot(const float *a, const float *b, int n);

// HOST: __ompicc_region_0 = {{.*}}, 1, 0, 0, .hints = 39 /* OMPICC_REGION_UNCOALESCED | OMPICC_REGION_TEAMS | OMPICC_REGION_WIDE | OMPICC_REGION_ONCE */{{.*}}};
// HOST: __ompicc_region_1 = {{.*}}, 1, 0, 0, .hints = 38 /* OMPICC_REGION_TEAMS | OMPICC_REGION_WIDE | OMPICC_REGION_ONCE */{{.*}}};
// HOST: __ompicc_region_2 = {{.*}}, .hints = 39 /* OMPICC_REGION_UNCOALESCED | OMPICC_REGION_TEAMS | OMPICC_REGION_WIDE | OMPICC_REGION_ONCE */{{.*}}};
// HOST: __ompicc_region_3 = {{.*}}, .hints = 39 /* OMPICC_REGION_UNCOALESCED | OMPICC_REGION_TEAMS | OMPICC_REGION_WIDE | OMPICC_REGION_ONCE */{{.*}}};
// HOST: __ompicc_region_4 = {{.*}}, .hints = 39 /* OMPICC_REGION_UNCOALESCED | OMPICC_REGION_TEAMS | OMPICC_REGION_WIDE | OMPICC_REGION_ONCE */{{.*}}};
// HOST: __ompicc_region_5 = {{.*}}, .hints = 39 /* OMPICC_REGION_UNCOALESCED | OMPICC_REGION_TEAMS | OMPICC_REGION_WIDE | OMPICC_REGION_ONCE */{{.*}}};
// HOST: __ompicc_region_6 = {{.*}}, .hints = 39 /* OMPICC_REGION_UNCOALESCED | OMPICC_REGION_TEAMS | OMPICC_REGION_WIDE | OMPICC_REGION_ONCE */{{.*}}};
// HOST: __ompicc_region_7 = {{.*}}, 1, 0, 0, .hints = 38 /* OMPICC_REGION_TEAMS | OMPICC_REGION_WIDE | OMPICC_REGION_ONCE */{{.*}}};
// HOST: __ompicc_region_8 = {{.*}}, 1, 0, 0, .hints = 38 /* OMPICC_REGION_TEAMS | OMPICC_REGION_WIDE | OMPICC_REGION_ONCE */{{.*}}};
// HOST: __ompicc_region_9 = {{.*}}, 1, 0, 0, .hints = 22 /* OMPICC_REGION_TEAMS | OMPICC_REGION_WIDE | OMPICC_REGION_GRID */{{.*}}};
// HOST: __ompicc_region_10 = {{.*}}, 1, 0, 0, .hints = 38 /* OMPICC_REGION_TEAMS | OMPICC_REGION_WIDE | OMPICC_REGION_ONCE */{{.*}}};
// HOST: __ompicc_region_11 = {{.*}}, 1, 0, 0, .hints = 38 /* OMPICC_REGION_TEAMS | OMPICC_REGION_WIDE | OMPICC_REGION_ONCE */{{.*}}};
// HOST: __ompicc_region_12 = {{.*}}, 1, 0, 0, .hints = 38 /* OMPICC_REGION_TEAMS | OMPICC_REGION_WIDE | OMPICC_REGION_ONCE */{{.*}}};
// HOST: __ompicc_region_13 = {{.*}}, 1, 0, 0, .hints = 38 /* OMPICC_REGION_TEAMS | OMPICC_REGION_WIDE | OMPICC_REGION_ONCE */{{.*}}};
// HOST: __ompicc_region_14 = {{.*}}, 1, 0, 0, .hints = 38 /* OMPICC_REGION_TEAMS | OMPICC_REGION_WIDE | OMPICC_REGION_ONCE */{{.*}}};
// HOST-NOT: __ompicc_region_15 =
void shapes(long n, long m, float *A, float *x, float *y, float B[n][m], float *C,
            int *ptr, int *col)
{
  // 0: ATAX's first kernel: a row per thread
  // REM: coalesce.c:[[@LINE+1]]:9: remark: target region '{{.*}}' is SPMD: combined loop construct: the whole grid runs the loop; 'A[i * m + j]' at line [[@LINE+5]] is uncoalesced in an inner loop: the kernel runs at lower occupancy
#pragma omp target teams distribute parallel for map(to: A[0:n*m], x[0:m]) map(from: y[0:n])
  for (long i = 0; i < n; i++) {
    float sum = 0;
    for (long j = 0; j < m; j++)
      sum += A[i * m + j] * x[j];
    y[i] = sum;
  }
  // 1: the column per thread of ATAX's second kernel: coalesced
  // REM: coalesce.c:[[@LINE+1]]:9: remark: target region '{{.*}}' is SPMD: combined loop construct: the whole grid runs the loop{{$}}
#pragma omp target teams distribute parallel for map(to: A[0:n*m], x[0:n]) map(from: y[0:m])
  for (long j = 0; j < m; j++) {
    float sum = 0;
    for (long i = 0; i < n; i++)
      sum += A[i * m + j] * x[i];
    y[j] = sum;
  }
  // 2: a 2-D array
#pragma omp target teams distribute parallel for map(to: G, x[0:N]) map(from: y[0:N])
  for (int i = 0; i < N; i++) {
    float sum = 0;
    for (int j = 0; j < N; j++)
      sum += G[i][j] * x[j];
    y[i] = sum;
  }
  // 3: a variable-length array
#pragma omp target teams distribute parallel for map(to: B[0:n][0:m], x[0:m]) map(from: y[0:n])
  for (long i = 0; i < n; i++) {
    float sum = 0;
    for (long j = 0; j < m; j++)
      sum += B[i][j] * x[j];
    y[i] = sum;
  }
  // 4: a pointer to the row, and a while loop
#pragma omp target teams distribute parallel for map(to: A[0:n*m], x[0:m]) map(from: y[0:n])
  for (long i = 0; i < n; i++) {
    const float *row = A + i * m;
    float sum = 0;
    long j = 0;
    while (j < m) {
      sum += row[j] * x[j];
      j++;
    }
    y[i] = sum;
  }
  // 5: *(p + e), and a row written
#pragma omp target teams distribute parallel for map(tofrom: A[0:n*m]) map(to: x[0:m])
  for (long i = 0; i < n; i++)
    for (long j = 0; j < m; j++)
      *(A + i * m + j) = 2 * x[j];
  // 6: a block per thread (the outer-only histogram's data[i])
#pragma omp target teams distribute parallel for map(to: x[0:n*m]) map(from: y[0:n])
  for (long b = 0; b < n; b++) {
    float s = 0;
    for (long i = b * m; i < (b + 1) * m; i++)
      s += x[i];
    y[b] = s;
  }
  // 7: stream triad
#pragma omp target teams distribute parallel for map(to: x[0:n], C[0:n]) map(from: y[0:n])
  for (long i = 0; i < n; i++)
    y[i] = x[i] + 3.0f * C[i];
  // 8: GEMM, collapse(2): j runs across the threads
#pragma omp target teams distribute parallel for collapse(2) map(to: G, A[0:N*N]) map(tofrom: C[0:N*N])
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      float sum = 0;
      for (int k = 0; k < N; k++)
        sum += G[i][k] * A[k * N + j];
      C[i * N + j] += sum;
    }
  // 9: 2-D Jacobi, collapse(2)
#pragma omp target teams distribute parallel for collapse(2) map(to: A[0:n*m]) map(from: C[0:n*m])
  for (long i = 1; i < n - 1; i++)
    for (long j = 1; j < m - 1; j++)
      C[i * m + j] = 0.2f * (A[i * m + j] + A[i * m + j - 1] + A[i * m + j + 1] +
                             A[(i - 1) * m + j] + A[(i + 1) * m + j]);
  // 10: a column per thread, no inner loop: no reuse to keep
#pragma omp target teams distribute parallel for map(to: A[0:n*m]) map(from: y[0:n])
  for (long i = 0; i < n; i++)
    y[i] = A[i * m + 3] * 2;
  // 11: a user function: its accesses are not seen
#pragma omp target teams distribute parallel for map(to: A[0:n*m], x[0:m]) map(from: y[0:n])
  for (long i = 0; i < n; i++) {
    float sum = 0;
    for (long j = 0; j < m; j++)
      sum += A[i * m + j] * x[j];
    y[i] = sum + dot(x, x, 4);
  }
  // 12: much arithmetic per access
#pragma omp target teams distribute parallel for map(to: A[0:n*m]) map(from: y[0:n])
  for (long i = 0; i < n; i++) {
    float sum = 0;
    for (long j = 0; j < m; j++) {
      float v = A[i * m + j];
      sum += v * v * v * v * v * v * v * v * v * v * v * v * v * v * v * v + v / 3 - v / 7;
    }
    y[i] = sum;
  }
  // 13: indices loaded from memory (CSR rows): unknown
#pragma omp target teams distribute parallel for map(to: A[0:n*m], x[0:m], ptr[0:n+1], col[0:n*m]) map(from: y[0:n])
  for (long r = 0; r < n; r++) {
    float sum = 0;
    for (int e = ptr[r]; e < ptr[r + 1]; e++)
      sum += A[e] * x[col[e]];
    y[r] = sum;
  }
  // 14: a stride of 2 outside any loop, and uniform accesses
#pragma omp target teams distribute parallel for map(to: x[0:2*n]) map(from: y[0:n])
  for (long i = 0; i < n; i++)
    y[i] = x[2 * i] + x[0];
}

float dot(const float *a, const float *b, int n)
{
  float s = 0;
  for (int i = 0; i < n; i++)
    s += a[i] * b[i];
  return s;
}
