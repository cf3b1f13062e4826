// The C library's string functions in device code (C11 7.24): CUDA has
// memcpy and memset only, and a call of strlen in a target region was
// an error; the device library has the others.  One function of
// declare target runs every case on the host (the C library) and in a
// target region, in one thread and in every thread of a team, and the
// results must agree: comparisons by their sign, bytes as unsigned char,
// strncpy's padding, memmove through overlap both ways, the terminating
// zero found by strchr, an empty needle found at once by strstr.
// RUN: %ompicc -o %t %s && %t
#include <omp.h>
#include <stdio.h>
#include <string.h>

#include "Inputs/check.h"

#define OUT 40

#pragma omp declare target
static int sign(int v) { return (v > 0) - (v < 0); }

static void cases(int *r)
{
  char buf[32], big[48];
  const char *s = "offload kernels", *hi = "\xe9t\xe9";
  int k = 0;
  memset(r, 0, OUT * sizeof *r);
  r[k++] = (int)strlen(s);
  r[k++] = (int)strlen("");
  r[k++] = (int)strnlen(s, 4);
  r[k++] = (int)strnlen("ab", 9);
  r[k++] = sign(strcmp("abc", "abd"));
  r[k++] = sign(strcmp("abc", "abc"));
  r[k++] = sign(strcmp("ab", "abc"));
  r[k++] = sign(strcmp(hi, "a")); /* 0xe9 above 'a' as unsigned char */
  r[k++] = sign(strncmp("abcx", "abcy", 3));
  r[k++] = sign(strncmp("abcx", "abcy", 4));
  r[k++] = sign(memcmp("ab\0c", "ab\0d", 4));
  r[k++] = sign(memcmp(hi, "z", 1));
  strcpy(buf, "0123456789");
  memmove(buf + 2, buf, 6); /* forwards over itself */
  r[k++] = buf[2] * 256 + buf[7];
  strcpy(buf, "0123456789");
  memmove(buf, buf + 3, 6); /* backwards */
  r[k++] = buf[0] * 256 + buf[5];
  r[k++] = memchr(s, 'k', 15) ? (int)((const char *)memchr(s, 'k', 15) - s) : -1;
  r[k++] = memchr(s, 'z', 15) != NULL;
  r[k++] = (int)(strchr(s, 'o') - s);
  r[k++] = (int)(strchr(s, '\0') - s);
  r[k++] = strchr(s, 'z') != NULL;
  r[k++] = (int)(strrchr(s, 'o') - s);
  r[k++] = strrchr(s, 'z') != NULL;
  r[k++] = (int)(strstr(s, "kern") - s);
  r[k++] = (int)(strstr(s, "") - s);
  r[k++] = strstr(s, "kernelz") != NULL;
  r[k++] = strstr("", "a") != NULL;
  memset(big, 'x', sizeof big);
  strncpy(big, "ab", 6); /* padded with zeros to 6 */
  r[k++] = big[1] + big[2] + big[5] + (big[6] == 'x');
  strncpy(big, "abcdef", 3); /* no terminator */
  r[k++] = big[2] * 256 + big[3];
  strcpy(big, "one");
  strcat(big, " two");
  r[k++] = (int)strlen(big);
  strncat(big, " three", 3);
  r[k++] = (int)strlen(big) * 256 + big[9];
  r[k++] = sign(strcmp(big, "one two th"));
  r[OUT - 1] = k; /* the number of cases */
}
#pragma omp end declare target

int main(void)
{
  int host[OUT] = {0}, one[OUT] = {0}, team[4][OUT] = {{0}};
  cases(host);
  CHECK(host[OUT - 1] == 30);
  #pragma omp target map(from: one)
  cases(one);
  #pragma omp target teams num_teams(1) thread_limit(64) map(from: team)
  #pragma omp parallel num_threads(64)
  {
    int me = omp_get_thread_num();
    if (me < 4)
      cases(team[me]);
  }
  for (int i = 0; i < OUT; i++) {
    check_eq("one thread", one[i], host[i]);
    for (int t = 0; t < 4; t++)
      check_eq("a thread of a team", team[t][i], host[i]);
  }
  return fails != 0;
}
