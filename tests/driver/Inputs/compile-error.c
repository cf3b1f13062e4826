/* compile-error.c - parses, but cc rejects it (a type error the translator
 * does not check): the status of cc comes back. */
struct s { int a; };
int main(void)
{
  struct s v = {1};
  return v * 2;
}
