// Data constructs, declare target, device functions, atomics, struct
// members and one-thread kernels.
// RUN: %ompicc-tr --unit-id=u2 --kernels=%t.cu %s -o %t.host.c
// RUN: FileCheck --check-prefix=HOST %s < %t.host.c
// RUN: FileCheck --check-prefix=KERN %s < %t.cu
// KERN-NOT: #pragma omp
double sqrt(double);
typedef struct vec { int n; double *data; } vec_t;
#pragma omp declare target
int counter = 3;
#pragma omp end declare target
static double norm(double v) { return sqrt(v * v) + counter; }
// KERN: typedef struct vec {
// KERN: static __device__ double norm(double v);
// KERN: __device__ int counter = 3;

void data(vec_t v, vec_t *pv, int n, int *hist, double *out)
{
#pragma omp target enter data map(to: v.data[0:v.n]) map(alloc: out[0:n])
// HOST: 0x801, "v.data[0:v.n]"
// HOST: __ompicc_data_begin("data.c:[[@LINE-2]]:9", (-2147483647L - 1), 2, __ompicc_m);
#pragma omp target data map(tofrom: hist[0:16]) use_device_ptr(out)
  {
#pragma omp target teams distribute parallel for map(to: pv->data[0:n])
    for (int i = 0; i < n; i++) {
#pragma omp atomic
      hist[i % 16] += 1;
      out[i] = norm(pv->data[i]);
    }
  }
// HOST: __ompicc_device_ptr("data.c:{{[0-9]+}}:9", (-2147483647L - 1), (void *)(out))
// HOST: __ompicc_data_end(
// KERN: void __omp_data_c_{{[0-9]+}}_u2__run(vec_t *pv, int n, int *hist, double *out)
// KERN: __ompicc_atomic(&(hist[i % 16]), (__typeof__(hist[i % 16]))(1), __ompicc_op_add());
#pragma omp target update from(out[0:n]) device(0)
// HOST: __ompicc_update("data.c:[[@LINE-1]]:9", (0), 1, __ompicc_m);
#pragma omp target exit data map(delete: out[0:n]) map(from: v.data[0:v.n])
// HOST: 0x4, "out[0:n]"
#pragma omp target if(n > 100) map(tofrom: v) nowait depend(inout: hist[0])
  {
    int new = v.n;
    v.n = new + 1;
  }
// HOST: #pragma omp task depend(inout: hist[0]) default(shared)
// HOST: if (!(n > 100) || __ompicc_target(
// KERN: __global__ void __omp_data_c_{{[0-9]+}}_u2(vec_t *__ompicc_p_v)
// KERN: int new__ = v.n;
}
// HOST: {(void *)&counter, sizeof(counter), "counter", 0, 0},
