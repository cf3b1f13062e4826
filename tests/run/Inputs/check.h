/* check.h - the checks of the self-checking run tests: a failed CHECK
 * prints its line and text, a failed check_eq what it checked with the
 * value got and the one wanted; both count in 'fails'; a test returns
 * fails != 0. */
#ifndef CHECK_H
#define CHECK_H

#include <stdio.h>

static int fails;

#define CHECK(c)                                                                 \
  do {                                                                           \
    if (!(c)) {                                                                  \
      printf("line %d: %s\n", __LINE__, #c);                                     \
      fails++;                                                                   \
    }                                                                            \
  } while (0)

static inline void check_eq(const char *what, long got, long want)
{
  if (got != want) {
    printf("%s: %ld, want %ld\n", what, got, want);
    fails++;
  }
}

#endif
