/* omp-strtod.h - strtod, strtof and atof in device code (C11 7.22.1.3),
 * correctly rounded, as the host's C library has them.
 *
 * Included by ompicc-device.h after its ctype.h part.  The subject
 * sequence is C's: white space, a sign, then a decimal number with an
 * optional exponent, a hexadecimal one (0x1.8p3), INF or INFINITY, or NAN
 * with an optional (n-char-sequence), letters in either case.
 *
 * A decimal number is converted exactly: its digits (up to 800 of them;
 * a nonzero digit beyond is remembered, which is enough to round, as
 * the halfway point between two doubles has fewer than 800 significant
 * digits) are kept as a decimal fraction 0.d1d2... x 10^dp, which is
 * multiplied and divided by powers of two, digit by digit, until it lies
 * in [1/2, 1); its binary exponent is then known, and the digits of the
 * fraction times 2^(mantissa bits) give the significand, rounded to
 * nearest, ties to even.  A hexadecimal number is already binary: its
 * first 64 bits, and whether any bit beyond is set, round the same way.
 * No errno on the device: out of range gives HUGE_VAL or zero, as C
 * says, without setting it.
 */
#ifndef OMPICC_STRTOD_H
#define OMPICC_STRTOD_H

enum { __OMPICC_DEC_DIGITS = 800 };

struct __ompicc_decimal {
  unsigned char d[__OMPICC_DEC_DIGITS + 16]; /* digit values, no leading zero */
  int nd;     /* digits in use */
  int dp;     /* the value is 0.d[0]d[1]... x 10^dp */
  bool trunc; /* a nonzero digit was dropped after d[nd - 1] */
};

static __device__ inline void __ompicc_dec_trim(__ompicc_decimal *a)
{
  while (a->nd > 0 && a->d[a->nd - 1] == 0)
    a->nd--;
  if (a->nd == 0)
    a->dp = 0;
}

/* a /= 2^k, for k <= 27 (so that n * 10 fits in 64 bits) */
static __device__ inline void __ompicc_dec_rshift(__ompicc_decimal *a, unsigned k)
{
  int r = 0, w = 0;
  unsigned long long n = 0, mask = (1ULL << k) - 1;
  for (; (n >> k) == 0; r++) { /* enough leading digits for one of the quotient */
    if (r >= a->nd) {
      if (n == 0) {
        a->nd = 0;
        a->dp = 0;
        return;
      }
      while ((n >> k) == 0) {
        n *= 10;
        r++;
      }
      break;
    }
    n = n * 10 + a->d[r];
  }
  a->dp -= r - 1;
  for (; r < a->nd; r++) {
    unsigned char next = a->d[r];
    a->d[w++] = (unsigned char)(n >> k);
    n = (n & mask) * 10 + next;
  }
  while (n > 0) {
    unsigned char digit = (unsigned char)(n >> k);
    n = (n & mask) * 10;
    if (w < __OMPICC_DEC_DIGITS)
      a->d[w++] = digit;
    else if (digit)
      a->trunc = true;
  }
  a->nd = w;
  __ompicc_dec_trim(a);
}

/* a *= 2^k, for k <= 27: from the last digit, the product written 9
 * places further on (2^27 has 9 digits), then moved to the front. */
static __device__ inline void __ompicc_dec_lshift(__ompicc_decimal *a, unsigned k)
{
  int top = a->nd + 9, w = top;
  unsigned long long n = 0;
  for (int r = a->nd - 1; r >= 0; r--) {
    n += (unsigned long long)a->d[r] << k;
    a->d[--w] = (unsigned char)(n % 10);
    n /= 10;
  }
  while (n > 0) {
    a->d[--w] = (unsigned char)(n % 10);
    n /= 10;
  }
  int len = top - w;
  a->dp += len - a->nd;
  for (int i = 0; i < len; i++)
    a->d[i] = a->d[w + i];
  if (len > __OMPICC_DEC_DIGITS) {
    for (int i = __OMPICC_DEC_DIGITS; i < len; i++)
      a->trunc |= a->d[i] != 0;
    len = __OMPICC_DEC_DIGITS;
  }
  a->nd = len;
  __ompicc_dec_trim(a);
}

/* a *= 2^k (k < 0: divides), 27 bits at a time */
static __device__ inline void __ompicc_dec_shift(__ompicc_decimal *a, int k)
{
  while (k > 0) {
    unsigned step = k > 27 ? 27 : (unsigned)k;
    __ompicc_dec_lshift(a, step);
    k -= (int)step;
  }
  while (k < 0) {
    unsigned step = -k > 27 ? 27 : (unsigned)-k;
    __ompicc_dec_rshift(a, step);
    k += (int)step;
  }
}

/* The integer part of a (at most 64 bits), rounded to nearest, ties to
 * even, by its fraction. */
static __device__ inline unsigned long long __ompicc_dec_round(const __ompicc_decimal *a)
{
  unsigned long long n = 0;
  int i = 0;
  for (; i < a->dp && i < a->nd; i++)
    n = n * 10 + a->d[i];
  for (; i < a->dp; i++)
    n *= 10;
  if (a->dp >= 0 && a->dp < a->nd) {
    bool half = a->d[a->dp] == 5 && a->dp + 1 == a->nd && !a->trunc;
    if (half ? (n & 1) : a->d[a->dp] >= 5)
      n++;
  }
  return n;
}

/* The bits of a floating type of MANT explicit mantissa bits and EXP
 * exponent bits (double: 52, 11; float: 23, 8) nearest to a. */
template <int MANT, int EXP>
static __device__ unsigned long long __ompicc_dec_to_bits(__ompicc_decimal *a, bool neg)
{
  const int bias = (1 << (EXP - 1)) - 1, max_exp = (1 << EXP) - 1;
  const unsigned long long sign = (unsigned long long)neg << (MANT + EXP);
  const unsigned long long inf = sign | (unsigned long long)max_exp << MANT;
  if (a->nd == 0 || a->dp < -(bias + MANT) * 30 / 100 - 20)
    return sign; /* zero, or below half the least subnormal */
  if (a->dp > (bias + 1) * 31 / 100 + 2)
    return inf;
  static const unsigned char bits_for_digits[9] = {1, 3, 6, 9, 13, 16, 19, 23, 26};
  int e = 0;
  while (a->dp > 0) { /* into [1/2, 1): a x 2^e stays the value */
    int k = a->dp >= 9 ? 27 : bits_for_digits[a->dp];
    __ompicc_dec_shift(a, -k);
    e += k;
  }
  while (a->dp < 0 || (a->dp == 0 && a->d[0] < 5)) {
    int k = -a->dp >= 9 ? 27 : bits_for_digits[-a->dp];
    __ompicc_dec_shift(a, k);
    e -= k;
  }
  e--; /* the value is (2a) x 2^e, 2a in [1, 2) */
  if (e < 1 - bias) { /* subnormal: the exponent held at its least */
    __ompicc_dec_shift(a, e - (1 - bias));
    e = 1 - bias;
  }
  if (e + bias >= max_exp)
    return inf;
  __ompicc_dec_shift(a, MANT + 1);
  unsigned long long m = __ompicc_dec_round(a);
  if (m == 2ULL << MANT) { /* rounded up to the next power of two */
    m >>= 1;
    e++;
    if (e + bias >= max_exp)
      return inf;
  }
  if (!(m >> MANT))
    e = -bias; /* subnormal */
  return sign | (unsigned long long)(e + bias) << MANT | (m & ((1ULL << MANT) - 1));
}

/* mant x 2^e2 (mant the first 64 bits of a binary number, sticky: a bit
 * beyond is set) rounded to the type of MANT and EXP, as its bits. */
template <int MANT, int EXP>
static __device__ unsigned long long __ompicc_bin_to_bits(unsigned long long mant, int e2,
                                                          bool sticky, bool neg)
{
  const int bias = (1 << (EXP - 1)) - 1, max_exp = (1 << EXP) - 1;
  const unsigned long long sign = (unsigned long long)neg << (MANT + EXP);
  const unsigned long long inf = sign | (unsigned long long)max_exp << MANT;
  if (!mant)
    return sign;
  while (!(mant >> 63)) {
    mant <<= 1;
    e2--;
  }
  if (e2 > bias) /* 2^63 x 2^e2 beyond the largest value */
    return inf;
  int e = e2 + 63; /* the exponent of the leading bit */
  if (e > bias)
    return inf;
  int keep = MANT + 1; /* the significant bits the result has there */
  if (e < 1 - bias)
    keep -= (1 - bias) - e;
  if (keep < 0)
    return sign; /* below half the least subnormal */
  int drop = 64 - keep;
  unsigned long long m = keep ? mant >> drop : 0;
  unsigned long long rest = drop >= 64 ? mant : mant & ((1ULL << drop) - 1);
  unsigned long long half = 1ULL << (drop - 1);
  if (rest > half || (rest == half && (sticky || (m & 1))))
    m++;
  int last = e - (keep - 1); /* the exponent of m's last bit */
  if (m >> (MANT + 1)) {     /* rounding carried into a new bit */
    m >>= 1;
    last++;
  }
  if (!m)
    return sign;
  int lead = 63 - __clzll((long long)m) + last; /* the exponent of m's leading bit */
  if (lead > bias)
    return inf;
  if (lead < 1 - bias) /* subnormal: m's last bit is the least subnormal's */
    return sign | m;
  return sign | (unsigned long long)(lead + bias) << MANT |
         ((m << (MANT - (lead - last))) & ((1ULL << MANT) - 1));
}

/* An exponent part after a number ("e-12", "p+3"; letter in lower case)
 * at *p: its value added to *e and *p moved past it; nothing when none is
 * there (a lone "e" is not part of the number). */
static __device__ inline void __ompicc_exponent_part(const char **p, char letter, int *e)
{
  const char *q = *p;
  if (__ompicc_ctype_lower((unsigned char)*q) != letter)
    return;
  q++;
  bool neg = false;
  if (*q == '+' || *q == '-')
    neg = *q++ == '-';
  if (*q < '0' || *q > '9')
    return;
  long long x = 0;
  for (; *q >= '0' && *q <= '9'; q++)
    if (x < 100000) /* far past any exponent that is not zero or infinity */
      x = x * 10 + (*q - '0');
  *e += (int)(neg ? -x : x);
  *p = q;
}

static __device__ inline bool __ompicc_word_is(const char *s, const char *lower)
{
  for (; *lower; s++, lower++)
    if (__ompicc_ctype_lower((unsigned char)*s) != *lower)
      return false;
  return true;
}

static __device__ inline int __ompicc_hex_value(int c)
{
  return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
         : c >= 'A' && c <= 'F'              ? c - 'A' + 10
                                             : -1;
}

/* The bits of the number s begins with, in the type of MANT and EXP;
 * *end past it (s when there is none). */
template <int MANT, int EXP>
static __device__ unsigned long long __ompicc_strto_bits(const char *s, char **end)
{
  const int max_exp = (1 << EXP) - 1;
  const char *p = s;
  while (__ompicc_isspace((unsigned char)*p))
    p++;
  bool neg = false;
  if (*p == '+' || *p == '-')
    neg = *p++ == '-';
  const unsigned long long sign = (unsigned long long)neg << (MANT + EXP);
  const unsigned long long inf = sign | (unsigned long long)max_exp << MANT;
  if (end)
    *end = (char *)s;
  if (__ompicc_word_is(p, "inf")) {
    p += __ompicc_word_is(p, "infinity") ? 8 : 3;
    if (end)
      *end = (char *)p;
    return inf;
  }
  if (__ompicc_word_is(p, "nan")) {
    p += 3;
    if (*p == '(') {
      const char *q = p + 1;
      while (__ompicc_isalnum((unsigned char)*q) || *q == '_')
        q++;
      if (*q == ')')
        p = q + 1;
    }
    if (end)
      *end = (char *)p;
    return inf | 1ULL << (MANT - 1); /* a quiet NaN */
  }
  bool hex = p[0] == '0' && (p[1] == 'x' || p[1] == 'X') &&
             (__ompicc_hex_value((unsigned char)p[2]) >= 0 ||
              (p[2] == '.' && __ompicc_hex_value((unsigned char)p[3]) >= 0));
  if (hex) {
    p += 2;
    unsigned long long mant = 0; /* the first 61 to 64 bits */
    int e2 = 0;
    bool sticky = false, point = false;
    for (;; p++) {
      if (*p == '.' && !point) {
        point = true;
        continue;
      }
      int v = __ompicc_hex_value((unsigned char)*p);
      if (v < 0)
        break;
      if (!(mant >> 60)) {
        mant = mant << 4 | (unsigned)v;
        e2 -= point ? 4 : 0;
      } else {
        sticky |= v != 0;
        e2 += point ? 0 : 4;
      }
    }
    __ompicc_exponent_part(&p, 'p', &e2);
    if (end)
      *end = (char *)p;
    return __ompicc_bin_to_bits<MANT, EXP>(mant, e2, sticky, neg);
  }
  __ompicc_decimal a;
  a.nd = 0;
  a.dp = 0;
  a.trunc = false;
  bool point = false, digits = false;
  for (;; p++) {
    if (*p == '.' && !point) {
      point = true;
      continue;
    }
    if (*p < '0' || *p > '9')
      break;
    digits = true;
    if (*p == '0' && a.nd == 0) { /* a leading zero */
      if (point)
        a.dp--;
      continue;
    }
    if (!point)
      a.dp++;
    if (a.nd < __OMPICC_DEC_DIGITS)
      a.d[a.nd++] = (unsigned char)(*p - '0');
    else if (*p != '0')
      a.trunc = true;
  }
  if (!digits)
    return 0; /* no number: *end is s */
  __ompicc_exponent_part(&p, 'e', &a.dp);
  if (end)
    *end = (char *)p;
  __ompicc_dec_trim(&a);
  return __ompicc_dec_to_bits<MANT, EXP>(&a, neg);
}

static __device__ inline double __ompicc_strtod(const char *s, char **end)
{
  unsigned long long bits = __ompicc_strto_bits<52, 11>(s, end);
  double d;
  memcpy(&d, &bits, sizeof d);
  return d;
}
static __device__ inline float __ompicc_strtof(const char *s, char **end)
{
  unsigned int bits = (unsigned int)__ompicc_strto_bits<23, 8>(s, end);
  float f;
  memcpy(&f, &bits, sizeof f);
  return f;
}
static __device__ inline double __ompicc_atof(const char *s) { return __ompicc_strtod(s, 0); }

#endif
