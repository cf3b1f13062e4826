// Lazy file-scope declarations (parser/parse.c): a declaration that no
// parsed code names stays text; one that a target region or a parsed
// body names is parsed again when sema looks the name up: from inside a
// block whose locals hide other names it declares (OFFSET), with the
// typedef names of its own place in the file (the parameter 'len' of
// weight's prototype is no type there), and its types reach the kernel
// file (pt_t, struct point, SCALE).
// RUN: %ompicc -o %t %s && %t
#include <stdio.h>

struct   point { int   x, y; };
typedef struct point pt_t;
enum { SCALE = 3, OFFSET = 100 };
static int weight(int len);
typedef int len;
static const int table[] = { [2] = 7, [0] = 1 };
static int weight(len n) { return n * 2; }
struct unused { double never; };

int main(void)
{
  int OFFSET = 5; /* hides the enumerator */
  pt_t p[4];
  for (int i = 0; i < 4; i++)
    p[i].x = i, p[i].y = 0;
#pragma omp target map(tofrom: p[0:4])
  for (int i = 0; i < 4; i++)
    p[i].y = p[i].x * SCALE + OFFSET;
  int w = weight(table[2]);
  for (int i = 0; i < 4; i++)
    if (p[i].y != i * 3 + 5) {
      printf("p[%d].y = %d, expected %d\n", i, p[i].y, i * 3 + 5);
      return 1;
    }
  if (w != 14) {
    printf("weight = %d, expected 14\n", w);
    return 1;
  }
  printf("ok\n");
  return 0;
}
