/* lazy-syntax.c - a syntax error inside a function with no OpenMP: the
 * host compiler finds it, at this line and column. */
int ok(void) { return 1; }

int broken(int v)
{
  int w = v +;
  return w;
}
