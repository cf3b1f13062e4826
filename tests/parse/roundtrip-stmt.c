// Every kind of statement: selection, loops, jumps, labels and case
// ranges, local labels, computed goto, asm, pragmas, attributes on
// statements.  Printed back, the program behaves the same.
// RUN: %roundtrip --run -I %inputs %s
#include "rt-assert.h"

static int classify(int c)
{
  switch (c) {
  case 0:
    return 100;
  case 1 ... 5:
    return 200;
  case 6:
  case 7:
    c += 1;
    __attribute__((fallthrough));
  case 8:
    return c * 10;
  default:
    break;
  }
  return -1;
}

static int dangling(int a, int b)
{
  if (a)
    if (b)
      return 1;
    else
      return 2;
  return 3;
}

static int chain(int x)
{
  if (x < 0) {
    return -1;
  } else if (x == 0)
    return 0;
  else if (x < 10) {
    return 1;
  } else
    return 2;
}

static int loops(void)
{
  int s = 0, i = 0;
  while (i < 5)
    s += i++;
  do
    s++;
  while (0);
  do {
    s += 2;
  } while (s < 20);
  for (;;)
    break;
  for (i = 0; i < 3; i++)
    continue;
  for (int j = 0, k = 10; j < k; j++, k--)
    s += 1;
  for (i = 0; i < 10; i++) {
    if (i == 2)
      continue;
    if (i == 6)
      break;
    s += 100;
  }
  while (1) {
    ;
    break;
  }
  return s + i;
}

static int jumps(int n)
{
  int r = 0;
again:
  r += n;
  if (--n > 0)
    goto again;
  {
    __label__ local;
    int k = 0;
    goto local;
    k = 99;
  local:
    r += k;
  }
  void *where = n ? &&yes : &&no;
  goto *where;
yes:
  return -r;
no:
  return r;
unused: __attribute__((unused));
  return 0;
}

static int assembly(int x)
{
  int y;
  __asm__ volatile("" ::: "memory");
  asm("mov %1, %0" : "=r"(y) : "r"(x));
  __asm__ __volatile__("" : "+r"(y));
  return y;
}

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-variable"
static int pragmas(void)
{
  int unused_here;
#pragma GCC diagnostic pop
  return 1;
}

static int blocks(void)
{
  int x = 1;
  {
    int x = 2;
    {
      x += 1;
    }
    ASSERT(3, x);
  }
  ;
  return x;
}

int main(void)
{
  ASSERT(100, classify(0));
  ASSERT(200, classify(3));
  ASSERT(70, classify(6));
  ASSERT(80, classify(7));
  ASSERT(80, classify(8));
  ASSERT(-1, classify(42));
  ASSERT(1, dangling(1, 1));
  ASSERT(2, dangling(1, 0));
  ASSERT(3, dangling(0, 1));
  ASSERT(-1, chain(-5));
  ASSERT(0, chain(0));
  ASSERT(1, chain(5));
  ASSERT(2, chain(50));
  ASSERT(532, loops());
  ASSERT(6, jumps(3));
  ASSERT(9, assembly(9));
  ASSERT(1, pragmas());
  ASSERT(1, blocks());
  return done();
}
