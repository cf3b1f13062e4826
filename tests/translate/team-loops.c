// teams distribute over parallel loops as SPMD kernels (team-loops.c,
// codegen-cuda/kernels.c team_loop): every thread of a team runs the
// distribute loop, the parallel loops are the team's (OpenMP 5.2 10.1,
// 11.5, 11.6), the statements that write memory run on the team's first
// thread between barriers; the reasons a region stays generic.
// RUN: %ompicc-tr --unit-id=u1 --remarks --kernels=%t.cu %s -o %t.host.c 2> %t.rem
// RUN: FileCheck --check-prefix=REM %s < %t.rem
// RUN: FileCheck --check-prefix=KERN %s < %t.cu
// RUN: FileCheck --check-prefix=HOST %s < %t.host.c
int printf(const char *, ...);
int omp_get_thread_num(void);
int omp_get_num_threads(void);
int omp_get_max_threads(void);

int g;

void spmv(long rows, const long *ptr, const int *col, const float *val, const float *x, float *y)
{
  // REM: team-loops.c:[[@LINE+1]]:9: remark: target region '__omp_team_loops_c_[[@LINE+1]]' is SPMD: teams distribute over parallel loops
#pragma omp target teams distribute map(to: ptr[0:rows + 1], col[0:100], val[0:100], x[0:rows]) map(from: y[0:rows])
  for (long r = 0; r < rows; r++) {
    float sum = 0;
#pragma omp parallel for reduction(+: sum) num_threads(32)
    for (long e = ptr[r]; e < ptr[r + 1]; e++)
      sum += val[e] * x[col[e]];
    y[r] = sum;
  }
  // KERN-LABEL: void __omp_team_loops_c_{{[0-9]+}}__run(
  // KERN: __ompicc_for_in<__ompicc_I>((long long)blockIdx.x, __ompicc_total, gridDim.x, __ompicc_ext,
  // KERN: float sum = 0;
  // KERN: /* #pragma omp parallel for reduction(+: sum) num_threads(32) (line {{[0-9]+}}): the team's threads share its iterations */
  // KERN-NEXT: float (&__ompicc_o_sum) = sum;
  // KERN-NEXT: const unsigned __ompicc_tt1 = __ompicc_team_threads(32);
  // KERN-NEXT: const auto omp_get_num_threads __attribute__((unused)) = [=]() -> int { return (int)__ompicc_tt1; };
  // KERN-NEXT: {
  // KERN-NEXT: float sum = 0;
  // the trip count where the loop runs (its distance need not fit in 64
  // bits where it does not), each thread's iterations counted down
  // KERN-NEXT: if ((ptr[r + 1]) > (ptr[r])) {
  // KERN-NEXT: const long long __ompicc_tn1 = ((long long)(ptr[r + 1]) - (long long)(ptr[r]));
  // KERN-NEXT: for (long long __ompicc_r1 = threadIdx.x < __ompicc_tt1 ? __ompicc_tn1 - threadIdx.x : 0; __ompicc_r1 > 0; __ompicc_r1 -= __ompicc_tt1) {
  // KERN-NEXT: const long long __ompicc_t1 = __ompicc_tn1 - __ompicc_r1;
  // KERN-NEXT: long e = (ptr[r]) + ((long long)__ompicc_t1) * (1);
  // KERN: sum += val[e] * x[col[e]];
  // KERN: __ompicc_o_sum = __ompicc_op_add()(__ompicc_o_sum, __ompicc_block_allreduce(sum, __ompicc_op_add()));
  // the loop's all-reduce was a barrier: none before the store
  // KERN-NEXT: }
  // KERN-NEXT: }
  // KERN-NEXT: {
  // KERN-NEXT: if (threadIdx.x == 0)
  // KERN: y[r] = sum;
  // KERN-NEXT: __syncthreads();
  // KERN-NEXT: }
  // KERN: extern "C" __global__ void __omp_team_loops_c_{{[0-9]+}}(const long *__restrict__ ptr, const int *__restrict__ col, const float *__restrict__ val, const float *__restrict__ x, float *y, long rows)
  // HOST: {"__omp_team_loops_c_{{[0-9]+}}", "team-loops.c:{{[0-9]+}}:{{[0-9]+}}", 0, 1, 0, 0, .hints = 46 /* OMPICC_REGION_TEAMS | OMPICC_REGION_WIDE | OMPICC_REGION_TEAM_LOOPS | OMPICC_REGION_ONCE */
}

/* if on a parallel loop (OpenMP 5.2 10.1.1): false, one thread runs it */
void spmv_if(long rows, const long *ptr, const float *val, float *y)
{
  // REM: team-loops.c:[[@LINE+1]]:9: remark: target region '__omp_team_loops_c_[[@LINE+1]]' is SPMD: teams distribute over parallel loops
#pragma omp target teams distribute map(to: ptr[0:rows + 1], val[0:100]) map(from: y[0:rows])
  for (long r = 0; r < rows; r++) {
    float sum = 0;
#pragma omp parallel for reduction(+: sum) if(ptr[r + 1] - ptr[r] > 8)
    for (long e = ptr[r]; e < ptr[r + 1]; e++)
      sum += val[e];
    y[r] = sum;
  }
  // KERN-LABEL: void __omp_team_loops_c_{{[0-9]+}}__run(
  // KERN: const unsigned __ompicc_tt1 = (ptr[r + 1] - ptr[r] > 8) ? blockDim.x : 1u;
  // KERN: for (long long __ompicc_r1 = threadIdx.x < __ompicc_tt1 ? __ompicc_tn1 - threadIdx.x : 0; __ompicc_r1 > 0; __ompicc_r1 -= __ompicc_tt1) {
  // REM: remark: target region '__omp_team_loops_c_[[@LINE+1]]' is generic: {{.*}}; not SPMD over the team's threads: a call in a parallel loop with if (line [[@LINE+5]])
#pragma omp target teams distribute map(to: ptr[0:rows + 1]) map(from: y[0:rows])
  for (long r = 0; r < rows; r++) {
#pragma omp parallel for if(r % 2)
    for (long e = ptr[r]; e < ptr[r + 1]; e++)
      y[e] = omp_get_max_threads();
  }
}

/* num_threads and if on a parallel region (10.1.1): its statements on the
 * block's first threads, which share its loops; the others meet its
 * barriers */
void region_threads(int nb, int *a, int *once)
{
  // REM: team-loops.c:[[@LINE+1]]:9: remark: target region '__omp_team_loops_c_[[@LINE+1]]' is SPMD: teams distribute over parallel loops
#pragma omp target teams distribute map(tofrom: a[0:nb * 64], once[0:nb])
  for (int b = 0; b < nb; b++) {
#pragma omp parallel num_threads(24) if(b > 1)
    {
      once[b] = 0;
#pragma omp for
      for (int i = 0; i < 64; i++)
        a[b * 64 + i] += i;
    }
  }
  // KERN-LABEL: void __omp_team_loops_c_{{[0-9]+}}__run(int *a, int *once, int nb)
  // KERN: const unsigned __ompicc_region_threads = (b > 1) ? __ompicc_team_threads(24) : 1u;
  // the team's size for the region's omp_get_num_threads()
  // KERN-NEXT: const auto omp_get_num_threads __attribute__((unused)) = [=]() -> int { return (int)__ompicc_region_threads; };
  // KERN: if (threadIdx.x < __ompicc_region_threads)
  // KERN: once[b] = 0;
  // KERN: const unsigned __ompicc_tt{{[0-9]+}} = __ompicc_region_threads;
  /* omp_get_thread_num and omp_get_num_threads are answered; others not */
  // REM: remark: target region '__omp_team_loops_c_[[@LINE+1]]' is generic: {{.*}}; not SPMD over the team's threads: a call in a parallel region with num_threads (line [[@LINE+4]])
#pragma omp target teams distribute map(tofrom: a[0:nb * 64])
  for (int b = 0; b < nb; b++) {
#pragma omp parallel num_threads(24)
    a[b * 64 + omp_get_thread_num()] = omp_get_max_threads();
  }
}

/* target parallel over serial code: its parallel region on a block of
 * num_threads threads */
void target_parallel(int *a)
{
  // REM: team-loops.c:[[@LINE+1]]:9: remark: target region '__omp_team_loops_c_[[@LINE+1]]' is SPMD: target parallel: the block's threads run the parallel region
#pragma omp target parallel num_threads(10) map(tofrom: a[0:10])
  a[omp_get_thread_num()] = omp_get_num_threads();
  // HOST: __ompicc_target(&__ompicc_region_{{[0-9]+}}, {{.*}}, 1, (10), -1)
  /* its reduction: each thread's copy, combined at the kernel's end */
  long s = 0;
  // REM: team-loops.c:[[@LINE+1]]:9: remark: target region '__omp_team_loops_c_[[@LINE+1]]' is SPMD: target parallel: the block's threads run the parallel region
#pragma omp target parallel reduction(+: s)
  s += omp_get_thread_num();
  // KERN-LABEL: extern "C" __global__ void __omp_team_loops_c_{{[0-9]+}}(long *__ompicc_p_s)
  // KERN: __ompicc_reduce(__ompicc_p_s, s, __ompicc_op_add());
  a[0] = (int)s;
  /* a loop construct in it binds to the region (11.7): the team's loop */
  // REM: team-loops.c:[[@LINE+1]]:9: remark: target region '__omp_team_loops_c_[[@LINE+1]]' is SPMD: target parallel: the block's threads run the parallel region
#pragma omp target parallel map(tofrom: a[0:10])
  {
    int k = 2;
#pragma omp loop bind(parallel)
    for (int i = 0; i < 10; i++)
      a[i] += k * i;
  }
}

/* a reduction into mapped storage: each team's first thread combines
 * the team's value into it once, then the team meets */
void mapped_sum(int nb, long *out)
{
  long total = 0;
  // REM: team-loops.c:[[@LINE+1]]:9: remark: target region '__omp_team_loops_c_[[@LINE+1]]' is SPMD: teams distribute over parallel loops
#pragma omp target teams distribute map(tofrom: total)
  for (int b = 0; b < nb; b++) {
#pragma omp parallel for reduction(+: total)
    for (int i = 0; i < 64; i++)
      total += i;
  }
  // KERN-LABEL: void __omp_team_loops_c_{{[0-9]+}}__run(long *__ompicc_p_total, int nb)
  // KERN: __ompicc_reduce(&__ompicc_o_total, total, __ompicc_op_add());
  // KERN-NEXT: __syncthreads();
  long priv = 0;
  // REM: remark: target region '__omp_team_loops_c_[[@LINE+1]]' is generic: {{.*}}; not SPMD over the team's threads: a reduction of 'priv', which is neither a variable of the loop's body nor mapped (line [[@LINE+3]])
#pragma omp target teams distribute firstprivate(priv) map(from: out[0:1])
  for (int b = 0; b < nb; b++) {
#pragma omp parallel for reduction(+: priv)
    for (int i = 0; i < 64; i++)
      priv += i;
    out[0] = priv;
  }
  out[1] = total;
}

void stats(int nb, const double *a, double *c, int *flags)
{
  // REM: team-loops.c:[[@LINE+1]]:9: remark: target region '__omp_team_loops_c_[[@LINE+1]]' is SPMD: teams distribute over parallel loops
#pragma omp target teams distribute thread_limit(64) map(to: a[0:nb * 64]) map(from: c[0:nb * 64], flags[0:nb])
  for (int b = 0; b < nb; b++) {
    double s = 0;
    int k = 0;
#pragma omp parallel for reduction(+: s) private(k)
    for (int i = 0; i < 64; i++)
      s += a[b * 64 + i] * (k = 2);
    double mean = s / 64;
    flags[b] = mean > 1;
    c[b * 64] = mean;
#pragma omp parallel for firstprivate(mean)
    for (int i = 1; i < 64; i++)
      c[b * 64 + i] = a[b * 64 + i] - mean;
  }
  // consecutive stores of the first thread: one barrier after both,
  // after a statement of every thread (mean) one before
  // KERN-LABEL: void __omp_team_loops_c_{{[0-9]+}}__run(
  // KERN: int k;
  // KERN: double mean = s / 64;
  // KERN-NEXT: {
  // KERN-NEXT: __syncthreads();
  // KERN-NEXT: if (threadIdx.x == 0)
  // KERN: flags[b] = mean > 1;
  // KERN-NEXT: }
  // KERN-NEXT: {
  // KERN-NEXT: if (threadIdx.x == 0)
  // KERN: c[b * 64] = mean;
  // KERN-NEXT: __syncthreads();
  // KERN-NEXT: }
  // KERN: double (&__ompicc_f_mean) = mean;
  // KERN: double mean = __ompicc_f_mean;
  // KERN: for (long long __ompicc_r{{[0-9]+}} = __ompicc_tn{{[0-9]+}} - threadIdx.x;
  // KERN-NOT: __ompicc_block_allreduce
  // KERN: __syncthreads();
}

void refused(int n, float *y, float *z)
{
  // REM: remark: target region '__omp_team_loops_c_[[@LINE+1]]' is generic: {{.*}}; not SPMD over the team's threads: the parallel loop writes 'found', which it shares with the team (every thread has a copy) (line [[@LINE+7]])
#pragma omp target teams distribute map(tofrom: y[0:n])
  for (int b = 0; b < n; b++) {
    int found = 0;
#pragma omp parallel for
    for (int i = 0; i < 8; i++)
      if (y[b * 8 + i] > 0)
        found = 1;
    y[b] = found;
  }
  // REM: remark: target region '__omp_team_loops_c_[[@LINE+1]]' is generic: {{.*}}; not SPMD over the team's threads: the serial code calls 'printf' (line [[@LINE+3]])
#pragma omp target teams distribute
  for (int b = 0; b < n; b++) {
    printf("%d\n", b);
#pragma omp parallel for
    for (int i = 0; i < 8; i++)
      z[i] = i;
  }
  // REM: remark: target region '__omp_team_loops_c_[[@LINE+1]]' is generic: {{.*}}; not SPMD over the team's threads: a statement that writes both memory and the body's variables (line [[@LINE+4]])
#pragma omp target teams distribute map(tofrom: y[0:n])
  for (int b = 0; b < n; b++) {
    float v;
    y[b] = v = 2;
#pragma omp parallel for
    for (int i = 0; i < 8; i++)
      y[i] += v;
  }
  // REM: remark: target region '__omp_team_loops_c_[[@LINE+1]]' is generic: {{.*}}; not SPMD over the team's threads: the address of 'v', which every thread of the team has its own copy of (line [[@LINE+5]])
#pragma omp target teams distribute map(tofrom: y[0:n])
  for (int b = 0; b < n; b++) {
    float v = 1;
    float *p;
    p = &v;
#pragma omp parallel for
    for (int i = 0; i < 8; i++)
      y[i] += *p;
  }
  // REM: remark: target region '__omp_team_loops_c_[[@LINE+1]]' is generic: {{.*}}; not SPMD over the team's threads: 'reduction' on the region (line [[@LINE+1]])
#pragma omp target teams distribute map(tofrom: y[0:n]) reduction(+: g)
  for (int b = 0; b < n; b++) {
    g++;
#pragma omp parallel for
    for (int i = 0; i < 8; i++)
      y[i] += 1;
  }
  // REM: remark: target region '__omp_team_loops_c_[[@LINE+1]]' is generic: {{.*}}; not SPMD over the team's threads: 'schedule' on a parallel loop (line [[@LINE+4]])
#pragma omp target teams distribute map(tofrom: y[0:n])
  for (int b = 0; b < n; b++) {
    y[b] = 0;
#pragma omp parallel for schedule(guided)
    for (int i = 0; i < 8; i++)
      y[i] += 1;
  }
  /* dynamic in chunks: the chunks in the static order, one execution of it */
  // REM: remark: target region '__omp_team_loops_c_[[@LINE+2]]' is SPMD: teams distribute over parallel loops
  // KERN-LABEL: void __omp_team_loops_c_{{[0-9]+}}__run(float *y, int n)
#pragma omp target teams distribute map(tofrom: y[0:n])
  for (int b = 0; b < n; b++) {
#pragma omp parallel for schedule(dynamic, 4)
    for (int i = 0; i < 8; i++)
      y[b * 8 + i] += 1;
  }
  // KERN: __ompicc_chunks_init(&__ompicc_c1, 0, __ompicc_tn1, (4), threadIdx.x, blockDim.x)
  // REM: remark: target region '__omp_team_loops_c_[[@LINE+1]]' is generic: {{.*}}; not SPMD over the team's threads: a continue or break in a statement that writes memory (line [[@LINE+6]])
#pragma omp target teams distribute map(tofrom: y[0:n])
  for (int b = 0; b < n; b++) {
#pragma omp parallel for
    for (int i = 0; i < 8; i++)
      y[i] += 1;
    if (b > 2) {
      y[b] = 0;
      continue;
    }
#pragma omp parallel for
    for (int i = 0; i < 8; i++)
      y[i] += 1;
  }
  // REM: remark: target region '__omp_team_loops_c_[[@LINE+1]]' is generic: {{.*}}; not SPMD over the team's threads: '#pragma omp critical' in a parallel region (line [[@LINE+8]])
#pragma omp target teams distribute map(tofrom: y[0:n])
  for (int b = 0; b < n; b++) {
#pragma omp parallel for
    for (int i = 0; i < 8; i++)
      y[i] += 1;
#pragma omp parallel
    {
#pragma omp critical
      y[0] += 1;
    }
  }
}

// a parallel region in the serial code: its body on every thread, its
// for, barrier, single and masked the team's (OpenMP 5.2 10.1, 11.5,
// 15.3.1, 11.1, 10.5)
void region(int n, float *y)
{
  // REM: team-loops.c:[[@LINE+1]]:9: remark: target region '__omp_team_loops_c_[[@LINE+1]]' is SPMD: teams distribute over parallel loops
#pragma omp target teams distribute map(tofrom: y[0:n * 8])
  for (int b = 0; b < n; b++) {
    float total = 0;
#pragma omp parallel reduction(+: total)
    {
      int me = omp_get_thread_num();
#pragma omp for nowait
      for (int i = 0; i < 8; i++)
        y[b * 8 + i] = me;
#pragma omp barrier
#pragma omp single
      y[b * 8] += 1;
#pragma omp masked
      total += 2;
    }
    y[b * 8 + 1] = total;
  }
  // KERN-LABEL: void __omp_team_loops_c_{{[0-9]+}}__run(
  // KERN: /* #pragma omp parallel reduction(+: total) (line {{[0-9]+}}): every thread of the team runs it */
  // KERN-NEXT: float (&__ompicc_o_total) = total;
  // KERN-NEXT: {
  // KERN-NEXT: float total = 0;
  // KERN: int me = omp_get_thread_num();
  // the for with nowait: no closing barrier
  // KERN: y[b * 8 + i] = me;
  // KERN-NEXT: }
  // KERN-NEXT: }
  // KERN-NEXT: }
  // KERN-NEXT: }
  // KERN-NEXT: __syncthreads();
  // KERN-NEXT: {
  // KERN-NEXT: if (threadIdx.x == 0)
  // KERN: y[b * 8] += 1;
  // KERN-NEXT: __syncthreads();
  // KERN-NEXT: }
  // KERN-NEXT: if (threadIdx.x == 0)
  // KERN: total += 2;
  // KERN: __ompicc_o_total = __ompicc_op_add()(__ompicc_o_total, __ompicc_block_allreduce(total, __ompicc_op_add()));
}

// target over parallel loops (no distribute): every thread of the one
// team runs the region; a loop and an if around parallel loops run alike
// on every thread (their tests read only what every thread has).
void steps(int n, double *u, double *v, int *done)
{
  // REM: team-loops.c:[[@LINE+1]]:9: remark: target region '__omp_team_loops_c_[[@LINE+1]]' is SPMD: a region over parallel loops
#pragma omp target map(tofrom: u[0:n], v[0:n], done[0:1])
  {
    for (int t = 0; t < 10; t++) {
#pragma omp parallel for
      for (int i = 1; i < n - 1; i++)
        v[i] = (u[i - 1] + u[i + 1]) / 2;
      if (t % 2) {
#pragma omp parallel for
        for (int i = 1; i < n - 1; i++)
          u[i] = v[i];
      }
    }
    done[0] = 1;
  }
  // KERN-LABEL: extern "C" __global__ void __omp_team_loops_c_{{[0-9]+}}(double *u, double *v, int *done, int n)
  // KERN-NEXT: {
  // KERN-NEXT: __ompicc_spmd_begin();
  // KERN: for (int t = 0; t < 10; t++) {
  // KERN: for (long long __ompicc_r1 = __ompicc_tn1 - threadIdx.x; __ompicc_r1 > 0; __ompicc_r1 -= blockDim.x) {
  // KERN: if (t % 2) {
  // KERN: for (long long __ompicc_r2 = __ompicc_tn2 - threadIdx.x; __ompicc_r2 > 0; __ompicc_r2 -= blockDim.x) {
  // after the loop, whose last statement was no barrier: one before
  // KERN: {{^ *[{]$}}
  // KERN-NEXT: __syncthreads();
  // KERN-NEXT: if (threadIdx.x == 0)
  // KERN: done[0] = 1;
  // KERN-NEXT: __syncthreads();
  // one team; no teams construct, so no OMP_NUM_TEAMS either
  // HOST: {"__omp_team_loops_c_{{[0-9]+}}", "team-loops.c:{{[0-9]+}}:{{[0-9]+}}", 0, 1, 0, 0, .hints = 8 /* OMPICC_REGION_TEAM_LOOPS */
  // HOST: __ompicc_target(&__ompicc_region_{{[0-9]+}}, {{.*}}, 1, 0, -1)

  // REM: remark: target region '__omp_team_loops_c_[[@LINE+1]]' is generic: {{.*}}; not SPMD over the team's threads: the control of a statement around a parallel loop writes memory (line [[@LINE+3]])
#pragma omp target map(tofrom: u[0:n], done[0:1])
  {
    while (done[0]++ < 3) {
#pragma omp parallel for
      for (int i = 0; i < n; i++)
        u[i] += 1;
    }
  }
}
