// C's complex types in the kernel file (CUDA C++, where nvcc has no
// _Complex): the device library's __ompicc_complex<T> for every spelling
// of the type, __ompicc_real/__ompicc_imag for __real__/__imag__, and an
// imaginary constant as a complex value of its suffix's real type.
// RUN: %ompicc-tr --kernels=%t.cu %s -o %t.c
// RUN: FileCheck %s < %t.cu
// RUN: FileCheck --check-prefix=CONV %s < %t.cu
// CHECK: void __omp_complex_c_{{[0-9]+}}__run(__ompicc_complex<double> *z, __ompicc_complex<float> *w, int n, __ompicc_complex<double> c, __ompicc_complex<long double> *q)
// CHECK: const __ompicc_complex<double> t = z[i] * (__ompicc_complex<double>)c;
// CHECK-NEXT: w[i] = (__ompicc_complex<float>)t + __ompicc_complex<float>(0, 1.0F) * 2.0f;
// CHECK-NEXT: __ompicc_real(z[i]) = __ompicc_imag(t) + __ompicc_real((w[i] * w[i]));
// CHECK-NEXT: z[i] += __ompicc_complex<double>(0, 3.0) - __ompicc_complex<int>(0, 2);
void f(double _Complex *z, _Complex float *w, long double _Complex *q, int n, _Complex c)
{
#pragma omp target teams distribute parallel for map(tofrom: z[0:n], w[0:n]) is_device_ptr(q)
  for (int i = 0; i < n; i++) {
    const double _Complex t = z[i] * (double _Complex)c;
    w[i] = (float _Complex)t + 1.0iF * 2.0f;
    __real__ z[i] = __imag__ t + __real__ (w[i] * w[i]);
    z[i] += 3.0i - 2j;
  }
}

// A complex value converts to a real type implicitly in C and only
// explicitly in C++: the real part, or (to _Bool) the test of both parts.
// CONV: static __device__ double half(__ompicc_complex<double> v)
// CONV: return __ompicc_real(v * 0.5);
// CONV: double x = __ompicc_real(z[i]);
// CONV-NEXT: r[i] = __ompicc_real(x + z[i]);
// CONV-NEXT: r[i] += half(z[i]);
// CONV-NEXT: b[i] = (bool)(z[i]);
// CONV-NEXT: r[i] = fabs(__ompicc_real(z[i]));
#pragma omp declare target
static double half(double _Complex v) { return v * 0.5; }
#pragma omp end declare target
double fabs(double);
void g(double _Complex *z, double *r, _Bool *b, int n)
{
#pragma omp target teams distribute parallel for map(to: z[0:n]) map(from: r[0:n], b[0:n])
  for (int i = 0; i < n; i++) {
    double x = z[i];
    r[i] = x + z[i];
    r[i] += half(z[i]);
    b[i] = z[i];
    r[i] = fabs(z[i]);
  }
}
