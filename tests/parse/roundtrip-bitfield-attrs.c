// A bit-field's attributes follow its width (GNU C: struct-declarator
// "declarator[opt] : constant-expression attributes[opt]"); printed
// before the ':' they would be a syntax error.  They print where they
// were written, and the layout they give stays.
// RUN: %roundtrip --run -I %inputs %s
// RUN: gcc -E -P -I %inputs %s -o %t.i
// RUN: %ompicc-tr --full-parse --no-line-markers %t.i | FileCheck %s
#include "rt-assert.h"

// CHECK: struct packed_field {
// CHECK-NEXT: {{^  }}char c;
// CHECK-NEXT: {{^  }}unsigned long whole : 32 __attribute__((packed));
struct packed_field {
  char c;
  unsigned long whole:32 __attribute__((packed));
};

// CHECK: struct aligned_fields {
// CHECK-NEXT: {{^  }}int x : 4 __attribute__((aligned(8))), y : 4, : 0 __attribute__((unused));
// CHECK-NEXT: {{^  }}const int z : 2 __attribute__((aligned(16)));
struct aligned_fields {
  int x:4 __attribute__((aligned(8))), y:4, :0 __attribute__((unused));
  const int z:2 __attribute__((aligned(16)));
};

int main(void)
{
  struct packed_field p = {1, 0xdeadbeef};
  ASSERT(5, sizeof(struct packed_field));
  ASSERT(0xdeadbeef, p.whole);
  ASSERT(32, sizeof(struct aligned_fields));
  ASSERT(16, _Alignof(struct aligned_fields));
  return done();
}
