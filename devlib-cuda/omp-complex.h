/* omp-complex.h - C's complex types in device code.
 *
 * nvcc has no _Complex in device code (not even as a kernel parameter),
 * so the kernel writer prints `double _Complex` as __ompicc_complex<double>,
 * `__real__ z` as __ompicc_real(z), an imaginary constant (1.0iF, what
 * complex.h's I expands to) as __ompicc_complex<float>(0, 1.0F), and the
 * calls of complex.h's functions reach the overloads below.  The layout is
 * C's (C11 6.2.5: an array of two elements, real part first), so host
 * data, kernel arguments and device data agree byte for byte.
 *
 * Arithmetic follows C11 6.3.1.8 for the result type (the usual
 * arithmetic conversions on the real types) and G.5.1 for the formulas
 * without its infinity and NaN recovery; division scales as Smith's
 * method does, so that |c| + |d| near the limits of T does not overflow.
 * A complex value converts to a real one by a cast or a compound
 * assignment (x += z); C's plain assignment of a complex value to a real
 * object (dropping the imaginary part) has no C++ spelling for a built-in
 * left side: nvcc and g++ reject it.
 *
 * Compiled by nvcc (CUDA 10.2 and later) and, for the CPU device, by g++.
 */
#ifndef OMPICC_COMPLEX_H
#define OMPICC_COMPLEX_H

#include <math.h>
#include <type_traits>

template <class T> struct __ompicc_complex {
  T re, im;
  __host__ __device__ __ompicc_complex() : re(0), im(0) {}
  __host__ __device__ __ompicc_complex(T r, T i) : re(r), im(i) {}
  /* from a real value: C11 6.3.1.7, the imaginary part is zero */
  template <class U, class = typename std::enable_if<std::is_arithmetic<U>::value>::type>
  __host__ __device__ __ompicc_complex(U r) : re((T)r), im(0) {}
  template <class U>
  __host__ __device__ __ompicc_complex(const __ompicc_complex<U> &z) : re((T)z.re), im((T)z.im) {}
  template <class U, class = typename std::enable_if<std::is_arithmetic<U>::value>::type>
  __host__ __device__ explicit operator U() const { return (U)re; }
  __host__ __device__ explicit operator bool() const { return re != 0 || im != 0; }
};

/* The type of z op w: complex of the common real type. */
template <class A, class B> struct __ompicc_cx_common;
template <class A, class B> struct __ompicc_cx_common<__ompicc_complex<A>, __ompicc_complex<B>> {
  typedef __ompicc_complex<decltype(A() + B())> type;
};
template <class A, class B> struct __ompicc_cx_common<__ompicc_complex<A>, B> {
  typedef __ompicc_complex<decltype(A() + B())> type;
};
template <class A, class B> struct __ompicc_cx_common<A, __ompicc_complex<B>> {
  typedef __ompicc_complex<decltype(A() + B())> type;
};

template <class T> struct __ompicc_is_cx : std::false_type {};
template <class T> struct __ompicc_is_cx<__ompicc_complex<T>> : std::true_type {};
/* an operand pair with a complex one and otherwise arithmetic */
template <class A, class B>
struct __ompicc_cx_pair
    : std::integral_constant<bool, (__ompicc_is_cx<A>::value || __ompicc_is_cx<B>::value) &&
                                       (__ompicc_is_cx<A>::value || std::is_arithmetic<A>::value) &&
                                       (__ompicc_is_cx<B>::value || std::is_arithmetic<B>::value)> {};
#define __OMPICC_CX_RESULT(A, B)                                                             \
  typename std::enable_if<__ompicc_cx_pair<A, B>::value,                                    \
                          typename __ompicc_cx_common<A, B>::type>::type

template <class T> __host__ __device__ T &__ompicc_real(__ompicc_complex<T> &z) { return z.re; }
template <class T> __host__ __device__ T &__ompicc_imag(__ompicc_complex<T> &z) { return z.im; }
template <class T> __host__ __device__ T __ompicc_real(const __ompicc_complex<T> &z) { return z.re; }
template <class T> __host__ __device__ T __ompicc_imag(const __ompicc_complex<T> &z) { return z.im; }
/* GNU C: __real__ and __imag__ of a real value */
template <class T, class = typename std::enable_if<std::is_arithmetic<T>::value>::type>
__host__ __device__ T &__ompicc_real(T &x) { return x; }
template <class T, class = typename std::enable_if<std::is_arithmetic<T>::value>::type>
__host__ __device__ T __ompicc_real(const T &x) { return x; }
template <class T, class = typename std::enable_if<std::is_arithmetic<T>::value>::type>
__host__ __device__ T __ompicc_imag(const T &) { return 0; }

template <class A, class B> __host__ __device__ __OMPICC_CX_RESULT(A, B) operator+(A a, B b)
{
  typedef __OMPICC_CX_RESULT(A, B) R;
  R x(a), y(b);
  return R(x.re + y.re, x.im + y.im);
}
template <class A, class B> __host__ __device__ __OMPICC_CX_RESULT(A, B) operator-(A a, B b)
{
  typedef __OMPICC_CX_RESULT(A, B) R;
  R x(a), y(b);
  return R(x.re - y.re, x.im - y.im);
}
template <class A, class B> __host__ __device__ __OMPICC_CX_RESULT(A, B) operator*(A a, B b)
{
  typedef __OMPICC_CX_RESULT(A, B) R;
  R x(a), y(b);
  return R(x.re * y.re - x.im * y.im, x.re * y.im + x.im * y.re);
}
template <class A, class B> __host__ __device__ __OMPICC_CX_RESULT(A, B) operator/(A a, B b)
{
  typedef __OMPICC_CX_RESULT(A, B) R;
  R x(a), y(b);
  /* Smith: divide through by the larger of |c| and |d| */
  if (fabs((double)y.re) >= fabs((double)y.im)) {
    auto r = y.im / y.re, den = y.re + y.im * r;
    return R((x.re + x.im * r) / den, (x.im - x.re * r) / den);
  }
  auto r = y.re / y.im, den = y.re * r + y.im;
  return R((x.re * r + x.im) / den, (x.im * r - x.re) / den);
}
template <class A, class B>
__host__ __device__ typename std::enable_if<__ompicc_cx_pair<A, B>::value, bool>::type
operator==(A a, B b)
{
  typedef __OMPICC_CX_RESULT(A, B) R;
  R x(a), y(b);
  return x.re == y.re && x.im == y.im;
}
template <class A, class B>
__host__ __device__ typename std::enable_if<__ompicc_cx_pair<A, B>::value, bool>::type
operator!=(A a, B b)
{
  return !(a == b);
}
template <class T> __host__ __device__ __ompicc_complex<T> operator-(__ompicc_complex<T> z)
{
  return __ompicc_complex<T>(-z.re, -z.im);
}
template <class T> __host__ __device__ __ompicc_complex<T> operator+(__ompicc_complex<T> z) { return z; }
template <class T> __host__ __device__ bool operator!(__ompicc_complex<T> z) { return !(bool)z; }

#define __OMPICC_CX_ASSIGN(op)                                                               \
  template <class T, class B>                                                                \
  __host__ __device__ typename std::enable_if<__ompicc_cx_pair<__ompicc_complex<T>, B>::value, \
                                              __ompicc_complex<T> &>::type                   \
  operator op##=(__ompicc_complex<T> &z, B b)                                                \
  {                                                                                          \
    return z = __ompicc_complex<T>(z op b);                                                  \
  }
/* x op= z with x real: C computes in complex and keeps the real part */
#define __OMPICC_CX_REAL_ASSIGN(op)                                                          \
  template <class T, class U>                                                                \
  __host__ __device__ typename std::enable_if<std::is_arithmetic<T>::value, T &>::type        \
  operator op##=(T &x, __ompicc_complex<U> z)                                                \
  {                                                                                          \
    return x = (T)(x op z).re;                                                               \
  }
__OMPICC_CX_ASSIGN(+)
__OMPICC_CX_ASSIGN(-)
__OMPICC_CX_ASSIGN(*)
__OMPICC_CX_ASSIGN(/)
__OMPICC_CX_REAL_ASSIGN(+)
__OMPICC_CX_REAL_ASSIGN(-)
__OMPICC_CX_REAL_ASSIGN(*)
__OMPICC_CX_REAL_ASSIGN(/)
#undef __OMPICC_CX_ASSIGN
#undef __OMPICC_CX_REAL_ASSIGN

/* ---------------------------------------------------------------- complex.h (C11 7.3) */

template <class T> struct __ompicc_cx_fn {
  typedef __ompicc_complex<T> C;
  static __host__ __device__ T abs(C z) { return ::hypot(z.re, z.im); }
  static __host__ __device__ T arg(C z) { return ::atan2(z.im, z.re); }
  static __host__ __device__ C exp(C z)
  {
    T m = ::exp(z.re);
    return C(m * ::cos(z.im), m * ::sin(z.im));
  }
  static __host__ __device__ C log(C z) { return C(::log(abs(z)), arg(z)); }
  /* the principal root, in the right half-plane (C11 7.3.8.3) */
  static __host__ __device__ C sqrt(C z)
  {
    T r = ::sqrt((abs(z) + ::fabs(z.re)) / 2);
    if (r == 0)
      return C(0, z.im);
    if (z.re >= 0)
      return C(r, z.im / (2 * r));
    return C(::fabs(z.im) / (2 * r), ::copysign(r, z.im));
  }
  static __host__ __device__ C pow(C z, C w)
  {
    if (z.re == 0 && z.im == 0)
      return w.re == 0 && w.im == 0 ? C(1, 0) : C(0, 0);
    return exp(w * log(z));
  }
  static __host__ __device__ C sin(C z) { return C(::sin(z.re) * ::cosh(z.im), ::cos(z.re) * ::sinh(z.im)); }
  static __host__ __device__ C cos(C z) { return C(::cos(z.re) * ::cosh(z.im), -::sin(z.re) * ::sinh(z.im)); }
};

/* The functions by their C names: double ones (creal) and float ones
 * (crealf); arguments convert as C's would (cpow(z, 2.0)). */
#define __OMPICC_CX_FNS(T, sfx)                                                                static __host__ __device__ inline T creal##sfx(__ompicc_complex<T> z) { return z.re; }       static __host__ __device__ inline T cimag##sfx(__ompicc_complex<T> z) { return z.im; }       static __host__ __device__ inline __ompicc_complex<T> conj##sfx(__ompicc_complex<T> z)       {                                                                                              return __ompicc_complex<T>(z.re, -z.im);                                                   }                                                                                            static __host__ __device__ inline T cabs##sfx(__ompicc_complex<T> z) { return __ompicc_cx_fn<T>::abs(z); }   static __host__ __device__ inline T carg##sfx(__ompicc_complex<T> z) { return __ompicc_cx_fn<T>::arg(z); }   static __host__ __device__ inline __ompicc_complex<T> cexp##sfx(__ompicc_complex<T> z)       {                                                                                              return __ompicc_cx_fn<T>::exp(z);                                                          }                                                                                            static __host__ __device__ inline __ompicc_complex<T> clog##sfx(__ompicc_complex<T> z)       {                                                                                              return __ompicc_cx_fn<T>::log(z);                                                          }                                                                                            static __host__ __device__ inline __ompicc_complex<T> csqrt##sfx(__ompicc_complex<T> z)      {                                                                                              return __ompicc_cx_fn<T>::sqrt(z);                                                         }                                                                                            static __host__ __device__ inline __ompicc_complex<T> cpow##sfx(__ompicc_complex<T> z,                                                                       __ompicc_complex<T> w)       {                                                                                              return __ompicc_cx_fn<T>::pow(z, w);                                                       }                                                                                            static __host__ __device__ inline __ompicc_complex<T> csin##sfx(__ompicc_complex<T> z)       {                                                                                              return __ompicc_cx_fn<T>::sin(z);                                                          }                                                                                            static __host__ __device__ inline __ompicc_complex<T> ccos##sfx(__ompicc_complex<T> z)       {                                                                                              return __ompicc_cx_fn<T>::cos(z);                                                          }                                                                                            static __host__ __device__ inline __ompicc_complex<T> ctan##sfx(__ompicc_complex<T> z)       {                                                                                              return __ompicc_cx_fn<T>::sin(z) / __ompicc_cx_fn<T>::cos(z);                              }
__OMPICC_CX_FNS(double, )
__OMPICC_CX_FNS(float, f)
#undef __OMPICC_CX_FNS

#endif
