/* harness.c - runs the hand-written CUDA versions of the benchmark kernels
 * (dense.cu, nested.cu) through the project's own device modules, so that
 * the same code times them on a GPU (ompicc-cuda.so, the driver API) and
 * on the CPU-executed device (ompicc-cuda-emu.so), as the runtime core
 * would drive them for an OpenMP program.
 *
 *   harness MODULE.so IMAGE info          the device, its bandwidth and FLOP rate
 *   harness MODULE.so IMAGE KERNEL SIZE [REPS]
 *
 * IMAGE is the .cu built for the module: an nvcc fatbin for ompicc-cuda.so,
 * a g++ shared object for ompicc-cuda-emu.so.  A kernel run prints the
 * lines of ref.h ("time kernel=... total=...", "check ok") after one line
 * "work bytes=B flops=F": the least memory traffic and the floating-point
 * operations of one run, which bench/run divides by the measured rates to
 * get the device floor.  "kernel" times the launches (each launch waits
 * for its kernel: a NULL queue is synchronous); "total" adds allocation,
 * copies in both directions and freeing, as `target data` does.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdarg.h>
#include <stdint.h>

#include "plugin-host.h"
#include "ref.h"

static const OmpiccPlugin *P;
static void *module;

static void check(int rc, const char *what)
{
  if (rc == 0)
    return;
  fprintf(stderr, "harness: error: %s: %s\n", what, detail_msg);
  exit(1);
}

/* ------------------------------------------------------------ device memory */

static uint64_t dalloc(size_t n)
{
  uint64_t a;
  check(P->alloc(0, n ? n : 1, &a), "alloc");
  return a;
}

/* A device copy of n bytes at h (h NULL: uninitialised). */
static uint64_t din(const void *h, size_t n)
{
  uint64_t d = dalloc(n);
  if (h)
    check(P->copy_to(0, d, h, n, NULL), "copy_to");
  return d;
}

static void dout(void *h, uint64_t d, size_t n)
{
  check(P->copy_from(0, h, d, n, NULL), "copy_from");
}

static void dfree(uint64_t d) { check(P->free(0, d), "free"); }

/* ------------------------------------------------------------ launches */

static unsigned blocks(long n, long per) { return (unsigned)((n + per - 1) / per); }

static void launch3(const char *name, unsigned gx, unsigned gy, unsigned gz, unsigned bx,
                    unsigned by, void **args)
{
  void *k;
  OmpiccKernelInfo ki;
  check(P->get_kernel(0, module, name, &k, &ki), name);
  OmpiccLaunch g = {{gx, gy, gz}, {bx, by, 1}, 0, name};
  check(P->launch(0, k, &g, args, NULL), name);
}

/* n threads in blocks of 256. */
static void launch1(const char *name, long n, void **args)
{
  launch3(name, blocks(n, 256), 1, 1, 256, 1, args);
}

static void work(double bytes, double flops) { printf("work bytes=%.6g flops=%.6g\n", bytes, flops); }

/* ------------------------------------------------------------ the device */

/* Best of a few host-to-device copies of n bytes from h. */
static double copy_rate(uint64_t d, const void *h, size_t n)
{
  double best = 1e30;
  for (int r = 0; r < 4; r++) {
    double t = bench_now();
    check(P->copy_to(0, d, h, n, NULL), "copy_to");
    t = bench_now() - t;
    best = r && t < best ? t : best;
  }
  return n / best;
}

/* The link, as the runtime's pinning policy (runtime-host/rt-transfer.c)
 * weighs it: copies from pageable and from registered memory, and the
 * rate at which memory is registered and released again. */
static void link_rates(int emu)
{
  size_t n = emu ? (size_t)8 << 20 : (size_t)256 << 20;
  char *h = malloc(n);
  if (!h)
    exit(1);
  memset(h, 1, n); /* the pages exist before anything is timed */
  uint64_t d = dalloc(n);
  double pageable = copy_rate(d, h, n), pinned = 0, registering = 0;
  if (P->host_pin) {
    double t = bench_now();
    check(P->host_pin(0, h, n, NULL), "host_pin");
    double cost = bench_now() - t;
    pinned = copy_rate(d, h, n);
    t = bench_now();
    check(P->host_unpin(0, h), "host_unpin");
    cost += bench_now() - t;
    registering = n / cost;
  }
  printf("link pageable_bytes_per_s=%.6g pinned_bytes_per_s=%.6g pin_bytes_per_s=%.6g\n",
         pageable, pinned, registering);
  dfree(d);
  free(h);
}

static void info(void)
{
  OmpiccDeviceInfo di;
  check(P->device_info(0, &di), "device_info");
  int emu = P->image_kind == OMPICC_IMAGE_CUDA_EMU_SO;
  printf("device name=%s sms=%d cc=%d.%d mem=%zu\n", di.name, di.multiprocessors,
         di.compute_major, di.compute_minor, di.global_mem);
  /* Copy: two buffers of 1 GiB on a GPU (far beyond its caches). */
  long n = emu ? 1l << 20 : 1l << 27;
  uint64_t a = dalloc(n * 8), b = dalloc(n * 8);
  void *cargs[] = {&a, &b, &n};
  double best = 1e30;
  for (int r = 0; r < 6; r++) {
    double t = bench_now();
    launch1("bench_copy", n, cargs);
    t = bench_now() - t;
    best = r && t < best ? t : best; /* the first run warms up */
  }
  printf("bandwidth bytes_per_s=%.6g\n", 2.0 * n * 8 / best);
  dfree(a), dfree(b);
  /* FMA: enough blocks to fill every SM several times. */
  int iters = emu ? 64 : 8192;
  long threads = (long)(di.multiprocessors > 0 ? di.multiprocessors : 1) * 2048 * (emu ? 1 : 4);
  uint64_t o = dalloc(threads * 4);
  void *fargs[] = {&o, &iters};
  best = 1e30;
  for (int r = 0; r < 4; r++) {
    double t = bench_now();
    launch1("bench_fma", threads, fargs);
    t = bench_now() - t;
    best = r && t < best ? t : best;
  }
  printf("fma flops_per_s=%.6g\n", 16.0 * iters * threads / best);
  dfree(o);
  link_rates(emu);
}

/* ------------------------------------------------------------ dense kernels */

static int run_triad(const BenchSize *sz, int reps)
{
  long n = sz->a, times = sz->b;
  double s = TRIAD_S;
  double *a = bench_alloc(n * 8), *b = bench_alloc(n * 8), *c = bench_alloc(n * 8);
  triad_init(b, c, n);
  work(24.0 * n * times, 2.0 * n * times);
  for (int rep = 0; rep <= reps; rep++) {
    double t0 = bench_now();
    uint64_t da = din(NULL, n * 8), db = din(b, n * 8), dc = din(c, n * 8);
    void *args[] = {&da, &db, &dc, &s, &n};
    double t1 = bench_now();
    for (long t = 0; t < times; t++)
      launch1("triad", n, args);
    double t2 = bench_now();
    dout(a, da, n * 8);
    dfree(da), dfree(db), dfree(dc);
    bench_time(rep, t2 - t1, bench_now() - t0);
  }
  int bad = triad_check(a, b, c, n);
  free(a), free(b), free(c);
  return bad;
}

static int run_conv3d(const BenchSize *sz, int reps)
{
  long n = sz->a;
  size_t bytes = n * n * n * sizeof(float);
  float *A = bench_alloc(bytes), *B = bench_alloc(bytes);
  bench_fill(A, n * n * n, 1);
  work(2.0 * bytes, 54.0 * n * n * n);
  for (int rep = 0; rep <= reps; rep++) {
    double t0 = bench_now();
    uint64_t dA = din(A, bytes), dB = din(NULL, bytes);
    void *args[] = {&dA, &dB, &n};
    double t1 = bench_now();
    launch3("conv3d", blocks(n, 32), blocks(n, 8), (unsigned)n, 32, 8, args);
    double t2 = bench_now();
    dout(B, dB, bytes);
    dfree(dA), dfree(dB);
    bench_time(rep, t2 - t1, bench_now() - t0);
  }
  int bad = conv3d_check(A, B, n);
  free(A), free(B);
  return bad;
}

/* The matrix-vector kernels of BiCG, ATAX and MVT: vectors v[0..nv) of n
 * floats, the matrix on the device, a list of (kernel, x, base, y) steps;
 * the vectors in `out` come back. */
typedef struct MvStep {
  const char *kernel;
  int x, base, y; /* indices into the vectors; base -1: none */
} MvStep;

static void run_mv(const float *A, float **v, const int *in, int nin, const int *out, int nout,
                   const MvStep *steps, int nsteps, long n, int rep)
{
  size_t vb = n * sizeof(float);
  uint64_t d[8] = {0}, none = 0;
  double t0 = bench_now();
  uint64_t dA = din(A, n * vb);
  for (int i = 0; i < nin; i++)
    d[in[i]] = din(v[in[i]], vb);
  for (int s = 0; s < nsteps; s++)
    if (!d[steps[s].y])
      d[steps[s].y] = din(NULL, vb);
  double t1 = bench_now();
  for (int s = 0; s < nsteps; s++) {
    const MvStep *st = &steps[s];
    void *args[] = {&dA, &d[st->x], st->base < 0 ? &none : &d[st->base], &d[st->y], &n};
    launch1(st->kernel, n, args);
  }
  double t2 = bench_now();
  for (int i = 0; i < nout; i++)
    dout(v[out[i]], d[out[i]], vb);
  dfree(dA);
  for (int i = 0; i < 8; i++)
    if (d[i])
      dfree(d[i]);
  bench_time(rep, t2 - t1, bench_now() - t0);
}

static float **vectors(int k, long n)
{
  float **v = bench_alloc(k * sizeof *v);
  for (int i = 0; i < k; i++) {
    v[i] = bench_alloc(n * sizeof(float));
    bench_fill(v[i], n, i + 2);
  }
  return v;
}

static void free_vectors(float **v, int k)
{
  for (int i = 0; i < k; i++)
    free(v[i]);
  free(v);
}

/* v: r, p, s, q */
static int run_bicg(const BenchSize *sz, int reps)
{
  long n = sz->a;
  float *A = bench_alloc(n * n * sizeof *A), **v = vectors(4, n);
  bench_fill(A, n * n, 1);
  static const int in[] = {0, 1}, out[] = {2, 3};
  static const MvStep steps[] = {{"mv_cols", 0, -1, 2}, {"mv_rows", 1, -1, 3}};
  work(8.0 * n * n, 4.0 * n * n);
  for (int rep = 0; rep <= reps; rep++)
    run_mv(A, v, in, 2, out, 2, steps, 2, n, rep);
  int bad = bicg_check(A, v[0], v[1], v[2], v[3], n);
  free(A), free_vectors(v, 4);
  return bad;
}

/* v: x, tmp, y */
static int run_atax(const BenchSize *sz, int reps)
{
  long n = sz->a;
  float *A = bench_alloc(n * n * sizeof *A), **v = vectors(3, n);
  bench_fill(A, n * n, 1);
  static const int in[] = {0}, out[] = {2};
  static const MvStep steps[] = {{"mv_rows", 0, -1, 1}, {"mv_cols", 1, -1, 2}};
  work(8.0 * n * n, 4.0 * n * n);
  for (int rep = 0; rep <= reps; rep++)
    run_mv(A, v, in, 1, out, 1, steps, 2, n, rep);
  int bad = atax_check(A, v[0], v[2], n);
  free(A), free_vectors(v, 3);
  return bad;
}

/* v: y1, y2, x1_0, x2_0, x1, x2 (the kernels add to x1, x2 in place) */
static int run_mvt(const BenchSize *sz, int reps)
{
  long n = sz->a;
  float *A = bench_alloc(n * n * sizeof *A), **v = vectors(6, n);
  bench_fill(A, n * n, 1);
  static const int in[] = {0, 1, 4, 5}, out[] = {4, 5};
  static const MvStep steps[] = {{"mv_rows", 0, 4, 4}, {"mv_cols", 1, 5, 5}};
  work(8.0 * n * n, 4.0 * n * n);
  for (int rep = 0; rep <= reps; rep++) {
    memcpy(v[4], v[2], n * sizeof(float));
    memcpy(v[5], v[3], n * sizeof(float));
    run_mv(A, v, in, 4, out, 2, steps, 2, n, rep);
  }
  int bad = mvt_check(A, v[2], v[3], v[0], v[1], v[4], v[5], n);
  free(A), free_vectors(v, 6);
  return bad;
}

static int run_gemm(const BenchSize *sz, int reps)
{
  long n = sz->a;
  size_t bytes = n * n * sizeof(float);
  float alpha = GEMM_ALPHA, beta = GEMM_BETA;
  float *A = bench_alloc(bytes), *B = bench_alloc(bytes), *C = bench_alloc(bytes),
        *C0 = bench_alloc(bytes);
  bench_fill(A, n * n, 1);
  bench_fill(B, n * n, 2);
  bench_fill(C0, n * n, 3);
  work(4.0 * bytes, 2.0 * n * n * n);
  for (int rep = 0; rep <= reps; rep++) {
    double t0 = bench_now();
    uint64_t dA = din(A, bytes), dB = din(B, bytes), dC = din(C0, bytes);
    void *args[] = {&dA, &dB, &dC, &alpha, &beta, &n};
    double t1 = bench_now();
    launch3("gemm", blocks(n, 32), blocks(n, 8), 1, 32, 8, args);
    double t2 = bench_now();
    dout(C, dC, bytes);
    dfree(dA), dfree(dB), dfree(dC);
    bench_time(rep, t2 - t1, bench_now() - t0);
  }
  int bad = gemm_check(A, B, C0, C, n);
  free(A), free(B), free(C), free(C0);
  return bad;
}

/* The k-th column of Gram-Schmidt: norm (to the host), scale, project. */
static void gs_column(uint64_t *dA, uint64_t *dQ, uint64_t *dR, uint64_t *dn, long m, long n, long k)
{
  float nrm = 0;
  check(P->copy_to(0, *dn, &nrm, sizeof nrm, NULL), "copy_to");
  void *nargs[] = {dA, dn, &m, &n, &k};
  long nb = blocks(m, 256) < 1024 ? blocks(m, 256) : 1024;
  launch3("gs_norm", (unsigned)nb, 1, 1, 256, 1, nargs);
  dout(&nrm, *dn, sizeof nrm);
  float rkk = sqrtf(nrm);
  void *sargs[] = {dA, dQ, &rkk, &m, &n, &k};
  launch1("gs_scale", m, sargs);
  void *pargs[] = {dA, dQ, dR, &rkk, &m, &n, &k};
  launch1("gs_project", n - k, pargs);
}

static int run_gramschmidt(const BenchSize *sz, int reps)
{
  long m = sz->a, n = sz->b;
  float *A0 = bench_alloc(m * n * 4), *Q = bench_alloc(m * n * 4), *R = bench_alloc(n * n * 4);
  gramschmidt_init(A0, m, n);
  work(6.0 * m * n * n, 2.0 * m * n * n);
  for (int rep = 0; rep <= reps; rep++) {
    memset(R, 0, n * n * 4);
    double t0 = bench_now();
    uint64_t dA = din(A0, m * n * 4), dQ = din(NULL, m * n * 4), dR = din(R, n * n * 4),
             dn = din(NULL, 4);
    double t1 = bench_now();
    for (long k = 0; k < n; k++)
      gs_column(&dA, &dQ, &dR, &dn, m, n, k);
    double t2 = bench_now();
    dout(Q, dQ, m * n * 4);
    dout(R, dR, n * n * 4);
    dfree(dA), dfree(dQ), dfree(dR), dfree(dn);
    bench_time(rep, t2 - t1, bench_now() - t0);
  }
  int bad = gramschmidt_check(A0, Q, R, m, n);
  free(A0), free(Q), free(R);
  return bad;
}

static int run_jacobi(const BenchSize *sz, int reps)
{
  long n = sz->a, iters = sz->b;
  size_t bytes = n * n * sizeof(float);
  float *A0 = bench_alloc(bytes), *A = bench_alloc(bytes);
  bench_fill(A0, n * n, 1);
  work(16.0 * n * n * iters, 10.0 * n * n * iters);
  for (int rep = 0; rep <= reps; rep++) {
    double t0 = bench_now();
    uint64_t dA = din(A0, bytes), dB = din(A0, bytes);
    void *ab[] = {&dA, &dB, &n}, *ba[] = {&dB, &dA, &n};
    unsigned gx = blocks(n - 2, 32), gy = blocks(n - 2, 8);
    double t1 = bench_now();
    for (long t = 0; t < iters; t++) {
      launch3("jacobi", gx, gy, 1, 32, 8, ab);
      launch3("jacobi", gx, gy, 1, 32, 8, ba);
    }
    double t2 = bench_now();
    dout(A, dA, bytes);
    dfree(dA), dfree(dB);
    bench_time(rep, t2 - t1, bench_now() - t0);
  }
  int bad = jacobi_check(A0, A, n, iters);
  free(A0), free(A);
  return bad;
}

/* ------------------------------------------------------------ nested kernels */

static int spmv_common(const BenchSize *sz, int reps, const char *kernel, long threads_per_row)
{
  Csr M = spmv_matrix(sz->a, sz->b);
  long rows = M.rows, nnz = M.nnz;
  float *x = bench_alloc(rows * 4), *y = bench_alloc(rows * 4);
  bench_fill(x, rows, 9);
  work(12.0 * nnz + 16.0 * rows, 2.0 * nnz);
  for (int rep = 0; rep <= reps; rep++) {
    double t0 = bench_now();
    uint64_t dp = din(M.ptr, (rows + 1) * 8), dc = din(M.col, nnz * 4),
             dv = din(M.val, nnz * 4), dx = din(x, rows * 4), dy = din(NULL, rows * 4);
    void *args[] = {&dp, &dc, &dv, &dx, &dy, &rows};
    double t1 = bench_now();
    launch1(kernel, rows * threads_per_row, args);
    double t2 = bench_now();
    dout(y, dy, rows * 4);
    dfree(dp), dfree(dc), dfree(dv), dfree(dx), dfree(dy);
    bench_time(rep, t2 - t1, bench_now() - t0);
  }
  int bad = spmv_check(&M, x, y);
  csr_free(&M);
  free(x), free(y);
  return bad;
}

static int run_spmv(const BenchSize *sz, int reps) { return spmv_common(sz, reps, "spmv", 32); }

static int run_spmv_outer(const BenchSize *sz, int reps)
{
  return spmv_common(sz, reps, "spmv_outer", 1);
}

static int histo_common(const BenchSize *sz, int reps, int nested)
{
  long n = sz->a, block = sz->b, nblocks = (n + block - 1) / block;
  unsigned *data = bench_alloc(n * 4);
  unsigned long long hist[HISTO_BINS];
  histo_init(data, n);
  work(4.0 * n, 0);
  for (int rep = 0; rep <= reps; rep++) {
    memset(hist, 0, sizeof hist);
    double t0 = bench_now();
    uint64_t dd = din(data, n * 4), dh = din(hist, sizeof hist);
    void *args[] = {&dd, &dh, &n, &block};
    double t1 = bench_now();
    if (nested)
      launch3("histo", (unsigned)nblocks, 1, 1, 256, 1, args);
    else
      launch1("histo_outer", nblocks, args);
    double t2 = bench_now();
    dout(hist, dh, sizeof hist);
    dfree(dd), dfree(dh);
    bench_time(rep, t2 - t1, bench_now() - t0);
  }
  int bad = histo_check(data, n, hist);
  free(data);
  return bad;
}

static int run_histo(const BenchSize *sz, int reps) { return histo_common(sz, reps, 1); }
static int run_histo_outer(const BenchSize *sz, int reps) { return histo_common(sz, reps, 0); }

/* ------------------------------------------------------------ main */

static const struct {
  const char *name;
  const BenchSize *sizes;
  int (*run)(const BenchSize *, int);
} kernels[] = {
    {"triad", triad_sizes, run_triad},
    {"triad-parallel", triad_sizes, run_triad},
    {"conv3d", conv3d_sizes, run_conv3d},
    {"bicg", linalg_sizes, run_bicg},
    {"atax", linalg_sizes, run_atax},
    {"mvt", linalg_sizes, run_mvt},
    {"gemm", gemm_sizes, run_gemm},
    {"gramschmidt", gramschmidt_sizes, run_gramschmidt},
    {"jacobi", jacobi_sizes, run_jacobi},
    {"spmv", spmv_sizes, run_spmv},
    {"spmv-outer", spmv_sizes, run_spmv_outer},
    {"spmv-generic", spmv_sizes, run_spmv},
    {"histo", histo_sizes, run_histo},
    {"histo-outer", histo_sizes, run_histo_outer},
};

/* The module and the image: a fatbin is read here (the core does the same
 * for images in separate files), a cuda-emu object is passed by name. */
static void load(const char *path, const char *file)
{
  void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  OmpiccPluginQuery q = h ? (OmpiccPluginQuery)dlsym(h, OMPICC_PLUGIN_QUERY) : NULL;
  P = q ? q(OMPICC_PLUGIN_VERSION) : NULL;
  if (!P || P->init(&host) < 1) {
    fprintf(stderr, "harness: %s: no device module, or no device\n", path);
    exit(2);
  }
  OmpiccImage img = {P->image_kind, NULL, 0, file};
  char *abs = realpath(file, NULL);
  if (!abs) {
    fprintf(stderr, "harness: %s: cannot read\n", file);
    exit(2);
  }
  img.file = abs;
  if (P->image_kind == OMPICC_IMAGE_CUDA_FATBIN) {
    FILE *f = fopen(abs, "rb");
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    void *bytes = bench_alloc(size);
    rewind(f);
    if (fread(bytes, 1, size, f) != (size_t)size)
      exit(2);
    fclose(f);
    img.bytes = bytes, img.size = size;
  }
  check(P->load_image(0, &img, &module), "load_image");
}

int main(int argc, char **argv)
{
  if (argc < 4) {
    fprintf(stderr, "usage: harness MODULE.so IMAGE info | KERNEL SIZE [REPS]\n");
    return 2;
  }
  load(argv[1], argv[2]);
  int status = 2;
  if (!strcmp(argv[3], "info")) {
    info();
    status = 0;
  }
  for (size_t i = 0; i < sizeof kernels / sizeof *kernels; i++)
    if (!strcmp(kernels[i].name, argv[3]))
      status = kernels[i].run(bench_size(kernels[i].sizes, argc > 4 ? argv[4] : "xs"),
                              argc > 5 ? atoi(argv[5]) : 1);
  if (status == 2)
    fprintf(stderr, "harness: no kernel '%s'\n", argv[3]);
  P->fini();
  return status;
}
