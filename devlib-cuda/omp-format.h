/* omp-format.h - sprintf and snprintf in device code (C11 7.21.6.1,
 * 7.21.6.5, 7.21.6.6), writing what the host's C library (glibc) writes.
 *
 * Included by ompicc-device.h after omp-strtod.h, whose exact decimal
 * numbers it uses.  The kernel file calls __ompicc_snprintf(s, n, format,
 * args...) and __ompicc_sprintf(s, format, args...) (transform/
 * device-lib.c): a variadic template, which CUDA 10.2 compiles where a C
 * va_list in device code is not certain, stores each argument after the
 * default argument promotions in a tagged slot (__ompicc_farg), and one
 * out-of-line formatter (__ompicc_format) reads them as the conversions
 * ask.
 *
 * Every conversion of C11 7.21.6.1 with its flags (- + space # 0), field
 * width and precision (also *), and length modifiers (hh h l ll j z t L):
 * d i u o x X c s p n % and the floating ones.  f F e E g G are exact: the
 * double m x 2^e becomes its exact decimal expansion (at most 767
 * significant digits, __ompicc_decimal), rounded at the precision to
 * nearest, ties to even, as glibc rounds in the default rounding mode
 * (16 million conversions of random doubles and integers in 50 formats
 * compared with glibc 2.36's: all alike but one case, where glibc writes
 * %#.3g of 999.5 as 1.e+03 and this C11's 1.00e+03: # keeps the zeros).
 * a A write the binary value in hexadecimal, one leading digit 1 (0 for
 * zero and subnormals, as glibc).  %p and a null %s are glibc's: 0x...,
 * (nil), (null).  %ls and %lc (wide characters) are not supported: they
 * write nothing.  L (long double) reads a double: the device has none.
 */
#ifndef OMPICC_FORMAT_H
#define OMPICC_FORMAT_H

/* ---------------------------------------------------------------- arguments */

enum { __OMPICC_FARG_INT, __OMPICC_FARG_DOUBLE, __OMPICC_FARG_PTR };

struct __ompicc_farg {
  int kind;
  union {
    long long i; /* every integer, its bits: unsigned ones zero-extended */
    double d;
    const void *p;
  };
};

template <class T> static __device__ inline __ompicc_farg __ompicc_farg_of(T v)
{
  __ompicc_farg a;
  a.kind = __OMPICC_FARG_INT;
  a.i = (long long)v; /* integers and enumerations */
  return a;
}
template <class T> static __device__ inline __ompicc_farg __ompicc_farg_of(T *v)
{
  __ompicc_farg a;
  a.kind = __OMPICC_FARG_PTR;
  a.p = (const void *)v;
  return a;
}
static __device__ inline __ompicc_farg __ompicc_farg_of(double v)
{
  __ompicc_farg a;
  a.kind = __OMPICC_FARG_DOUBLE;
  a.d = v;
  return a;
}
static __device__ inline __ompicc_farg __ompicc_farg_of(float v)
{
  return __ompicc_farg_of((double)v);
}

/* ---------------------------------------------------------------- output */

/* Where the characters go: s[0 .. n-2], then a null character; len
 * counts every character the format produces (snprintf's value). */
struct __ompicc_sink {
  char *s;
  size_t n, len;
};

static __device__ inline void __ompicc_put(__ompicc_sink *o, char c)
{
  if (o->len + 1 < o->n)
    o->s[o->len] = c;
  o->len++;
}

static __device__ inline void __ompicc_put_n(__ompicc_sink *o, char c, long k)
{
  for (; k > 0; k--)
    __ompicc_put(o, c);
}

/* One conversion specification. */
struct __ompicc_spec {
  bool left, plus, space, alt, zero;
  int width;
  int prec; /* -1: none */
  int length; /* 'H' hh, 'h', 'l', 'q' ll, 'j', 'z', 't', 'L', 0 */
  char conv;
};

/* A field of `body` characters after a prefix (sign, 0x): padded to the
 * width with spaces on the left or right, or with zeros after the prefix. */
static __device__ inline void __ompicc_pad_before(__ompicc_sink *o, const __ompicc_spec *sp,
                                                  const char *prefix, long body, bool zeros)
{
  long plen = 0;
  while (prefix[plen])
    plen++;
  long pad = sp->width - plen - body;
  if (!sp->left && !zeros)
    __ompicc_put_n(o, ' ', pad);
  for (long i = 0; i < plen; i++)
    __ompicc_put(o, prefix[i]);
  if (!sp->left && zeros)
    __ompicc_put_n(o, '0', pad);
}

static __device__ inline void __ompicc_pad_after(__ompicc_sink *o, const __ompicc_spec *sp,
                                                 const char *prefix, long body)
{
  long plen = 0;
  while (prefix[plen])
    plen++;
  if (sp->left)
    __ompicc_put_n(o, ' ', sp->width - plen - body);
}

/* ---------------------------------------------------------------- integers */

static __device__ inline void __ompicc_format_int(__ompicc_sink *o, const __ompicc_spec *sp,
                                                  long long bits)
{
  bool is_signed = sp->conv == 'd' || sp->conv == 'i';
  unsigned long long u;
  bool neg = false;
  if (is_signed) {
    long long v;
    switch (sp->length) {
    case 'H': v = (signed char)bits; break;
    case 'h': v = (short)bits; break;
    case 0: v = (int)bits; break;
    default: v = bits;
    }
    neg = v < 0;
    u = neg ? 0ull - (unsigned long long)v : (unsigned long long)v;
  } else {
    switch (sp->length) {
    case 'H': u = (unsigned char)bits; break;
    case 'h': u = (unsigned short)bits; break;
    case 0: u = (unsigned)bits; break;
    default: u = (unsigned long long)bits;
    }
  }
  unsigned base = sp->conv == 'o' ? 8 : sp->conv == 'x' || sp->conv == 'X' || sp->conv == 'p' ? 16 : 10;
  const char *digits = sp->conv == 'X' ? "0123456789ABCDEF" : "0123456789abcdef";
  char buf[24];
  int nd = 0;
  for (unsigned long long v = u; v; v /= base)
    buf[nd++] = digits[v % base];
  int prec = sp->prec < 0 ? 1 : sp->prec;
  int zeros = prec > nd ? prec - nd : 0; /* the precision's leading zeros */
  if (sp->conv == 'o' && sp->alt && zeros == 0 && (nd == 0 || buf[nd - 1] != '0'))
    zeros = 1; /* # o: the first digit is a zero */
  char prefix[3] = {0, 0, 0};
  if (neg)
    prefix[0] = '-';
  else if (is_signed && sp->plus)
    prefix[0] = '+';
  else if (is_signed && sp->space)
    prefix[0] = ' ';
  else if ((sp->alt && u != 0 && base == 16) || sp->conv == 'p') {
    prefix[0] = '0';
    prefix[1] = sp->conv == 'X' ? 'X' : 'x';
  }
  bool pad_zeros = sp->zero && !sp->left && sp->prec < 0;
  long body = zeros + nd;
  __ompicc_pad_before(o, sp, prefix, body, pad_zeros);
  __ompicc_put_n(o, '0', zeros);
  while (nd > 0)
    __ompicc_put(o, buf[--nd]);
  __ompicc_pad_after(o, sp, prefix, body);
}

/* ---------------------------------------------------------------- floating
 * A double's exact decimal expansion, 0.d[0]d[1]... x 10^dp, read by the
 * position p of a digit (its place value 10^p), rounded at a cut: the
 * digits at p >= cut are kept, rounded up (ties to even) by those below. */
struct __ompicc_rounded {
  const __ompicc_decimal *dec;
  int cut;
  bool up;    /* the kept digits are rounded up ... */
  int q;      /* ... by adding one at position q (the 9s below it become 0) */
  bool carry; /* ... which carries into a new digit 1 at position top + 1 */
  int top;    /* the highest position written */
};

static __device__ inline int __ompicc_dec_digit(const __ompicc_decimal *a, int p)
{
  int i = a->dp - 1 - p;
  return i >= 0 && i < a->nd ? a->d[i] : 0;
}

static __device__ inline void __ompicc_round_at(__ompicc_rounded *r, const __ompicc_decimal *a,
                                                int top, int cut)
{
  r->dec = a;
  r->cut = cut;
  r->top = top;
  r->carry = false;
  int i = a->dp - cut; /* the index of the first dropped digit, at cut - 1 */
  bool up;
  if (i < 0 || i >= a->nd)
    up = false; /* only zeros dropped, or less than half (a zero first) */
  else if (a->d[i] != 5)
    up = a->d[i] > 5;
  else /* d is trimmed: a digit after the 5 is one not zero */
    up = i + 1 < a->nd || (__ompicc_dec_digit(a, cut) & 1);
  r->up = up;
  r->q = cut;
  if (!up)
    return;
  while (r->q <= top && __ompicc_dec_digit(a, r->q) == 9)
    r->q++;
  if (r->q > top) {
    r->carry = true;
    r->top = top + 1;
  }
}

/* the rounded digit at position p (cut <= p <= top) */
static __device__ inline int __ompicc_rounded_digit(const __ompicc_rounded *r, int p)
{
  if (r->carry)
    return p == r->top ? 1 : 0;
  if (!r->up || p > r->q)
    return __ompicc_dec_digit(r->dec, p);
  return p == r->q ? __ompicc_dec_digit(r->dec, p) + 1 : 0;
}

/* the lowest position below `from` with a rounded digit not zero, or
 * `from` when none (for %g, which drops the fraction's trailing zeros) */
static __device__ inline int __ompicc_last_nonzero(const __ompicc_rounded *r, int from)
{
  for (int p = r->cut; p < from; p++)
    if (__ompicc_rounded_digit(r, p))
      return p;
  return from;
}

/* A double as its exact decimal expansion (the sign left out). */
static __device__ inline void __ompicc_dec_of_double(__ompicc_decimal *a, double v)
{
  unsigned long long bits;
  memcpy(&bits, &v, sizeof bits);
  int be = (int)(bits >> 52 & 0x7ff);
  unsigned long long m = bits & ((1ull << 52) - 1);
  int e2;
  if (be == 0)
    e2 = -1074; /* subnormal */
  else {
    m |= 1ull << 52;
    e2 = be - 1075;
  }
  char tmp[20];
  int n = 0;
  for (; m; m /= 10)
    tmp[n++] = (char)(m % 10);
  a->nd = n;
  a->dp = n;
  a->trunc = false;
  for (int i = 0; i < n; i++)
    a->d[i] = (unsigned char)tmp[n - 1 - i];
  __ompicc_dec_trim(a);
  if (a->nd)
    __ompicc_dec_shift(a, e2);
}

/* Style f (and F): the digits from `top` down to the cut, a point before
 * the fraction when it has digits or with #.  count: only count them. */
static __device__ inline long __ompicc_style_f(__ompicc_sink *o, const __ompicc_rounded *r,
                                               int low, bool point, bool count)
{
  long k = 0;
  for (int p = r->top; p >= low; p--) {
    if (p == -1 && (k++, !count))
      __ompicc_put(o, '.');
    if (!count)
      __ompicc_put(o, (char)('0' + __ompicc_rounded_digit(r, p)));
    k++;
  }
  if (point && low >= 0 && (k++, !count))
    __ompicc_put(o, '.');
  return k;
}

/* Style e: d.ddd, then e+XX (at least two exponent digits). */
static __device__ inline long __ompicc_style_e(__ompicc_sink *o, const __ompicc_rounded *r,
                                               int low, bool point, int x, bool upper,
                                               bool count)
{
  long k = 0;
  for (int p = r->top; p >= low; p--) {
    if (p == r->top - 1 && (k++, !count))
      __ompicc_put(o, '.');
    if (!count)
      __ompicc_put(o, (char)('0' + __ompicc_rounded_digit(r, p)));
    k++;
  }
  if (point && low == r->top && (k++, !count))
    __ompicc_put(o, '.');
  char ex[8];
  int ne = 0;
  for (int v = x < 0 ? -x : x; v || ne < 2; v /= 10)
    ex[ne++] = (char)('0' + v % 10);
  k += 2 + ne;
  if (!count) {
    __ompicc_put(o, upper ? 'E' : 'e');
    __ompicc_put(o, x < 0 ? '-' : '+');
    while (ne > 0)
      __ompicc_put(o, ex[--ne]);
  }
  return k;
}

/* Style a: 0x1.hhhp+d, the hexadecimal digits of the significand rounded
 * to the precision (ties to even), all of them without one, trailing
 * zeros dropped. */
static __device__ inline long __ompicc_style_a(__ompicc_sink *o, double v, int prec, bool alt,
                                               bool upper, bool count)
{
  unsigned long long bits;
  memcpy(&bits, &v, sizeof bits);
  int be = (int)(bits >> 52 & 0x7ff);
  unsigned long long m = bits & ((1ull << 52) - 1); /* 13 hexadecimal digits */
  int lead = be != 0, x = be == 0 ? (m ? -1022 : 0) : be - 1023;
  int nd = 13;
  if (prec < 0) {
    while (nd > 0 && !(m & 0xf)) {
      m >>= 4;
      nd--;
    }
  } else if (prec < 13) {
    int drop = 4 * (13 - prec);
    unsigned long long rest = m & ((1ull << drop) - 1), half = 1ull << (drop - 1);
    m >>= drop;
    unsigned long long last = prec > 0 ? m : (unsigned long long)lead; /* the last digit kept */
    if (rest > half || (rest == half && (last & 1)))
      m++;
    if (m >> (4 * prec)) { /* carried into the leading digit */
      m &= (1ull << (4 * prec)) - 1;
      lead++;
    }
    nd = prec;
  }
  const char *hex = upper ? "0123456789ABCDEF" : "0123456789abcdef";
  long k = 0;
  char ex[8];
  int ne = 0;
  for (int e = x < 0 ? -x : x; e || ne < 1; e /= 10)
    ex[ne++] = (char)('0' + e % 10);
  int zeros = prec > 13 ? prec - 13 : 0;
  k = 3 + (nd > 0 || zeros > 0 || alt) + nd + zeros + 2 + ne;
  if (count)
    return k;
  __ompicc_put(o, '0');
  __ompicc_put(o, upper ? 'X' : 'x');
  __ompicc_put(o, (char)('0' + lead));
  if (nd > 0 || zeros > 0 || alt)
    __ompicc_put(o, '.');
  for (int i = nd - 1; i >= 0; i--)
    __ompicc_put(o, hex[m >> (4 * i) & 0xf]);
  __ompicc_put_n(o, '0', zeros);
  __ompicc_put(o, upper ? 'P' : 'p');
  __ompicc_put(o, x < 0 ? '-' : '+');
  while (ne > 0)
    __ompicc_put(o, ex[--ne]);
  return k;
}

static __device__ inline __noinline__ void __ompicc_format_float(__ompicc_sink *o, const __ompicc_spec *sp,
                                                          double v)
{
  unsigned long long bits;
  memcpy(&bits, &v, sizeof bits);
  bool neg = bits >> 63, upper = sp->conv >= 'A' && sp->conv <= 'Z';
  char prefix[2] = {0, 0};
  prefix[0] = neg ? '-' : sp->plus ? '+' : sp->space ? ' ' : 0;
  char c = (char)(sp->conv | 0x20); /* f e g a */
  if ((bits >> 52 & 0x7ff) == 0x7ff) { /* infinity, NaN: no zeros */
    const char *text = bits & ((1ull << 52) - 1) ? (upper ? "NAN" : "nan") : (upper ? "INF" : "inf");
    __ompicc_pad_before(o, sp, prefix, 3, false);
    for (int i = 0; i < 3; i++)
      __ompicc_put(o, text[i]);
    __ompicc_pad_after(o, sp, prefix, 3);
    return;
  }
  bool zeros = sp->zero && !sp->left;
  if (c == 'a') {
    long k = __ompicc_style_a(o, v, sp->prec, sp->alt, upper, true);
    __ompicc_pad_before(o, sp, prefix, k, zeros);
    __ompicc_style_a(o, v, sp->prec, sp->alt, upper, false);
    __ompicc_pad_after(o, sp, prefix, k);
    return;
  }
  __ompicc_decimal a;
  __ompicc_dec_of_double(&a, v);
  int prec = sp->prec < 0 ? 6 : sp->prec;
  int lead = a.nd ? a.dp - 1 : 0; /* the position of the first significant digit */
  __ompicc_rounded r;
  bool style_e = c == 'e', point = sp->alt;
  int low, x = 0;
  if (c == 'g') {
    int p = prec == 0 ? 1 : prec;
    __ompicc_round_at(&r, &a, lead, lead - (p - 1));
    x = a.nd ? r.top : 0; /* the exponent style e would have */
    style_e = !(p > x && x >= -4);
    prec = style_e ? p - 1 : p - 1 - x;
  }
  if (style_e) { /* prec digits after the first (a carry makes it 1) */
    __ompicc_round_at(&r, &a, lead, lead - prec);
    x = a.nd ? r.top : 0;
    low = r.top - prec;
  } else {
    __ompicc_round_at(&r, &a, lead > 0 ? lead : 0, -prec);
    low = -prec;
  }
  if (c == 'g' && !sp->alt) { /* the fraction's trailing zeros dropped */
    int nonzero = __ompicc_last_nonzero(&r, style_e ? r.top : 0);
    low = nonzero > low ? nonzero : low;
  }
  long k = style_e ? __ompicc_style_e(o, &r, low, point, x, upper, true)
                   : __ompicc_style_f(o, &r, low, point, true);
  __ompicc_pad_before(o, sp, prefix, k, zeros);
  if (style_e)
    __ompicc_style_e(o, &r, low, point, x, upper, false);
  else
    __ompicc_style_f(o, &r, low, point, false);
  __ompicc_pad_after(o, sp, prefix, k);
}

/* ---------------------------------------------------------------- the format */

static __device__ inline __noinline__ int __ompicc_format(char *s, size_t n, const char *f,
                                                   const __ompicc_farg *args, int nargs)
{
  __ompicc_sink out = {s, n, 0};
  __ompicc_sink *o = &out;
  int next = 0;
  while (*f) {
    if (*f != '%') {
      __ompicc_put(o, *f++);
      continue;
    }
    f++;
    __ompicc_spec sp = {false, false, false, false, false, 0, -1, 0, 0};
    for (;; f++) {
      if (*f == '-') sp.left = true;
      else if (*f == '+') sp.plus = true;
      else if (*f == ' ') sp.space = true;
      else if (*f == '#') sp.alt = true;
      else if (*f == '0') sp.zero = true;
      else break;
    }
    if (*f == '*') {
      f++;
      int w = next < nargs ? (int)args[next++].i : 0;
      if (w < 0) {
        sp.left = true;
        w = -w;
      }
      sp.width = w;
    } else
      for (; *f >= '0' && *f <= '9'; f++)
        sp.width = sp.width * 10 + (*f - '0');
    if (*f == '.') {
      f++;
      sp.prec = 0;
      if (*f == '*') {
        f++;
        int p = next < nargs ? (int)args[next++].i : 0;
        sp.prec = p < 0 ? -1 : p;
      } else
        for (; *f >= '0' && *f <= '9'; f++)
          sp.prec = sp.prec * 10 + (*f - '0');
    }
    if (f[0] == 'h' && f[1] == 'h')
      sp.length = 'H', f += 2;
    else if (f[0] == 'l' && f[1] == 'l')
      sp.length = 'q', f += 2;
    else if (*f == 'h' || *f == 'l' || *f == 'j' || *f == 'z' || *f == 't' || *f == 'L' ||
             *f == 'q')
      sp.length = *f == 'q' ? 'q' : *f, f++;
    sp.conv = *f;
    if (!*f)
      break;
    f++;
    if (sp.conv == '%') {
      __ompicc_put(o, '%');
      continue;
    }
    __ompicc_farg none;
    none.kind = __OMPICC_FARG_INT;
    none.i = 0;
    __ompicc_farg a = next < nargs ? args[next++] : none;
    switch (sp.conv) {
    case 'd': case 'i': case 'u': case 'o': case 'x': case 'X':
      __ompicc_format_int(o, &sp, a.kind == __OMPICC_FARG_PTR ? (long long)a.p : a.i);
      break;
    case 'p':
      if (!a.p) {
        __ompicc_spec text = sp;
        text.conv = 's';
        __ompicc_pad_before(o, &text, "", 5, false);
        for (const char *t = "(nil)"; *t; t++)
          __ompicc_put(o, *t);
        __ompicc_pad_after(o, &text, "", 5);
      } else {
        sp.length = 'q';
        sp.alt = true;
        __ompicc_format_int(o, &sp, (long long)a.p);
      }
      break;
    case 'c':
      __ompicc_pad_before(o, &sp, "", 1, false);
      __ompicc_put(o, (char)(unsigned char)a.i);
      __ompicc_pad_after(o, &sp, "", 1);
      break;
    case 's': {
      const char *t = (const char *)a.p;
      if (sp.length == 'l')
        t = "";
      else if (!t)
        t = sp.prec < 0 || sp.prec >= 6 ? "(null)" : "";
      long len = 0;
      while (t[len] && (sp.prec < 0 || len < sp.prec))
        len++;
      __ompicc_pad_before(o, &sp, "", len, false);
      for (long i = 0; i < len; i++)
        __ompicc_put(o, t[i]);
      __ompicc_pad_after(o, &sp, "", len);
      break;
    }
    case 'n':
      if (a.p) {
        switch (sp.length) {
        case 'H': *(signed char *)a.p = (signed char)o->len; break;
        case 'h': *(short *)a.p = (short)o->len; break;
        case 0: *(int *)a.p = (int)o->len; break;
        default: *(long long *)a.p = (long long)o->len;
        }
      }
      break;
    case 'f': case 'F': case 'e': case 'E': case 'g': case 'G': case 'a': case 'A':
      __ompicc_format_float(o, &sp, a.kind == __OMPICC_FARG_DOUBLE ? a.d : 0.0);
      break;
    default: /* not a conversion: written as it stands */
      __ompicc_put(o, '%');
      __ompicc_put(o, sp.conv);
    }
  }
  if (n > 0)
    s[out.len < n ? out.len : n - 1] = '\0';
  return (int)out.len;
}

template <class... A>
static __device__ inline int __ompicc_snprintf(char *s, size_t n, const char *format, A... args)
{
  __ompicc_farg a[sizeof...(A) + 1] = {__ompicc_farg_of(args)...};
  return __ompicc_format(s, n, format, a, (int)sizeof...(A));
}

template <class... A>
static __device__ inline int __ompicc_sprintf(char *s, const char *format, A... args)
{
  __ompicc_farg a[sizeof...(A) + 1] = {__ompicc_farg_of(args)...};
  return __ompicc_format(s, (size_t)-1 / 2, format, a, (int)sizeof...(A));
}

#endif
