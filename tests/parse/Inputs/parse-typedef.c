/* parse-typedef.c - typedef names shadowed by ordinary identifiers in inner
 * scopes, parameters, for statements and struct members, and restored at
 * scope end.  Used by parse-programs.test. */
typedef int T;
typedef struct T T2;
struct T { T T; };
typedef T U, *UP;
void f(T T);
void f(int x) { (void)x; }
typedef void (*fp)(T x, int T);
enum { E = sizeof(T) };
T g(int T) { T = 1; return T; }
void h(void) {
  T T;
  T = 3;
  { typedef float T; T y = 1.5f; (void)y; }
  T++;
}
void k(void) {
  T *p = (T *)0;
  U u = (U)1;
  int x = sizeof(T) + sizeof(U);
  { int T = 2; x += T * 2; }
  T z = (T)x;
  (void)p; (void)u; (void)z;
  for (T i = 0; i < 2; i++) ;
  for (int T = 0; T < 2; T++) ;
  T after;
  (void)after;
}
int kr(a, b) int a; double b; { return a + (int)b; }
T last;
int main(void) { h(); k(); return g(0) - 1 + last; }
