/* rt-assert.h - the check of the round-trip programs: ASSERT(expected,
 * expr) compares two integers and names the expression when they differ;
 * main returns done(), non-zero when a check failed. */
#include <stdio.h>
#include <stdlib.h>

static int rt_failures;

static void rt_check(long long expected, long long actual, const char *code, int line)
{
  if (expected == actual)
    return;
  printf("line %d: %s => %lld expected but got %lld\n", line, code, expected, actual);
  rt_failures++;
}

#define ASSERT(x, y) rt_check((long long)(x), (long long)(y), #y, __LINE__)

static int done(void)
{
  printf(rt_failures ? "FAIL\n" : "OK\n");
  return rt_failures != 0;
}
