/* rt-markers.c - input of roundtrip-markers.test: the line of each
 * statement matters (checked through the host compiler's warnings). */
#include "rt-markers.h"

int near(int x)
{
  int unused_a;
  if (x)
    x++;
  int unused_b;
  return x;
}




int far(int y)
{
  int unused_c;
  /* a long gap: more lines than are worth catching up with newlines */









  int unused_d;
  for (int i = 0; i < 3; i++) { y += i; } int unused_e;
  return y + from_header(y);
}
