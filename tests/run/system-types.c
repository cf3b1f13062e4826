// RUN: %ompicc -o %t %s && %t
// Device code using types of system headers (struct timespec, div_t,
// uint64_t) inside a type of its own: the kernel file includes the
// headers instead of defining the types again.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

struct stamp {
  struct timespec when;
  div_t parts;
  uint64_t key;
};

int main(void)
{
  enum { N = 1000 };
  struct stamp *s = malloc(N * sizeof *s);
  for (int i = 0; i < N; i++)
    s[i].when.tv_sec = i, s[i].when.tv_nsec = 0, s[i].key = 0;
#pragma omp target teams distribute parallel for map(tofrom: s[0:N])
  for (int i = 0; i < N; i++) {
    s[i].parts.quot = (int)s[i].when.tv_sec / 7;
    s[i].parts.rem = (int)s[i].when.tv_sec % 7;
    s[i].when.tv_nsec = s[i].parts.rem * 1000L;
    s[i].key = (uint64_t)s[i].parts.quot << 32 | (uint32_t)s[i].parts.rem;
  }
  int bad = 0;
  for (int i = 0; i < N; i++)
    bad += s[i].parts.quot != i / 7 || s[i].when.tv_nsec != i % 7 * 1000L ||
           s[i].key != ((uint64_t)(i / 7) << 32 | (uint32_t)(i % 7));
  printf("%s\n", bad ? "wrong" : "ok");
  free(s);
  return bad != 0;
}
