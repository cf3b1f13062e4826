/* check.h - the CHECK of the self-checking run tests: a failed condition
 * prints its line and text and counts in 'fails'; a test returns
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

#endif
