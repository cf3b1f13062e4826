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

/* n values a device computed (got) against the host's (want), for the
 * same inputs: each that differs is printed with its row and index, and
 * counts in 'fails'. */
static inline void check_same_values(const char *row, int r, const int *got, const int *want, int n)
{
  for (int i = 0; i < n; i++)
    if (got[i] != want[i]) {
      printf("%s %d, value %d: device %d, host %d\n", row, r, i, got[i], want[i]);
      fails++;
    }
}

#endif
