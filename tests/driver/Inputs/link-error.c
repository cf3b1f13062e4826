void no_such_function(void);
int main(void)
{
  no_such_function();
  return 0;
}
