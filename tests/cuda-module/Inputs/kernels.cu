/* kernels.cu - the kernel and variable plugin-test.c expects, for a real
 * GPU: fill(p, v, n) sets p[i] = v + i for each thread i < n; counter is 42
 * when the image is loaded. */
extern "C" __global__ void fill(int *p, int v, int n)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] = v + i;
}

__device__ int counter = 42;
