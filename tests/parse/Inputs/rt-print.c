/* rt-print.c - input of roundtrip-print.test: spellings, parentheses,
 * attributes and asm labels must come back exactly as written. */
__attribute__((noinline)) static int f(int a) __attribute__((cold));
extern int g(int) __asm__("g_impl") __attribute__((pure));
static int f(int a)
{
  unsigned long x = 0x1FUL + 017 + 0B11 + 10lu;
  double d = 1e+10 + 0x1.8p1 + .5f + 1.L;
  int c = '\x41' + L'\n' + u'\0';
  const char *s = "a" "b\tc" u8"d";
  int p = ((a)) + (a * (2 + 3)) - ((a));
  struct __attribute__((packed)) { char c; } __attribute__((aligned(4))) st;
  int *__restrict__ q = &p;
  __typeof__(a) t = sizeof (a) + sizeof(int) + _Alignof(long);
  return x + d + c + s[0] + p + st.c + *q + t;
}
