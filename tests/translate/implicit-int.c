// Implicit int in device code (c.y, "implicit int"): the host file keeps
// what was written, which gcc accepts; the kernel file is C++, which has
// no implicit int, so there the int is written out.  The program built
// for the CPU-executed CUDA device (g++) computes the same values.
// RUN: %ompicc-tr --kernels=%t.cu %s -o %t.host.c
// RUN: FileCheck --check-prefix=HOST %s < %t.host.c
// RUN: FileCheck --check-prefix=KERN %s < %t.cu
// RUN: %ompicc --devices=cuda-emu -o %t.exe %s 2> %t.err
// RUN: env OMPICC_DEVICES=cuda-emu OMP_TARGET_OFFLOAD=MANDATORY %t.exe

// HOST: static twice(const v)
// HOST: register r = 2;
// KERN: static __device__ int twice(const int v)
// KERN: register int r = 2;
#pragma omp declare target
static twice(const v)
{
  register r = 2;
  return r * v;
}
#pragma omp end declare target

static x[4];

// HOST: const n = 4;
// KERN: for (register int i = 0; i < n; i++) {
// KERN-NEXT: const int c = 3;
int main(void)
{
  const n = 4;
#pragma omp target map(tofrom: x)
  for (register i = 0; i < n; i++) {
    const c = 3;
    x[i] = twice(i) + c;
  }
  if (x[0] != 3 || x[3] != 9)
    __builtin_abort();
  return 0;
}
