// GNU nested functions (a function definition as a block item), __auto_type
// and block-scope storage classes print back and behave the same.
// RUN: %roundtrip --run -I %inputs %s
#include "rt-assert.h"

static int nested_functions(void)
{
  int base = 10;
  int add_base(int x) { return x + base; }
  auto int twice(int);
  int twice(int x) { return add_base(add_base(x)) - base; }
  ASSERT(15, add_base(5));
  ASSERT(15, twice(5));
  __auto_type inferred = 3L;
  ASSERT(8, sizeof inferred);
  register int r = 4;
  ASSERT(4, r);
  return 0;
}

int main(void)
{
  nested_functions();
  return done();
}
