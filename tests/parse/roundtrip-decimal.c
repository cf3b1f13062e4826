// The decimal floating types of GNU C (ISO/IEC TS 18661-2, C23 6.2.5):
// _Decimal32, _Decimal64, _Decimal128, their constants (suffixes df, dd,
// dl in either case) and machine modes (SD, DD, TD).  gcc has them on
// x86-64 only, so this test does too.
// REQUIRES: x86_64
// RUN: %roundtrip --run -I %inputs %s
// RUN: gcc -E -P -I %inputs %s -o %t.i
// RUN: %ompicc-tr --full-parse --dump-types %t.i | FileCheck --check-prefix=TYPES %s
#include "rt-assert.h"

typedef float dd_mode __attribute__((mode(DD)));
static _Decimal32 d32 = 2.5df;
static _Decimal64 d64 = 1.25DD;
static _Decimal128 d128 = 3.0dl;

// TYPES-DAG: '2.5df' _Decimal32
// TYPES-DAG: '1.25DD' _Decimal64
// TYPES-DAG: '3.0dl' _Decimal128
// TYPES-DAG: 'd32 + 1' _Decimal32
// TYPES-DAG: 'd32 * d64' _Decimal64
// TYPES-DAG: 'd64 + d128' _Decimal128
// TYPES-DAG: 'm' _Decimal64
int main(void)
{
  dd_mode m = d64;
  ASSERT(4, sizeof d32);
  ASSERT(8, sizeof d64);
  ASSERT(16, sizeof d128);
  ASSERT(8, sizeof m);
  ASSERT(4, sizeof(d32 + 1));
  ASSERT(1, d32 + 1 == 3.5df);
  ASSERT(1, d32 * d64 == 3.125dd);
  ASSERT(1, d64 + d128 == 4.25DL);
  ASSERT(1, m == d64);
  ASSERT(3, (int)d128);
  return done();
}
